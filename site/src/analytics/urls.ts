/**
 * The page addresses the beacon and the visit's attribution read, in a module of their own: the
 * beacon's chunk loads these and nothing of the forms' attribution.
 */

/** A URL without its hash: a change of hash is no new page. */
export function pageUrl(href: string): URL {
  const url = new URL(href);
  url.hash = '';
  return url;
}

/** The URL the tab loaded: the page the visit landed on, even after in-site navigations. */
export function loadedUrl(): URL {
  const [entry] = performance.getEntriesByType('navigation');
  return pageUrl(entry?.name || location.href);
}
