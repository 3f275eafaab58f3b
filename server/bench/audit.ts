/**
 * Audit log reads at scale (npm run bench -w server): AUDIT_ROWS rows (default 300,000, a year of
 * them) in an embedded PostgreSQL, then the console's list call as the server makes it (listAudit:
 * count and one page) for each filter, median of 5 runs, and the CSV
 * export of a month. Prints a table and writes bench-results/audit-bench.json at the repository root.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { auditQuery } from '@kafue/common/schemas';
import { exportAudit, listAudit } from '../src/audit/audit.js';
import { openDatabase } from '../src/db/data-source.js';
import { startEmbedded } from '../src/db/embedded.js';
import { scratchDir, writeBenchResult } from './harness.js';

const rows = Number(process.env.AUDIT_ROWS ?? 300_000);
const tmp = scratchDir('kafue-audit-bench-');
const cluster = await startEmbedded(join(tmp, 'pg'), () => undefined);
const database = await openDatabase({ databaseUrl: undefined, dataDir: tmp }, () => undefined, cluster.url);
const db = database.dataSource;
const results: { case: string; medianMs: number; total: number }[] = [];
try {
  const started = Date.now();
  await db.query(
    `INSERT INTO audit_log (at, actor_kind, actor_id, actor_name, actor_email, action, target_type, target_id, target_label, changes, address, user_agent)
     SELECT now() - (i * interval '1 second' * (365 * 86400 / $1::int)),
            'admin', md5((i % 50)::text), 'Admin ' || (i % 50), 'admin' || (i % 50) || '@kafue.test',
            (ARRAY['staff.create','staff.update','staff.delete','admin.signin','admin.signin_failed','settings.update','service.publish'])[1 + i % 7],
            (ARRAY['staff','staff','staff','admin','admin','settings','service'])[1 + i % 7],
            md5(i::text), 'person' || (i % 5000) || '@kafue.test',
            jsonb_build_object('name', jsonb_build_object('old', 'A' || i, 'new', 'B' || i)), '10.0.0.' || (i % 250), 'Mozilla/5.0'
       FROM generate_series(1, $1::int) AS i`,
    [rows],
  );
  await db.query(`ANALYZE audit_log`);
  console.log(`${rows} rows inserted in ${((Date.now() - started) / 1000).toFixed(1)} s`);

  const month = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
  const cases: [string, Record<string, string>][] = [
    ['no filter, page 1', {}],
    ['no filter, page 100', { page: '100' }],
    ['actor (email)', { actor: 'admin7@kafue.test' }],
    ['action (exact)', { action: 'staff.delete' }],
    ['action (resource)', { action: 'staff' }],
    ['target (label)', { target: 'person42@kafue.test' }],
    ['last 30 days', { from: month }],
    ['actor + action + 30 days', { actor: 'admin7@kafue.test', action: 'staff', from: month }],
  ];
  for (const [name, query] of cases) {
    const filters = auditQuery.parse(query);
    const times: number[] = [];
    let total = 0;
    for (let i = 0; i < 5; i++) {
      const t0 = performance.now();
      total = (await listAudit(db, filters)).total;
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    results.push({ case: name, medianMs: Math.round(times[2] * 10) / 10, total });
  }
  const t0 = performance.now();
  let bytes = 0;
  for await (const chunk of exportAudit(db, auditQuery.parse({ from: month }))) bytes += Buffer.byteLength(chunk as string);
  // total: the bytes written.
  results.push({ case: 'CSV export, last 30 days', medianMs: Math.round(performance.now() - t0), total: bytes });
  console.table(results);
  writeBenchResult('audit-bench.json', { rows, results });
} finally {
  await database.close();
  await cluster.stop();
  rmSync(tmp, { recursive: true, force: true });
}
