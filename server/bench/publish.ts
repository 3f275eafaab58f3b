/**
 * Publish-to-live bench (part of `npm run bench -w server`, or `tsx bench/publish.ts`): two
 * built server processes on one database. 20 times, an Editor's change to a published item goes
 * through process A; the clock runs from the call until the HTML served shows it, on A (one
 * process) and on B (across processes). Prints median and max of each; target median < 1 s,
 * max < 2 s. BENCH_PUBLISHES changes the count. Needs `npm run build -w site`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { api } from '@kafue/common/contract';
import { repoRoot } from '../src/config.js';
import { freePort, startEmbedded } from '../src/db/embedded.js';
import { buildBenchServer, createDatabase, median, scratchDir, waitFor, writeBenchResult } from './harness.js';

const publishes = Number(process.env.BENCH_PUBLISHES ?? 20);
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
    const login = await fetch(a + api.adminLogin, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    const cookie = login.headers.getSetCookie()[0].split(';')[0];
    const headers = { 'content-type': 'application/json', cookie };
    const [item] = (await (await fetch(a + api.content('testimonials'), { headers })).json()) as Record<string, unknown>[];
    const { _id, status: _s, position: _p, updatedAt: _u, ...fields } = item;

    const one: number[] = [];
    const two: number[] = [];
    for (let i = 0; i < publishes; i++) {
      const quote = `Bench quote number ${i} at ${Date.now()}`;
      const started = performance.now();
      const answer = await fetch(a + api.contentItem('testimonials', String(_id)), {
        method: 'PUT',
        headers,
        body: JSON.stringify({ ...fields, quote }),
      });
      if (!answer.ok) throw new Error(`PUT: ${answer.status}`);
      const [onA, onB] = await Promise.all([liveAfter(a + '/', quote, started), liveAfter(b + '/', quote, started)]);
      one.push(onA);
      two.push(onB);
      await new Promise((r) => setTimeout(r, 100));
    }
    const status = (await (await fetch(a + api.siteStatus, { headers })).json()) as { lastDurationMs: number; pagesRendered: number };
    const lines = [
      `Publish to live (${publishes} publishes of a testimonial through process A; until the served HTML shows it)`,
      `  one process (A):            median ${ms(median(one))}, max ${ms(Math.max(...one))}`,
      `  across processes (A -> B):  median ${ms(median(two))}, max ${ms(Math.max(...two))}`,
      `  last render on A: ${status.lastDurationMs} ms, ${status.pagesRendered} pages rendered`,
      `  target: median < 1000 ms, max < 2000 ms`,
    ];
    console.log(lines.join('\n'));
    writeBenchResult('publish-bench.json', { oneProcessMs: one, acrossProcessesMs: two });
  } finally {
    for (const child of children) child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    await cluster.stop();
    rmSync(tmp, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  for (const child of children) child.kill('SIGKILL');
  console.error(error);
  process.exit(1);
});
