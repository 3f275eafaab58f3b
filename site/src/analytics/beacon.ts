/**
 * The site's analytics beacon (issue 24): one beacon per page view (every page is a page load)
 * and, when the page is hidden, the page's Web Vitals in a second one; both with
 * `navigator.sendBeacon` to the API (text/plain JSON; the page's origin, or API_ORIGIN's). It sets
 * no cookie and stores nothing: the server counts visitors by a hash it keeps one day. Loaded
 * once the page has loaded and the browser is idle (entry-client.ts): it never competes with the page.
 */
import { onCLS, onINP, onLCP, onTTFB, type Metric } from 'web-vitals';
import { collectPath, type Beacon, type VitalName } from '@kafue/common/analytics';

/**
 * Where beacons go: the page's own origin, or, for pages on a static host of their own, the API's
 * (`API_ORIGIN` when the site is built, e.g. https://app.kafue.example, listed by the server's
 * ALLOWED_ORIGINS).
 */
const collectUrl = (import.meta.env.API_ORIGIN ?? '').replace(/\/+$/, '') + collectPath;

const send = (beacon: Beacon) => navigator.sendBeacon(collectUrl, JSON.stringify(beacon));

/** Counts this page's view (its path and query, within the server's 500 characters), and watches its Web Vitals. */
export function pageView(): void {
  const path = (location.pathname + location.search).slice(0, 500);
  const query = new URLSearchParams(location.search);
  const utm = (name: string) => query.get(`utm_${name}`)?.trim().slice(0, 100) || undefined;
  send({
    type: 'pageview',
    path,
    referrer: document.referrer.slice(0, 500),
    utm_source: utm('source'),
    utm_medium: utm('medium'),
    utm_campaign: utm('campaign'),
    width: screen.width,
  });
  watchVitals(path);
}

/**
 * Sends the page's Web Vitals whenever the page is hidden and has new
 * values (web-vitals reports on the same event, before this listener: it listens in capture).
 */
function watchVitals(path: string) {
  let pending: Partial<Record<VitalName, number>> = {};
  const keep = (metric: Metric) => {
    pending = { ...pending, [metric.name as VitalName]: metric.value };
  };
  onLCP(keep);
  onINP(keep);
  onCLS(keep);
  onTTFB(keep);
  addEventListener('visibilitychange', () => {
    if (document.visibilityState !== 'hidden' || !Object.keys(pending).length) return;
    send({ type: 'vitals', path, vitals: pending });
    pending = {};
  });
}
