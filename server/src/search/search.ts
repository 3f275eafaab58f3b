/**
 * The public site's search: an index of what visitors can find (published services, FAQ answers,
 * articles and pricing items), kept in search_entries and rebuilt for a collection in the
 * transaction that publishes a change to it, and the query /search runs on it: PostgreSQL
 * full-text search (english) first, then any of the words, then trigram similarity of single
 * words for short and misspelled ones.
 */
import { servicePath } from '@kafue/common/service-addresses';
import { createHash } from 'node:crypto';
import type { DataSource, EntityManager } from 'typeorm';
import type { FaqFields, InsightFields, PlanFields, ProjectPriceFields, ServiceFields, AddonFields } from '@kafue/common/contract';
import { articlePath } from '@kafue/common/articles';
import { addonPath, projectGroupPath } from '@kafue/common/requests';
import { markdownText } from '@kafue/common/markdown';
import { maxSearchResults, normalizeQuery, searchTerms, snippetOf, type SearchAnswer, type SearchKind } from '@kafue/common/search';
import { categoryKeys, serviceCategories, type ContentCollection } from '@kafue/common/vocabulary';

/** The collections the search finds things in. */
export const searchedCollections = [
  'services',
  'faqs',
  'insights',
  'plans',
  'addons',
  'projectPrices',
] as const satisfies ContentCollection[];
type Searched = (typeof searchedCollections)[number];
const isSearched = (c: ContentCollection | '*'): c is Searched => (searchedCollections as readonly string[]).includes(c);

interface Entry {
  key: string;
  /** The content item it comes from. */
  item: string;
  kind: SearchKind;
  /** The item's id and updated_at: an entry with the same source, url and position needs no new text. */
  source: string;
  position: number;
  url: string;
  title: string;
  /** Its text, computed only when the entry is written (an article's Markdown is parsed then). */
  body: () => string;
}

interface Item {
  id: string;
  fields: Record<string, unknown>;
  updated_at: Date;
}

const joined = (...texts: (string | readonly string[] | undefined)[]) =>
  texts
    .flat()
    .filter((t): t is string => !!t)
    .join(' · ');

/** Where an article is read: its own page. */
const articleUrl = (fields: InsightFields): string => articlePath(fields.slug);

/**
 * The entries of one collection's published items, in the site's order. An article's Markdown body
 * is not among its fields here (a thousand would be read on every publish): `bodies` holds those of
 * the articles whose entries are written, read when they are known.
 */
function entriesOf(collection: Searched, items: readonly Item[], bodies: ReadonlyMap<string, string>): Entry[] {
  const base = (item: Item, position: number, suffix = '') => ({
    key: `${item.id}${suffix}`,
    item: item.id,
    source: `${item.id}@${item.updated_at.toISOString()}`,
    position,
  });
  switch (collection) {
    case 'services': {
      return items.map((item, position) => {
        const f = item.fields as ServiceFields;
        return {
          ...base(item, position),
          kind: 'service',
          url: servicePath(f),
          title: f.title,
          // The category's heading too: "security" finds every Security Solutions service.
          body: () => joined(serviceCategories.find((c) => c.key === f.category)?.heading, f.description, f.features, f.details, f.price),
        };
      });
    }
    case 'faqs':
      return items.map((item, position) => {
        const f = item.fields as FaqFields;
        return {
          ...base(item, position),
          kind: 'faq',
          url: f.page === 'services' ? '/services' : '/projects',
          title: f.question,
          body: () => f.answer,
        };
      });
    case 'insights':
      return items.map((item, position) => {
        const f = item.fields as InsightFields;
        return {
          ...base(item, position),
          kind: 'article',
          url: articleUrl(f),
          title: f.title,
          body: () => joined(f.description, markdownText(bodies.get(item.id) ?? '')),
        };
      });
    case 'plans':
      return items.map((item, position) => {
        const f = item.fields as PlanFields;
        return {
          ...base(item, position),
          kind: 'plan',
          url: '/projects#plans-heading',
          title: f.name,
          body: () => joined(f.description, `${f.price}${f.period ?? ''}`, f.features),
        };
      });
    case 'addons':
      return items.map((item, position) => {
        const f = item.fields as AddonFields;
        return {
          ...base(item, position),
          kind: 'addon',
          url: addonPath(f.name),
          title: f.name,
          body: () => joined(f.description, f.price),
        };
      });
    case 'projectPrices':
      return items.flatMap((item, position) => {
        const f = item.fields as ProjectPriceFields;
        return f.items.map((p, i) => ({
          ...base(item, position * 100 + i, `:${i}`),
          kind: 'project' as const,
          url: projectGroupPath(f.key),
          title: p.title,
          body: () => joined(f.name, p.price, p.time),
        }));
      });
  }
}

/** The words of a text, lower-case: the vocabulary (search_words) the fallback finds words spelled like the query's in. */
const wordsOf = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

/** A lock of this index's rebuild, one collection at a time (two publishes of one collection take turns). */
const lockKey = (collection: Searched) => createHash('sha256').update(`search:${collection}`).digest().readInt32BE(0);

/**
 * Brings the index of these collections ('*': all) up to date with their published items, in the
 * caller's transaction (the one that changes them, so the index commits with the change). Only
 * entries that changed are written: publishing one article among a thousand writes one row.
 */
export async function reindexSearch(m: EntityManager | DataSource, collections: readonly (ContentCollection | '*')[]): Promise<void> {
  const wanted = collections.includes('*') ? searchedCollections : searchedCollections.filter((c) => collections.includes(c));
  for (const collection of wanted.filter(isSearched)) {
    await m.query(`SELECT pg_advisory_xact_lock($1)`, [lockKey(collection)]);
    const items = await m.query<Item[]>(
      `SELECT id, fields - 'body' AS fields, updated_at FROM content_items WHERE collection = $1 AND status = 'published'
        ORDER BY CASE WHEN collection = 'services' THEN array_position($2::text[], fields->>'category') END, position, created_at, id`,
      [collection, categoryKeys],
    );
    const have = new Map(
      (
        await m.query<{ key: string; source: string; url: string; position: number }[]>(
          `SELECT key, source, url, position FROM search_entries WHERE collection = $1`,
          [collection],
        )
      ).map((r) => [r.key, r]),
    );
    const bodies = new Map<string, string>();
    const entries = entriesOf(collection, items, bodies);
    const changed = entries.filter((e) => {
      const old = have.get(e.key);
      return !old || old.source !== e.source || old.url !== e.url || old.position !== e.position;
    });
    const kept = new Set(entries.map((e) => e.key));
    const gone = [...have.keys()].filter((key) => !kept.has(key));
    if (gone.length) await m.query(`DELETE FROM search_entries WHERE key = ANY($1::text[])`, [gone]);
    if (!changed.length) continue;
    if (collection === 'insights') {
      const rows = await m.query<{ id: string; body: string }[]>(
        `SELECT id, fields->>'body' AS body FROM content_items WHERE id = ANY($1::uuid[])`,
        [changed.map((e) => e.item)],
      );
      for (const row of rows) bodies.set(row.id, row.body);
    }
    const rows = changed.map((e) => {
      const body = e.body();
      return {
        key: e.key,
        kind: e.kind,
        source: e.source,
        position: e.position,
        title: e.title,
        body,
        url: e.url,
      };
    });
    await m.query(
      `INSERT INTO search_entries (key, collection, kind, source, position, title, body, url, tsv, title_tsv)
       SELECT key, $2, kind, source, position, title, body, url,
              to_tsvector('english', title) || to_tsvector('english', body), to_tsvector('english', title)
         FROM jsonb_to_recordset($1::jsonb) AS r (key text, kind text, source text, position int, title text, body text, url text)
       ON CONFLICT (key) DO UPDATE SET kind = excluded.kind, source = excluded.source, position = excluded.position,
         title = excluded.title, body = excluded.body, url = excluded.url, tsv = excluded.tsv, title_tsv = excluded.title_tsv`,
      [JSON.stringify(rows), collection],
    );
    // Words that are no longer in any text stay: they only ever lead the fallback to no entry.
    await m.query(`INSERT INTO search_words (word) SELECT DISTINCT unnest($1::text[]) ON CONFLICT DO NOTHING`, [
      [...new Set(rows.flatMap((r) => wordsOf(`${r.title} ${r.body}`)))],
    ]);
  }
}

/** How alike (pg_trgm word similarity) a word of the query and a word of the index must be for the fallback. */
const wordLikeness = 0.5;

/** The order kinds come in when they rank alike: what people look for most first. */
const kindOrder: SearchKind[] = ['service', 'article', 'faq', 'plan', 'project', 'addon'];

/**
 * The results of a query, best first, at most maxSearchResults. Entries with every word (as the
 * English stemmer reads them) rank first, then those with some of them (in each, those whose
 * title has them first: no ranking reads a long text, which kept p99 far over 50 ms with a
 * thousand articles), then, when those are fewer than a page, those with a word spelled nearly
 * like a word of the query (trigram word similarity, pg_trgm's threshold), half for the likeness
 * and one more in the title ("it", an English stop word no text is indexed by, finds IT
 * Consultation by its title).
 *
 * Every search of the entries goes through an index that answers without reading their texts
 * (tsvector GIN, exact): each tsquery is a scalar subquery, computed once per query rather than
 * once per row, and unknown to the planner, which then never prefers reading every entry's text.
 */
export async function searchSite(db: DataSource, q: string): Promise<SearchAnswer> {
  const query = normalizeQuery(q);
  const terms = searchTerms(query);
  if (!terms.length) return { query, results: [] };
  type Row = { key: string; kind: SearchKind; title: string; body: string; url: string };
  const order = `ORDER BY best.score DESC, array_position($KINDS::text[], e.kind), e.position, e.key`;
  const rows = await db.transaction(async (m) => {
    const allWords = `(SELECT plainto_tsquery('english', $1))`;
    const anyWord = `(SELECT to_tsquery('english', $2))`;
    const found = await m.query<Row[]>(
      `WITH hits AS (
         SELECT e.key, 3 + (e.title_tsv @@ ${allWords})::int + (e.title_tsv @@ ${anyWord})::int / 2.0 AS score
           FROM search_entries e WHERE e.tsv @@ ${allWords}
         UNION ALL
         SELECT e.key, 1 + (e.title_tsv @@ ${anyWord})::int / 2.0 FROM search_entries e WHERE e.tsv @@ ${anyWord}
       ), best AS (
         SELECT key, max(score) AS score FROM hits GROUP BY key ORDER BY score DESC LIMIT $3
       )
       SELECT e.key, e.kind, e.title, e.body, e.url FROM best JOIN search_entries e USING (key) ${order.replace('$KINDS', '$4')}`,
      [terms.join(' '), terms.join(' | '), maxSearchResults, kindOrder],
    );
    if (found.length >= maxSearchResults) return found;
    // Fewer than a page of results: the words of the index spelled nearly like the query's (a few
    // of the small vocabulary, by its trigram index), then the entries holding them, after what the
    // text search found. pg_trgm's default likeness (0.6) misses a letter left out of a short
    // word: "secrity" is 0.55 like "security", "cctc" 0.6 like "cctv".
    await m.query(`SELECT set_config('pg_trgm.word_similarity_threshold', $1, true)`, [String(wordLikeness)]);
    const near = await m.query<{ word: string; likeness: number }[]>(
      `SELECT w.word, max(w.likeness) AS likeness
         FROM unnest($1::text[]) AS t (term)
         CROSS JOIN LATERAL (
           SELECT word, word_similarity(t.term, word) AS likeness FROM search_words WHERE t.term <% word
            ORDER BY likeness DESC, similarity(t.term, word) DESC LIMIT 3
         ) w
        GROUP BY w.word`,
      [terms],
    );
    if (!near.length) return found;
    // The texts with each word (one branch a word, each by the tsvector index), and one pass over
    // the titles for all of them (a title is short, and a stop word is in no tsvector).
    const inText = near.map(
      (_, i) => `SELECT e.key, ($5::float8[])[${i + 1}] / 2 AS score FROM search_entries e
                  WHERE e.tsv @@ (SELECT plainto_tsquery('english', ($4::text[])[${i + 1}]))`,
    );
    const alike = await m.query<Row[]>(
      `WITH hits AS (
         ${inText.join(' UNION ALL ')}
         UNION ALL
         SELECT e.key, n.likeness / 2 + 1 FROM search_entries e
           JOIN unnest($4::text[], $5::float8[]) AS n (word, likeness) ON lower(e.title) ~ ('\\m' || n.word || '\\M')
          WHERE lower(e.title) ~ $6
       ), best AS (
         SELECT key, max(score) AS score FROM hits WHERE key <> ALL($1::text[]) GROUP BY key ORDER BY score DESC LIMIT $2
       )
       SELECT e.key, e.kind, e.title, e.body, e.url FROM best JOIN search_entries e USING (key) ${order.replace('$KINDS', '$3')}`,
      [
        found.map((r) => r.key),
        maxSearchResults - found.length,
        kindOrder,
        near.map((n) => n.word),
        near.map((n) => n.likeness),
        `\\m(${near.map((n) => n.word).join('|')})\\M`,
      ],
    );
    return [...found, ...alike];
  });
  return { query, results: rows.map((r) => ({ kind: r.kind, title: r.title, url: r.url, snippet: snippetOf(r.body, terms) })) };
}
