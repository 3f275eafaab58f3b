/**
 * The media library's addresses and renditions, as the site's pages and the server both name
 * them (no zod here: the site's bundle imports this).
 */

/** Where the site serves media: `/media/{hash}-{width}.{format}` and a video's `/media/{hash}.{ext}`. */
export const mediaPathPrefix = '/media/';

/** Rendition widths, in pixels: none is ever wider than its original. */
export const renditionWidths = [320, 640, 960, 1280, 1920] as const;
/** Rendition formats, best first (the `<picture>` offers them in this order, JPEG as its `<img>`). */
export const renditionFormats = ['avif', 'webp', 'jpg'] as const;
export type RenditionFormat = (typeof renditionFormats)[number];

export const imageTypes = ['image/jpeg', 'image/png', 'image/webp', 'image/avif'] as const;
export const videoTypes = ['video/mp4', 'video/webm'] as const;
export const mediaTypes = [...imageTypes, ...videoTypes] as const;
export type MediaType = (typeof mediaTypes)[number];
export const mediaKinds = ['image', 'video'] as const;
export type MediaKind = (typeof mediaKinds)[number];

/** The widths an image of this width is made in: the standard ones up to it, or its own when it is narrower than all. */
export function widthsFor(width: number): number[] {
  const widths = renditionWidths.filter((w) => w <= width);
  return widths.length ? widths : [width];
}

export const renditionPath = (hash: string, width: number, format: RenditionFormat) => `${mediaPathPrefix}${hash}-${width}.${format}`;
/** A video (or an image's original) as uploaded, once stripped: `/media/{hash}.{ext}`. */
export const originalPath = (hash: string, type: MediaType) => `${mediaPathPrefix}${hash}.${extensionOf[type]}`;

export const extensionOf: Record<MediaType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/avif': 'avif',
  'video/mp4': 'mp4',
  'video/webm': 'webm',
};

/** What a page needs of a file to show it: its hash names its addresses. */
export interface SiteMedia {
  hash: string;
  kind: MediaKind;
  type: MediaType;
  width: number | null;
  height: number | null;
  alt: string;
}
