/**
 * Where the beacons go and what is made of them: the raw events' daily partitions (made ahead,
 * dropped whole after `keptDays`), the day's salt of the visitor key (deleted after its day; the
 * key itself is cleared from the day's events when the day is rolled up),
 * and the daily rollups, made once per day across processes (an advisory lock, and a row per day
 * in analytics_rollups in the rollup's transaction) from the oldest day not yet rolled up. The
 * rollups' SELECTs (rollupSelects) are also what the report reads for the days not rolled up yet.
 */
import type { DataSource, EntityManager } from 'typeorm';
import { vitalNames } from '@kafue/common/analytics';
import { fromLocalClock, offsetHours, toLocalClock } from '@kafue/common/time';
import { poolOf } from '../db/data-source.js';
import { readGeneralSettings } from '../settings/settings.js';
import { bucketSql, histogramColumnsSql, histogramSql, lengthEdges, vitalEdges } from './buckets.js';

/** How long the raw events are kept, in days: then their partition is dropped. */
export const keptDays = 30;
/** How many UTC days of partitions exist ahead of now. */
const daysAhead = 7;
/** A day is rolled up this long after it ended, so that the beacons of its last minutes are in. */
export const rollupGraceMs = 10 * 60_000;
/** At most so many days rolled up per pass (a server that was off for months catches up pass by pass). */
const daysPerPass = 31;
/** A gap between page views longer than this starts a new visit. */
const visitGapMinutes = 30;

const dayMs = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const utcDay = (day: string) => Date.parse(`${day}T00:00:00Z`);

/** The day of the timezone at `instant`, YYYY-MM-DD. */
export const localDay = (instant: number, timezone: string) => toLocalClock(instant, timezone).toISOString().slice(0, 10);
/** The instants a day of the timezone runs between. */
export const dayBounds = (day: string, timezone: string): [Date, Date] => [
  fromLocalClock(utcDay(day), timezone),
  fromLocalClock(utcDay(day) + dayMs, timezone),
];

const partitionName = (utc: string) => `analytics_events_p${utc.replaceAll('-', '')}`;

/** The UTC days from `from` to `to` (YYYY-MM-DD). */
const utcDays = (from: string, to: string) => {
  const days: string[] = [];
  for (let day = utcDay(from); day <= utcDay(to); day += dayMs) days.push(isoDay(day));
  return days;
};

/** Makes the partitions of `days` (UTC) that do not exist, in `m`'s transaction. */
async function makePartitions(m: EntityManager, days: string[]): Promise<void> {
  // Two processes making the same partition would collide on its name: one at a time.
  await m.query(`SELECT pg_advisory_xact_lock(hashtext('kafue:analytics-partitions'))`);
  for (const day of days) {
    await m.query(
      `CREATE TABLE IF NOT EXISTS ${partitionName(day)} PARTITION OF analytics_events
         FOR VALUES FROM ('${day} 00:00:00+00') TO ('${isoDay(utcDay(day) + dayMs)} 00:00:00+00')`,
    );
  }
}

/** Makes the partitions of the UTC days from `from` to `to` (YYYY-MM-DD) that do not exist yet. */
export async function ensurePartitions(db: DataSource, from: string, to: string): Promise<void> {
  const existing = await partitionDays(db);
  const missing = utcDays(from, to).filter((day) => !existing.includes(day));
  if (missing.length) await db.transaction((m) => makePartitions(m, missing));
}

/** Makes, in a restore's transaction, the partitions the raw events of a backup (JSON rows) go to. */
export async function partitionsForRows(m: EntityManager, rows: unknown[]): Promise<void> {
  const [{ first, last }] = await m.query<[{ first: Date | null; last: Date | null }]>(
    `SELECT min(at) AS first, max(at) AS last FROM jsonb_populate_recordset(NULL::analytics_events, $1::jsonb)`,
    [JSON.stringify(rows)],
  );
  if (first && last) await makePartitions(m, utcDays(isoDay(first.getTime()), isoDay(last.getTime())));
}

/** The UTC days that have a partition, oldest first. */
export async function partitionDays(db: DataSource | EntityManager): Promise<string[]> {
  const rows = await db.query<{ name: string }[]>(
    `SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
      WHERE i.inhparent = 'analytics_events'::regclass ORDER BY 1`,
  );
  return rows.map((r) => r.name.replace(/^analytics_events_p(\d{4})(\d{2})(\d{2})$/, '$1-$2-$3'));
}

/**
 * Drops the partitions whose whole day is more than `keptDays` before `now`'s UTC day, and
 * before the last day rolled up (a server off for weeks rolls them up first); answers their days.
 */
async function dropOldPartitions(db: DataSource, now: Date, lastRolled: string): Promise<string[]> {
  const oldest = isoDay(utcDay(isoDay(now.getTime())) - keptDays * dayMs);
  const old = (await partitionDays(db)).filter((day) => day < oldest && isoDay(utcDay(day) + dayMs) < lastRolled);
  if (old.length) {
    await db.transaction(async (m) => {
      await m.query(`SELECT pg_advisory_xact_lock(hashtext('kafue:analytics-partitions'))`);
      for (const day of old) await m.query(`DROP TABLE IF EXISTS ${partitionName(day)}`);
    });
  }
  return old;
}

/**
 * The rollups' SELECTs over the raw events from `lo` to `hi` (SQL expressions of two
 * timestamptz), by day of the timezone `offset` hours east of UTC: `views` (the page views) and
 * `visits` (one row per visit: a visitor's page views with no gap over 30 minutes; it reads a
 * relation named views), then one statement per rollup table answering exactly its columns, which
 * read relations named views and visits (rollupSelects gives them as CTEs; the report makes them
 * once for all four). The visitors of a group are counted as its rows grouped by visitor (hashed)
 * rather than by count(DISTINCT visitor), which sorts; a day's as its visits numbered 1 (a
 * visitor's first that day).
 */
export function rollupParts(offset: number, lo: string, hi: string) {
  const day = `((at AT TIME ZONE 'UTC') + make_interval(hours => ${offset}))::date`;
  const range = `at >= ${lo} AND at < ${hi}`;
  const metrics = vitalNames.map((name) => `('${name}', ${bucketSql(name.toLowerCase(), vitalEdges[name])}, ${name.toLowerCase()})`);
  // A visit's first page view (starts = 1) gives its entry page, source, campaign and device.
  const first = (column: string) => `min(${column}) FILTER (WHERE starts = 1)`;
  return {
    // A page view without its key (restored from a backup, which leaves keys out) is a visitor of its
    // own: its row's address stands in (stable within the statement, unlike a random value).
    views: `SELECT ${day} AS day, at, coalesce(visitor, convert_to(tableoid::text || ctid::text, 'UTF8')) AS visitor,
                   path, source, campaign, device
              FROM analytics_events WHERE kind = 'pageview' AND ${range}`,
    visits: `
      WITH marked AS (
        SELECT *, CASE WHEN at - lag(at) OVER w <= interval '${visitGapMinutes} minutes' THEN 0 ELSE 1 END AS starts
          FROM views WINDOW w AS (PARTITION BY day, visitor ORDER BY at)),
      numbered AS (SELECT *, sum(starts) OVER (PARTITION BY day, visitor ORDER BY at ROWS UNBOUNDED PRECEDING) AS visit FROM marked)
      SELECT day, visitor, visit, count(*) AS views, ${bucketSql(`date_part('epoch', max(at) - min(at))`, lengthEdges)} AS length,
             ${first('path')} AS entry, ${first('source')} AS source, coalesce(${first('campaign')}, '') AS campaign, ${first('device')} AS device
        FROM numbered GROUP BY day, visitor, visit`,
    days: `
      SELECT day, count(*) FILTER (WHERE visit = 1)::int AS visitors, sum(views)::int AS page_views, count(*)::int AS visits,
             count(*) FILTER (WHERE views = 1)::int AS bounces, ${histogramSql('length', lengthEdges)} AS lengths
        FROM visits GROUP BY day`,
    pages: `
      SELECT day, path, v.page_views, v.visitors, coalesce(e.entries, 0) AS entries,
             coalesce(e.entry_visitors, 0) AS entry_visitors, coalesce(e.bounces, 0) AS bounces
        FROM (SELECT day, path, sum(n)::int AS page_views, count(*)::int AS visitors
                FROM (SELECT day, path, visitor, count(*) AS n FROM views GROUP BY 1, 2, 3) per_visitor GROUP BY 1, 2) v
        LEFT JOIN (SELECT day, entry AS path, sum(n)::int AS entries, count(*)::int AS entry_visitors, sum(bounces)::int AS bounces
                     FROM (SELECT day, entry, visitor, count(*) AS n, count(*) FILTER (WHERE views = 1) AS bounces
                             FROM visits GROUP BY 1, 2, 3) per_visitor GROUP BY 1, 2) e USING (day, path)`,
    sources: `
      SELECT day, source, campaign, device, sum(n)::int AS visits, count(*)::int AS visitors
        FROM (SELECT day, source, campaign, device, visitor, count(*) AS n FROM visits GROUP BY 1, 2, 3, 4, 5) per_visitor
       GROUP BY 1, 2, 3, 4`,
    vitals: `
      SELECT day, path, m.metric, count(*)::int AS samples, ${histogramColumnsSql('m.bucket', vitalEdges.LCP)}
        FROM (SELECT ${day} AS day, path, lcp, inp, cls, ttfb FROM analytics_events WHERE kind = 'vitals' AND ${range}) v
        CROSS JOIN LATERAL (VALUES ${metrics.join(', ')}) AS m(metric, bucket, value)
       WHERE m.value IS NOT NULL
       GROUP BY 1, 2, 3`,
  };
}

/** The rollup tables, each filled by its statement of rollupParts. */
export const rollupTables = {
  days: 'analytics_days',
  pages: 'analytics_pages',
  sources: 'analytics_sources',
  vitals: 'analytics_vitals',
} as const;
export type RollupKey = keyof typeof rollupTables;

/**
 * The rollups also kept by month (analytics_month_KEY, migration AnalyticsMonths): the columns a
 * row is keyed by beside its day, and those a month sums. analytics_days is not: two years of it
 * are 730 rows, and its visit lengths are an array.
 */
export const monthColumns = {
  pages: { keys: ['path'], sums: ['page_views', 'visitors', 'entries', 'entry_visitors', 'bounces'] },
  sources: { keys: ['source', 'campaign', 'device'], sums: ['visits', 'visitors'] },
  vitals: { keys: ['path', 'metric'], sums: ['samples', ...Array.from({ length: vitalEdges.LCP.length + 1 }, (_, i) => `c${i + 1}`)] },
} as const;
type MonthKey = keyof typeof monthColumns;
const isMonthKey = (key: RollupKey): key is MonthKey => key in monthColumns;
/** A monthly rollup's columns, as its daily rollup's (the month's first day for the day). */
const monthColumnList = (key: MonthKey) => [...monthColumns[key].keys, ...monthColumns[key].sums].join(', ');
/** At most so many months made per pass (after the upgrade that adds them, years of days are summed pass by pass). */
const monthsPerPass = 12;

/**
 * Makes again, from the daily rollups, each month whose last day rolled up is not the one it was
 * made through (the month of the days just rolled up; one never made, after the upgrade or a
 * restore of an older backup), oldest first, at most `monthsPerPass`: in the rollups'
 * transaction, under their lock. Answers the months made.
 */
async function rollUpMonths(m: EntityManager): Promise<string[]> {
  const stale = await m.query<{ month: string; through: string }[]>(
    `SELECT r.month::text, r.through::text
       FROM (SELECT date_trunc('month', day)::date AS month, max(day) AS through FROM analytics_rollups GROUP BY 1) r
       LEFT JOIN analytics_months m USING (month)
      WHERE m.through IS DISTINCT FROM r.through ORDER BY 1 LIMIT $1`,
    [monthsPerPass],
  );
  for (const { month, through } of stale) {
    for (const key of Object.keys(monthColumns) as MonthKey[]) {
      const { keys, sums } = monthColumns[key];
      await m.query(`DELETE FROM analytics_month_${key} WHERE month = $1`, [month]);
      await m.query(
        `INSERT INTO analytics_month_${key} (month, ${monthColumnList(key)})
         SELECT $1::date, ${keys.join(', ')}, ${sums.map((c) => `sum(${c})::int`).join(', ')}
           FROM ${rollupTables[key]} WHERE day BETWEEN $1::date AND $2::date GROUP BY ${keys.join(', ')}`,
        [month, through],
      );
    }
    await m.query(`INSERT INTO analytics_months (month, through) VALUES ($1, $2) ON CONFLICT (month) DO UPDATE SET through = $2`, [
      month,
      through,
    ]);
  }
  return stale.map((s) => s.month);
}

/** A day of SQL text, checked: the report's days come from a request. */
const sqlDay = (day: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || isoDay(utcDay(day)) !== day) throw new Error(`Not a day: ${day}`);
  return `'${day}'::date`;
};
/** The first day of the month after `month`'s. */
const nextMonth = (month: string) => {
  const d = new Date(utcDay(month));
  return isoDay(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1));
};

/**
 * The days from `from` to `to` that the months `whole` (first days, in order, each within them)
 * leave: the ranges [first, last] to read from the daily rows.
 */
function daysBeside(from: string, to: string, whole: string[]): [string, string][] {
  const ranges: [string, string][] = [];
  let start = from;
  for (const month of whole) {
    if (month > start) ranges.push([start, isoDay(utcDay(month) - dayMs)]);
    start = nextMonth(month);
  }
  if (start <= to) ranges.push([start, to]);
  return ranges;
}

/** The statement of each rollup table, standing alone (views and visits as CTEs). */
export function rollupSelects(offset: number, lo: string, hi: string): Record<RollupKey, string> {
  const parts = rollupParts(offset, lo, hi);
  const withVisits = (sql: string) => `WITH views AS (${parts.views}), visits AS (${parts.visits}) ${sql}`;
  return { days: withVisits(parts.days), pages: withVisits(parts.pages), sources: withVisits(parts.sources), vitals: parts.vitals };
}
for (const name of vitalNames) {
  if (vitalEdges[name].length !== vitalEdges.LCP.length) throw new Error('Every metric has as many buckets (one histogram column each)');
}

/** Runs SQL (text and parameters) on one connection, one statement after another; answers the rows. */
export type Reader = <R extends object>(sql: string, params?: unknown[]) => Promise<R[]>;
/** A rollup's rows of the days from `from` to `to` (YYYY-MM-DD), as a FROM item: see withLiveRollups. */
export type RollupRows = (key: RollupKey, from: string, to: string) => string;

/**
 * The rollups last made from the raw events, per database and range: made again only when the
 * raw events of the range changed (their count; the rows are only ever added to, or dropped
 * whole with a day long rolled up), so that a report read again, or a dashboard, costs no second
 * pass over a day of page views. A few ranges are kept (the report's, the dashboard's).
 */
const liveMade = new WeakMap<DataSource, Map<string, Record<RollupKey, string>>>();
const rangesKept = 4;

/**
 * Runs `work` on one connection, in a transaction that reads the rollups of the raw events of the
 * days from `from` to `to` not rolled up yet (liveRange, in the same snapshot: a day rolled up
 * meanwhile is counted once) as JSON rows: `rows(key, from, to)`
 * is then a rollup's rows of the days from `from` to `to`, as a FROM item: those rolled up (a
 * month whose every day rolled up lies in the range, and that is made through its last one, as
 * one row per key from its monthly table, with the month's first day for the day) and those made
 * from the raw events.
 */
export async function withLiveRollups<T>(
  db: DataSource,
  { from, to, timezone, now }: { from: string; to: string; timezone: string; now: number },
  work: (read: Reader, rows: RollupRows) => Promise<T>,
): Promise<T> {
  const offset = offsetHours(timezone);
  const client = await poolOf(db).connect();
  let queue: Promise<unknown> = Promise.resolve();
  const read: Reader = <R extends object>(sql: string, params: unknown[] = []) => {
    const rows = queue.then(() => client.query<R>(sql, params)).then((r) => r.rows);
    queue = rows.catch(() => undefined);
    return rows;
  };
  const keys = Object.keys(rollupTables) as RollupKey[];
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ');
    const [{ last }] = (await client.query<{ last: string | null }>(`SELECT max(day)::text AS last FROM analytics_rollups`)).rows;
    const [lo, hi] = liveRange(last ?? undefined, from, to, timezone, now);
    const [{ events }] = (
      await client.query<{ events: number }>(`SELECT count(*)::int AS events FROM analytics_events WHERE at >= $1 AND at < $2`, [lo, hi])
    ).rows;
    const made = liveMade.get(db) ?? new Map<string, Record<RollupKey, string>>();
    liveMade.set(db, made);
    const range = `${offset}|${lo.toISOString()}|${hi.toISOString()}|${events}`;
    let live = made.get(range);
    if (!live) {
      const parts = rollupParts(offset, '$1::timestamptz', '$2::timestamptz');
      // One statement: views and visits made once for the four (no temporary tables), their sorts
      // and hashes in memory (a day of a busy site's page views spills past the default 4 MB).
      await client.query(`SET LOCAL work_mem = '64MB'`);
      live = (
        await client.query<Record<RollupKey, string>>(
          `WITH views AS MATERIALIZED (${parts.views}), visits AS MATERIALIZED (${parts.visits})
           SELECT ${keys.map((key) => `(SELECT coalesce(json_agg(r), '[]')::text FROM (${parts[key]}) r) AS ${key}`).join(', ')}`,
          [lo, hi],
        )
      ).rows[0];
      made.set(range, live);
      if (made.size > rangesKept) made.delete(made.keys().next().value!);
    }
    const liveRows = live;
    // The months made through their last day rolled up (in this transaction's snapshot, as the days).
    const months = (
      await client.query<{ month: string; through: string }>(
        `SELECT m.month::text, m.through::text FROM analytics_months m
          WHERE m.through = (SELECT max(day) FROM analytics_rollups WHERE day >= m.month AND day < m.month + interval '1 month')
          ORDER BY 1`,
      )
    ).rows;
    const rows: RollupRows = (key, from, to) => {
      // Inline (a literal), not a temporary table: no catalog rows made and dropped on every report.
      const live = `SELECT * FROM jsonb_populate_recordset(NULL::${rollupTables[key]}, ${client.escapeLiteral(liveRows[key])}::jsonb)
                     WHERE day BETWEEN ${sqlDay(from)} AND ${sqlDay(to)}`;
      if (!isMonthKey(key))
        return `(SELECT * FROM ${rollupTables[key]} WHERE day BETWEEN ${sqlDay(from)} AND ${sqlDay(to)} UNION ALL ${live})`;
      const whole = months.filter((m) => m.month >= from && m.through <= to).map((m) => m.month);
      const columns = monthColumnList(key);
      const parts = [
        ...daysBeside(from, to, whole).map(
          ([a, b]) => `SELECT day, ${columns} FROM ${rollupTables[key]} WHERE day BETWEEN ${sqlDay(a)} AND ${sqlDay(b)}`,
        ),
        ...(whole.length ? [`SELECT month, ${columns} FROM analytics_month_${key} WHERE month IN (${whole.map(sqlDay).join(', ')})`] : []),
        `SELECT day, ${columns} FROM (${live}) l`,
      ];
      return `(${parts.join(' UNION ALL ')})`;
    };
    return await work(read, rows);
  } finally {
    // Nothing to keep: the transaction only read.
    await queue;
    await client.query('ROLLBACK').catch(() => undefined);
    client.release();
  }
}

/**
 * The instants between which the raw events are read for the days `from` to `to` of the
 * timezone: from the first of them not rolled up yet (after `last`, the last day rolled up), to the end of `to` (never past `now` by
 * more than a day: the partitions ahead are empty).
 */
function liveRange(last: string | undefined, from: string, to: string, timezone: string, now: number): [Date, Date] {
  const [lo] = dayBounds(last && last >= from ? isoDay(utcDay(last) + dayMs) : from, timezone);
  const [, end] = dayBounds(to, timezone);
  return [lo, new Date(Math.max(lo.getTime(), Math.min(end.getTime(), now + dayMs)))];
}

/** The last day rolled up, if any. */
export async function lastRolledDay(db: DataSource | EntityManager): Promise<string | undefined> {
  const [row] = await db.query<{ day: string | null }[]>(`SELECT max(day)::text AS day FROM analytics_rollups`);
  return row.day ?? undefined;
}

/**
 * Rolls up the days that are over (by `rollupGraceMs`) and not rolled up yet, oldest first, at
 * most `daysPerPass`, then the months to make (rollUpMonths); once across processes: a process
 * that finds the lock taken passes by. Answers the days rolled up and the months made.
 */
export async function rollUpDays(db: DataSource, now: Date): Promise<{ days: string[]; months: string[] }> {
  return db.transaction(async (m) => {
    const [{ locked }] = await m.query<[{ locked: boolean }]>(
      `SELECT pg_try_advisory_xact_lock(hashtext('kafue:analytics-rollup')) AS locked`,
    );
    if (!locked) return { days: [], months: [] };
    const { timezone } = await readGeneralSettings(m);
    const last = await lastRolledDay(m);
    let first = last && isoDay(utcDay(last) + dayMs);
    if (!first) {
      const [{ oldest }] = await m.query<[{ oldest: Date | null }]>(`SELECT min(at) AS oldest FROM analytics_events`);
      if (!oldest) return { days: [], months: [] };
      first = localDay(oldest.getTime(), timezone);
    }
    const through = isoDay(utcDay(localDay(now.getTime() - rollupGraceMs, timezone)) - dayMs);
    const days: string[] = [];
    for (let day = utcDay(first); day <= utcDay(through) && days.length < daysPerPass; day += dayMs) days.push(isoDay(day));
    const selects = rollupSelects(offsetHours(timezone), '$1', '$2');
    for (const day of days) {
      const [lo, hi] = dayBounds(day, timezone);
      for (const [key, table] of Object.entries(rollupTables)) {
        await m.query(`INSERT INTO ${table} ${selects[key as RollupKey]}`, [lo, hi]);
      }
      await m.query(`INSERT INTO analytics_rollups (day) VALUES ($1)`, [day]);
      // The visitor key is kept for its day only: rolled up, the day's page views keep none.
      await m.query(`UPDATE analytics_events SET visitor = NULL WHERE at >= $1 AND at < $2 AND visitor IS NOT NULL`, [lo, hi]);
    }
    return { days, months: await rollUpMonths(m) };
  });
}

/**
 * One pass of the analytics' clock work, as every process runs it each minute: the days over are
 * rolled up (once), the salts of days over are deleted, partitions are made ahead and the old
 * ones dropped. Answers what it did.
 */
export async function runAnalyticsPass(db: DataSource, now: Date): Promise<{ rolledUp: string[]; dropped: string[] }> {
  const { days: rolledUp } = await rollUpDays(db, now);
  const { timezone } = await readGeneralSettings(db);
  await db.query(`DELETE FROM analytics_salts WHERE day < $1`, [localDay(now.getTime(), timezone)]);
  const today = isoDay(now.getTime());
  await ensurePartitions(db, isoDay(utcDay(today) - dayMs), isoDay(utcDay(today) + daysAhead * dayMs));
  const lastRolled = await lastRolledDay(db);
  const dropped = lastRolled ? await dropOldPartitions(db, now, lastRolled) : [];
  return { rolledUp, dropped };
}

/** Runs the pass now and every minute; answers the function that stops it. */
export function startAnalyticsClock(db: DataSource, onError: (message: string) => void): () => void {
  let running = false;
  const run = () => {
    if (running) return;
    running = true;
    runAnalyticsPass(db, new Date())
      .catch((error: unknown) => onError(error instanceof Error ? error.message : String(error)))
      .finally(() => (running = false));
  };
  const timer = setInterval(run, 60_000);
  timer.unref();
  run();
  return () => clearInterval(timer);
}
