/**
 * The public site's search (/search?q=...): what a result is, and how its matching words are
 * marked. Plain values, no zod: the site's search page imports them.
 */

export const searchPath = '/search';
/** A longer query is cut here: nobody types more, and the work stays bounded. */
export const maxQueryLength = 100;
export const maxSearchResults = 20;
/** At most this many words of a query count. */
const maxTerms = 8;

export const searchKinds = ['service', 'faq', 'article', 'plan', 'addon', 'project'] as const;
export type SearchKind = (typeof searchKinds)[number];
export const searchKindLabels: Record<SearchKind, string> = {
  service: 'Service',
  faq: 'FAQ',
  article: 'Article',
  plan: 'Monthly plan',
  addon: 'Add-on',
  project: 'Project price',
};

export interface SearchResult {
  kind: SearchKind;
  title: string;
  /** The part of the text around the first matching word. */
  snippet: string;
  url: string;
}

/** What the search page shows: the query as the server read it, and its results (none without a query). */
export interface SearchAnswer {
  query: string;
  results: SearchResult[];
}

/** The query as searched: spaces collapsed, at most maxQueryLength characters. */
export const normalizeQuery = (q: string) => q.replace(/\s+/g, ' ').trim().slice(0, maxQueryLength);

/** The query's words (letters and digits), lower-case, each once. */
export function searchTerms(query: string): string[] {
  const words =
    normalizeQuery(query)
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? [];
  return [...new Set(words)].slice(0, maxTerms);
}

/** A word without the English endings PostgreSQL's stemmer drops, so "installing" marks "installation". */
const stemOf = (word: string) => (word.length > 5 ? word.replace(/(ations?|ings?|ers?|ed|es|s|y)$/, '') : word);

function trigrams(word: string): Set<string> {
  const padded = `  ${word} `;
  const set = new Set<string>();
  for (let i = 0; i + 3 <= padded.length; i++) set.add(padded.slice(i, i + 3));
  return set;
}

/** pg_trgm's similarity of two words: shared trigrams over all. */
function similarity(a: string, b: string): number {
  const ta = trigrams(a);
  const tb = trigrams(b);
  let shared = 0;
  for (const t of ta) if (tb.has(t)) shared++;
  return shared / (ta.size + tb.size - shared);
}

function matches(word: string, terms: readonly string[]): boolean {
  const w = word.toLowerCase();
  return terms.some((t) => w.startsWith(stemOf(t)) || (t.length >= 4 && w.length >= 4 && similarity(w, t) >= 0.45));
}

/**
 * The text cut into parts, the odd ones the words the query matched (by their start, as the
 * English stemmer would, or spelled nearly alike). The page shows them as text, so whatever the
 * text holds is escaped before it is marked.
 */
export function highlightParts(text: string, terms: readonly string[]): string[] {
  const parts = [''];
  for (const piece of text.split(/([\p{L}\p{N}]+)/u)) {
    if (/^[\p{L}\p{N}]+$/u.test(piece) && matches(piece, terms)) parts.push(piece, '');
    else parts[parts.length - 1] += piece;
  }
  return parts;
}

/** About `length` characters of the text around the first word the query matched (its start when none). */
export function snippetOf(text: string, terms: readonly string[], length = 200): string {
  if (text.length <= length) return text;
  const parts = highlightParts(text, terms);
  const at = parts.length > 1 ? parts[0].length : 0;
  let start = Math.max(0, at - Math.floor(length / 3));
  if (start > 0) start = text.indexOf(' ', start) + 1 || start;
  const end = Math.min(text.length, start + length);
  const cut = end < text.length ? text.lastIndexOf(' ', end) : end;
  return `${start > 0 ? '… ' : ''}${text.slice(start, cut > start ? cut : end)}${end < text.length ? ' …' : ''}`;
}
