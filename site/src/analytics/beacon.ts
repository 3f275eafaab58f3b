/**
 * The site's analytics beacon (issue 24): one beacon per page view, in-site navigations included,
 * and, when the page is hidden, the page's Web Vitals in a second one; both with
 * `navigator.sendBeacon` to the API (text/plain JSON; the page's origin, or API_ORIGIN's). It sets
 * no cookie and stores nothing: the server counts visitors by a hash it keeps one day. Loaded
 * once the page has loaded and the browser is idle (entry-client.ts): it never competes with the page.
 */
import { onCLS, onINP, onLCP, onTTFB, type Metric } from 'web-vitals';
import { collectPath, type Beacon, type VitalName } from '@kafue/common/analytics';
import { loadedUrl, pageUrl } from './urls';

/** The URL (without its hash) of the last page view sent; none before the first. */
let previous: string | undefined;

/**
 * Where beacons go: the page's own origin, or, for pages on a static host of their own, the API's
 * (`API_ORIGIN` when the site is built, e.g. https://app.kafue.example, listed by the server's
 * ALLOWED_ORIGINS).
 */
const collectUrl = (import.meta.env.API_ORIGIN ?? '').replace(/\/+$/, '') + collectPath;

const send = (beacon: Beacon) => navigator.sendBeacon(collectUrl, JSON.stringify(beacon));

/** A page as the beacon names it: its path and query, within the server's 500 characters. */
const pathOf = (url: URL) => (url.pathname + url.search).slice(0, 500);

/** Counts the page view of `url`, come to from `referrer`. */
function view(url: URL, referrer: string) {
  const utm = (name: string) => url.searchParams.get(`utm_${name}`)?.trim().slice(0, 100) || undefined;
  send({
    type: 'pageview',
    path: pathOf(url),
    referrer: referrer.slice(0, 500),
    utm_source: utm('source'),
    utm_medium: utm('medium'),
    utm_campaign: utm('campaign'),
    width: screen.width,
  });
  previous = url.href;
}

/**
 * Sends the Web Vitals of the page the tab loaded, whenever the page is hidden and has new
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

/**
 * Counts the page now shown, unless it is the one counted last (a change of hash only). The
 * first call starts watching the Web Vitals; if the visitor moved on before the beacon loaded,
 * the page the tab loaded is counted first.
 */
export function pageView(): void {
  const url = pageUrl(location.href);
  if (url.href === previous) return;
  if (previous === undefined) {
    const landing = loadedUrl();
    watchVitals(pathOf(landing));
    if (landing.href !== url.href) view(landing, document.referrer);
  }
  // After an in-site navigation, the referrer is the page it came from, as a browser's own would be.
  view(url, previous ?? document.referrer);
}
