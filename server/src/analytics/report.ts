/**
 * GET /api/analytics: the period's figures from the daily rollups, and from the raw events for
 * the days not rolled up yet (today; yesterday in its first minutes) through the rollups' own
 * SELECTs, so that both count alike. Conversions are the enquiries (not spam) and newsletter
 * sign-ups of the period, by the landing page and source they recorded.
 */
import type { DataSource } from 'typeorm';
import { deviceClasses, vitalGood, vitalNames, type DeviceClass, type VitalName } from '@kafue/common/analytics';
import type { AnalyticsPeriod, AnalyticsReport, AnalyticsTotals } from '@kafue/common/schemas';
import { offsetHours } from '@kafue/common/time';
import { readGeneralSettings } from '../settings/settings.js';
import { lengthEdges, percentile, shareUpTo, sumHistogramColumnsSql, sumHistogramsSql, vitalEdges } from './buckets.js';
import { dayBounds, withLiveRollups, type RollupKey } from './storage.js';

/** Rows of each table of the report (pages, sources, campaigns, conversions, vitals). */
const listLength = 100;

const dayMs = 86_400_000;
const utcDay = (day: string) => Date.parse(`${day}T00:00:00Z`);
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const share = (part: number, whole: number) => (whole === 0 ? null : part / whole);

interface TotalsRow {
  current: boolean;
  visitors: number;
  page_views: number;
  visits: number;
  bounces: number;
  lengths: number[];
}

interface PageRow {
  path: string;
  page_views: number;
  visitors: number;
  entries: number;
  entry_visitors: number;
  bounces: number;
}

interface DimensionRow {
  dimension: 'source' | 'campaign' | 'device';
  key: string;
  visits: number;
  visitors: number;
}

interface ConversionCount {
  dimension: 'landing_page' | 'source';
  key: string;
  enquiries: number;
  quotes: number;
  signups: number;
}

interface ConversionRow {
  key: string;
  visitors: number;
  enquiries: number;
  quotes: number;
  signups: number;
}

export async function analyticsReport(
  db: DataSource,
  query: { from: string; to: string; by: AnalyticsPeriod },
  now: number,
): Promise<AnalyticsReport> {
  const { timezone } = await readGeneralSettings(db);
  const offset = offsetHours(timezone);
  const length = (utcDay(query.to) - utcDay(query.from)) / dayMs + 1;
  const previous = { from: isoDay(utcDay(query.from) - length * dayMs), to: isoDay(utcDay(query.from) - dayMs) };
  const localDay = (column: string) => `((${column} AT TIME ZONE 'UTC') + make_interval(hours => ${offset}))::date`;
  const [lo, end] = [dayBounds(previous.from, timezone)[0], dayBounds(query.to, timezone)[1]];
  const conversionsFrom = (
    lo: string,
    hi: string,
  ) => `(SELECT ${localDay('created_at')} AS day, coalesce(landing_page, '') AS landing_page, coalesce(source, '') AS source,
                                   1 AS enquiries, (kind = 'quote')::int AS quotes, 0 AS signups
                              FROM enquiries WHERE status <> 'Spam' AND created_at >= ${lo} AND created_at < ${hi}
                            UNION ALL
                            SELECT ${localDay('created_at')}, coalesce(landing_page, ''), coalesce(source, ''), 0, 0, 1
                              FROM subscribers WHERE created_at >= ${lo} AND created_at < ${hi}) c`;
  return withLiveRollups(db, { from: previous.from, to: query.to, timezone, now }, async (read, rollup) => {
    // The asked period's rows of a rollup (its whole months from the monthly rollups).
    const rows = (key: RollupKey) => rollup(key, query.from, query.to);
    // One pass over each rollup table: the period's rows, by each grouping the report shows.
    const [totals, series, conversionsByDay, pages, dimensions, conversions, vitals] = await Promise.all([
      read<TotalsRow>(
        `SELECT day >= $1::date AS current, sum(visitors)::int AS visitors, sum(page_views)::int AS page_views,
                sum(visits)::int AS visits, sum(bounces)::int AS bounces, ${sumHistogramsSql('lengths', lengthEdges)} AS lengths
           FROM ${rollup('days', previous.from, query.to)} d GROUP BY 1`,
        [query.from],
      ),
      read<{ start: string; visitors: number; page_views: number }>(
        `SELECT date_trunc('${query.by}', day)::date::text AS start, sum(visitors)::int AS visitors, sum(page_views)::int AS page_views
           FROM ${rows('days')} d GROUP BY 1`,
      ),
      read<{ day: string; conversions: number }>(
        `SELECT day::text, count(*)::int AS conversions FROM ${conversionsFrom('$1', '$2')} GROUP BY 1`,
        [lo, end],
      ),
      read<PageRow>(
        `SELECT path, sum(page_views)::int AS page_views, sum(visitors)::int AS visitors, sum(entries)::int AS entries,
                sum(entry_visitors)::int AS entry_visitors, sum(bounces)::int AS bounces
           FROM ${rows('pages')} p GROUP BY 1`,
      ),
      read<DimensionRow>(
        `SELECT CASE WHEN grouping(source) = 0 THEN 'source' WHEN grouping(campaign) = 0 THEN 'campaign' ELSE 'device' END AS dimension,
                coalesce(source, campaign, device) AS key, sum(visits)::int AS visits, sum(visitors)::int AS visitors
           FROM ${rows('sources')} s GROUP BY GROUPING SETS ((source), (campaign), (device))`,
      ),
      read<ConversionCount>(
        `SELECT CASE WHEN grouping(landing_page) = 0 THEN 'landing_page' ELSE 'source' END AS dimension,
                coalesce(landing_page, source) AS key, sum(enquiries)::int AS enquiries, sum(quotes)::int AS quotes, sum(signups)::int AS signups
           FROM ${conversionsFrom('$1', '$2')} WHERE day >= $3::date GROUP BY GROUPING SETS ((landing_page), (source))`,
        [lo, end, query.from],
      ),
      read<{ path: string; metric: VitalName; samples: number; counts: number[] }>(
        `SELECT path, metric, sum(samples)::int AS samples, ${sumHistogramColumnsSql(vitalEdges.LCP)} AS counts
           FROM ${rows('vitals')} v GROUP BY 1, 2`,
      ),
    ]);
    const top = <R>(list: R[], order: (a: R, b: R) => number) => [...list].sort(order).slice(0, listLength);
    const topPages = top(pages, (a, b) => b.page_views - a.page_views || a.path.localeCompare(b.path));
    const entryPages = top(
      pages.filter((p) => p.entries > 0),
      (a, b) => b.entries - a.entries || a.path.localeCompare(b.path),
    );
    const byDimension = (dimension: DimensionRow['dimension']) =>
      top(
        dimensions.filter((d) => d.dimension === dimension && (dimension !== 'campaign' || d.key !== '')),
        (a, b) => b.visits - a.visits || a.key.localeCompare(b.key),
      );
    const [sources, campaigns, devices] = [byDimension('source'), byDimension('campaign'), byDimension('device')];
    /** The conversions recorded by `dimension`, beside the visitors of the same key. */
    const conversionsBy = (dimension: ConversionCount['dimension'], visitors: Map<string, number>): ConversionRow[] => {
      const counted = new Map(conversions.filter((c) => c.dimension === dimension && c.key !== '').map((c) => [c.key, c]));
      const keys = new Set([...visitors.keys(), ...counted.keys()]);
      return top(
        [...keys].map((key) => ({
          key,
          visitors: visitors.get(key) ?? 0,
          enquiries: counted.get(key)?.enquiries ?? 0,
          quotes: counted.get(key)?.quotes ?? 0,
          signups: counted.get(key)?.signups ?? 0,
        })),
        (a, b) => b.enquiries + b.signups - (a.enquiries + a.signups) || b.visitors - a.visitors || a.key.localeCompare(b.key),
      );
    };
    const byPage = conversionsBy('landing_page', new Map(pages.map((p) => [p.path, p.entry_visitors])));
    const bySource = conversionsBy('source', new Map(dimensions.filter((d) => d.dimension === 'source').map((d) => [d.key, d.visitors])));

    const conversionsIn = (from: string, to: string) =>
      conversionsByDay.filter((c) => c.day >= from && c.day <= to).reduce((n, c) => n + c.conversions, 0);
    const totalsOf = (current: boolean, conversions: number): AnalyticsTotals => {
      const row = totals.find((t) => t.current === current);
      const visits = row?.visits ?? 0;
      return {
        visitors: row?.visitors ?? 0,
        pageViews: row?.page_views ?? 0,
        visits,
        viewsPerVisit: visits === 0 ? null : row!.page_views / visits,
        medianVisitSeconds: row ? percentile(row.lengths, lengthEdges, 0.5) : null,
        bounceRate: share(row?.bounces ?? 0, visits),
        conversions,
      };
    };

    const starts: string[] = [];
    for (let day = utcDay(query.from); day <= utcDay(query.to); day += dayMs) {
      const d = new Date(day);
      const start =
        query.by === 'day'
          ? day
          : query.by === 'week'
            ? day - ((d.getUTCDay() + 6) % 7) * dayMs
            : Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
      if (starts.at(-1) !== isoDay(start)) starts.push(isoDay(start));
    }
    const conversionRows = (list: ConversionRow[]) =>
      list.map((r) => ({
        visitors: r.visitors,
        enquiries: r.enquiries,
        quoteRequests: r.quotes,
        signups: r.signups,
        rate: share(r.enquiries + r.signups, r.visitors),
      }));
    const vitalsByPath = new Map<string, { samples: number; metrics: Partial<Record<VitalName, number[]>> }>();
    for (const v of vitals) {
      const page = vitalsByPath.get(v.path) ?? { samples: 0, metrics: {} };
      page.samples = Math.max(page.samples, v.samples);
      page.metrics[v.metric] = v.counts;
      vitalsByPath.set(v.path, page);
    }

    return {
      from: query.from,
      to: query.to,
      by: query.by,
      totals: totalsOf(true, conversionsIn(query.from, query.to)),
      previous: { ...totalsOf(false, conversionsIn(previous.from, previous.to)), ...previous },
      series: starts.map((start, i) => {
        const next = starts[i + 1] ?? isoDay(utcDay(query.to) + dayMs);
        const row = series.find((s) => s.start === start);
        return {
          start,
          visitors: row?.visitors ?? 0,
          pageViews: row?.page_views ?? 0,
          conversions: conversionsByDay
            .filter((c) => c.day >= start && c.day < next && c.day >= query.from)
            .reduce((n, c) => n + c.conversions, 0),
        };
      }),
      topPages: topPages.map((p) => ({ path: p.path, pageViews: p.page_views, visitors: p.visitors })),
      entryPages: entryPages.map((p) => ({ path: p.path, visits: p.entries, bounceRate: share(p.bounces, p.entries) })),
      sources: sources.map((s) => ({ source: s.key, visits: s.visits, visitors: s.visitors })),
      campaigns: campaigns.map((s) => ({ campaign: s.key, visits: s.visits, visitors: s.visitors })),
      devices: deviceClasses
        .map((device: DeviceClass) => {
          const row = devices.find((d) => d.key === device);
          return { device, visits: row?.visits ?? 0, visitors: row?.visitors ?? 0 };
        })
        .filter((d) => d.visits > 0),
      conversionsByPage: conversionRows(byPage).map((r, i) => ({ landingPage: byPage[i].key, ...r })),
      conversionsBySource: conversionRows(bySource).map((r, i) => ({ source: bySource[i].key, ...r })),
      vitals: [...vitalsByPath.entries()]
        .sort((a, b) => b[1].samples - a[1].samples || a[0].localeCompare(b[0]))
        .slice(0, listLength)
        .map(([path, page]) => ({
          path,
          samples: page.samples,
          ...(Object.fromEntries(
            vitalNames.map((name) => {
              const counts = page.metrics[name] ?? [];
              return [
                name,
                { p75: percentile(counts, vitalEdges[name], 0.75), good: shareUpTo(counts, vitalEdges[name], vitalGood[name]) },
              ];
            }),
          ) as Record<VitalName, { p75: number | null; good: number | null }>),
        })),
    };
  });
}

/** Unique visitors per month (YYYY-MM) of the days from `from` on (the dashboard's Monthly Activity). */
export async function monthlyVisitors(db: DataSource, from: string, now: number): Promise<Map<string, number>> {
  const { timezone } = await readGeneralSettings(db);
  const to = isoDay(now + dayMs);
  const rows = await withLiveRollups(db, { from, to, timezone, now }, (read, rollup) =>
    read<{ month: string; visitors: number }>(
      `SELECT to_char(day, 'YYYY-MM') AS month, sum(visitors)::int AS visitors FROM ${rollup('days', from, to)} d GROUP BY 1`,
    ),
  );
  return new Map(rows.map((r) => [r.month, r.visitors]));
}
