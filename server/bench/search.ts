/**
 * Search bench (part of `npm run bench -w server`, or `tsx bench/search.ts`): the seeded content
 * plus 1,000 published articles (Markdown bodies of ~400 words), then BENCH_SEARCHES (default
 * 1,000) queries in turn from a list of real, misspelled, short and missing words: the search
 * itself (searchSite) and the whole search page (the same query rendered to HTML and compressed,
 * as /search answers it). Prints median, p99 and max of each; target p99 < 50 ms.
 * Needs `npm run build -w site` for the page.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import pino from 'pino';
import { loadConfig, repoRoot } from '../src/config.js';
import { openDatabase } from '../src/db/data-source.js';
import { startEmbedded } from '../src/db/embedded.js';
import { notifyContentChanged } from '../src/content/published.js';
import { reindexSearch, searchSite } from '../src/search/search.js';
import { SitePublisher } from '../src/site/publisher.js';
import { createDatabase, median, scratchDir, writeBenchResult } from './harness.js';

const searches = Number(process.env.BENCH_SEARCHES ?? 1000);
const articles = 1000;
const tmp = scratchDir('kafue-bench-search-');
const queries = [
  'cctv',
  'cctv installation',
  'website hosting',
  'secrity',
  'instalation',
  'it',
  'seo',
  'backup power',
  'business plan price',
  'email',
  'qwxzv',
  'solar inverter lusaka',
  'cloud',
  'phishing awareness',
  'how long does a project take',
];
const topics = [
  'backup',
  'solar',
  'network',
  'email',
  'website',
  'security',
  'camera',
  'marketing',
  'cloud',
  'printer',
  'laptop',
  'router',
];
const words =
  'the a business office team customer data power load shedding lusaka zambia copper belt plan price support fast reliable secure phone mobile money invoice staff training update patch password'.split(
    ' ',
  );

/** An article of about 400 words in Markdown, different for each i. */
function article(i: number) {
  const topic = topics[i % topics.length];
  const other = topics[(i * 7) % topics.length];
  const sentence = (n: number) =>
    Array.from({ length: 12 }, (_, k) => words[(i * 31 + n * 17 + k * 7) % words.length]).join(' ') + ` ${topic} ${other}.`;
  const body = Array.from(
    { length: 6 },
    (_, p) => `## Part ${p + 1}\n\n${Array.from({ length: 5 }, (_, s) => sentence(p * 5 + s)).join(' ')} **${topic}** [more](/services).`,
  ).join('\n\n');
  return {
    category: 'Guides',
    title: `${topic[0].toUpperCase()}${topic.slice(1)} guide ${i}: ${other} for Zambian businesses`,
    description: `What every office should know about ${topic} and ${other}.`,
    date: '2026-11-01',
    author: 'Bench Writer',
    slug: `${topic}-guide-${i}`,
    body,
  };
}

const ms = (x: number) => `${x.toFixed(1)} ms`;
const p99 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * 0.99))];

async function main() {
  const cluster = await startEmbedded(join(tmp, 'pg'), () => undefined);
  const config = loadConfig({});
  const url = await createDatabase(cluster.url, 'bench_search');
  const database = await openDatabase(config, () => undefined, url);
  const db = database.dataSource;
  let site: SitePublisher | undefined;
  try {
    await db.transaction((m) => reindexSearch(m, ['*']));
    const indexed = performance.now();
    await db.transaction(async (m) => {
      await m.query(
        `INSERT INTO content_items (collection, status, position, fields)
         SELECT 'insights', 'published', 100 + ordinality, value FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY`,
        [JSON.stringify(Array.from({ length: articles }, (_, i) => article(i)))],
      );
      await notifyContentChanged(m, 'insights');
    });
    const indexMs = performance.now() - indexed;
    // One article changed among the thousand: what a publish adds to its transaction.
    const republished = performance.now();
    await db.transaction(async (m) => {
      await m.query(
        `UPDATE content_items SET updated_at = now() WHERE id = (SELECT id FROM content_items WHERE collection = 'insights' LIMIT 1)`,
      );
      await notifyContentChanged(m, 'insights');
    });
    const republishMs = performance.now() - republished;
    const [{ n }] = await db.query<[{ n: number }]>(`SELECT count(*)::int AS n FROM search_entries`);

    const search: number[] = [];
    for (let i = 0; i < searches; i++) {
      const started = performance.now();
      await searchSite(db, queries[i % queries.length]);
      search.push(performance.now() - started);
      if (process.env.BENCH_VERBOSE) console.log(queries[i % queries.length], ms(search.at(-1)!));
    }
    const page: number[] = [];
    if (existsSync(join(repoRoot, 'site/dist-ssr/entry-server.js'))) {
      site = await SitePublisher.open({ db, logger: pino({ level: 'warn' }), siteDir: join(repoRoot, 'site/dist') });
      for (let i = 0; i < searches; i++) {
        const started = performance.now();
        // A page not rendered (no published content yet) would time nothing: the bench stops instead.
        if (!(await site.searchPage(`q=${encodeURIComponent(queries[i % queries.length])}`))) throw new Error('no search page rendered');
        page.push(performance.now() - started);
      }
    }
    const figures = {
      entries: n,
      indexThousandArticlesMs: Math.round(indexMs),
      reindexOneArticleMs: Math.round(republishMs),
      searches,
      search: { median: median(search), p99: p99(search), max: Math.max(...search) },
      ...(page.length ? { page: { median: median(page), p99: p99(page), max: Math.max(...page) } } : {}),
    };
    console.log(
      `search: ${n} entries; indexing 1,000 articles ${Math.round(indexMs)} ms, one changed among them ${Math.round(republishMs)} ms`,
    );
    console.log(
      `search: the query    median ${ms(figures.search.median)}, p99 ${ms(figures.search.p99)}, max ${ms(figures.search.max)} (target p99 < 50 ms)`,
    );
    if (figures.page)
      console.log(`search: the page     median ${ms(figures.page.median)}, p99 ${ms(figures.page.p99)}, max ${ms(figures.page.max)}`);
    writeBenchResult('search.json', figures);
    if (figures.search.p99 >= 50 || (figures.page && figures.page.p99 >= 50)) process.exitCode = 1;
  } finally {
    await site?.close();
    await database.close();
    await cluster.stop();
  }
}

await main();
