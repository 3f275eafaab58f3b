/**
 * Articles (the `insights` collection) and their addresses: /insights (newest first, paged),
 * /insights/category/{category}, /insights/page/{n}, /insights/{slug} and the feed. Plain values,
 * no zod or React: the site, the console and the server share them.
 */

/**
 * A name as an address's key: lower-case ASCII letters and digits joined by single dashes, at most
 * `max` characters ("Web & Hosting" -> "web-hosting", "Café" -> "cafe").
 */
export function slugOf(name: string, max: number): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+/, '')
    .slice(0, max)
    .replace(/-+$/, '');
}

/** A slug as saved, an article's or a service's (empty: made from the title). */
export const slugPattern = /^([a-z0-9]+(-[a-z0-9]+)*)?$/;
/** The rule of a slug, as the console shows it and the server refuses, with an example. */
export const slugRule = (example: string) =>
  `Small letters a-z, digits and single dashes, e.g. "${example}"; made from the title when left empty.`;

/** The longest article slug. */
export const articleSlugMax = 80;
/** Words an article's slug cannot be: /insights/page/2 and /insights/category/x are list pages. */
export const reservedArticleSlugs: readonly string[] = ['page', 'category', 'feed'];
/** The rule of an article's slug. */
export const articleSlugRule = slugRule('choosing-a-hosting-plan');

/** Articles on one list page. */
export const articlesPerPage = 12;
/** Where the RSS feed is served. */
export const articleFeedPath = '/insights/feed.xml';

/** An article's address. */
export const articlePath = (slug: string) => `/insights/${slug}`;

/** A category's key in addresses: "Web Hosting" -> "web-hosting". */
export const categorySlug = (category: string) => slugOf(category, 40) || 'other';

/** A list page's address: every article or one category's, page 1 without a page number. */
export function articleListPath(category: string | undefined, page = 1): string {
  const base = category ? `/insights/category/${categorySlug(category)}` : '/insights';
  return page > 1 ? `${base}/page/${page}` : base;
}

/** Articles newest first (by date; the same day keeps the collection's order). */
export const newestFirst = <A extends { date: string }>(articles: readonly A[]): A[] =>
  [...articles].sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0));

/**
 * The articles shown beside one: the nearest to it in its category's newest-first order, then the
 * nearest of the others, `count` in all. Nearest, so that a new article changes few pages.
 */
export function relatedArticles<A extends { slug: string; category: string; date: string }>(
  newest: readonly A[],
  slug: string,
  count = 3,
): A[] {
  const at = newest.findIndex((a) => a.slug === slug);
  if (at < 0) return [];
  const byDistance = newest
    .map((a, i) => ({ a, d: Math.abs(i - at) + (a.category === newest[at].category ? 0 : newest.length) }))
    .filter(({ a }) => a.slug !== slug)
    .sort((x, y) => x.d - y.d);
  return byDistance.slice(0, count).map(({ a }) => a);
}
