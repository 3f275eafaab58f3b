/**
 * Leads at scale (npm run bench -w server, or npm run bench:leads -w server): the built server on
 * an embedded PostgreSQL holding BENCH_ENQUIRIES enquiries (default 200,000, over two years, each
 * with a due time, most answered, a tenth won and a tenth lost), 40,000 replies and 20,000 quotes
 * (a third accepted). Measures, at BENCH_CONNECTIONS_INBOX connections (default 20) for
 * BENCH_SECONDS (default 8): the inbox's first page sorted by time left (the list's
 * `sort=responseDueAt`; its ORDER BY is also timed in SQL alone, 500 runs, and the call one at a
 * time, 200 calls, which tells the server's own time from the wait behind the other connections)
 * and the contact list's first page; then a year's lead report, 20 calls one after another.
 * Targets: first page p99 under 50 ms, a year's report under 500 ms. Writes
 * bench-results/leads-bench.json.
 */
import type { ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { api } from '@kafue/common/contract';
import { startEmbedded } from '../src/db/embedded.js';
import { replyWaitsBackfill } from '../src/db/migrations/1795600000290-ReplyWaits.js';
import { buildBenchServer, createDatabase, signInBenchAdmin, startBenchServer, scratchDir, writeBenchResult } from './harness.js';

const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const connections = Number(process.env.BENCH_CONNECTIONS_INBOX ?? 20);
const count = Number(process.env.BENCH_ENQUIRIES ?? 200_000);
const replies = Math.round(count / 5);
const quotes = Math.round(count / 10);

const tmp = scratchDir('kafue-bench-leads-');
let server: ChildProcess | undefined;

const percentile = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))];
const round = (x: number) => Math.round(x * 10) / 10;

async function main() {
  const dist = await buildBenchServer();
  const cluster = await startEmbedded(join(tmp, 'pg'), () => undefined);
  try {
    const databaseUrl = await createDatabase(cluster.url, 'bench_leads');
    let base: string;
    ({ server, base } = await startBenchServer(dist, databaseUrl, tmp));

    // The data, straight into the database. One address in four writes again (a returning contact).
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    const started = performance.now();
    await db.query(
      `INSERT INTO staff_users (name, email, role, status, password_hash)
       SELECT 'Bench Staff ' || i, 'staff' || i || '@kafue.test', 'Staff', 'Active', 'x' FROM generate_series(1, 10) i`,
    );
    await db.query(
      `INSERT INTO enquiries (full_name, email, service, message, kind, request, status, stage, created_at, response_due_at, first_response_at, awaiting_reply_since, assignee_id)
       SELECT 'Person ' || (i % ($1 * 3 / 4)), 'person' || (i % ($1 * 3 / 4)) || '@example.com',
              (ARRAY['Web Development', 'Cybersecurity', 'Digital Marketing', 'Other', NULL])[1 + i % 5],
              'Please send us a quote for the work we discussed.',
              (ARRAY['message', 'service', 'quote', 'consultation'])[1 + i % 4],
              CASE i % 4 WHEN 1 THEN jsonb_build_object('kind', 'service', 'title', 'Website ' || (i % 7))
                         WHEN 2 THEN jsonb_build_object('kind', 'quote', 'model', 'monthly', 'plan', jsonb_build_object('name', (ARRAY['Starter', 'Business', 'Enterprise'])[1 + i % 3])) END,
              CASE WHEN i % 33 = 0 THEN 'Spam' WHEN i % 10 IN (1, 2) THEN 'Closed' ELSE (ARRAY['New', 'Open'])[1 + i % 2] END,
              CASE i % 10 WHEN 1 THEN 'won' WHEN 2 THEN 'lost' WHEN 3 THEN 'quoted' WHEN 4 THEN 'new' ELSE 'contacted' END,
              t, t + interval '4 hours',
              CASE WHEN i % 10 <> 4 THEN t + (i % 360) * interval '1 minute' END,
              CASE WHEN i % 10 = 4 THEN t END,
              CASE WHEN i % 3 = 1 THEN (SELECT id FROM staff_users ORDER BY email OFFSET i % 10 LIMIT 1) END
         FROM generate_series(1, $1) AS i, LATERAL (SELECT now() - (i * (730.0 / $1)) * interval '1 day' AS t) AS at`,
      [count],
    );
    // Each enquiry's own wait for a reply, and a later client message on a third of those answered.
    await db.query(replyWaitsBackfill);
    await db.query(
      `INSERT INTO reply_waits (enquiry_id, since, due_at, answered_at)
       SELECT id, created_at + interval '1 day', created_at + interval '1 day 4 hours', created_at + interval '1 day 1 hour'
         FROM enquiries WHERE first_response_at IS NOT NULL AND abs(hashtext(id::text)) % 3 = 0`,
    );
    const [{ id: adminId }] = (await db.query(`SELECT id FROM admins LIMIT 1`)).rows;
    await db.query(
      `INSERT INTO enquiry_replies (enquiry_id, subject, body, mail_id, message_id, author_kind, author_id, author_name, created_at)
       SELECT e.id, 'Re: your enquiry', 'Thank you, here is our answer.', gen_random_uuid(), '<' || e.id || '@kafue.test>', 'admin', $2, 'Bench', e.first_response_at
         FROM enquiries e WHERE e.first_response_at IS NOT NULL ORDER BY e.created_at LIMIT $1`,
      [replies, adminId],
    );
    await db.query(
      `INSERT INTO quotes (number, year, seq, enquiry_id, status, currency, lines, valid_until, total_once, total_monthly, sent_at, accepted_at, created_by_kind, created_by_id, created_at)
       SELECT 'Q-' || extract(year FROM e.created_at) || '-' || lpad(n::text, 6, '0'), extract(year FROM e.created_at), n, e.id,
              CASE WHEN e.stage = 'won' THEN 'accepted' ELSE 'sent' END, (ARRAY['USD', 'ZMW'])[1 + n % 2], '[]',
              (e.created_at + interval '30 days')::date, 500 + n % 1000, n % 200,
              e.created_at + interval '1 day', CASE WHEN e.stage = 'won' THEN e.created_at + interval '3 days' END, 'admin', $2, e.created_at
         FROM (SELECT id, created_at, stage, row_number() OVER (ORDER BY created_at) AS n FROM enquiries WHERE stage IN ('won', 'quoted') LIMIT $1) e`,
      [quotes, adminId],
    );
    await db.query('VACUUM ANALYZE');
    const seedSeconds = (performance.now() - started) / 1000;
    const counts = (
      await db.query(
        `SELECT (SELECT count(*) FROM enquiries)::int AS enquiries, (SELECT count(*) FROM enquiry_replies)::int AS replies,
                (SELECT count(*) FROM quotes)::int AS quotes`,
      )
    ).rows[0] as { enquiries: number; replies: number; quotes: number };
    console.log(`Seeded ${counts.enquiries} enquiries, ${counts.replies} replies, ${counts.quotes} quotes in ${seedSeconds.toFixed(1)} s`);

    // The inbox sorted by time left, in SQL alone: the enquiries awaiting our reply first, soonest due first.
    const byTimeLeft = `SELECT e.*, s.name FROM enquiries e LEFT JOIN staff_users s ON s.id = e.assignee_id
       WHERE e.status <> 'Spam' AND e.awaiting_reply_since IS NOT NULL ORDER BY e.response_due_at, e.id LIMIT 25`;
    const sqlMs: number[] = [];
    for (let i = 0; i < 500; i++) {
      const plan = (await db.query(`EXPLAIN (ANALYZE, FORMAT JSON) ${byTimeLeft}`)).rows[0]['QUERY PLAN'][0];
      sqlMs.push(plan['Execution Time']);
      if (i === 0 && process.env.BENCH_EXPLAIN)
        console.log(JSON.stringify(plan.Plan, ['Node Type', 'Index Name', 'Actual Total Time', 'Plans'], 1));
    }
    await db.end();
    const sqlTimeLeft = { p50: round(percentile(sqlMs, 0.5)), p99: round(percentile(sqlMs, 0.99)) };
    console.log(`Inbox by time left, SQL alone (500 runs): p50 ${sqlTimeLeft.p50} ms, p99 ${sqlTimeLeft.p99} ms`);

    const cookie = await signInBenchAdmin(base);

    const cases = [
      { name: 'inbox by time left', path: `${api.enquiries}?sort=responseDueAt` },
      { name: 'contacts first page', path: api.contacts },
    ];
    const results: Record<string, { p50: number; p99: number; rps: number; errors: number }> = {};
    for (const c of cases) {
      await autocannon({ url: base + c.path, connections, duration: 2, headers: { cookie } });
      const r = await autocannon({ url: base + c.path, connections, duration: seconds, headers: { cookie } });
      results[c.name] = {
        p50: r.latency.p50,
        p99: r.latency.p99,
        rps: Math.round(r.requests.average),
        errors: r.errors + r.timeouts + r.non2xx,
      };
    }

    // The first page by time left, one call at a time.
    const alone: number[] = [];
    for (let i = 0; i < 200; i++) {
      const t0 = performance.now();
      const answer = await fetch(base + cases[0].path, { headers: { cookie } });
      await answer.arrayBuffer();
      if (!answer.ok) throw new Error(`${cases[0].path}: ${answer.status}`);
      alone.push(performance.now() - t0);
    }
    const timeLeftAlone = { p50: round(percentile(alone, 0.5)), p99: round(percentile(alone, 0.99)) };

    // A year's report, by month and by week, one call at a time.
    const to = new Date();
    const from = new Date(to.getTime() - 364 * 86_400_000);
    const report: Record<string, { p50: number; max: number }> = {};
    for (const by of ['month', 'week']) {
      const path = `${base}${api.leadReport}?from=${from.toISOString().slice(0, 10)}&to=${to.toISOString().slice(0, 10)}&by=${by}`;
      const times: number[] = [];
      for (let i = 0; i < 22; i++) {
        const t0 = performance.now();
        const answer = await fetch(path, { headers: { cookie } });
        await answer.arrayBuffer();
        if (!answer.ok) throw new Error(`${path}: ${answer.status}`);
        if (i >= 2) times.push(performance.now() - t0);
      }
      report[`year by ${by}`] = { p50: round(percentile(times, 0.5)), max: round(Math.max(...times)) };
    }

    console.log(`\nLeads, ${count} enquiries, ${connections} connections, ${seconds} s each`);
    for (const [name, r] of Object.entries(results)) console.log(`${name.padEnd(22)} ${JSON.stringify(r)}`);
    console.log(`inbox by time left, one call at a time: p50 ${timeLeftAlone.p50} ms, p99 ${timeLeftAlone.p99} ms`);
    for (const [name, r] of Object.entries(report)) console.log(`report, ${name.padEnd(14)} p50 ${r.p50} ms, max ${r.max} ms`);
    const checks = [
      ['first page by time left p99 < 50 ms', results['inbox by time left'].p99 < 50],
      ["a year's report < 500 ms", Object.values(report).every((r) => r.max < 500)],
      ['no errors', Object.values(results).every((r) => r.errors === 0)],
    ] as const;
    console.log('Targets: ' + checks.map(([name, ok]) => `${ok ? 'met' : 'MISSED'}: ${name}`).join('; '));
    writeBenchResult('leads-bench.json', { count, counts, connections, seconds, seedSeconds, sqlTimeLeft, results, timeLeftAlone, report });
    process.exitCode = checks.every(([, ok]) => ok) ? 0 : 1;
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
