/**
 * Scroll-reveal (spec section 9: 800 ms, ease-out-quart, once only, offset 100), without a library;
 * the timing is styles.css's ([data-rv='in']).
 * The prerendered HTML shows everything; after hydration, only elements more than 100 px below the
 * fold are hidden, and each is revealed once when it comes within 100 px of the viewport's bottom
 * edge: its animation has begun before it comes into view, so no visible content is ever left
 * hidden, whether near the fold or scrolled to. Nothing is hidden for people who ask for reduced
 * motion or when IntersectionObserver is missing.
 */
export const REVEAL_OFFSET_PX = 100;

export function prefersReducedMotion(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
}

export function setupReveal(root: ParentNode, scrollingToTop: boolean): () => void {
  if (typeof IntersectionObserver === 'undefined' || prefersReducedMotion()) return () => {};
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        entry.target.setAttribute('data-rv', 'in');
        observer.unobserve(entry.target);
      }
    },
    { rootMargin: `0px 0px ${REVEAL_OFFSET_PX}px 0px` },
  );
  const threshold = window.innerHeight + REVEAL_OFFSET_PX;
  const scroll = scrollingToTop ? window.scrollY : 0;
  // All reads first, then all writes: one layout, not one per element.
  const fresh: { el: HTMLElement; top: number }[] = [];
  for (const el of root.querySelectorAll<HTMLElement>('[data-reveal]')) {
    const state = el.getAttribute('data-rv');
    if (state === 'in' || state === 'static') continue;
    if (state === 'wait') observer.observe(el);
    // Where the element will be once the page has scrolled to the top (route change without hash).
    else fresh.push({ el, top: el.getBoundingClientRect().top + scroll });
  }
  for (const { el, top } of fresh) {
    if (top < threshold) {
      el.setAttribute('data-rv', 'static');
    } else {
      el.setAttribute('data-rv', 'wait');
      observer.observe(el);
    }
  }
  return () => observer.disconnect();
}
