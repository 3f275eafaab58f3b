/**
 * The media library: photographs and videos uploaded from the console, kept in the database,
 * each image served in renditions (AVIF, WebP, JPEG at a few widths) at addresses named by a hash
 * of its content, so that a browser or a proxy may keep them for a year.
 */
import { z } from 'zod';
import { idSchema } from './fields';
import { mediaKinds, mediaTypes, type MediaKind } from './renditions';

export * from './renditions';

const megabytes = 1024 * 1024;
/** The largest file of each kind an upload takes. */
export const mediaLimits: Record<MediaKind, number> = { image: 20 * megabytes, video: 50 * megabytes };

export const mediaMessages = {
  noFile: 'Choose a photograph or a video to upload.',
  unsupported: 'Upload a JPEG, PNG, WebP or AVIF photograph, or an MP4 or WebM video.',
  svg: 'SVG drawings cannot be uploaded: they can carry scripts. Export the drawing as PNG.',
  imageTooLarge: 'The photograph is larger than 20 MB.',
  videoTooLarge: 'The video is larger than 50 MB.',
  unreadable: 'The file could not be read as a picture: it may be damaged.',
  uploaded: 'Uploaded',
  altSaved: 'Description saved',
  deleted: 'Deleted',
  inUse: 'This file is in use; remove it from where it is used first.',
  altRequired: 'Describe the picture for visitors who cannot see it.',
  missing: 'This file is no longer in the media library: choose another.',
  notImage: 'Choose a photograph here, not a video.',
  notVideo: 'Choose a video here, not a photograph.',
} as const;

/** A place a file is used: a content item's field, or a setting. */
export const mediaUse = z.object({ type: z.string(), id: z.string(), label: z.string(), field: z.string() }).meta({ id: 'MediaUse' });
export type MediaUse = z.infer<typeof mediaUse>;

export const mediaItem = z
  .object({
    _id: idSchema,
    kind: z.enum(mediaKinds),
    type: z.enum(mediaTypes),
    /** The name of the file as uploaded (shown, never used to serve it). */
    filename: z.string(),
    size: z.number().int(),
    width: z.number().int().nullable(),
    height: z.number().int().nullable(),
    alt: z.string(),
    /** The file's own address (a video's, or an image's original). */
    url: z.string(),
    /** A small rendition for the console's grid (null until made, and for videos). */
    thumbnailUrl: z.string().nullable(),
    /** Renditions made of how many (an image's; a video has none). */
    renditions: z.object({ done: z.number().int(), total: z.number().int() }),
    createdAt: z.string(),
    usedIn: z.array(mediaUse),
  })
  .meta({ id: 'MediaItem' });
export type MediaItem = z.infer<typeof mediaItem>;

export const mediaListQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(40),
  kind: z.enum(mediaKinds).optional(),
});
export type MediaListQuery = z.input<typeof mediaListQuery>;
export type MediaListFilters = z.output<typeof mediaListQuery>;

export const mediaList = z
  .object({ items: z.array(mediaItem), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() })
  .meta({ id: 'MediaList' });

export const mediaAltBody = z.object({ alt: z.string().trim().max(300) }).meta({ id: 'MediaAltBody' });

export const mediaChangeAnswer = z.object({ message: z.string(), item: mediaItem }).meta({ id: 'MediaChangeAnswer' });

/** What a refused delete answers: the message, and where the file is used. */
export const mediaInUseAnswer = z.object({ message: z.string(), usedIn: z.array(mediaUse) }).meta({ id: 'MediaInUse' });

export const mediaUpload = z.object({ file: z.string().meta({ format: 'binary' }), alt: z.string().optional() }).meta({
  id: 'MediaUpload',
  description:
    'multipart/form-data: one `file` (its type is read from its content), and optionally its `alt` text before it; no other part.',
  contentMediaType: 'multipart/form-data',
});

/** A content field or setting naming a file of the library: its id. */
export const mediaRef = idSchema.meta({ id: 'MediaRef', description: 'The id of a file of the media library.' });

/** The content fields that name a file of the library, by collection (the collections' schemas in content.ts declare them). */
export const contentMediaFields: Partial<Record<string, readonly string[]>> = {
  services: ['image'],
  insights: ['coverImage'],
  testimonials: ['photo'],
};
/** The hero settings' fields that name a file of the library (hero.ts). */
export const heroMediaFields = ['poster', 'video'] as const;
