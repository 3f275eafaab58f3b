/**
 * First-party, cookie-less visitor analytics (issue 24) as the site's script and the server share
 * it: the beacon's address and fields, the attribution a form carries, and the Core Web Vitals
 * thresholds. Plain values, no zod, so that the site's script loads no schema; the API's schemas
 * (schemas/analytics.ts) are built from these.
 */

/** Where every public page sends one beacon per page view (text/plain JSON, `navigator.sendBeacon`). */
export const collectPath = '/api/collect';
/** The largest beacon body the server reads; a bigger one answers 413. */
export const maxBeaconBytes = 2048;

/** The metrics a page reports when it is hidden (web-vitals names). */
export const vitalNames = ['LCP', 'INP', 'CLS', 'TTFB'] as const;
export type VitalName = (typeof vitalNames)[number];

/**
 * Core Web Vitals thresholds: a value at or under `good` is rated good (LCP, INP and TTFB in
 * milliseconds, CLS unitless), as web.dev defines them.
 */
export const vitalGood: Record<VitalName, number> = { LCP: 2500, INP: 200, CLS: 0.1, TTFB: 800 };

/**
 * One beacon. A page view: `path`, `referrer`, the three utm fields and `width` (the screen's CSS
 * width). When the page is hidden, the same page view's `vitals` (a second beacon with `type:
 * 'vitals'`). Never an identifier: the server counts visitors by a hash it keeps for one day.
 */
export interface Beacon {
  type: 'pageview' | 'vitals';
  /** The page's path and query, e.g. "/services?utm_source=facebook". */
  path: string;
  /** document.referrer ("" when none). */
  referrer?: string;
  utm_source?: string;
  utm_medium?: string;
  utm_campaign?: string;
  /** screen.width in CSS pixels: the device class (phone < 768, tablet < 1024, desktop). */
  width?: number;
  vitals?: Partial<Record<VitalName, number>>;
}

export const deviceClasses = ['phone', 'tablet', 'desktop'] as const;
export type DeviceClass = (typeof deviceClasses)[number];
export function deviceClassOf(width: number | undefined): DeviceClass {
  if (width === undefined || width <= 0) return 'desktop';
  return width < 768 ? 'phone' : width < 1024 ? 'tablet' : 'desktop';
}

/**
 * What a visit's first page view said about where it came from, kept by the page's script in
 * sessionStorage (never a cookie) and sent with the contact form, requests and the newsletter
 * sign-up; a form posted without JavaScript sends none and the server records the form's page.
 */
export interface Attribution {
  /** The path the visit landed on, without its query, e.g. "/services". */
  landingPage: string;
  /** `utm_source`, else the referrer's domain (not our own), else "direct". */
  source: string;
  /** `utm_campaign`, if any. */
  campaign?: string;
}
/** The sessionStorage key the site's script keeps the visit's Attribution under. */
export const attributionKey = 'kafue.visit';
/** The hidden form fields (no-JS posts keep them blank) that carry the Attribution. */
export const attributionFields = ['landingPage', 'source', 'campaign'] as const;

/** The source of a visit: `utm_source` first, then the referrer's host without "www.", else "direct". */
export function sourceOf(utmSource: string | undefined, referrer: string | undefined, ownHost: string): string {
  const utm = utmSource?.trim().toLowerCase();
  if (utm) return utm.slice(0, 100);
  if (referrer) {
    try {
      const host = new URL(referrer).hostname.toLowerCase().replace(/^www\./, '');
      if (host && host !== ownHost.toLowerCase().replace(/^www\./, '')) return host.slice(0, 100);
    } catch {
      // An unreadable referrer says nothing about the source.
    }
  }
  return 'direct';
}
