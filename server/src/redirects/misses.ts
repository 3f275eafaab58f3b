/**
 * The site's missing pages: every 404 on a public path counted by day, path and referrer (the
 * referring page's address without its query; nothing about the visitor), and the list of the
 * most requested. Counting costs a request one Map update: the counts gather in memory and one
 * statement (an upsert of every key at once) adds them to not_found_hits every few seconds and
 * at close. A flood of distinct paths (a scanner) is capped: past `maxKeys` keys until the next
 * flush, new ones are dropped, and the log says how many.
 */
import type { Logger } from 'pino';
import type { DataSource } from 'typeorm';
import { notFoundDefaultDays, notFoundListMax, redirectLimits, type NotFoundList, type NotFoundQuery } from '@kafue/common/redirects';

/** How often the counts gathered are written. */
export const flushMs = 5_000;
/** Distinct (path, referrer) pairs kept between two flushes at most. */
const maxKeys = 5_000;

interface Tally {
  path: string;
  referrer: string;
  hits: number;
  last: Date;
}

/** A Referer header as kept: its origin and path (no query or fragment, which can carry personal data); '' when absent or unreadable. */
export function referrerOf(header: string | undefined): string {
  if (!header) return '';
  try {
    const url = new URL(header);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return '';
    return `${url.origin}${url.pathname}`.slice(0, redirectLimits.from);
  } catch {
    return '';
  }
}

export class NotFoundCounter {
  private tallies = new Map<string, Tally>();
  private dropped = 0;
  private timer?: NodeJS.Timeout;
  private flushing?: Promise<void>;

  constructor(
    private readonly db: DataSource,
    private readonly logger: Logger,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.timer = setInterval(() => void this.flush(), flushMs).unref();
  }

  /** One 404 on a public path. */
  count(path: string, referer: string | undefined): void {
    const referrer = referrerOf(referer);
    const key = `${path}\n${referrer}`;
    const tally = this.tallies.get(key);
    const now = this.now();
    if (tally) {
      tally.hits++;
      tally.last = now;
    } else if (this.tallies.size < maxKeys) {
      this.tallies.set(key, { path: path.slice(0, redirectLimits.from), referrer, hits: 1, last: now });
    } else this.dropped++;
  }

  /** Writes the counts gathered (one statement); a failed write keeps them for the next. */
  async flush(): Promise<void> {
    await this.flushing;
    if (this.tallies.size === 0) return;
    const tallies = [...this.tallies.values()];
    const dropped = this.dropped;
    this.tallies = new Map();
    this.dropped = 0;
    if (dropped) this.logger.warn({ dropped }, 'not-found: too many distinct missing paths; some were not counted');
    this.flushing = this.db
      .query(
        `INSERT INTO not_found_hits (day, path, referrer, hits, last_seen_at)
          SELECT (t.at AT TIME ZONE 'UTC')::date, t.path, t.referrer, t.hits, t.at
            FROM unnest($1::text[], $2::text[], $3::int[], $4::timestamptz[]) AS t(path, referrer, hits, at)
          ON CONFLICT (day, path, referrer) DO UPDATE
            SET hits = not_found_hits.hits + EXCLUDED.hits, last_seen_at = greatest(not_found_hits.last_seen_at, EXCLUDED.last_seen_at)`,
        [tallies.map((t) => t.path), tallies.map((t) => t.referrer), tallies.map((t) => t.hits), tallies.map((t) => t.last.toISOString())],
      )
      .then(
        () => undefined,
        (error: unknown) => {
          this.logger.error(
            { err: error instanceof Error ? error.message : String(error) },
            'not-found: counts not written; kept for the next try',
          );
          for (const t of tallies) {
            const key = `${t.path}\n${t.referrer}`;
            const kept = this.tallies.get(key);
            if (kept) kept.hits += t.hits;
            else this.tallies.set(key, t);
          }
        },
      )
      .finally(() => {
        this.flushing = undefined;
      });
    await this.flushing;
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }
}

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** The most requested missing paths of the period (by UTC day), each with where its visitors came from. */
export async function listNotFound(db: DataSource, query: NotFoundQuery, today = new Date()): Promise<NotFoundList> {
  const to = query.to ?? isoDay(today);
  const from = query.from ?? isoDay(new Date(Date.parse(`${to}T00:00:00Z`) - (notFoundDefaultDays - 1) * 86_400_000));
  const rows = await db.query<{ path: string; hits: number; last_seen_at: Date; referrers: { referrer: string; hits: number }[] }[]>(
    `WITH by_referrer AS (
       SELECT path, referrer, sum(hits)::int AS hits, max(last_seen_at) AS last_seen_at
         FROM not_found_hits WHERE day BETWEEN $1::date AND $2::date GROUP BY path, referrer
     )
     SELECT path, sum(hits)::int AS hits, max(last_seen_at) AS last_seen_at,
            json_agg(json_build_object('referrer', referrer, 'hits', hits) ORDER BY hits DESC, referrer) AS referrers
       FROM by_referrer GROUP BY path ORDER BY hits DESC, path LIMIT $3`,
    [from, to, notFoundListMax],
  );
  return {
    from,
    to,
    paths: rows.map((r) => ({ path: r.path, hits: r.hits, lastSeenAt: r.last_seen_at.toISOString(), referrers: r.referrers.slice(0, 10) })),
  };
}
