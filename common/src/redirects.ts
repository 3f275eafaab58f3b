/**
 * Redirects of the public site, and its missing pages (the 404s visitors meet): the calls'
 * schemas and the messages both sides show. A redirect goes from a site path to another path or
 * an https address; automatic ones (a service or article that moved, a service deleted: 410 Gone)
 * say why in `reason`.
 */
import { z } from 'zod';
import { messageAnswer } from './answers';
import { idSchema } from './fields';

export const redirectLimits = { from: 500, to: 1000 } as const;

/** The statuses a redirect made by hand takes: 301 moved for good, 302 for now. */
export const redirectStatuses = [301, 302] as const;
/** An address that answers 410 Gone (a deleted service's): listed with the redirects, replaceable by one. */
export const goneStatus = 410;

/** A site path: one leading slash, no spaces, no query or fragment (those are not part of a page's address). */
export const sitePathPattern = /^\/(?!\/)[^\s?#]*$/;
/** A redirect's target: a site path (query and fragment allowed) or an https address. */
export const redirectTargetPattern = /^(\/(?!\/)\S*|https:\/\/[^\s/]+\S*)$/;

export const redirectMessages = {
  saved: 'Redirect saved.',
  deleted: 'Redirect deleted.',
  fromRule: 'Start with "/", e.g. /old-page, without spaces, "?" or "#".',
  toRule: 'A path on this site starting with "/" (e.g. /services), or an address starting with https://',
  notSitePath: 'Only addresses of the public site can be redirected, not the console, the staff portal or the API.',
  existingPage: (from: string) =>
    `${from} is a page of the site: a redirect from it would hide the page. Choose an address that shows "Page not found".`,
  loop: (from: string, to: string) => `This would make a loop: ${to} already leads back to ${from}.`,
  toItself: 'A redirect cannot lead to the address it comes from.',
  duplicate: (from: string) => `There is already a redirect from ${from}: edit that one instead.`,
} as const;

export const redirectBody = z
  .object({
    from: z.string().trim().min(1, 'Required.').max(redirectLimits.from).regex(sitePathPattern, redirectMessages.fromRule),
    to: z.string().trim().min(1, 'Required.').max(redirectLimits.to).regex(redirectTargetPattern, redirectMessages.toRule),
    status: z.union([z.literal(301), z.literal(302)]).default(301),
  })
  .meta({ id: 'RedirectBody' });
export type RedirectBody = z.input<typeof redirectBody>;

export const redirect = z
  .object({
    _id: idSchema,
    from: z.string(),
    /** Where it leads; for a 410, the page its "gone" notice links to. */
    to: z.string(),
    status: z.union([z.literal(301), z.literal(302), z.literal(goneStatus)]),
    /** Why the site made it (a service moved or deleted); null for one made by hand. */
    reason: z.string().nullable(),
    updatedAt: z.iso.datetime(),
  })
  .meta({ id: 'Redirect' });
export type Redirect = z.infer<typeof redirect>;
export const redirectList = z.array(redirect).meta({ id: 'RedirectList' });
export const redirectAnswer = messageAnswer.extend({ redirect }).meta({ id: 'RedirectAnswer' });

const day = z.iso.date();
/** The period of the missing pages' list, by day (inclusive); without dates, the last 30 days. */
export const notFoundQuery = z
  .object({ from: day.optional(), to: day.optional() })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'The start is after the end.', path: ['to'] })
  .meta({ id: 'NotFoundQuery' });
export type NotFoundQuery = z.infer<typeof notFoundQuery>;
/** Days the missing pages' list covers when the query gives no start. */
export const notFoundDefaultDays = 30;
/** Rows the missing pages' list answers at most. */
export const notFoundListMax = 100;

export const notFoundPath = z
  .object({
    path: z.string(),
    hits: z.number().int(),
    lastSeenAt: z.iso.datetime(),
    /** Where visitors came from (a page's address without its query; '' when the browser said nothing), most first. */
    referrers: z.array(z.object({ referrer: z.string(), hits: z.number().int() })),
  })
  .meta({ id: 'NotFoundPath' });
export type NotFoundPath = z.infer<typeof notFoundPath>;
export const notFoundList = z.object({ from: day, to: day, paths: z.array(notFoundPath) }).meta({ id: 'NotFoundList' });
export type NotFoundList = z.infer<typeof notFoundList>;
