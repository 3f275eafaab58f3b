import { matchPath } from './match';

export type PageKey = 'home' | 'services' | 'pricing' | 'about' | 'contact' | 'serviceDetail' | 'notFound';

/** The public routes of spec section 2, in match order ('*' last). */
export const routes: readonly { path: string; page: PageKey }[] = [
  { path: '/', page: 'home' },
  { path: '/services', page: 'services' },
  { path: '/projects', page: 'pricing' },
  { path: '/about', page: 'about' },
  { path: '/contact', page: 'contact' },
  { path: '/service/:category/:index', page: 'serviceDetail' },
  { path: '*', page: 'notFound' },
];

export function matchPage(pathname: string): { page: PageKey; params: Record<string, string | undefined> } {
  for (const route of routes) {
    const params = matchPath(route.path, pathname);
    if (params) return { page: route.page, params };
  }
  return { page: 'notFound', params: {} };
}

/**
 * The second and fourth shared layout blocks (announcement bar, trust strip) are hidden on /contact
 * and on any path starting /service/; header, the block before the main content and footer stay.
 */
export function showsSharedBlocks(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return path !== '/contact' && !pathname.startsWith('/service/');
}

/** Timing constants of spec section 9 used by the layout. */
export const HASH_SCROLL_DELAY_MS = 100;
