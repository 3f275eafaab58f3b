/**
 * The beacons of POST /api/collect, counted without slowing the pages: each is judged and hashed
 * as it comes (the address and user agent go no further than the hash), then kept in memory and
 * written in batches, one INSERT of many rows every `flushMs` or `batchRows`, whichever comes
 * first. The visitor key is SHA-256 of the day's random salt (analytics_salts, one per day of the
 * General timezone, the same for every process), the address, the user agent and the host.
 * Addresses are limited per process, in memory (a beacon per database round trip would cost
 * what the batches save): `perMinute` beacons per address a minute, IPv6 by its /64.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { deviceClassOf, sourceOf } from '@kafue/common/analytics';
import type { BeaconBody } from '@kafue/common/schemas';
import { addressKey } from '../auth/limiter.js';
import { poolOf } from '../db/data-source.js';
import { readGeneralSettings } from '../settings/settings.js';
import { ensurePartitions, localDay } from './storage.js';

interface EventRow {
  at: Date;
  visitor: Buffer;
  kind: 'pageview' | 'vitals';
  path: string;
  source: string;
  campaign: string | null;
  device: string;
  lcp: number | null;
  inp: number | null;
  cls: number | null;
  ttfb: number | null;
}

/** Who sent a beacon, as far as the visitor key needs it. */
export interface Sender {
  ip: string;
  userAgent: string;
  /** The host the beacon was sent to (part of the key). */
  host: string;
  /** The host of the page that sent it (a referrer from it is no source). */
  pageHost: string;
}

export interface CollectorOptions {
  now: () => number;
  perMinute: number;
  batchRows: number;
  flushMs: number;
  onError: (message: string) => void;
}

/** A batch is written every second, or at once when it has this many rows. */
export const collectorBatch = { batchRows: 500, flushMs: 1000 };

/** How long the General timezone is trusted before it is read again. */
const settingsMs = 60_000;

export class Collector {
  private rows: EventRow[] = [];
  private timer: NodeJS.Timeout;
  private flushing = Promise.resolve();
  private salt?: { day: string; salt: Promise<Buffer> };
  private timezone?: { value: Promise<string>; until: number };
  private partitions = new Map<string, Promise<void>>();
  private hits = new Map<string, number>();
  private minute = 0;

  constructor(
    private db: DataSource,
    private options: CollectorOptions,
  ) {
    this.timer = setInterval(() => void this.flush(), options.flushMs);
    this.timer.unref();
  }

  /** Whether `ip` may send one more beacon this minute (counted whether or not it is then kept). */
  allow(ip: string): boolean {
    const minute = Math.floor(this.options.now() / 60_000);
    if (minute !== this.minute) {
      this.minute = minute;
      this.hits.clear();
    }
    const key = addressKey(ip);
    const hits = (this.hits.get(key) ?? 0) + 1;
    this.hits.set(key, hits);
    return hits <= this.options.perMinute;
  }

  /** Keeps a beacon for the next batch. */
  async accept(beacon: BeaconBody, sender: Sender): Promise<void> {
    const at = new Date(this.options.now());
    const day = localDay(at.getTime(), await this.timezoneNow());
    const visitor = createHash('sha256')
      .update(await this.saltOf(day))
      .update(`\0${sender.ip}\0${sender.userAgent}\0${sender.host}`)
      .digest();
    const url = new URL(beacon.path, 'http://page');
    // The page's own address says where it came from when the script's fields do not.
    const utm = (field: 'utm_source' | 'utm_campaign') => beacon[field] || url.searchParams.get(field)?.trim().slice(0, 100) || undefined;
    const vitals = beacon.type === 'vitals' ? (beacon.vitals ?? {}) : {};
    this.rows.push({
      at,
      visitor,
      kind: beacon.type,
      path: url.pathname.slice(0, 500),
      source: sourceOf(utm('utm_source'), beacon.referrer, sender.pageHost),
      campaign: utm('utm_campaign')?.toLowerCase() ?? null,
      device: deviceClassOf(beacon.width),
      lcp: vitals.LCP ?? null,
      inp: vitals.INP ?? null,
      cls: vitals.CLS ?? null,
      ttfb: vitals.TTFB ?? null,
    });
    if (this.rows.length >= this.options.batchRows) void this.flush();
  }

  /** Writes the beacons kept so far (after any write under way); failures are reported, the batch lost. */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(() => this.write().catch((error: unknown) => this.options.onError(String(error))));
    return this.flushing;
  }

  /** Stops the timer and writes what is kept. */
  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }

  private async write(): Promise<void> {
    const rows = this.rows;
    if (rows.length === 0) return;
    this.rows = [];
    for (const day of new Set(rows.map((r) => r.at.toISOString().slice(0, 10)))) await this.partitionOf(day);
    const column = <K extends keyof EventRow>(key: K) => rows.map((r) => r[key]);
    await poolOf(this.db).query(
      `INSERT INTO analytics_events (at, visitor, kind, path, source, campaign, device, lcp, inp, cls, ttfb)
       SELECT * FROM unnest($1::timestamptz[], $2::bytea[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[],
                            $8::float8[], $9::float8[], $10::float8[], $11::float8[])`,
      (['at', 'visitor', 'kind', 'path', 'source', 'campaign', 'device', 'lcp', 'inp', 'cls', 'ttfb'] as const).map(column),
    );
  }

  /** The partition of a UTC day exists (made once per process and day). */
  private partitionOf(day: string): Promise<void> {
    let made = this.partitions.get(day);
    if (!made) {
      made = ensurePartitions(this.db, day, day);
      made.catch(() => this.partitions.delete(day));
      this.partitions.set(day, made);
    }
    return made;
  }

  private timezoneNow(): Promise<string> {
    const now = this.options.now();
    if (!this.timezone || this.timezone.until < now) {
      const value = readGeneralSettings(this.db).then((s) => s.timezone);
      value.catch(() => (this.timezone = undefined));
      this.timezone = { value, until: now + settingsMs };
    }
    return this.timezone.value;
  }

  /** The day's salt: made by the first process that needs it, read by the others. */
  private saltOf(day: string): Promise<Buffer> {
    if (this.salt?.day !== day) {
      const salt = (async () => {
        const [row] = await this.db.query<{ salt: Buffer }[]>(
          `WITH made AS (INSERT INTO analytics_salts (day, salt) VALUES ($1, $2) ON CONFLICT (day) DO NOTHING RETURNING salt)
           SELECT salt FROM made UNION ALL SELECT salt FROM analytics_salts WHERE day = $1`,
          [day, randomBytes(32)],
        );
        return row.salt;
      })();
      salt.catch(() => (this.salt = undefined));
      this.salt = { day, salt };
    }
    return this.salt.salt;
  }
}
