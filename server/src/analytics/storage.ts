/**
 * Where the beacons go and what is made of them: the raw events' daily partitions (made ahead,
 * dropped whole after `keptDays`), the day's salt of the visitor key (deleted after its day),
 * and the daily rollups, made once per day across processes (an advisory lock, and a row per day
 * in analytics_rollups in the rollup's transaction) from the oldest day not yet rolled up. The
 * rollups' SELECTs (rollupSelects) are also what the report reads for the days not rolled up yet.
 */
import type { DataSource, EntityManager } from 'typeorm';
import { vitalNames } from '@kafue/common/analytics';
import { fromLocalClock, offsetHours, toLocalClock } from '@kafue/common/time';
import { readGeneralSettings } from '../settings/settings.js';
import { bucketSql, histogramSql, lengthEdges, vitalEdges } from './buckets.js';

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
 * timestamptz), by day of the timezone `offset` hours east of UTC: one statement per rollup
 * table, each answering exactly its columns.
 */
export function rollupSelects(offset: number, lo: string, hi: string) {
  const day = `((at AT TIME ZONE 'UTC') + make_interval(hours => ${offset}))::date`;
  const range = `at >= ${lo} AND at < ${hi}`;
  const visits = `WITH views AS (
      SELECT ${day} AS day, at, visitor, path, source, campaign, device FROM analytics_events WHERE kind = 'pageview' AND ${range}),
    marked AS (
      SELECT *, CASE WHEN at - lag(at) OVER (PARTITION BY day, visitor ORDER BY at) <= interval '${visitGapMinutes} minutes' THEN 0 ELSE 1 END AS starts
        FROM views),
    numbered AS (SELECT *, sum(starts) OVER (PARTITION BY day, visitor ORDER BY at ROWS UNBOUNDED PRECEDING) AS visit FROM marked),
    visits AS (
      SELECT day, visitor, count(*) AS views, ${bucketSql(`date_part('epoch', max(at) - min(at))`, lengthEdges)} AS length,
             (array_agg(path ORDER BY at))[1] AS entry, (array_agg(source ORDER BY at))[1] AS source,
             coalesce((array_agg(campaign ORDER BY at))[1], '') AS campaign, (array_agg(device ORDER BY at))[1] AS device
        FROM numbered GROUP BY day, visitor, visit)`;
  const metrics = vitalNames.map((name) => `('${name}', ${bucketSql(name.toLowerCase(), vitalEdges[name])}, ${name.toLowerCase()})`);
  return {
    days: `${visits}
      SELECT day, count(DISTINCT visitor)::int AS visitors, sum(views)::int AS page_views, count(*)::int AS visits,
             count(*) FILTER (WHERE views = 1)::int AS bounces, ${histogramSql('length', lengthEdges)} AS lengths
        FROM visits GROUP BY day`,
    pages: `${visits}
      SELECT day, path, v.page_views, v.visitors, coalesce(e.entries, 0) AS entries,
             coalesce(e.entry_visitors, 0) AS entry_visitors, coalesce(e.bounces, 0) AS bounces
        FROM (SELECT day, path, count(*)::int AS page_views, count(DISTINCT visitor)::int AS visitors FROM views GROUP BY 1, 2) v
        LEFT JOIN (SELECT day, entry AS path, count(*)::int AS entries, count(DISTINCT visitor)::int AS entry_visitors,
                          count(*) FILTER (WHERE views = 1)::int AS bounces
                     FROM visits GROUP BY 1, 2) e USING (day, path)`,
    sources: `${visits}
      SELECT day, source, campaign, device, count(*)::int AS visits, count(DISTINCT visitor)::int AS visitors
        FROM visits GROUP BY 1, 2, 3, 4`,
    vitals: `
      SELECT day, path, m.metric, count(*)::int AS samples, ${histogramSql('m.bucket', vitalEdges.LCP)} AS counts
        FROM (SELECT ${day} AS day, path, lcp, inp, cls, ttfb FROM analytics_events WHERE kind = 'vitals' AND ${range}) v
        CROSS JOIN LATERAL (VALUES ${metrics.join(', ')}) AS m(metric, bucket, value)
       WHERE m.value IS NOT NULL
       GROUP BY 1, 2, 3`,
  };
}
for (const name of vitalNames) {
  if (vitalEdges[name].length !== vitalEdges.LCP.length) throw new Error('Every metric has as many buckets (one histogram column each)');
}

/** The rollup tables, each filled by its rollupSelects statement. */
export const rollupTables = {
  days: 'analytics_days',
  pages: 'analytics_pages',
  sources: 'analytics_sources',
  vitals: 'analytics_vitals',
} as const;

/**
 * A rollup table's rows, as a FROM item: the days from `from` to `to` (SQL dates) rolled up,
 * and the raw events from `lo` to `hi` (SQL timestamptz: the days not rolled up yet, liveRange)
 * through the rollup's own SELECT.
 */
export const rolledAndLive = (key: keyof typeof rollupTables, offset: number, from: string, to: string, lo: string, hi: string) =>
  `(SELECT * FROM ${rollupTables[key]} WHERE day BETWEEN ${from}::date AND ${to}::date UNION ALL (${rollupSelects(offset, lo, hi)[key]}))`;

/**
 * The instants between which the raw events are read for the days `from` to `to` of the
 * timezone: from the first of them not rolled up yet, to the end of `to` (never past `now` by
 * more than a day: the partitions ahead are empty).
 */
export async function liveRange(db: DataSource, from: string, to: string, timezone: string, now: number): Promise<[Date, Date]> {
  const last = await lastRolledDay(db);
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
 * most `daysPerPass`; once across processes: a process that finds the lock taken passes by.
 * Answers the days rolled up.
 */
export async function rollUpDays(db: DataSource, now: Date): Promise<string[]> {
  return db.transaction(async (m) => {
    const [{ locked }] = await m.query<[{ locked: boolean }]>(
      `SELECT pg_try_advisory_xact_lock(hashtext('kafue:analytics-rollup')) AS locked`,
    );
    if (!locked) return [];
    const { timezone } = await readGeneralSettings(m);
    const last = await lastRolledDay(m);
    let first = last && isoDay(utcDay(last) + dayMs);
    if (!first) {
      const [{ oldest }] = await m.query<[{ oldest: Date | null }]>(`SELECT min(at) AS oldest FROM analytics_events`);
      if (!oldest) return [];
      first = localDay(oldest.getTime(), timezone);
    }
    const through = isoDay(utcDay(localDay(now.getTime() - rollupGraceMs, timezone)) - dayMs);
    const days: string[] = [];
    for (let day = utcDay(first); day <= utcDay(through) && days.length < daysPerPass; day += dayMs) days.push(isoDay(day));
    const selects = rollupSelects(offsetHours(timezone), '$1', '$2');
    for (const day of days) {
      const [lo, hi] = dayBounds(day, timezone);
      for (const [key, table] of Object.entries(rollupTables)) {
        await m.query(`INSERT INTO ${table} ${selects[key as keyof typeof rollupTables]}`, [lo, hi]);
      }
      await m.query(`INSERT INTO analytics_rollups (day) VALUES ($1)`, [day]);
    }
    return days;
  });
}

/**
 * One pass of the analytics' clock work, as every process runs it each minute: the days over are
 * rolled up (once), the salts of days over are deleted, partitions are made ahead and the old
 * ones dropped. Answers what it did.
 */
export async function runAnalyticsPass(db: DataSource, now: Date): Promise<{ rolledUp: string[]; dropped: string[] }> {
  const rolledUp = await rollUpDays(db, now);
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
