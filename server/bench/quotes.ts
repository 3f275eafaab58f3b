/**
 * The quote PDF at scale (npm run bench -w server): QUOTES quotes (default 20,000, on as many
 * enquiries) in an embedded PostgreSQL, then what GET /api/quotes/{id}/pdf does (read the quote,
 * draw its PDF) for 200 quotes picked at random and for a quote of 50 lines, p50 and p99. The
 * issue's budget is 200 ms; over it the bench fails. Writes bench-results/quotes-bench.json.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { defaultCompany } from '@kafue/common/company';
import { openDatabase } from '../src/db/data-source.js';
import { startEmbedded } from '../src/db/embedded.js';
import { quotePdf } from '../src/quotes/pdf.js';
import { readQuote } from '../src/quotes/quotes.js';
import { scratchDir, writeBenchResult } from './harness.js';

const quotes = Number(process.env.QUOTES ?? 20_000);
const budgetMs = 200;
const tmp = scratchDir('kafue-quotes-bench-');
const cluster = await startEmbedded(join(tmp, 'pg'), () => undefined);
const database = await openDatabase({ databaseUrl: undefined, dataDir: tmp }, () => undefined, cluster.url);
const db = database.dataSource;
const admin = { kind: 'admin' as const, id: '00000000-0000-0000-0000-000000000001', name: 'Bench' };
const company = { name: 'Kafue Bench Ltd', profile: defaultCompany };
try {
  const started = Date.now();
  await db.query(
    `INSERT INTO enquiries (full_name, email, message, kind, status)
     SELECT 'Client ' || i, 'client' || i || '@kafue.test', 'A quote, please.', 'quote', 'Open' FROM generate_series(1, $1::int) AS i`,
    [quotes],
  );
  // 1 to 12 lines each, once and monthly, with VAT on half of them; 2026's numbers in order.
  await db.query(
    `INSERT INTO quotes (number, year, seq, enquiry_id, status, currency, lines, vat_rate, valid_until, notes, created_by_kind, created_by_id)
     SELECT 'Q-2026-' || lpad(n::text, 5, '0'), 2026, n, e.id, (ARRAY['draft','sent','accepted','withdrawn'])[1 + n % 4],
            (ARRAY['USD','ZMW'])[1 + n % 2],
            (SELECT jsonb_agg(jsonb_build_object('description', 'Website work item ' || l || ' with a longer description of what is delivered',
                                                 'quantity', 1 + l % 3, 'unitPrice', 49.5 * l, 'period', (ARRAY['once','month'])[1 + l % 2]))
               FROM generate_series(1, 1 + n % 12) AS l),
            CASE WHEN n % 2 = 0 THEN 16 END, '2099-12-31', 'Hosting and support included for the first year.', 'admin', $1
       FROM (SELECT id, row_number() OVER (ORDER BY id) AS n FROM enquiries) e`,
    [admin.id],
  );
  await db.query(`ANALYZE quotes`);
  console.log(`${quotes} quotes inserted in ${((Date.now() - started) / 1000).toFixed(1)} s`);

  const ids = (await db.query<{ id: string }[]>(`SELECT id FROM quotes ORDER BY random() LIMIT 200`)).map((r) => r.id);
  const longest = ids[0];
  await db.query(
    `UPDATE quotes SET lines = (SELECT jsonb_agg(jsonb_build_object('description', 'Line ' || l || ' of the largest quote the console allows',
                                                                   'quantity', 2, 'unitPrice', 10.25, 'period', 'once'))
                                  FROM generate_series(1, 50) AS l)
      WHERE id = $1`,
    [longest],
  );
  const pdfOf = async (id: string) => (await quotePdf(await readQuote(db, id, admin), company)).length;
  for (const id of ids.slice(0, 10)) await pdfOf(id); // warm up
  const time = async (list: string[]) => {
    const times: number[] = [];
    let bytes = 0;
    for (const id of list) {
      const t0 = performance.now();
      bytes = await pdfOf(id);
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    const at = (p: number) => Math.round(times[Math.min(times.length - 1, Math.floor(p * times.length))] * 10) / 10;
    return { p50Ms: at(0.5), p99Ms: at(0.99), maxMs: at(1), lastBytes: bytes };
  };
  const results = [
    { case: `200 random quotes of ${quotes}`, ...(await time(ids)) },
    { case: 'a quote of 50 lines, 50 times', ...(await time(Array.from({ length: 50 }, () => longest))) },
  ];
  console.table(results);
  writeBenchResult('quotes-bench.json', { quotes, budgetMs, results });
  const over = results.filter((r) => r.p99Ms >= budgetMs);
  if (over.length) {
    console.error(`Quote PDF over the ${budgetMs} ms budget: ${over.map((r) => r.case).join(', ')}`);
    process.exitCode = 1;
  }
} finally {
  await database.close();
  await cluster.stop();
  rmSync(tmp, { recursive: true, force: true });
}
