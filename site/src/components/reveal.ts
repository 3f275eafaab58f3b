/**
 * Scroll-reveal (spec section 9: 800 ms, ease-out-quart, once only, offset 100), without a library;
 * the timing is styles.css's ([data-rv='in']).
 * The prerendered HTML shows everything; once the page's script runs, only elements more than
 * 100 px below the fold are hidden, and each is revealed once when it comes within 100 px of the viewport's bottom
 * edge: its animation has begun before it comes into view, so no visible content is ever left
 * hidden, whether near the fold or scrolled to. Nothing is hidden for people who ask for reduced
 * motion or when IntersectionObserver is missing.
 */
export const REVEAL_OFFSET_PX = 100;

export function prefersReducedMotion(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * The observer's first report of each element says where it is (without the script reading the
 * layout itself, which would force one before the first paint): within 100 px of the fold, or
 * above it, it stays shown; below, it waits, and is revealed by a later report.
 */
export function setupReveal(root: ParentNode): void {
  if (typeof IntersectionObserver === 'undefined' || prefersReducedMotion()) return;
  const observer = new IntersectionObserver(
    (entries) => {
      for (const { target, isIntersecting, boundingClientRect } of entries) {
        const waiting = target.getAttribute('data-rv') === 'wait';
        if (waiting ? !isIntersecting : boundingClientRect.top >= innerHeight + REVEAL_OFFSET_PX) {
          target.setAttribute('data-rv', 'wait');
          continue;
        }
        target.setAttribute('data-rv', waiting ? 'in' : 'static');
        observer.unobserve(target);
      }
    },
    { rootMargin: `0px 0px ${REVEAL_OFFSET_PX}px 0px` },
  );
  for (const el of root.querySelectorAll('[data-reveal]')) observer.observe(el);
}
