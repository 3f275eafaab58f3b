/**
 * Mobile-money callbacks across two processes (npx tsx bench/payments.ts in server): the built
 * server twice on one embedded PostgreSQL, both configured for a stand-in of pawaPay's v2 deposits
 * API in this process (test/pawapay-standin.ts) and for an SMTP server here (test/smtp.ts), behind
 * a trusted proxy (TRUST_PROXY=1: each Pay comes from its own X-Forwarded-For address, Pay being
 * limited to 10 an address in 10 minutes). BENCH_PAYMENTS accepted quotes (default 100), each with
 * one deposit started by the public Pay call, are settled COMPLETED in the stand-in; then twice as
 * many callbacks are sent at once, one per payment to each process, interleaved. Prints the time
 * from the first callback sent until every payment is recorded completed in the database, the
 * callbacks answered per second and the p50/p99 of a callback's answer time. Target (the issue's):
 * each payment recorded once, each receipt number used once: every payment completed, one receipt
 * number each without a gap (RCT-YYYY-0001 on in a fresh database), one `payment.complete` audit
 * row and one receipt mail each, every callback answered 200 and no error in the servers' logs;
 * the time is given, not judged. Writes bench-results/server-payments.json.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { calls, quotePagePath } from '@kafue/common/calls';
import { startEmbedded } from '../src/db/embedded.js';
import { startPawapayStandIn } from '../test/pawapay-standin.js';
import { bodyOf, headerOf, Smtp } from '../test/smtp.js';
import { cleanUp, startServer, type Running } from '../test/spawn-server.js';
import { buildBenchServer, createDatabase, scratchDir, signInBenchAdmin, verdict, writeBenchResult } from './harness.js';

const payments = Number(process.env.BENCH_PAYMENTS ?? 100);
/** Quotes set up at a time (across both processes). */
const setupConcurrency = 10;
/** The harness's bench admin (signInBenchAdmin), the processes' first Super Admin. */
const admin = { email: 'bench@kafue.test', password: 'bench password 1' };
const tmp = scratchDir('kafue-bench-payments-');

const callbackPath = calls.pawapayCallback.path;
/** A payer's address of the benchmarking range 198.18.0.0/15, one per quote. */
const addressOf = (i: number) => `198.18.${Math.floor(i / 250)}.${(i % 250) + 1}`;
/** An MTN MoMo number (096 and seven digits), one per quote. */
const phoneOf = (i: number) => `0961${String(i).padStart(6, '0')}`;
const payerEmail = (i: number) => `payer${i}@kafue.test`;

async function call(
  base: string,
  method: string,
  path: string,
  init: { cookie?: string; ip?: string; body?: unknown; form?: object } = {},
) {
  const headers: Record<string, string> = {};
  if (init.cookie) headers.cookie = init.cookie;
  if (init.ip) headers['x-forwarded-for'] = init.ip;
  let body: string | undefined;
  if (init.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(init.form as Record<string, string>).toString();
  } else if (init.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(init.body);
  }
  const answer = await fetch(base + path, { method, headers, body });
  const text = await answer.text();
  if (!answer.ok) throw new Error(`${method} ${path}: ${answer.status} ${text.slice(0, 300)}`);
  return text;
}

/** Waits (up to 30 s) for the first mail to `to` at the SMTP server; answers its raw text. */
async function mailTo(smtp: Smtp, to: string): Promise<string> {
  for (let i = 0; i < 3_000; i++) {
    const [mail] = smtp.to(to);
    if (mail) return mail.raw;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`no mail to ${to}`);
}

/** Runs `job` for 0..count-1, `concurrency` at a time. */
async function eachOf(count: number, concurrency: number, job: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < count) await job(next++);
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
}

/** The servers' log lines (pino's JSON, warn and above at LOG_LEVEL=warn) from `from` on, each with its level. */
function logLines(servers: Running[], from: number[]) {
  return servers.flatMap((s, n) =>
    s
      .output()
      .slice(from[n])
      .split('\n')
      .filter((line) => line.trim())
      .map((line) => {
        let level = 60;
        try {
          level = Number((JSON.parse(line) as { level?: number }).level ?? 60);
        } catch {
          // not pino's: counted as an error
        }
        return { process: n === 0 ? 'a' : 'b', level, line };
      }),
  );
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
const round1 = (x: number) => Math.round(x * 10) / 10;

async function main() {
  const pawa = await startPawapayStandIn();
  const smtp = new Smtp();
  let cluster: Awaited<ReturnType<typeof startEmbedded>> | undefined;
  let reader: pg.Client | undefined;
  try {
    await smtp.start();
    const dist = await buildBenchServer();
    cluster = await startEmbedded(join(tmp, 'pg'), () => undefined);
    const databaseUrl = await createDatabase(cluster.url, 'bench');
    const env = {
      DATABASE_URL: databaseUrl,
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      PAWAPAY_URL: pawa.url,
      PAWAPAY_TOKEN: pawa.token,
      TRUST_PROXY: '1',
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      LOG_LEVEL: 'warn',
    };
    const servers = [await startServer(dist, join(tmp, 'a'), env), await startServer(dist, join(tmp, 'b'), env)];
    const cookie = await signInBenchAdmin(servers[0].url);
    reader = new pg.Client({ connectionString: databaseUrl });
    await reader.connect();
    const db = reader;

    // Setup, as payments.test.ts does: the enquiries inserted in SQL (one statement); each quote
    // created, sent and accepted through the API (the token read from the quote's mail), then its
    // deposit started by the public Pay call; each quote on both processes in turn. Through the
    // API rather than SQL: it takes a few seconds for 100, and the quotes are what the server makes.
    const setupStarted = performance.now();
    const { rows: enquiries } = await db.query<{ id: string; email: string }>(
      `INSERT INTO enquiries (full_name, email, message, kind, status)
       SELECT 'Payer ' || i, 'payer' || i || '@kafue.test', 'A site, please.', 'quote', 'New' FROM generate_series(0, $1::int - 1) AS i
       RETURNING id, email`,
      [payments],
    );
    const enquiryOf = new Map(enquiries.map((r) => [r.email, r.id]));
    const depositIds: string[] = Array.from({ length: payments }, () => '');
    await eachOf(payments, setupConcurrency, async (i) => {
      const one = servers[i % 2].url;
      const other = servers[(i + 1) % 2].url;
      const created = JSON.parse(
        await call(one, 'POST', calls.createQuote.path, {
          cookie,
          body: {
            enquiryId: enquiryOf.get(payerEmail(i)),
            currency: 'ZMW',
            lines: [{ description: 'Website build', quantity: 1, unitPrice: 1000 + i, period: 'once' }],
            validUntil: '2099-12-31',
          },
        }),
      ) as { quote: { _id: string } };
      await call(other, 'POST', calls.sendQuote.path.replace(':id', created.quote._id), { cookie });
      const token = /\/quote\/([A-Za-z0-9_-]{43})/.exec(bodyOf(await mailTo(smtp, payerEmail(i))))![1];
      await call(one, 'POST', `${quotePagePath}/${token}/accept`, { ip: addressOf(i), form: { name: `Payer ${i}`, accept: 'yes' } });
      const paid = JSON.parse(
        await call(other, 'POST', `${quotePagePath}/${token}/pay`, { ip: addressOf(i), body: { network: 'MTN', phone: phoneOf(i) } }),
      ) as { payment: { _id: string; status: string } };
      if (paid.payment.status !== 'waiting') throw new Error(`Pay ${i}: ${paid.payment.status}`);
      depositIds[i] = paid.payment._id;
    });
    const setupSeconds = round1((performance.now() - setupStarted) / 1000);
    console.log(`${payments} quotes created, sent, accepted and paid through the API in ${setupSeconds} s`);

    // The operator completes every deposit; then each payment's callback reaches both processes at once.
    for (const [i, id] of depositIds.entries()) pawa.settle(id, { status: 'COMPLETED', providerTransactionId: `MTN-BENCH-${i}` });
    const logFrom = servers.map((s) => s.output().length);
    const askedBefore = pawa.received.length;
    const order = depositIds.flatMap((id, i) => (i % 2 === 0 ? [0, 1] : [1, 0]).map((n) => ({ id, url: servers[n].url + callbackPath })));
    const answers: { status: number; ms: number; at: number }[] = [];
    let allRecordedAt: number | undefined;
    const started = performance.now();
    const sent = Promise.all(
      order.map(async ({ id, url }) => {
        const t0 = performance.now();
        const status = await pawa.sendCallback(url, id).catch(() => 0);
        const at = performance.now();
        answers.push({ status, ms: at - t0, at: at - started });
      }),
    );
    // Watches the database until every payment is completed (or a minute has passed).
    const watched = (async () => {
      while (performance.now() - started < 60_000) {
        const {
          rows: [{ n }],
        } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM payments WHERE status = 'completed' AND id = ANY($1::uuid[])`, [
          depositIds,
        ]);
        if (n === payments) {
          allRecordedAt = performance.now() - started;
          return;
        }
        await new Promise((r) => setTimeout(r, 5));
      }
    })();
    await Promise.all([sent, watched]);

    // What was recorded: each payment once, each receipt number once and in a row.
    const { rows: byStatus } = await db.query<{ status: string; n: number }>(
      `SELECT status, count(*)::int AS n FROM payments GROUP BY status ORDER BY status`,
    );
    const { rows: receipts } = await db.query<{ receipt_number: string | null; receipt_year: number; receipt_seq: number }>(
      `SELECT receipt_number, receipt_year, receipt_seq FROM payments WHERE status = 'completed' ORDER BY receipt_seq`,
    );
    const year = receipts[0]?.receipt_year;
    const numbers = receipts.map((r) => r.receipt_number);
    const expected = Array.from({ length: payments }, (_, k) => `RCT-${year}-${String(k + 1).padStart(4, '0')}`);
    const receiptsInARow = numbers.length === payments && numbers.every((n, k) => n === expected[k]);
    const {
      rows: [audit],
    } = await db.query<{ rows: number; payments: number }>(
      `SELECT count(*)::int AS rows, count(DISTINCT target_id)::int AS payments FROM audit_log WHERE action = 'payment.complete'`,
    );
    const {
      rows: [counter],
    } = await db.query<{ last: number }>(`SELECT last FROM receipt_counters WHERE year = $1`, [year]);
    // One receipt mail a payment (the sender delivers it after the burst; up to 30 s).
    const receiptMails = () =>
      smtp.received.map((m) => /Receipt (RCT-\d{4}-\d+)/.exec(headerOf(m.raw, 'Subject') ?? '')?.[1]).filter((n) => n !== undefined);
    for (let i = 0; i < 3_000 && receiptMails().length < payments; i++) await new Promise((r) => setTimeout(r, 10));
    await new Promise((r) => setTimeout(r, 500)); // a mail sent twice would come now
    const mailed = receiptMails();
    const logs = logLines(servers, logFrom);
    const setupLogs = logLines(servers, [0, 0]).length - logs.length;
    const statusChecks = pawa.received.slice(askedBefore).filter((r) => r.method === 'GET').length;
    const errors = logs.filter((l) => l.level >= 50);
    for (const s of servers) await s.stop('SIGTERM');

    const completed = byStatus.find((r) => r.status === 'completed')?.n ?? 0;
    const durations = answers.map((a) => a.ms).sort((a, b) => a - b);
    const lastAnswerMs = Math.max(...answers.map((a) => a.at));
    const figures = {
      payments,
      callbacks: order.length,
      setupSeconds,
      allRecordedMs: allRecordedAt === undefined ? null : Math.round(allRecordedAt),
      lastAnswerMs: Math.round(lastAnswerMs),
      callbacksPerSecond: Math.round(order.length / (lastAnswerMs / 1000)),
      answerMs: { p50: round1(percentile(durations, 0.5)), p99: round1(percentile(durations, 0.99)), max: round1(durations.at(-1)!) },
      answered200: answers.filter((a) => a.status === 200).length,
      byStatus: Object.fromEntries(byStatus.map((r) => [r.status, r.n])),
      receipts: {
        distinct: new Set(numbers).size,
        first: numbers[0],
        last: numbers.at(-1),
        inARow: receiptsInARow,
        counter: counter?.last ?? null,
      },
      statusChecks,
      completeAuditRows: audit.rows,
      completeAuditPayments: audit.payments,
      receiptMails: mailed.length,
      receiptMailsDistinct: new Set(mailed).size,
      setupLogLines: setupLogs,
      logWarnings: logs.length - errors.length,
      logErrors: errors.length,
    };

    console.log(
      `\nMobile-money callbacks, two processes on one database: ${order.length} callbacks for ${payments} completed deposits, ` +
        `sent at once (a shared machine)`,
    );
    console.log(
      `every payment recorded completed ${figures.allRecordedMs ?? 'NEVER (60 s)'} ms after the first callback was sent; ` +
        `the last callback answered at ${figures.lastAnswerMs} ms`,
    );
    console.log(
      `callbacks answered: ${figures.callbacksPerSecond}/s, p50 ${figures.answerMs.p50} ms, p99 ${figures.answerMs.p99} ms ` +
        `(max ${figures.answerMs.max} ms); ${figures.answered200} of ${order.length} answered 200; ` +
        `${statusChecks} status checks asked of pawaPay`,
    );
    console.log(
      `recorded: ${completed} completed (${byStatus.map((r) => `${r.status} ${r.n}`).join(', ')}); ` +
        `${figures.receipts.distinct} distinct receipt numbers, ${figures.receipts.first} to ${figures.receipts.last}` +
        `${receiptsInARow ? ' without a gap' : ' NOT in a row'} (counter at ${figures.receipts.counter}); ` +
        `${audit.rows} payment.complete audit rows on ${audit.payments} payments; ${mailed.length} receipt mails ` +
        `(${figures.receiptMailsDistinct} distinct)`,
    );
    console.log(
      `server logs during the callbacks: ${figures.logWarnings} warnings, ${figures.logErrors} errors (${setupLogs} lines before them)`,
    );
    for (const l of logs.slice(0, 5)) console.log(`  ${l.process}: ${l.line.slice(0, 300)}`);

    const ok =
      allRecordedAt !== undefined &&
      figures.answered200 === order.length &&
      completed === payments &&
      byStatus.length === 1 &&
      figures.receipts.distinct === payments &&
      receiptsInARow &&
      figures.receipts.counter === payments &&
      audit.rows === payments &&
      audit.payments === payments &&
      mailed.length === payments &&
      figures.receiptMailsDistinct === payments &&
      errors.length === 0;
    verdict(
      ok,
      `each of ${payments} payments recorded once, each receipt number used once (in a row, one payment.complete ` +
        `row and one receipt mail each), every callback answered 200, no error logged`,
    );
    writeBenchResult('server-payments.json', figures);
    process.exitCode = ok ? 0 : 1;
  } finally {
    await reader?.end();
    cleanUp();
    await pawa.close();
    if (smtp.port) await smtp.stop();
    await cluster?.stop();
    rmSync(tmp, { recursive: true, force: true });
  }
}

await main();
