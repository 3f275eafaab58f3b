/**
 * Publish-to-live bench (part of `npm run bench -w server`, or `tsx bench/publish.ts`): two
 * built server processes on one database holding the seeded content plus 1,000 published
 * articles (BENCH_ARTICLES). 21 times, an Editor's change goes through process A, in turn: a
 * testimonial (seen on the home page), an article's title (seen on its page) and a new article
 * (seen on /insights); the clock runs from the call until the HTML served shows it, on A (one
 * process) and on B (across processes). Prints median and max of each; target median < 300 ms,
 * max < 1 s. BENCH_PUBLISHES changes the count. Needs `npm run build -w site`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { api } from '@kafue/common/contract';
import { loadConfig, repoRoot } from '../src/config.js';
import { notifyContentChanged } from '../src/content/published.js';
import { openDatabase } from '../src/db/data-source.js';
import { freePort, startEmbedded } from '../src/db/embedded.js';
import { buildBenchServer, createDatabase, median, scratchDir, waitFor, writeBenchResult } from './harness.js';

const publishes = Number(process.env.BENCH_PUBLISHES ?? 21);
const articles = Number(process.env.BENCH_ARTICLES ?? 1000);
const email = 'bench@kafue.test';
const password = 'bench password 1';
const children: ChildProcess[] = [];
const tmp = scratchDir('kafue-bench-publish-');

/** Milliseconds from `since` until `url` serves HTML containing `text` (polled every 5 ms). */
async function liveAfter(url: string, text: string, since: number): Promise<number> {
  for (;;) {
    const html = await (await fetch(url, { headers: { 'accept-encoding': 'identity' } })).text();
    if (html.includes(text)) return performance.now() - since;
    if (performance.now() - since > 30_000) throw new Error(`${url} never showed "${text}"`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

const ms = (x: number) => `${Math.round(x)} ms`;

async function main() {
  if (!existsSync(join(repoRoot, 'site/dist-ssr/entry-server.js'))) throw new Error('Build the site first: npm run build -w site');
  const dist = await buildBenchServer();
  const cluster = await startEmbedded(join(tmp, 'pg'), () => undefined);
  try {
    const databaseUrl = await createDatabase(cluster.url, 'bench_publish');
    const urls: string[] = [];
    for (const name of ['a', 'b']) {
      const port = await freePort();
      const child = spawn(process.execPath, [join(dist, 'main.js')], {
        env: {
          PATH: process.env.PATH!,
          DATABASE_URL: databaseUrl,
          PORT: String(port),
          DATA_DIR: join(tmp, `data-${name}`),
          SITE_DIR: join(repoRoot, 'site/dist'),
          CONSOLE_DIR: join(tmp, 'no-console'),
          DRAIN_SECONDS: '0',
          NODE_ENV: 'production',
          ADMIN_EMAIL: email,
          ADMIN_PASSWORD: password,
        },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      children.push(child);
      urls.push(`http://127.0.0.1:${port}`);
      // One after the other: the first creates the Super Admin.
      await waitFor(urls.at(-1)! + api.health, child);
    }
    const [a, b] = urls;
    await addArticles(databaseUrl);
    await Promise.all(
      [a, b].map((url) => liveAfter(`${url}/insights/bench-${articles - 1}`, `Bench article ${articles - 1}<`, performance.now())),
    );
    const login = await fetch(a + api.adminLogin, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    const cookie = login.headers.getSetCookie()[0].split(';')[0];
    const headers = { 'content-type': 'application/json', cookie };
    const [item] = (await (await fetch(a + api.content('testimonials'), { headers })).json()) as Record<string, unknown>[];
    const { _id, status: _s, position: _p, updatedAt: _u, ...fields } = item;

    const articleList = (await (await fetch(a + api.content('insights'), { headers })).json()) as Record<string, unknown>[];
    const edited = articleList.find((x) => x.slug === `bench-${Math.floor(articles / 2)}`)!;
    const { _id: articleId, status: _as, position: _ap, updatedAt: _au, ...articleFields } = edited;

    /** One change through A, in turn of three kinds: what it sends, and the page and text that show it. */
    const change = (i: number, text: string): { path: string; send: () => Promise<Response> } => {
      const call = (method: string, path: string, body: object) => () => fetch(a + path, { method, headers, body: JSON.stringify(body) });
      if (i % 3 === 0) return { path: '/', send: call('PUT', api.contentItem('testimonials', String(_id)), { ...fields, quote: text }) };
      if (i % 3 === 1)
        return {
          path: `/insights/${String(articleFields.slug)}`,
          send: call('PUT', api.contentItem('insights', String(articleId)), { ...articleFields, title: text }),
        };
      const article = { ...articleFields, slug: '', title: text, date: '2027-01-01', status: 'published' };
      return { path: '/insights', send: call('POST', api.content('insights'), article) };
    };

    const one: number[] = [];
    const two: number[] = [];
    for (let i = 0; i < publishes; i++) {
      const text = `Bench change number ${i} at ${Date.now()}`;
      const { path, send } = change(i, text);
      const started = performance.now();
      const answer = await send();
      if (!answer.ok) throw new Error(`${path}: ${answer.status}`);
      const [onA, onB] = await Promise.all([liveAfter(a + path, text, started), liveAfter(b + path, text, started)]);
      one.push(onA);
      two.push(onB);
      await new Promise((r) => setTimeout(r, 100));
    }
    const status = (await (await fetch(a + api.siteStatus, { headers })).json()) as { lastDurationMs: number; pagesRendered: number };
    const lines = [
      `Publish to live (${publishes} changes through process A, with ${articles} articles: a testimonial, an article's title, a new article in turn; until the served HTML shows it)`,
      `  one process (A):            median ${ms(median(one))}, max ${ms(Math.max(...one))}`,
      `  across processes (A -> B):  median ${ms(median(two))}, max ${ms(Math.max(...two))}`,
      `  last render on A: ${status.lastDurationMs} ms, ${status.pagesRendered} pages rendered`,
      `  target: median < 300 ms, max < 1000 ms`,
    ];
    console.log(lines.join('\n'));
    writeBenchResult('publish-bench.json', { articles, oneProcessMs: one, acrossProcessesMs: two });
  } finally {
    for (const child of children) child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    await cluster.stop();
    rmSync(tmp, { recursive: true, force: true });
  }
}

/**
 * The published articles, written straight into the database (the Editor's way, 1,000 calls, would
 * only slow the setup) in one transaction that announces them as every publish does: the search
 * index follows in it, so that no measured change pays for indexing the thousand.
 */
async function addArticles(databaseUrl: string): Promise<void> {
  const rows = Array.from({ length: articles }, (_, i) => ({
    slug: `bench-${i}`,
    category: ['Web Hosting', 'Security', 'Marketing', 'Cloud', 'IT Support'][i % 5],
    title: `Bench article ${i}`,
    description: 'An article of the publish bench, one of many.',
    date: new Date(Date.UTC(2020, 0, 1) + i * 86_400_000).toISOString().slice(0, 10),
    author: 'Bench Writer',
    body: `## What it says\n\nParagraph one of article ${i}, with [a link](/contact) and **bold words**.\n\n- one\n- two\n- three\n\n${'More words for a body of ordinary length. '.repeat(40)}`,
  }));
  const database = await openDatabase(loadConfig({}), () => undefined, databaseUrl);
  try {
    await database.dataSource.transaction(async (m) => {
      await m.query(
        `INSERT INTO content_items (collection, status, position, fields)
         SELECT 'insights', 'published', 100 + ordinality, value FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY`,
        [JSON.stringify(rows)],
      );
      await notifyContentChanged(m, 'insights');
    });
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  for (const child of children) child.kill('SIGKILL');
  console.error(error);
  process.exit(1);
});
