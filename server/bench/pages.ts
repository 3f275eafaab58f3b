/**
 * Public pages bench (part of `npm run bench -w server`, or `tsx bench/pages.ts`): the same pages
 * served by our built server (one process, pages from memory, rendered from the database) and
 * by nginx (Debian's /usr/sbin/nginx, one worker, gzip_static on the site's own build, which
 * holds the same pages), both asked for gzip. Checks that both send the same pages, then loads
 * /, /services and /projects one at a time; prints requests/s of each and the ratios.
 *
 * Each server's CPU per answer (from /proc) is printed beside: the load generator, one thread in
 * this process, bounds both rates, and the CPU per answer is what a faster client would show.
 *
 * BENCH_SECONDS per run (default 8), BENCH_ROUNDS rounds alternating (default 3; medians),
 * BENCH_CONNECTIONS (default 50). Needs `npm run build -w site` (site/dist and site/dist-ssr).
 */
import type { ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { startEmbedded } from '../src/db/embedded.js';
import {
  buildBenchServer,
  cpuSeconds,
  createDatabase,
  loadPages,
  median,
  scratchDir,
  sitePages,
  startNginx,
  startSiteServer,
  verdict,
  writeBenchResult,
} from './harness.js';

const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const pages = sitePages;
/** The pages the verdict is on: the home page and the two the site's calls to action lead to. */
const measured = ['/', '/services', '/projects'];

const children: ChildProcess[] = [];
const tmp = scratchDir('kafue-bench-pages-');

const load = (url: string, path: string) => loadPages(url, { seconds, connections, paths: [path] });

interface Run {
  rate: number;
  /** µs of the server's CPU an answer. */
  cpu: number;
}
/** A run of `path` on a server: its requests/s and the server's CPU per answer. */
async function run(server: ChildProcess, url: string, path: string): Promise<Run> {
  const cpu = cpuSeconds(server.pid!);
  const rate = await load(url, path);
  return { rate, cpu: ((cpuSeconds(server.pid!) - cpu) * 1e6) / (rate * seconds) };
}

async function main() {
  const dist = await buildBenchServer();
  const cluster = await startEmbedded(join(tmp, 'pg'), () => undefined);
  try {
    const databaseUrl = await createDatabase(cluster.url, 'bench_pages');
    const ours = await startSiteServer(dist, databaseUrl, tmp);
    children.push(ours.server);
    const ourUrl = ours.base;
    const nginx = await startNginx(tmp);
    children.push(nginx.server);
    const nginxUrl = nginx.base;

    // Both answer the same pages, compressed the same way; but for the forms' hidden startedAt
    // (every page's newsletter form, the contact form), which only the server writes (when it
    // rendered the page: the spam timing rule).
    const withoutStartedAt = (html: string) => html.replace(/<input type="hidden" name="startedAt" value="\d+"\/>/g, '');
    // The measured ones with the same headers too, but for those each server writes of itself
    // (harness.ts: pageHeaders).
    const own = new Set(['date', 'etag', 'keep-alive', 'last-modified', 'server', 'content-length']);
    const headersOf = (answer: Response) => JSON.stringify([...answer.headers].filter(([name]) => !own.has(name)));
    for (const path of pages) {
      const [a, b] = await Promise.all([fetch(ourUrl + path), fetch(nginxUrl + path)]);
      if (a.status !== 200 || b.status !== 200) throw new Error(`${path}: ${a.status} / ${b.status}`);
      if (measured.includes(path) && headersOf(a) !== headersOf(b))
        throw new Error(`${path}: our headers ${headersOf(a)}, nginx's ${headersOf(b)}`);
      const [x, y] = [withoutStartedAt(await a.text()), await b.text()];
      if (x !== y) {
        const i = [...x].findIndex((c, j) => c !== y[j]);
        throw new Error(
          `${path}: our page differs from site/dist's at ${i}: ${JSON.stringify(x.slice(i - 60, i + 60))} / ${JSON.stringify(y.slice(i - 60, i + 60))}`,
        );
      }
    }

    // The verdict: each of the busiest pages alone, ours and nginx's rounds alternating.
    const results = [];
    for (const path of measured) {
      await load(ourUrl, path);
      await load(nginxUrl, path);
      const ourRuns: Run[] = [];
      const nginxRuns: Run[] = [];
      for (let r = 0; r < rounds; r++) {
        ourRuns.push(await run(ours.server, ourUrl, path));
        nginxRuns.push(await run(nginx.server, nginxUrl, path));
      }
      const [our, their] = [ourRuns, nginxRuns].map((runs) => ({
        rate: median(runs.map((x) => x.rate)),
        cpu: median(runs.map((x) => x.cpu)),
        runs: runs.map((x) => Math.round(x.rate)),
      }));
      results.push({ path, ours: our, nginx: their, ratio: our.rate / their.rate });
    }
    const lines = [
      `Public pages (gzip, ${connections} connections, ${seconds} s x ${rounds} rounds, medians; ours: 1 process, from memory; nginx: 1 worker, gzip_static)`,
    ];
    for (const { path, ours: our, nginx: their, ratio } of results)
      lines.push(
        `  ${path.padEnd(10)} ours ${Math.round(our.rate)} requests/s (${our.cpu.toFixed(1)} µs of CPU an answer), nginx ${Math.round(their.rate)} (${their.cpu.toFixed(1)} µs): ${ratio.toFixed(2)}x   runs: ${our.runs.join(', ')} / ${their.runs.join(', ')}`,
      );
    console.log(lines.join('\n'));
    verdict(
      results.every((r) => r.ratio >= 1),
      `public pages at least 1.0x nginx on the same files, on ${measured.join(', ')} (the aim)`,
    );
    writeBenchResult('pages-bench.json', { connections, seconds, rounds, results });
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
