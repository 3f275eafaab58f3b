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
