/**
 * Load benchmark (npm run bench -w server): the built server over loopback, against a bare Koa
 * server answering the same reads from one PostgreSQL query (bench/baseline.ts), both on one
 * embedded PostgreSQL. Signed-in reads of the staff list and the general settings, half and
 * half, at 50 connections; then sign-in throughput on its own (argon2-bound by design).
 *
 * Bounded in time and count: BENCH_SECONDS per measured run (default 8), at most
 * BENCH_MAX_REQUESTS requests per run, BENCH_ROUNDS rounds alternating ours and baseline
 * (default 3; medians printed). Writes bench-results/server-bench.json at the repository root.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { api } from '@kafue/common/contract';
import { repoRoot } from '../src/config.js';
import { freePort, startEmbedded } from '../src/db/embedded.js';
import { buildBenchServer, createDatabase, median, rssMiB, scratchDir, waitFor, writeBenchResult } from './harness.js';

const here = dirname(fileURLToPath(import.meta.url));
const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const maxRequests = Number(process.env.BENCH_MAX_REQUESTS ?? 200_000);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const adminEmail = 'bench@kafue.test';
const adminPassword = 'bench password 1';

const children: ChildProcess[] = [];
const tmp = scratchDir('kafue-bench-');

function start(args: string[], env: Record<string, string>): ChildProcess {
  const child = spawn(process.execPath, args, {
    env: { PATH: process.env.PATH!, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.push(child);
  return child;
}

async function call(base: string, method: string, path: string, body: unknown, cookie?: string) {
  const response = await fetch(base + path, {
    method,
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return response;
}

interface Run {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  errors: number;
}

async function load(url: string, opts: Partial<autocannon.Options>, secondsOf = seconds): Promise<Run> {
  const result = await autocannon({
    url,
    connections,
    duration: secondsOf,
    maxOverallRequests: maxRequests,
    ...opts,
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

async function main() {
  const dist = await buildBenchServer();
  const cluster = await startEmbedded(join(tmp, 'pg'), () => undefined);
  try {
    const databaseUrl = await createDatabase(cluster.url, 'bench');

    const ourPort = await freePort();
    // BENCH_PROFILE=dir: CPU profile of our server (node --cpu-prof), written when it stops.
    const profile = process.env.BENCH_PROFILE ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_PROFILE] : [];
    const ours = start([...profile, join(dist, 'main.js')], {
      DATABASE_URL: databaseUrl,
      PORT: String(ourPort),
      DATA_DIR: join(tmp, 'data'),
      SITE_DIR: join(tmp, 'no-site'),
      CONSOLE_DIR: join(tmp, 'no-console'),
      DRAIN_SECONDS: '0',
      ADMIN_EMAIL: adminEmail,
      ADMIN_PASSWORD: adminPassword,
      // Metrics on, as in production: their per-request cost is part of what is measured.
      METRICS_TOKEN: 'bench metrics token',
      // The sign-in run makes thousands of attempts from one address.
      SIGNIN_FAILURES_PER_ACCOUNT: '100000',
      SIGNIN_FAILURES_PER_ADDRESS: '100000',
      SIGNIN_FAILURES_PER_ACCOUNT_CEILING: '100000',
    });
    const ourUrl = `http://127.0.0.1:${ourPort}`;
    await waitFor(ourUrl + api.health, ours, { anyAnswer: true });

    // Some data to read: 25 staff, the general settings, 8 admins for the sign-in run.
    const login = await call(ourUrl, 'POST', api.adminLogin, { email: adminEmail, password: adminPassword });
    const cookie = login.headers.getSetCookie()[0].split(';')[0];
    for (let i = 0; i < 25; i++) {
      const role = ['Staff', 'Manager', 'Intern'][i % 3];
      await call(ourUrl, 'POST', api.staff, { name: `Bench Person ${i}`, email: `person${i}@kafue.test`, role, status: 'Active' }, cookie);
    }
    await call(
      ourUrl,
      'POST',
      api.generalSettings,
      { siteName: 'Kafue', adminEmail: 'office@kafue.test', timezone: 'UTC+0', maintenanceMode: false },
      cookie,
    );
    const signInAccounts = Array.from({ length: 8 }, (_, i) => ({ email: `signin${i}@kafue.test`, password: `sign in password ${i}` }));
    for (const [i, a] of signInAccounts.entries()) {
      await call(ourUrl, 'POST', api.admins, { name: `Sign In ${i}`, ...a, role: 'Moderator' }, cookie);
    }

    const basePort = await freePort();
    const baseline = start([join(repoRoot, 'node_modules/tsx/dist/cli.mjs'), join(here, 'baseline.ts')], {
      DATABASE_URL: databaseUrl,
      PORT: String(basePort),
    });
    const baseUrl = `http://127.0.0.1:${basePort}`;
    await waitFor(baseUrl + api.staff, baseline, { anyAnswer: true });

    const reads: autocannon.Options['requests'] = [
      { method: 'GET', path: api.staff },
      { method: 'GET', path: api.generalSettings },
    ];
    const readOpts = { requests: reads, headers: { cookie } };

    // Warm up both (JIT, pools, prepared statements), then measure, alternating.
    await load(ourUrl, readOpts, 2);
    await load(baseUrl, readOpts, 2);
    const rss = { start: rssMiB(ours.pid!), end: 0, peak: 0 };
    const baseRss = { start: rssMiB(baseline.pid!), end: 0, peak: 0 };
    const sampler = setInterval(() => {
      rss.peak = Math.max(rss.peak, rssMiB(ours.pid!));
      baseRss.peak = Math.max(baseRss.peak, rssMiB(baseline.pid!));
    }, 200);
    const ourRuns: Run[] = [];
    const baseRuns: Run[] = [];
    for (let r = 0; r < rounds; r++) {
      ourRuns.push(await load(ourUrl, readOpts));
      baseRuns.push(await load(baseUrl, readOpts));
    }
    clearInterval(sampler);
    rss.end = rssMiB(ours.pid!);
    baseRss.end = rssMiB(baseline.pid!);
    rss.peak = Math.max(rss.peak, rss.start, rss.end);
    baseRss.peak = Math.max(baseRss.peak, baseRss.start, baseRss.end);

    // Sign-in throughput: 8 accounts, each sign-in a full argon2id verification.
    const signIn = await load(
      ourUrl,
      {
        connections: 8,
        requests: signInAccounts.map((a) => ({
          method: 'POST',
          path: api.adminLogin,
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ ...a, session: 'bearer' }),
        })),
      },
      Math.max(3, Math.round(seconds / 2)),
    );

    // Timing of refusals: a wrong password and an unknown email, alternating, one at a time.
    const refusalMs = { wrongPassword: [] as number[], unknownEmail: [] as number[] };
    for (let i = 0; i < 15; i++) {
      for (const [kind, email] of [
        ['wrongPassword', signInAccounts[0].email],
        ['unknownEmail', `nobody${i}@kafue.test`],
      ] as const) {
        const started = performance.now();
        const answer = await fetch(ourUrl + api.adminLogin, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email, password: 'not the password', session: 'bearer' }),
        });
        await answer.text();
        if (answer.status !== 401) throw new Error(`refusal answered ${answer.status}`);
        refusalMs[kind].push(performance.now() - started);
      }
    }
    const refusals = { wrongPassword: median(refusalMs.wrongPassword), unknownEmail: median(refusalMs.unknownEmail) };

    const summary = (runs: Run[]) => ({
      rps: Math.round(median(runs.map((x) => x.rps))),
      p50: median(runs.map((x) => x.p50)),
      p99: median(runs.map((x) => x.p99)),
      errors: runs.reduce((n, x) => n + x.errors, 0),
      requests: runs.reduce((n, x) => n + x.requests, 0),
    });
    const o = summary(ourRuns);
    const b = summary(baseRuns);
    const ratio = o.rps / b.rps;
    const ratios = ourRuns.map((x, i) => x.rps / baseRuns[i].rps);
    const mib = (x: number) => x.toFixed(1);
    const line = (name: string, s: ReturnType<typeof summary>, m: typeof rss) =>
      `${name.padEnd(14)} ${String(s.rps).padStart(7)} ${String(s.p50).padStart(8)} ${String(s.p99).padStart(8)} ${String(s.errors).padStart(7)} ${String(s.requests).padStart(9)}   ${mib(m.start)} / ${mib(m.end)} / ${mib(m.peak)}`;
    console.log(
      `\nReads: GET ${api.staff} + GET ${api.generalSettings}, signed in, ${connections} connections, ${rounds} x ${seconds} s (medians)`,
    );
    console.log(
      `${''.padEnd(14)} ${'req/s'.padStart(7)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'errors'.padStart(7)} ${'requests'.padStart(9)}   RSS MiB start / end / peak`,
    );
    console.log(line('Kafue server', o, rss));
    console.log(line('bare Koa + pg', b, baseRss));
    console.log(`ratio (median req/s, ours / bare): ${ratio.toFixed(2)}   per round: ${ratios.map((x) => x.toFixed(2)).join(', ')}`);
    console.log(
      `\nSign-in (POST ${api.adminLogin}, 8 accounts, 8 connections, argon2id): ${signIn.rps.toFixed(1)} req/s, p50 ${signIn.p50} ms, p99 ${signIn.p99} ms, errors ${signIn.errors}`,
    );

    console.log(
      `Refused sign-in, median of 15 each: wrong password ${refusals.wrongPassword.toFixed(1)} ms, unknown email ${refusals.unknownEmail.toFixed(1)} ms (ratio ${(refusals.unknownEmail / refusals.wrongPassword).toFixed(2)})`,
    );

    const checks = [
      [`ratio >= 0.5`, ratio >= 0.5],
      [`p99 < 50 ms`, o.p99 < 50],
      [`no errors`, o.errors === 0 && signIn.errors === 0],
      [`memory flat (end within 20% of start)`, rss.end <= rss.start * 1.2],
    ] as const;
    console.log('\nTargets: ' + checks.map(([name, ok]) => `${ok ? 'met' : 'MISSED'}: ${name}`).join('; '));

    writeBenchResult('server-bench.json', {
      connections,
      seconds,
      rounds,
      ours: { ...o, rss },
      baseline: { ...b, rss: baseRss },
      ratio,
      ratios,
      signIn,
      refusals,
    });
    process.exitCode = o.errors === 0 && signIn.errors === 0 ? 0 : 1;
  } finally {
    for (const child of children) {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => child.once('exit', r));
      }
    }
    await cluster.stop();
    rmSync(tmp, { recursive: true, force: true });
  }
}

await main();
