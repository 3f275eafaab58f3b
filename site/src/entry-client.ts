import { loadPage } from './pages/registry';
import { matchPage } from '@kafue/common/pages';
import { countPageView } from './analytics/count';
import './styles.css';

/**
 * The prerendered page is complete without scripts. This tiny entry lets the browser paint it
 * first: once the first contentful paint is reported (or at once in a background tab), it loads
 * React and the page's chunk in parallel and hydrates.
 */
function start() {
  const { page } = matchPage(window.location.pathname);
  // If a chunk fails to load, the prerendered page stays as it is: it works without scripts.
  void Promise.all([import('./hydrate'), loadPage(page)]).then(([{ hydrate }]) => hydrate(page));
}

function afterFirstPaint(fn: () => void) {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    fn();
  };
  if (document.visibilityState !== 'visible' || typeof PerformanceObserver === 'undefined') return once();
  if (performance.getEntriesByName('first-contentful-paint').length) return once();
  try {
    new PerformanceObserver((list, observer) => {
      if (list.getEntriesByName('first-contentful-paint').length) {
        observer.disconnect();
        once();
      }
    }).observe({ type: 'paint', buffered: true });
  } catch {
    once();
  }
  // Never wait long: a page with nothing to paint still hydrates.
  setTimeout(once, 1000);
}

/**
 * Once the page has loaded and the browser is idle, and only for a page the visitor is shown (not
 * one a browser prerenders in case it is opened): the analytics beacon counts this page view.
 */
function whenSettled(fn: () => void) {
  if ((document as Document & { prerendering?: boolean }).prerendering)
    return addEventListener('prerenderingchange', () => whenSettled(fn), { once: true });
  const idle = () => (typeof requestIdleCallback === 'function' ? requestIdleCallback(fn, { timeout: 5000 }) : setTimeout(fn, 1));
  if (document.readyState === 'complete') idle();
  else addEventListener('load', idle, { once: true });
}

afterFirstPaint(start);
whenSettled(countPageView);
