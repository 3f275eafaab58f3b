/**
 * Processes on one database (npm run bench -w server, after run.ts): the built server behind the
 * load balancer of the rolling-restart test (test/balancer.ts), all on one embedded PostgreSQL,
 * under its mixed load of reads and writes at BENCH_CONNECTIONS (default 50). Prints requests
 * per second of one process, then of two, for BENCH_SECONDS each (default 8), then the failed
 * requests of a rolling restart of both (target 0). On two cores two processes serve about as
 * much as one: the point is correctness and no loss. The balancer and the clients share this
 * process, and every fortieth request hashes a password (a create), so the figures are far below
 * run.ts's reads: compare one process with two, not with those. Writes
 * bench-results/server-processes.json.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { startEmbedded } from '../src/db/embedded.js';
import { Balancer, lostWrites, mixedLoad, rollingRestart, seedStaff, signInBearer } from '../test/balancer.js';
import { cleanUp, startServer } from '../test/spawn-server.js';
import { buildBenchServer, createDatabase, scratchDir, writeBenchResult } from './harness.js';

const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const admin = { email: 'bench@kafue.test', password: 'bench password 1' };

const tmp = scratchDir('kafue-bench-processes-');

async function main() {
  const dist = await buildBenchServer();
  const cluster = await startEmbedded(join(tmp, 'pg'), () => undefined);
  const balancer = new Balancer(100);
  try {
    const databaseUrl = await createDatabase(cluster.url, 'bench');
    const env = { DATABASE_URL: databaseUrl, DRAIN_SECONDS: '1', ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password };
    let started = 0;
    const start = () => startServer(dist, join(tmp, `data-${started++}`), env);
    await balancer.listen();

    const a = await start();
    await balancer.addReady(a.url);
    const token = await signInBearer(balancer.url, admin);

    const members = await seedStaff(databaseUrl, connections);
    const measure = async () => {
      const load = mixedLoad(balancer.url, token, members);
      await new Promise((r) => setTimeout(r, seconds * 1000));
      await load.stop();
      return { rps: Math.round(load.ok / seconds), failed: load.failed.length, firstFailure: load.failed[0] };
    };
    const one = await measure();
    const b = await start();
    await balancer.addReady(b.url);
    const two = await measure();

    const load = mixedLoad(balancer.url, token, members);
    const startedAt = performance.now();
    const a2 = await rollingRestart(balancer, a, start);
    const b2 = await rollingRestart(balancer, b, start);
    await load.stop();
    const rolling = {
      seconds: Math.round((performance.now() - startedAt) / 100) / 10,
      answered: load.ok,
      failed: load.failed.length,
      firstFailure: load.failed[0],
      lostWrites: (await lostWrites(databaseUrl, load.acknowledged)).length,
      exitCodes: [a2.exitCode, b2.exitCode],
    };
    for (const s of [a2.running, b2.running]) await s.stop('SIGTERM');

    console.log(
      `\nProcesses on one database behind a load balancer: ${connections} connections, reads and writes (3:1), ${seconds} s each`,
    );
    console.log(`one process:   ${one.rps} req/s, ${one.failed} failed`);
    console.log(`two processes: ${two.rps} req/s, ${two.failed} failed (ratio ${(two.rps / one.rps).toFixed(2)})`);
    console.log(
      `rolling restart of both (${rolling.seconds} s): ${rolling.answered} answered, ${rolling.failed} failed requests, ` +
        `${rolling.lostWrites} acknowledged writes lost, old processes exited ${rolling.exitCodes.join(', ')}`,
    );
    for (const failure of [one.firstFailure, two.firstFailure, rolling.firstFailure].filter(Boolean)) console.log(`a failure: ${failure}`);
    const ok = rolling.failed === 0 && rolling.lostWrites === 0 && one.failed === 0 && two.failed === 0;
    console.log(`Target: ${ok ? 'met' : 'MISSED'}: 0 failed requests, 0 lost writes`);

    writeBenchResult('server-processes.json', { connections, seconds, one, two, rolling });
    process.exitCode = ok ? 0 : 1;
  } finally {
    await balancer.close();
    cleanUp();
    await cluster.stop();
    rmSync(tmp, { recursive: true, force: true });
  }
}

await main();
