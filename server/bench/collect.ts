/**
 * Analytics beacon bench (`tsx bench/collect.ts`): POST /api/collect on the built server (one
 * process, behind a trusted proxy so that each beacon comes from one of many addresses, as from
 * visitors), alone: beacons/s, and every beacon answered 204 is found in the database once the
 * batches are written. Then the public pages, as pages.ts asks for them, while beacons come at
 * BENCH_BEACON_RATE a second, against nginx serving the same pages while the same beacons come to
 * it (answered 204 at once): both servers carry the same extra load, and the beacons come from a
 * process of their own (bench/beacon-stream.ts), so that they neither share the page load
 * generator's event loop nor fall short of their rate behind the pages (each rate achieved is printed).
 *
 * BENCH_SECONDS per run (default 8), BENCH_ROUNDS (default 3; medians), BENCH_CONNECTIONS
 * (default 50), BENCH_BEACON_RATE (default 2000). Needs `npm run build -w site`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { collectPath } from '@kafue/common/analytics';
import { startEmbedded } from '../src/db/embedded.js';
import { sendBeacons, sent, type BeaconRun } from './beacon-stream.js';
import {
  buildBenchServer,
  cpuSeconds,
  createDatabase,
  loadPages,
  median,
  scratchDir,
  siteServer,
  startNginx,
  startSiteServer,
  verdict,
  writeBenchResult,
} from './harness.js';

const here = dirname(fileURLToPath(import.meta.url));
const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const beaconRate = Number(process.env.BENCH_BEACON_RATE ?? 2000);

const children: ChildProcess[] = [];
const tmp = scratchDir('kafue-bench-collect-');

/**
 * Beacons at `url` at `rate` a second, from a process of their own, for as long as `during` takes
 * (they begin before it and end after it): what `during` answers, the beacons' run, and the cores
 * the server `pid` used meanwhile (under one: the machine, not the server, held the figures back).
 */
async function whileBeaconsCome<T>(url: string, pid: number, during: () => Promise<T>): Promise<[T, BeaconRun, number]> {
  const stream = spawn(
    process.execPath,
    ['--import', 'tsx', join(here, 'beacon-stream.ts'), url, String(seconds + 1), String(beaconRate)],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  children.push(stream);
  const lines = createInterface({ input: stream.stdout })[Symbol.asyncIterator]();
  if ((await lines.next()).value !== 'started') throw new Error('the beacon stream did not start');
  const [cpu, started] = [cpuSeconds(pid), performance.now()];
  const answer = await during();
  const { value } = await lines.next();
  if (typeof value !== 'string') throw new Error('the beacon stream failed');
  return [answer, JSON.parse(value) as BeaconRun, ((cpuSeconds(pid) - cpu) * 1000) / (performance.now() - started)];
}

async function main() {
  const dist = await buildBenchServer();
  const cluster = await startEmbedded(join(tmp, 'pg'), () => undefined);
  const databaseUrl = await createDatabase(cluster.url, 'bench_collect');
  const db = new pg.Client({ connectionString: databaseUrl });
  try {
    const ours = await startSiteServer(dist, databaseUrl, tmp, { TRUST_PROXY: '1' });
    children.push(ours.server);
    // The beacon's answer when nothing is counted: what nginx does with the same beacons.
    const nginx = await startNginx(tmp, `${siteServer}\n    location = ${collectPath} { return 204; }`);
    children.push(nginx.server);
    await db.connect();

    await sendBeacons(ours.base, 2, { connections });
    const collectRuns: number[] = [];
    const cpuPerBeacon: number[] = [];
    let answered = 0;
    for (let r = 0; r < rounds; r++) {
      const cpu = cpuSeconds(ours.server.pid!);
      const run = await sendBeacons(ours.base, seconds, { connections });
      collectRuns.push(run.perSecond);
      cpuPerBeacon.push(((cpuSeconds(ours.server.pid!) - cpu) * 1e6) / run.answered);
      answered += run.answered;
    }
    // The last batch is written within a second.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const [{ stored }] = (await db.query<{ stored: number }>(`SELECT count(*)::int AS stored FROM analytics_events`)).rows;
    if (stored !== sent) throw new Error(`${sent} beacons answered 204, ${stored} stored`);

    const servers = { ours, nginx };
    const runs = {
      ours: { pages: [] as number[], beacons: [] as number[], cores: [] as number[] },
      nginx: { pages: [] as number[], beacons: [] as number[], cores: [] as number[] },
    };
    for (let r = -1; r < rounds; r++) {
      for (const name of ['ours', 'nginx'] as const) {
        const { base, server } = servers[name];
        const [pages, beacons, cores] = await whileBeaconsCome(base, server.pid!, () => loadPages(base, { seconds, connections }));
        // Round -1 warms both up.
        if (r < 0) continue;
        runs[name].pages.push(pages);
        runs[name].beacons.push(beacons.perSecond);
        runs[name].cores.push(cores);
      }
    }
    const collectRps = median(collectRuns);
    const [ourRps, nginxRps] = [median(runs.ours.pages), median(runs.nginx.pages)];
    const figures = (xs: number[], digits = 0) => xs.map((x) => x.toFixed(digits)).join(', ');
    const during = (name: 'ours' | 'nginx') =>
      `  ${name}: ${Math.round(median(runs[name].pages))} requests/s   runs: ${figures(runs[name].pages)}   ` +
      `(beacons/s: ${figures(runs[name].beacons)}; server CPU, cores: ${figures(runs[name].cores, 2)})`;
    console.log(
      [
        `POST ${collectPath} alone (1 process, ${connections} connections, ${seconds} s x ${rounds} rounds, medians)`,
        `  ${Math.round(collectRps)} beacons/s   runs: ${figures(collectRuns)}   (${answered} answered 204 in the runs; all ${stored} beacons sent are stored)`,
        `  server CPU per beacon: ${Math.round(median(cpuPerBeacon))} µs   runs: ${figures(cpuPerBeacon)}`,
        `Public pages while beacons come to the same server at ${beaconRate}/s`,
        during('ours'),
        during('nginx'),
        `  ratio ours/nginx: ${(ourRps / nginxRps).toFixed(2)}x`,
      ].join('\n'),
    );
    verdict(collectRps >= 2000, `${collectPath} at least 2,000 a second on one process`);
    verdict(ourRps / nginxRps >= 0.8, 'public pages at least 0.8x nginx while the beacons come');
    writeBenchResult('collect-bench.json', {
      connections,
      seconds,
      rounds,
      beaconsPerSecond: collectRuns,
      cpuMicrosecondsPerBeacon: cpuPerBeacon,
      stored,
      beaconRate,
      duringBeacons: runs,
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
