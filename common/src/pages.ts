/**
 * The public site's pages (spec section 2): their routes, and the collections each page shows.
 * The site renders by these; the server re-renders, when a collection changes, the
 * pages that show it. Plain values, no zod or React.
 */
import type { ContentCollection } from './vocabulary';

export type PageKey =
  | 'home'
  | 'services'
  | 'pricing'
  | 'about'
  | 'contact'
  | 'serviceDetail'
  | 'insights'
  | 'article'
  | 'legal'
  | 'search'
  | 'newsletter'
  | 'notFound';

/** The public routes, in match order ('*' last). */
export const pageRoutes: readonly { path: string; page: PageKey }[] = [
  { path: '/', page: 'home' },
  { path: '/services', page: 'services' },
  { path: '/projects', page: 'pricing' },
  { path: '/about', page: 'about' },
  { path: '/contact', page: 'contact' },
  // {key}: the service's slug (its permanent address) or its position in the category (the specification's).
  { path: '/service/:category/:key', page: 'serviceDetail' },
  { path: '/insights', page: 'insights' },
  { path: '/insights/page/:page', page: 'insights' },
  { path: '/insights/category/:category', page: 'insights' },
  { path: '/insights/category/:category/page/:page', page: 'insights' },
  { path: '/insights/:slug', page: 'article' },
  { path: '/privacy', page: 'legal' },
  { path: '/terms', page: 'legal' },
  { path: '/cookies', page: 'legal' },
  { path: '/search', page: 'search' },
  // The newsletter's sign-up answer without JavaScript, and the pages its mails link to.
  { path: '/subscribe', page: 'newsletter' },
  { path: '/subscribe/confirm', page: 'newsletter' },
  { path: '/unsubscribe', page: 'newsletter' },
  { path: '*', page: 'notFound' },
];

/** The collections each page shows: a change to one re-renders these pages only. */
export const pageCollections: Record<PageKey, readonly ContentCollection[]> = {
  home: ['testimonials', 'insights'],
  services: ['services', 'faqs'],
  pricing: ['plans', 'addons', 'projectPrices', 'faqs'],
  serviceDetail: ['services'],
  insights: ['insights'],
  article: ['insights'],
  legal: ['legalPages'],
  // Rendered on demand for each query, from the search index (server/src/search).
  search: [],
  about: [],
  contact: [],
  notFound: [],
  newsletter: [],
};

/** Matches "/a/:b/:c" or "*" against a pathname (trailing slash allowed); null when it does not match. */
export function matchPath(pattern: string, pathname: string): Record<string, string> | null {
  if (pattern === '*') return {};
  const want = pattern.split('/').filter(Boolean);
  const have = pathname.split('/').filter(Boolean);
  if (want.length !== have.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    if (want[i].startsWith(':')) {
      try {
        params[want[i].slice(1)] = decodeURIComponent(have[i]);
      } catch {
        return null;
      }
    } else if (want[i] !== have[i]) return null;
  }
  return params;
}

export function matchPage(pathname: string): { page: PageKey; params: Record<string, string | undefined> } {
  for (const route of pageRoutes) {
    const params = matchPath(route.path, pathname);
    if (params) return { page: route.page, params };
  }
  return { page: 'notFound', params: {} };
}
