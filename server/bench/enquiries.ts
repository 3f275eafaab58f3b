/**
 * The enquiry inbox at scale (npm run bench -w server, or npm run bench:enquiries -w server): the
 * built server on an embedded PostgreSQL holding BENCH_ENQUIRIES enquiries (default 200,000:
 * 20 first names x 50 surnames, messages of 20-60 words, spread over two years, a quarter each
 * New/Open/Closed, 3 % Spam, a third assigned). At BENCH_CONNECTIONS_INBOX connections (default 20)
 * for BENCH_SECONDS each (default 8): p50 and p99 of the first inbox page, a search (one surname:
 * 2 % of the rows) and a filtered page (status and service); then the time of exporting all of
 * them to CSV and the server's peak memory growth meanwhile. Targets: p99 under 50 ms,
 * search under 100 ms, export streamed with memory growth under 50 MB. Writes
 * bench-results/enquiries-bench.json.
 */
import type { ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { api } from '@kafue/common/contract';
import { startEmbedded } from '../src/db/embedded.js';
import { buildBenchServer, createDatabase, signInBenchAdmin, startBenchServer, rssMiB, scratchDir, writeBenchResult } from './harness.js';

const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const connections = Number(process.env.BENCH_CONNECTIONS_INBOX ?? 20);
const count = Number(process.env.BENCH_ENQUIRIES ?? 200_000);

const tmp = scratchDir('kafue-bench-enquiries-');
let server: ChildProcess | undefined;

const firstNames = [
  'Chanda',
  'Mwila',
  'Bwalya',
  'Mulenga',
  'Chipo',
  'Natasha',
  'Kondwani',
  'Thandiwe',
  'Lubasi',
  'Mutale',
  'Grace',
  'Peter',
  'Ada',
  'Joseph',
  'Esther',
  'Daniel',
  'Ruth',
  'Samuel',
  'Mary',
  'John',
];
const surnames = Array.from(
  { length: 50 },
  (_, i) =>
    ['Banda', 'Phiri', 'Tembo', 'Zulu', 'Mwanza', 'Lungu', 'Daka', 'Sakala', 'Ngoma', 'Musonda'][i % 10] +
    (i < 10 ? '' : ['son', 'wa', 'ko', 'li'][Math.floor(i / 10) - 1]),
);
const words = (
  'we need a new website for our shop please quote the price of cctv cameras at two offices and the warehouse ' +
  'our email keeps failing can you help with microsoft setup networking server backup security audit marketing social media ' +
  'logo design business cards by next month budget is limited call me in the morning thanks regards'
).split(' ');

async function main() {
  const dist = await buildBenchServer();
  const cluster = await startEmbedded(join(tmp, 'pg'), () => undefined);
  try {
    const databaseUrl = await createDatabase(cluster.url, 'bench_enquiries');

    let base: string;
    ({ server, base } = await startBenchServer(dist, databaseUrl, tmp));

    // The data, straight into the database (the form's limit would take days).
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    let started = performance.now();
    await db.query(
      `INSERT INTO staff_users (name, email, role, status, password_hash)
       SELECT 'Bench Staff ' || i, 'staff' || i || '@kafue.test', 'Staff', 'Active', 'x' FROM generate_series(1, 10) i`,
    );
    await db.query(
      `INSERT INTO enquiries (full_name, email, phone, service, message, status, assignee_id, created_at, read_at)
       SELECT f || ' ' || s, lower(f) || '.' || lower(s) || i || '@example.com',
              CASE WHEN i % 3 = 0 THEN '+260 97 ' || lpad((i % 10000000)::text, 7, '0') END,
              (ARRAY['Web Development', 'Cybersecurity', 'Digital Marketing', 'Other', NULL])[1 + i % 5],
              (SELECT string_agg(($3::text[])[1 + floor(random() * cardinality($3::text[]))::int], ' ')
                 FROM generate_series(1, 20 + (i * 7) % 41) AS w(n) WHERE i > 0),
              CASE WHEN i % 33 = 0 THEN 'Spam' ELSE (ARRAY['New', 'Open', 'Closed', 'New'])[1 + i % 4] END,
              CASE WHEN i % 3 = 1 THEN (SELECT id FROM staff_users ORDER BY email OFFSET i % 10 LIMIT 1) END,
              now() - (i * (730.0 / $4)) * interval '1 day',
              CASE WHEN i % 2 = 0 THEN now() END
         FROM generate_series(1, $4) AS i,
              LATERAL (SELECT ($1::text[])[1 + i % cardinality($1::text[])] AS f,
                              ($2::text[])[1 + (i / 20) % cardinality($2::text[])] AS s) AS n`,
      [firstNames, surnames, words, count],
    );
    await db.query('VACUUM ANALYZE enquiries');
    const seedSeconds = (performance.now() - started) / 1000;
    const [{ n: stored }] = (await db.query(`SELECT count(*)::int AS n FROM enquiries`)).rows;
    const [{ n: matching }] = (
      await db.query(`SELECT count(*)::int AS n FROM enquiries WHERE full_name ILIKE '%tembowa%' AND status <> 'Spam'`)
    ).rows;
    const [{ n: filtered }] = (
      await db.query(`SELECT count(*)::int AS n FROM enquiries WHERE status = 'Open' AND service = 'Cybersecurity'`)
    ).rows;
    // The queries the server makes for the three pages, timed alone (no load): the database's share.
    const list = `SELECT e.*, s.name FROM enquiries e LEFT JOIN staff_users s ON s.id = e.assignee_id`;
    const search = `e.status <> 'Spam' AND (e.full_name ILIKE '%tembowa%' OR e.email ILIKE '%tembowa%' OR e.message ILIKE '%tembowa%')`;
    const queries = {
      'first page': `${list} WHERE e.status <> 'Spam' ORDER BY e.created_at DESC, e.id DESC LIMIT 25`,
      'first page total': `SELECT coalesce(sum(n), 0) FROM kafue_derived.enquiry_tally WHERE status <> 'Spam'`,
      'search page and total': `WITH matched AS MATERIALIZED (SELECT e.id, e.created_at FROM enquiries e WHERE ${search}),
        page AS (SELECT e.id, count(*) OVER () AS total FROM matched e ORDER BY e.created_at DESC, e.id DESC LIMIT 25)
        SELECT e.*, s.name, page.total FROM page JOIN enquiries e ON e.id = page.id LEFT JOIN staff_users s ON s.id = e.assignee_id
        ORDER BY e.created_at DESC, e.id DESC`,
      'filtered page': `${list} WHERE e.status = 'Open' AND e.service = 'Cybersecurity' ORDER BY e.created_at DESC, e.id DESC LIMIT 25 OFFSET 50`,
      'filtered total': `SELECT coalesce(sum(n), 0) FROM kafue_derived.enquiry_tally WHERE status = 'Open' AND service = 'Cybersecurity'`,
    };
    const queryMs: Record<string, number> = {};
    for (const [name, sql] of Object.entries(queries)) {
      const plan = (await db.query(`EXPLAIN (ANALYZE, FORMAT JSON) ${sql}`)).rows[0]['QUERY PLAN'][0];
      queryMs[name] = Math.round(plan['Execution Time'] * 10) / 10;
      if (process.env.BENCH_EXPLAIN)
        console.log(name, JSON.stringify(plan.Plan, ['Node Type', 'Index Name', 'Actual Total Time', 'Actual Rows', 'Plans'], 1));
    }
    await db.end();
    console.log(
      `Queries alone (ms): ${Object.entries(queryMs)
        .map(([k, v]) => `${k} ${v}`)
        .join(', ')}`,
    );
    console.log(`Seeded ${stored} enquiries in ${seedSeconds.toFixed(1)} s (search matches ${matching}, filter ${filtered})`);

    const cookie = await signInBenchAdmin(base);

    const cases = [
      { name: 'first inbox page', path: api.enquiries },
      { name: 'search (q=tembowa)', path: `${api.enquiries}?q=tembowa` },
      { name: 'filtered page', path: `${api.enquiries}?status=Open&service=Cybersecurity&page=3` },
    ];
    const results: Record<string, { p50: number; p99: number; rps: number; requests: number; errors: number }> = {};
    for (const c of cases) {
      const check = await fetch(base + c.path, { headers: { cookie } });
      const body = (await check.json()) as { total: number; items: unknown[] };
      if (!check.ok || body.items.length !== 25) throw new Error(`${c.path}: ${check.status}`);
      // Warm up (JIT, prepared plans, caches), then measure.
      await autocannon({ url: base + c.path, connections, duration: 2, headers: { cookie } });
      const r = await autocannon({ url: base + c.path, connections, duration: seconds, headers: { cookie } });
      results[c.name] = {
        p50: r.latency.p50,
        p99: r.latency.p99,
        rps: Math.round(r.requests.average),
        requests: r.requests.total,
        errors: r.errors + r.timeouts + r.non2xx,
      };
    }

    // Export: everything (Spam included, as the widest), read as it streams.
    const pid = server.pid!;
    const rssBefore = rssMiB(pid);
    let peak = rssBefore;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMiB(pid))), 20);
    started = performance.now();
    const response = await fetch(`${base}${api.enquiriesExport}?status=New,Open,Closed,Spam`, { headers: { cookie } });
    let bytes = 0;
    let lines = 0;
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      bytes += chunk.length;
      for (const b of chunk) if (b === 10) lines++;
    }
    const exportSeconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    peak = Math.max(peak, rssMiB(pid));
    const exportResult = {
      seconds: exportSeconds,
      megabytes: bytes / 1e6,
      lines,
      rssBeforeMiB: rssBefore,
      rssPeakMiB: peak,
      growthMiB: peak - rssBefore,
    };

    const f = (x: number) => String(x).padStart(8);
    console.log(`\nInbox, ${count} enquiries, ${connections} connections, ${seconds} s each`);
    console.log(`${''.padEnd(18)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'req/s'.padStart(8)} ${'errors'.padStart(8)}`);
    for (const [name, r] of Object.entries(results)) console.log(`${name.padEnd(18)} ${f(r.p50)} ${f(r.p99)} ${f(r.rps)} ${f(r.errors)}`);
    console.log(
      `\nCSV export of all: ${exportResult.seconds.toFixed(1)} s, ${exportResult.megabytes.toFixed(1)} MB, ${lines} lines (incl. header and line breaks inside messages); ` +
        `server RSS ${rssBefore.toFixed(1)} MiB before, peak ${peak.toFixed(1)} MiB: growth ${exportResult.growthMiB.toFixed(1)} MiB`,
    );
    const checks = [
      ['first page p99 < 50 ms', results['first inbox page'].p99 < 50],
      ['filtered page p99 < 50 ms', results['filtered page'].p99 < 50],
      ['search p99 < 100 ms', results['search (q=tembowa)'].p99 < 100],
      ['export memory growth < 50 MB', exportResult.growthMiB < 50],
      ['no errors', Object.values(results).every((r) => r.errors === 0) && response.ok],
    ] as const;
    console.log('Targets: ' + checks.map(([name, ok]) => `${ok ? 'met' : 'MISSED'}: ${name}`).join('; '));

    writeBenchResult('enquiries-bench.json', { count, connections, seconds, seedSeconds, queryMs, results, export: exportResult });
    process.exitCode = checks[4][1] ? 0 : 1;
  } finally {
    if (server && server.exitCode === null) {
      server.kill('SIGTERM');
      await new Promise((r) => server!.once('exit', r));
    }
    await cluster.stop();
    rmSync(tmp, { recursive: true, force: true });
  }
}

await main();
