/**
 * Where the pricing page keeps its selection: the names of the add-ons chosen with Add to Plan,
 * as JSON in sessionStorage while the visitor stays on the site (never a cookie or localStorage).
 * The loader looks at it on the pricing page (registry.ts), the island reads and writes it.
 */
export const selectionKey = 'kafue-pricing-addons';
