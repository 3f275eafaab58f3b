/**
 * Public pages bench (part of `npm run bench -w server`, or `tsx bench/pages.ts`): the same pages
 * served by our built server (one process, pages from memory, rendered from the database) and
 * by nginx (Debian's /usr/sbin/nginx, one worker, gzip_static on the site's own build, which
 * holds the same pages), both asked for gzip. Prints requests/s of each and the ratio.
 *
 * BENCH_SECONDS per run (default 8), BENCH_ROUNDS rounds alternating (default 3; medians),
 * BENCH_CONNECTIONS (default 50). Needs `npm run build -w site` (site/dist and site/dist-ssr).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { api } from '@kafue/common/contract';
import { repoRoot } from '../src/config.js';
import { freePort, startEmbedded } from '../src/db/embedded.js';
import { buildBenchServer, createDatabase, median, nginxConfig, scratchDir, waitFor, writeBenchResult } from './harness.js';

const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const nginxBinary = process.env.NGINX ?? '/usr/sbin/nginx';
const siteDir = join(repoRoot, 'site/dist');
const pages = ['/', '/services', '/projects', '/about', '/contact', '/service/Web/0'];

const children: ChildProcess[] = [];
const tmp = scratchDir('kafue-bench-pages-');

const nginxServer = `gzip_static on;
    root ${siteDir};
    location / { try_files $uri $uri/index.html =404; }
    error_page 404 /404.html;`;

async function load(url: string): Promise<number> {
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    headers: { 'accept-encoding': 'gzip' },
    requests: pages.map((path) => ({ method: 'GET', path })),
  });
  const errors = result.errors + result.timeouts + result.non2xx;
  if (errors > 0) throw new Error(`${url}: ${errors} errors or non-2xx answers`);
  return result.requests.average;
}

async function main() {
  if (!existsSync(join(repoRoot, 'site/dist-ssr/entry-server.js'))) throw new Error('Build the site first: npm run build -w site');
  if (!existsSync(nginxBinary)) throw new Error(`${nginxBinary} not found (apt-get install nginx-light, or NGINX=path)`);
  const dist = await buildBenchServer();
  const cluster = await startEmbedded(join(tmp, 'pg'), () => undefined);
  try {
    const databaseUrl = await createDatabase(cluster.url, 'bench_pages');

    const ourPort = await freePort();
    const ours = spawn(process.execPath, [join(dist, 'main.js')], {
      env: {
        PATH: process.env.PATH!,
        DATABASE_URL: databaseUrl,
        PORT: String(ourPort),
        DATA_DIR: join(tmp, 'data'),
        SITE_DIR: siteDir,
        CONSOLE_DIR: join(tmp, 'no-console'),
        DRAIN_SECONDS: '0',
        NODE_ENV: 'production',
        ADMIN_EMAIL: 'bench@kafue.test',
        ADMIN_PASSWORD: 'bench password 1',
        METRICS_TOKEN: 'bench metrics token',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    children.push(ours);
    const ourUrl = `http://127.0.0.1:${ourPort}`;
    await waitFor(ourUrl + api.health, ours);

    const nginxPort = await freePort();
    const nginx = spawn(nginxBinary, ['-c', nginxConfig(join(tmp, 'nginx'), nginxPort, nginxServer), '-p', join(tmp, 'nginx')], {
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    children.push(nginx);
    const nginxUrl = `http://127.0.0.1:${nginxPort}`;
    await waitFor(nginxUrl + '/', nginx);

    // Both answer the same pages, compressed the same way; but for the forms' hidden startedAt
    // (every page's newsletter form, the contact form), which only the server writes (when it
    // rendered the page: the spam timing rule).
    const withoutStartedAt = (html: string) =>
      html.replace(/<input type="hidden" name="startedAt" value="\d+"\/>/g, '').replace(/,?"startedAt":\d+/g, '');
    for (const path of pages) {
      const [a, b] = await Promise.all([fetch(ourUrl + path), fetch(nginxUrl + path)]);
      if (a.status !== 200 || b.status !== 200) throw new Error(`${path}: ${a.status} / ${b.status}`);
      const [x, y] = [withoutStartedAt(await a.text()), await b.text()];
      if (x !== y) {
        const i = [...x].findIndex((c, j) => c !== y[j]);
        throw new Error(
          `${path}: our page differs from site/dist's at ${i}: ${JSON.stringify(x.slice(i - 60, i + 60))} / ${JSON.stringify(y.slice(i - 60, i + 60))}`,
        );
      }
    }

    await load(ourUrl);
    await load(nginxUrl);
    const ourRuns: number[] = [];
    const nginxRuns: number[] = [];
    for (let r = 0; r < rounds; r++) {
      ourRuns.push(await load(ourUrl));
      nginxRuns.push(await load(nginxUrl));
    }
    const ourRps = median(ourRuns);
    const nginxRps = median(nginxRuns);
    const lines = [
      `Public pages (${pages.length} pages, gzip, ${connections} connections, ${seconds} s x ${rounds} rounds, medians)`,
      `  ours (1 process, from memory): ${Math.round(ourRps)} requests/s   runs: ${ourRuns.map(Math.round).join(', ')}`,
      `  nginx (1 worker, gzip_static): ${Math.round(nginxRps)} requests/s   runs: ${nginxRuns.map(Math.round).join(', ')}`,
      `  ratio ours/nginx: ${(ourRps / nginxRps).toFixed(2)}x`,
    ];
    console.log(lines.join('\n'));
    writeBenchResult('pages-bench.json', {
      pages,
      connections,
      seconds,
      rounds,
      ours: ourRuns,
      nginx: nginxRuns,
      ratio: ourRps / nginxRps,
    });
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
