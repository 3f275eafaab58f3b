/**
 * The lead report: per week or month of the General timezone, what came in (by kind and by
 * service or plan), how fast each client message was answered (the enquiry and every later one
 * that awaited our reply: reply_waits), what was quoted and won, and the cash received; and the
 * deposits still outstanding.
 */
import type { DataSource } from 'typeorm';
import { enquiryKinds, type EnquiryKind } from '@kafue/common/requests';
import type { LeadReport, LeadReportPeriod, ReportPeriod, WonValue } from '@kafue/common/schemas';
import { fromLocalClock } from '@kafue/common/time';
import { readGeneralSettings, readPaymentSettings } from '../settings/settings.js';

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
  for (let start = periodStart(utcDay(from), by); start <= utcDay(to); start = utcDay(nextPeriod(isoDay(start), by))) {
    starts.push(isoDay(start));
  }
  return starts;
}

/** The first day of the period after the one starting on `start`. */
function nextPeriod(start: string, by: ReportPeriod): string {
  const d = new Date(utcDay(start));
  return isoDay(by === 'month' ? Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1) : d.getTime() + 7 * dayMs);
}

/** A period's row: its counts, the median's seconds, the topics and the values accepted. */
interface PeriodRow {
  start: string;
  enquiries: number;
  with_due: number;
  in_time: number;
  won: number;
  decided: number;
  median_seconds: number | null;
  services: { label: string; count: number }[];
  sent: number;
  accepted: { currency: WonValue['currency']; count: number; once: number; monthly: number }[];
  cash: { currency: WonValue['currency']; amount: string }[];
  [kind: `kind_${string}`]: number;
}

const share = (part: number, whole: number) => (whole === 0 ? null : part / whole);

/**
 * One statement, one row per period: each period's bounds (its wall-clock start in the General
 * timezone, cut to [from, to]) are made here, so that each aggregate reads its own range of the
 * covering indexes (enquiries_report, reply_waits_report, quotes_sent, quotes_accepted) and nothing is sorted by
 * period or spilled to disk. The median is taken on seconds as float8 (date_part), not on
 * extract's numeric, whose sort was most of the time; minutes are the seconds / 60 either way.
 */
export async function leadReport(db: DataSource, query: { from: string; to: string; by: ReportPeriod }): Promise<LeadReport> {
  const { timezone } = await readGeneralSettings(db);
  const since = fromLocalClock(utcDay(query.from), timezone).getTime();
  const until = fromLocalClock(utcDay(query.to) + dayMs, timezone).getTime();
  const starts = periodStarts(query.from, query.to, query.by);
  // A period's first instant, within the report's.
  const bound = (day: string) => new Date(Math.min(until, Math.max(since, fromLocalClock(utcDay(day), timezone).getTime())));
  const lows = starts.map(bound);
  const highs = starts.map((start) => bound(nextPeriod(start, query.by)));
  const range = (column: string) => `${column} >= p.lo AND ${column} < p.hi`;
  const rows = await db.query<PeriodRow[]>(
    `SELECT p.start, e.*, r.*, t.services, s.sent, a.accepted, c.cash
       FROM unnest($1::text[], $2::timestamptz[], $3::timestamptz[]) AS p(start, lo, hi)
       CROSS JOIN LATERAL (
         SELECT count(*)::int AS enquiries,
                ${enquiryKinds.map((k) => `count(*) FILTER (WHERE kind = '${k}')::int AS kind_${k}`).join(', ')},
                count(*) FILTER (WHERE stage = 'won')::int AS won,
                count(*) FILTER (WHERE stage IN ('won', 'lost'))::int AS decided
           FROM enquiries WHERE status <> 'Spam' AND ${range('created_at')}) e
       CROSS JOIN LATERAL (
         SELECT count(w.due_at)::int AS with_due,
                count(*) FILTER (WHERE w.answered_at <= w.due_at)::int AS in_time,
                percentile_cont(0.5) WITHIN GROUP (ORDER BY date_part('epoch', w.answered_at - w.since)) AS median_seconds
           FROM reply_waits w WHERE ${range('w.since')} AND w.enquiry_id NOT IN (SELECT id FROM enquiries WHERE status = 'Spam')) r
       CROSS JOIN LATERAL (
         SELECT coalesce(json_agg(json_build_object('label', label, 'count', count) ORDER BY count DESC, label), '[]') AS services
           FROM (SELECT coalesce(topic, 'None') AS label, count(*)::int AS count
                   FROM enquiries WHERE status <> 'Spam' AND ${range('created_at')} GROUP BY 1) topics) t
       CROSS JOIN LATERAL (SELECT count(*)::int AS sent FROM quotes WHERE ${range('sent_at')}) s
       CROSS JOIN LATERAL (
         SELECT coalesce(json_agg(json_build_object('currency', currency, 'count', count, 'once', once, 'monthly', monthly) ORDER BY currency), '[]') AS accepted
           FROM (SELECT currency, count(*)::int AS count, sum(total_once) AS once, sum(total_monthly) AS monthly
                   FROM quotes WHERE status = 'accepted' AND ${range('accepted_at')} GROUP BY 1) won) a
       CROSS JOIN LATERAL (
         SELECT coalesce(json_agg(json_build_object('currency', currency, 'amount', amount) ORDER BY currency), '[]') AS cash
           FROM (SELECT currency, sum(amount_minor)::text AS amount
                   FROM payments WHERE status = 'completed' AND ${range('settled_at')} GROUP BY 1) paid) c
      ORDER BY p.start`,
    [starts, lows, highs],
  );
  const periods = rows.map((r): LeadReportPeriod => ({
    start: r.start,
    enquiries: r.enquiries,
    byKind: Object.fromEntries(enquiryKinds.map((k) => [k, r[`kind_${k}`]])) as Record<EnquiryKind, number>,
    byService: r.services,
    answeredInTime: share(r.in_time, r.with_due),
    medianMinutesToResponse: r.median_seconds == null ? null : Math.round(r.median_seconds / 60),
    quotesSent: r.sent,
    quotesAccepted: r.accepted.reduce((n, w) => n + w.count, 0),
    valueAccepted: r.accepted.map((w) => ({ currency: w.currency, once: Number(w.once), monthly: Number(w.monthly) })),
    winRate: share(r.won, r.decided),
    cashCollected: r.cash.map((c) => ({ currency: c.currency, amount: Number(c.amount) / 100 })),
  }));
  return { from: query.from, to: query.to, by: query.by, periods, depositsOutstanding: await depositsOutstanding(db) };
}

/**
 * Accepted quotes without a deposit received, and their deposits (the Payments setting's percent of
 * the once total, rounded up to the cent; with only monthly lines, the first month), by currency.
 */
async function depositsOutstanding(db: DataSource): Promise<LeadReport['depositsOutstanding']> {
  const { depositPercent } = await readPaymentSettings(db);
  const rows = await db.query<{ currency: WonValue['currency']; count: number; amount: string }[]>(
    `SELECT q.currency, count(*)::int AS count,
            sum(CASE WHEN q.total_once > 0 THEN ceil(q.total_once * 100 * $1 / 100) ELSE q.total_monthly * 100 END)::text AS amount
       FROM quotes q
      WHERE q.status = 'accepted'
        AND NOT EXISTS (SELECT 1 FROM payments p WHERE p.quote_id = q.id AND p.purpose = 'deposit' AND p.status = 'completed')
      GROUP BY 1 ORDER BY 1`,
    [depositPercent],
  );
  return rows.map((r) => ({ currency: r.currency, count: r.count, amount: Number(r.amount) / 100 }));
}
