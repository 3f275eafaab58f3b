/**
 * The visit's Attribution (where it landed and came from), kept in sessionStorage under
 * attributionKey: the tab's own storage, gone when the tab closes, never a cookie. Every page
 * keeps it first thing (entry-client.ts); the forms carry it in hidden fields (components/form-post.tsx).
 */
import { attributionKey, sourceOf, type Attribution } from '@kafue/common/analytics';

/** The visit's Attribution, or none: no script has run, storage is refused, or it holds something else. */
export function readAttribution(): Attribution | undefined {
  try {
    const kept = JSON.parse(sessionStorage.getItem(attributionKey) ?? 'null') as Partial<Attribution> | null;
    if (typeof kept?.landingPage !== 'string' || typeof kept.source !== 'string') return undefined;
    return {
      landingPage: kept.landingPage,
      source: kept.source,
      ...(typeof kept.campaign === 'string' && { campaign: kept.campaign }),
    };
  } catch {
    return undefined;
  }
}

/**
 * Keeps the Attribution of the page the tab loaded, unless the visit already has one: a later
 * page of the same visit (another page load in the same tab) does not replace it.
 */
export function keepAttribution(): void {
  if (readAttribution()) return;
  const utm = new URLSearchParams(location.search);
  const campaign = utm.get('utm_campaign')?.trim().slice(0, 100);
  const attribution: Attribution = {
    landingPage: location.pathname,
    source: sourceOf(utm.get('utm_source') ?? undefined, document.referrer, location.hostname),
    ...(campaign && { campaign }),
  };
  try {
    sessionStorage.setItem(attributionKey, JSON.stringify(attribution));
  } catch {
    // Storage refused (a private mode, a full quota): the forms then send no attribution.
  }
}
