/**
 * The lead report: per week or month of the General timezone, what came in (by kind and by
 * service or plan), how fast it was answered, what was quoted and won. Three grouped scans over
 * the period (indexes enquiries_report, quotes_sent, quotes_accepted), whatever its length.
 */
import type { DataSource } from 'typeorm';
import { enquiryKinds, type EnquiryKind } from '@kafue/common/requests';
import type { LeadReport, LeadReportPeriod, ReportPeriod, WonValue } from '@kafue/common/schemas';
import { fromLocalClock, offsetHours } from '@kafue/common/time';
import { readGeneralSettings } from '../settings/settings.js';

const dayMs = 86_400_000;
const utcDay = (day: string) => Date.parse(`${day}T00:00:00Z`);
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The first day of the period holding `day` (a week starts on Monday). */
function periodStart(day: number, by: ReportPeriod): number {
  const d = new Date(day);
  if (by === 'month') return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
  return day - ((d.getUTCDay() + 6) % 7) * dayMs;
}

/** Every period from the one holding `from` to the one holding `to`, by their first days. */
export function periodStarts(from: string, to: string, by: ReportPeriod): string[] {
  const starts: string[] = [];
  for (let start = periodStart(utcDay(from), by); start <= utcDay(to);) {
    starts.push(isoDay(start));
    const d = new Date(start);
    start = by === 'month' ? Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1) : start + 7 * dayMs;
  }
  return starts;
}

interface EnquiryRow {
  start: string;
  enquiries: number;
  with_due: number;
  in_time: number;
  won: number;
  decided: number;
  median: number | null;
  [kind: `kind_${string}`]: number;
}

const share = (part: number, whole: number) => (whole === 0 ? null : part / whole);

export async function leadReport(db: DataSource, query: { from: string; to: string; by: ReportPeriod }): Promise<LeadReport> {
  const { timezone } = await readGeneralSettings(db);
  const since = fromLocalClock(utcDay(query.from), timezone);
  const until = fromLocalClock(utcDay(query.to) + dayMs, timezone);
  // The period an instant falls in, on the timezone's wall clock.
  const period = (column: string) =>
    `to_char(date_trunc('${query.by}', (${column} AT TIME ZONE 'UTC') + make_interval(hours => $3)), 'YYYY-MM-DD')`;
  const values = [since, until, offsetHours(timezone)];
  const [enquiries, services, sent, accepted] = await Promise.all([
    db.query<EnquiryRow[]>(
      `SELECT ${period('created_at')} AS start, count(*)::int AS enquiries,
              ${enquiryKinds.map((k) => `count(*) FILTER (WHERE kind = '${k}')::int AS kind_${k}`).join(', ')},
              count(response_due_at)::int AS with_due,
              count(*) FILTER (WHERE first_response_at <= response_due_at)::int AS in_time,
              count(*) FILTER (WHERE stage = 'won')::int AS won,
              count(*) FILTER (WHERE stage IN ('won', 'lost'))::int AS decided,
              percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM first_response_at - created_at) / 60) AS median
         FROM enquiries WHERE status <> 'Spam' AND created_at >= $1 AND created_at < $2 GROUP BY 1`,
      values,
    ),
    db.query<{ start: string; label: string; count: number }[]>(
      `SELECT ${period('created_at')} AS start, coalesce(topic, 'None') AS label, count(*)::int AS count
         FROM enquiries WHERE status <> 'Spam' AND created_at >= $1 AND created_at < $2 GROUP BY 1, 2 ORDER BY 1, 3 DESC, 2`,
      values,
    ),
    db.query<{ start: string; count: number }[]>(
      `SELECT ${period('sent_at')} AS start, count(*)::int AS count FROM quotes WHERE sent_at >= $1 AND sent_at < $2 GROUP BY 1`,
      values,
    ),
    db.query<{ start: string; currency: WonValue['currency']; count: number; once: string; monthly: string }[]>(
      `SELECT ${period('accepted_at')} AS start, currency, count(*)::int AS count, sum(total_once) AS once, sum(total_monthly) AS monthly
         FROM quotes WHERE status = 'accepted' AND accepted_at >= $1 AND accepted_at < $2 GROUP BY 1, 2 ORDER BY 2`,
      values,
    ),
  ]);
  const periods = periodStarts(query.from, query.to, query.by).map((start): LeadReportPeriod => {
    const e = enquiries.find((r) => r.start === start);
    const won = accepted.filter((r) => r.start === start);
    return {
      start,
      enquiries: e?.enquiries ?? 0,
      byKind: Object.fromEntries(enquiryKinds.map((k) => [k, e?.[`kind_${k}`] ?? 0])) as Record<EnquiryKind, number>,
      byService: services.filter((r) => r.start === start).map(({ label, count }) => ({ label, count })),
      answeredInTime: e ? share(e.in_time, e.with_due) : null,
      medianMinutesToResponse: e?.median == null ? null : Math.round(Number(e.median)),
      quotesSent: sent.find((r) => r.start === start)?.count ?? 0,
      quotesAccepted: won.reduce((n, r) => n + r.count, 0),
      valueAccepted: won.map((r) => ({ currency: r.currency, once: Number(r.once), monthly: Number(r.monthly) })),
      winRate: e ? share(e.won, e.decided) : null,
    };
  });
  return { from: query.from, to: query.to, by: query.by, periods };
}
