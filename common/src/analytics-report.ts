/**
 * The analytics API's schemas (issue 24): the beacon POST /api/collect reads, and the report
 * GET /api/analytics answers. The shared plain values are in analytics.ts.
 */
import { z } from 'zod';
import { deviceClasses, maxBeaconBytes, vitalNames } from './analytics';
import { maxReportDays } from './follow-up';

const short = (limit: number) => z.string().trim().max(limit);

/**
 * Text cut to `limit` UTF-16 units (as `max` counts them), never between the two halves of a
 * surrogate pair: a beacon's text field longer than its limit is cut, not refused, so that a
 * visitor's page view is never lost for a long referrer (search and social links are long).
 */
export function cutText(text: string, limit: number): string {
  if (text.length <= limit) return text;
  return text.slice(0, /[\uD800-\uDBFF]/.test(text[limit - 1]) ? limit - 1 : limit);
}
const cut = (limit: number) =>
  z
    .string()
    .trim()
    .overwrite((text) => cutText(text, limit));

/**
 * The beacon's body, as text/plain JSON of at most maxBeaconBytes. The one body that takes fields
 * it does not know (and ignores them): a page of another version of the site still counts.
 */
export const beaconBody = z
  .looseObject({
    type: z.enum(['pageview', 'vitals']).default('pageview'),
    path: cut(500).regex(/^\/(?!\/)\S*$/),
    referrer: cut(500).optional(),
    utm_source: cut(100).optional(),
    utm_medium: cut(100).optional(),
    utm_campaign: cut(100).optional(),
    width: z.number().int().min(0).max(20_000).optional(),
    vitals: z.partialRecord(z.enum(vitalNames), z.number().min(0).max(600_000)).optional(),
  })
  .meta({
    id: 'Beacon',
    description: `At most ${maxBeaconBytes} bytes. Text longer than its field's limit (path and referrer 500 characters, the utm fields 100) is cut to it; fields it does not know are ignored.`,
  });
export type BeaconBody = z.infer<typeof beaconBody>;
/** The beacon's answer, 204: no body (so no named schema: JSON Schema has none for it). */
export const noContent = z.undefined();

/** The conversion fields a form carries (analytics.ts Attribution), each optional. */
export const attributionBody = z.object({
  landingPage: short(500)
    .regex(/^\/(?!\/)\S*$/)
    .optional(),
  source: short(100).optional(),
  campaign: short(100).optional(),
});

export const analyticsPeriods = ['day', 'week', 'month'] as const;
export type AnalyticsPeriod = (typeof analyticsPeriods)[number];

export const analyticsQuery = z
  .object({
    /** First and last day included, in the General timezone. */
    from: z.iso.date({ error: 'Use YYYY-MM-DD.' }),
    to: z.iso.date({ error: 'Use YYYY-MM-DD.' }),
    by: z.enum(analyticsPeriods).default('day'),
  })
  .refine((q) => q.from <= q.to, { path: ['to'], error: 'Choose a day on or after the first.' })
  .refine((q) => (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 < maxReportDays, {
    path: ['from'],
    error: 'Choose at most five years.',
  });
export type AnalyticsQuery = z.input<typeof analyticsQuery>;

const count = z.number().int();
/** A share from 0 to 1; null when there is nothing to divide by. */
const share = z.number().nullable();

/** The headline figures of a period (the asked one, or the one of the same length just before). */
export const analyticsTotals = z.object({
  /** Unique visitors: the sum of each day's (a visitor's key changes every day, by design). */
  visitors: count,
  pageViews: count,
  /** Visits: a visitor's page views with no gap over 30 minutes. */
  visits: count,
  viewsPerVisit: z.number().nullable(),
  /** The median visit length in seconds (a one-page visit counts 0); null without visits. */
  medianVisitSeconds: z.number().nullable(),
  /** The share of visits with one page view. */
  bounceRate: share,
  /** Enquiries (every kind) and newsletter sign-ups in the period. */
  conversions: count,
});
export type AnalyticsTotals = z.infer<typeof analyticsTotals>;

const conversionRow = z.object({
  visitors: count,
  enquiries: count,
  /** Of the enquiries, those that ask for a quote. */
  quoteRequests: count,
  signups: count,
  /** (enquiries + sign-ups) ÷ visitors. */
  rate: share,
});

const vital = z.object({ p75: z.number().nullable(), good: share });

export const analyticsReport = z
  .object({
    from: z.iso.date(),
    to: z.iso.date(),
    by: z.enum(analyticsPeriods),
    totals: analyticsTotals,
    previous: analyticsTotals.extend({ from: z.iso.date(), to: z.iso.date() }),
    /** One row per period (its first day; a week starts on Monday), every period present. */
    series: z.array(z.object({ start: z.iso.date(), visitors: count, pageViews: count, conversions: count })),
    topPages: z.array(z.object({ path: z.string(), pageViews: count, visitors: count })),
    entryPages: z.array(z.object({ path: z.string(), visits: count, bounceRate: share })),
    sources: z.array(z.object({ source: z.string(), visits: count, visitors: count })),
    campaigns: z.array(z.object({ campaign: z.string(), visits: count, visitors: count })),
    devices: z.array(z.object({ device: z.enum(deviceClasses), visits: count, visitors: count })),
    conversionsByPage: z.array(conversionRow.extend({ landingPage: z.string() })),
    conversionsBySource: z.array(conversionRow.extend({ source: z.string() })),
    /** Per page, the 75th percentile of each metric and the share rated good (analytics.ts vitalGood). */
    vitals: z.array(z.object({ path: z.string(), samples: count, LCP: vital, INP: vital, CLS: vital, TTFB: vital })),
  })
  .meta({ id: 'AnalyticsReport' });
export type AnalyticsReport = z.infer<typeof analyticsReport>;
