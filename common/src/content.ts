/**
 * The public site's content collections: services, plans, add-ons, project prices,
 * FAQs, testimonials and insights. Each collection's fields have a schema here; an item as the
 * API answers it is `{ _id, status, position, updatedAt, ...fields }`.
 */
import { z } from 'zod';
import { messageAnswer } from './answers';
import { articleSlugMax, articleSlugRule, reservedArticleSlugs, slugPattern } from './articles';
import { idSchema } from './fields';
import { mediaRef } from './media';
import { iconNamePattern } from './icons';
import { serviceSchema } from './services';
import { contentCollections, contentStatuses, faqPages, legalPageKeys, type ContentCollection } from './vocabulary';

const text = (limit: number) => z.string().trim().min(1, 'Required.').max(limit);
const optionalText = (limit: number) => z.string().trim().max(limit).optional();
/** A site icon's name (icons.ts); an unknown one shows a default icon. */
const icon = z.string().trim().regex(iconNamePattern, 'Use an icon name such as "globe".');

export const serviceFields = serviceSchema.meta({ id: 'ServiceFields' });

export const planFields = z
  .object({
    name: text(40),
    price: text(30),
    /** Shown after the price, e.g. "/month". */
    period: optionalText(30),
    /** A small line under the price, e.g. "Save $200/year". */
    note: optionalText(60),
    /** A ribbon above the plan, e.g. "Most Popular". */
    badge: optionalText(30),
    description: text(200),
    /** The plan's rows (what it includes). */
    features: z.array(text(120)).max(12),
    cta: text(40),
    highlighted: z.boolean().optional(),
    /**
     * The plan's rows of the Detailed Plan Comparison, "Feature: value" or the feature alone for
     * "Included"; a feature another plan has and this one lacks shows "Not included".
     */
    comparison: z.array(text(120)).max(12).optional(),
  })
  .meta({ id: 'PlanFields' });

export const addonFields = z.object({ icon, name: text(60), price: text(30), description: text(200) }).meta({ id: 'AddonFields' });

export const projectPriceFields = z
  .object({
    /** The group's tab key, e.g. "web" (letters, digits and dashes). */
    key: z
      .string()
      .trim()
      .regex(/^[a-z0-9][a-z0-9-]{0,29}$/, 'Use lower-case letters, digits and dashes.'),
    icon,
    name: text(60),
    items: z
      .array(z.object({ title: text(100), price: text(40), time: text(40) }))
      .min(1)
      .max(12),
  })
  .meta({ id: 'ProjectPriceFields' });

export const faqFields = z.object({ page: z.enum(faqPages), question: text(200), answer: text(2000) }).meta({ id: 'FaqFields' });

export const testimonialFields = z
  .object({
    rating: z.number().int().min(1).max(5),
    quote: text(600),
    name: text(100),
    title: text(100),
    company: text(100),
    avatarInitial: z.string().trim().min(1, 'Required.').max(2),
    /** The person's photograph from the media library (the initial shows without one). */
    photo: mediaRef.optional(),
  })
  .meta({ id: 'TestimonialFields' });

export const insightFields = z
  .object({
    /** The article's address, /insights/{slug}: unique in the collection; made from the title when empty, kept when the title changes. */
    slug: z
      .string()
      .trim()
      .max(articleSlugMax)
      .regex(slugPattern, articleSlugRule)
      .refine((s) => !reservedArticleSlugs.includes(s), 'This word is kept for the list pages: choose another slug.')
      .default(''),
    category: text(40),
    title: text(150),
    description: text(400),
    /** ISO date, YYYY-MM-DD. */
    date: z.iso.date(),
    /** The author's name as the article shows it. */
    author: text(100),
    /** The article's text, Markdown (rendered on the server: no raw HTML, safe links only). */
    body: text(50_000),
    /** A cover image: an https address or a path on this site. */
    cover: z
      .string()
      .trim()
      .max(500)
      .regex(/^(\/(?!\/)\S*|https:\/\/\S+)?$/, 'Use a path on this site or an https:// address.')
      .optional(),
    /** The cover's text for those who cannot see it: required with a cover. */
    coverAlt: optionalText(200),
    /** A cover from the media library (its alt text is the library's), shown in place of `cover`. */
    coverImage: mediaRef.optional(),
  })
  .meta({ id: 'InsightFields' });

/** An article with a cover must describe it (checked on the body: a refined object cannot be extended). */
const coverDescribed = (a: { cover?: string; coverAlt?: string }) => !a.cover || !!a.coverAlt;
export const legalPageFields = z
  .object({
    /** Which page: /privacy, /terms or /cookies. */
    key: z.enum(legalPageKeys),
    title: text(100),
    /** Last updated, shown on the page; ISO date, YYYY-MM-DD. */
    updated: z.iso.date(),
    /** Markdown, rendered on the server (no raw HTML; links to http(s), mailto and site paths only). */
    body: text(50_000),
    /** "Needs the company's review": the console shows it until someone clears it; the site never does. */
    needsReview: z.boolean().optional(),
  })
  .meta({ id: 'LegalPageFields' });

/** The fields of each collection's items. */
export const contentFields = {
  services: serviceFields,
  plans: planFields,
  addons: addonFields,
  projectPrices: projectPriceFields,
  faqs: faqFields,
  testimonials: testimonialFields,
  insights: insightFields,
  legalPages: legalPageFields,
} as const satisfies Record<ContentCollection, z.ZodObject>;

export type ContentFields = { [C in ContentCollection]: z.output<(typeof contentFields)[C]> };
/** What the public site shows: every collection's published items, in order, fields only. */
export type SiteContent = { [C in ContentCollection]: ContentFields[C][] };
export type ServiceFields = ContentFields['services'];
export type PlanFields = ContentFields['plans'];
export type AddonFields = ContentFields['addons'];
export type ProjectPriceFields = ContentFields['projectPrices'];
export type FaqFields = ContentFields['faqs'];
export type TestimonialFields = ContentFields['testimonials'];
export type InsightFields = ContentFields['insights'];
/** An article without its body: a card of a list, a related article. */
export type ArticleSummary = Omit<InsightFields, 'body'>;
export type LegalPageFields = ContentFields['legalPages'];

const itemState = {
  /** Draft items are seen in the console and its preview only; published ones on the site. */
  status: z.enum(contentStatuses).optional(),
  /** Order within the collection (services: within their category); lowest first. */
  position: z.number().int().min(0).max(1_000_000).optional(),
};

const withState = <Shape extends z.ZodRawShape>(fields: z.ZodObject<Shape>) => fields.extend(itemState);

/** The body of POST (a new item: a draft unless status says published) and PUT, per collection. */
export const contentBodies = {
  services: withState(serviceFields),
  plans: withState(planFields),
  addons: withState(addonFields),
  projectPrices: withState(projectPriceFields),
  faqs: withState(faqFields),
  testimonials: withState(testimonialFields),
  insights: withState(insightFields).refine(coverDescribed, {
    message: 'Describe the cover image for those who cannot see it.',
    path: ['coverAlt'],
  }),
  legalPages: withState(legalPageFields),
} satisfies Record<ContentCollection, z.ZodObject>;
export type ContentBody<C extends ContentCollection = ContentCollection> = z.input<(typeof contentBodies)[C]>;

/** Why a new order is refused: it must name each item of the collection, whatever its status, once. */
export const contentOrderRefusal = 'List every item of the collection exactly once.';

/**
 * The body of PUT /api/content/{collection}/order: the collection's items in their new order.
 * Positions count from 0 in that order (services: within their category, as everywhere).
 */
export const contentOrderBody = z
  .object({ ids: z.array(idSchema).max(10_000) })
  .meta({ id: 'ContentOrderBody', description: 'Every item of the collection, any status, each once, in the new order.' });
export type ContentOrderBody = z.input<typeof contentOrderBody>;

/** The body as documented: any one collection's fields (the path names the collection). */
export const contentItemBody = z
  .union(contentCollections.map((c) => contentBodies[c]))
  .meta({ id: 'ContentItemBody', description: 'The fields of the collection named in the path, with status and position.' });

const itemMeta = {
  _id: idSchema,
  status: z.enum(contentStatuses),
  position: z.number().int(),
  updatedAt: z.iso.datetime(),
};

/** An item with its state, and its pending changes: fields saved but not yet live (null when none). */
const withMeta = <Shape extends z.ZodRawShape>(fields: z.ZodObject<Shape>) => fields.extend({ ...itemMeta, draft: fields.nullable() });

/** One item as the API answers it, per collection. */
export const contentItems = {
  services: withMeta(serviceFields),
  plans: withMeta(planFields),
  addons: withMeta(addonFields),
  projectPrices: withMeta(projectPriceFields),
  faqs: withMeta(faqFields),
  testimonials: withMeta(testimonialFields),
  insights: withMeta(insightFields),
  legalPages: withMeta(legalPageFields),
} satisfies Record<ContentCollection, z.ZodObject>;
export type ContentItem<C extends ContentCollection = ContentCollection> = z.output<(typeof contentItems)[C]>;

export const contentItem = z.union(contentCollections.map((c) => contentItems[c])).meta({
  id: 'ContentItem',
  description: 'An item of the collection named in the path: _id, status, position, updatedAt and its fields.',
});

export const contentList = z.array(contentItem).meta({ id: 'ContentList' });
export const contentChangeAnswer = messageAnswer.extend({ item: contentItem }).meta({ id: 'ContentChangeAnswer' });
export type ContentChangeAnswer<C extends ContentCollection = ContentCollection> = { message: string; item: ContentItem<C> };

export const contentRevision = z
  .object({
    _id: idSchema,
    createdAt: z.iso.datetime(),
    /** Who saved it; _id is null once that admin is deleted (the name stays), or for the initial content. */
    author: z.object({ _id: idSchema.nullable(), name: z.string() }),
    /** The item as it was saved then. */
    item: contentItem,
  })
  .meta({ id: 'ContentRevision' });
export type ContentRevision<C extends ContentCollection = ContentCollection> = Omit<z.output<typeof contentRevision>, 'item'> & {
  item: ContentItem<C>;
};
export const contentRevisionList = z.array(contentRevision).meta({ id: 'ContentRevisionList' });

export const siteStatus = z
  .object({
    state: z.enum(['idle', 'rendering']),
    /** When this process last swapped in freshly rendered pages; null before the first publish. */
    lastPublishedAt: z.iso.datetime().nullable(),
    /** How long that render took, from the change's notification to the swap. */
    lastDurationMs: z.number().nullable(),
    /** Pages that render rendered: those showing a changed collection whose data changed (0: nothing visible changed). */
    pagesRendered: z.number().int(),
  })
  .meta({ id: 'SiteStatus' });
export type SiteStatus = z.infer<typeof siteStatus>;

/**
 * The body of POST /api/content/{collection}/{id}/share-links: how long the link opens the page,
 * and the revision it shows (else the item's pending changes, or the item as it is).
 */
export const shareLinkBody = z
  .object({
    expiresInHours: z.number().int().min(1, 'At least 1 hour.').max(720, 'At most 720 hours (30 days).'),
    revisionId: idSchema.optional(),
  })
  .meta({ id: 'ShareLinkBody' });
export type ShareLinkBody = z.input<typeof shareLinkBody>;

/** A new share link: its address is given this once (the server keeps only its token's hash). */
export const shareLinkCreated = z.object({ _id: idSchema, url: z.url(), expiresAt: z.iso.datetime() }).meta({ id: 'ShareLinkCreated' });
export type ShareLinkCreated = z.infer<typeof shareLinkCreated>;

export const shareLink = z
  .object({
    _id: idSchema,
    createdAt: z.iso.datetime(),
    expiresAt: z.iso.datetime(),
    /** The revision it shows; null: the item's pending changes, or the item as it is. */
    revisionId: idSchema.nullable(),
    /** Who made it; _id is null once that admin is deleted. */
    author: z.object({ _id: idSchema.nullable(), name: z.string() }),
  })
  .meta({ id: 'ShareLink' });
export type ShareLink = z.infer<typeof shareLink>;
export const shareLinkList = z.array(shareLink).meta({ id: 'ShareLinkList' });

/** The public page a share link opens (text/html), with its "Preview — not published" banner. */
export const sharedPreviewPage = z.string().meta({
  id: 'SharedPreviewPage',
  description: 'The public page as it would look once published; 404 for an unknown or revoked link, 410 for an expired one.',
  contentMediaType: 'text/html',
});

/** The preview: the public page, as HTML (text/html), with the draft applied. */
export const previewPage = z.string().meta({
  id: 'PreviewPage',
  description: 'The public page with this item as saved, with its pending changes if any (GET), or with the fields posted (POST).',
  contentMediaType: 'text/html',
});
