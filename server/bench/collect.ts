/**
 * Analytics beacon bench (`tsx bench/collect.ts`): POST /api/collect on the built server (one
 * process, behind a trusted proxy so that each beacon comes from one of many addresses, as from
 * visitors), alone: beacons/s, and every beacon answered 204 is found in the database once the
 * batches are written. Then the public pages, as pages.ts asks for them, while beacons keep
 * coming at BENCH_BEACON_RATE a second: requests/s against nginx serving the same pages alone.
 *
 * BENCH_SECONDS per run (default 8), BENCH_ROUNDS (default 3; medians), BENCH_CONNECTIONS
 * (default 50), BENCH_BEACON_RATE (default 2000). Needs `npm run build -w site`.
 */
import type { ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { collectPath } from '@kafue/common/analytics';
import { startEmbedded } from '../src/db/embedded.js';
import {
  buildBenchServer,
  createDatabase,
  loadPages,
  median,
  scratchDir,
  startNginx,
  startSiteServer,
  writeBenchResult,
} from './harness.js';

const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const beaconRate = Number(process.env.BENCH_BEACON_RATE ?? 2000);

const children: ChildProcess[] = [];
const tmp = scratchDir('kafue-bench-collect-');

const paths = ['/', '/services', '/pricing?utm_source=facebook&utm_campaign=spring', '/contact', '/about'];
let sent = 0;
/** Each beacon from the next of 60,000 addresses (the per-address limit is never what is measured). */
function nextBeacon() {
  const n = sent++;
  return {
    headers: {
      'content-type': 'text/plain;charset=UTF-8',
      'x-forwarded-for': `10.${(n >> 16) % 4}.${(n >> 8) & 255}.${n & 255}`,
      'user-agent': 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Mobile Safari/537.36',
    },
    body: JSON.stringify({ type: 'pageview', path: paths[n % paths.length], referrer: 'https://www.google.com/', width: 390 }),
  };
}

/** Beacons at `url` for `duration` s (at `rate` a second when given): answered 204 per second, and in all. */
async function beacons(url: string, duration: number, rate?: number): Promise<{ perSecond: number; answered: number }> {
  const result = await autocannon({
    url,
    connections: rate ? 10 : connections,
    duration,
    ...(rate ? { overallRate: rate } : {}),
    requests: [{ method: 'POST', path: collectPath, setupRequest: (request) => ({ ...request, ...nextBeacon() }) }],
  });
  const errors = result.errors + result.timeouts + result.non2xx;
  if (errors > 0) throw new Error(`${url}${collectPath}: ${errors} errors or non-2xx answers`);
  return { perSecond: result.requests.average, answered: result['2xx'] };
}

async function main() {
  const dist = await buildBenchServer();
  const cluster = await startEmbedded(join(tmp, 'pg'), () => undefined);
  const databaseUrl = await createDatabase(cluster.url, 'bench_collect');
  const db = new pg.Client({ connectionString: databaseUrl });
  try {
    const ours = await startSiteServer(dist, databaseUrl, tmp, { TRUST_PROXY: '1' });
    children.push(ours.server);
    const nginx = await startNginx(tmp);
    children.push(nginx.server);
    await db.connect();

    await beacons(ours.base, 2);
    const collectRuns: number[] = [];
    let answered = 0;
    for (let r = 0; r < rounds; r++) {
      const run = await beacons(ours.base, seconds);
      collectRuns.push(run.perSecond);
      answered += run.answered;
    }
    // The last batch is written within a second.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const [{ stored }] = (await db.query<{ stored: number }>(`SELECT count(*)::int AS stored FROM analytics_events`)).rows;
    const expected = sent;
    if (stored !== expected) throw new Error(`${expected} beacons answered 204, ${stored} stored`);

    const load = (url: string) => loadPages(url, { seconds, connections });
    await load(ours.base);
    await load(nginx.base);
    const ourRuns: number[] = [];
    const nginxRuns: number[] = [];
    const beaconRuns: number[] = [];
    for (let r = 0; r < rounds; r++) {
      const [pagesPerSecond, during] = await Promise.all([load(ours.base), beacons(ours.base, seconds, beaconRate)]);
      ourRuns.push(pagesPerSecond);
      beaconRuns.push(during.perSecond);
      nginxRuns.push(await load(nginx.base));
    }
    const collectRps = median(collectRuns);
    const [ourRps, nginxRps] = [median(ourRuns), median(nginxRuns)];
    console.log(
      [
        `POST ${collectPath} alone (1 process, ${connections} connections, ${seconds} s x ${rounds} rounds, medians)`,
        `  ${Math.round(collectRps)} beacons/s   runs: ${collectRuns.map(Math.round).join(', ')}   (${answered} answered 204 in the runs; all ${stored} beacons sent are stored)`,
        `Public pages while beacons come at ${beaconRate}/s (got ${beaconRuns.map(Math.round).join(', ')})`,
        `  ours: ${Math.round(ourRps)} requests/s   runs: ${ourRuns.map(Math.round).join(', ')}`,
        `  nginx alone: ${Math.round(nginxRps)} requests/s   runs: ${nginxRuns.map(Math.round).join(', ')}`,
        `  ratio ours/nginx: ${(ourRps / nginxRps).toFixed(2)}x`,
      ].join('\n'),
    );
    writeBenchResult('collect-bench.json', {
      connections,
      seconds,
      rounds,
      beaconsPerSecond: collectRuns,
      stored,
      beaconRate,
      beaconsDuringPages: beaconRuns,
      pagesOurs: ourRuns,
      pagesNginx: nginxRuns,
      ratio: ourRps / nginxRps,
    });
  } finally {
    await db.end().catch(() => undefined);
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
