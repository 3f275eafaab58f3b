/**
 * The Prometheus metrics of this process (served at /metrics when METRICS_TOKEN is set). Each
 * process counts its own; Prometheus scrapes every process and sums. A subsystem adds its metrics
 * here, on `registry`: the mail queue its length and oldest age, publishing its duration.
 */
import type { Pool } from 'pg';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

export const registry = new Registry();

/** By route pattern (never the raw path, which would make a series per record id). */
export const requestDuration = new Histogram({
  name: 'kafue_http_request_duration_seconds',
  help: 'Time to handle a request (a streamed file counts until its first byte), by method, route pattern and status',
  labelNames: ['method', 'route', 'status'] as const,
  // Most API calls take a few milliseconds: finer buckets at the low end than the default.
  buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

const publishDuration = new Histogram({
  name: 'kafue_site_publish_duration_seconds',
  help: "Time to publish the public site's pages after a content change (render, compress, swap), in this process",
  buckets: [0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10],
  registers: [registry],
});

/** Records one publish of the site (SitePublisher's onPublished, when /metrics is served). */
export function observePublish(seconds: number): void {
  publishDuration.observe(seconds);
}

export type SignInRefusal = 'wrong_credentials' | 'wrong_code' | 'inactive' | 'suspended' | 'limited';

const signInRefusals = new Counter({
  name: 'kafue_signin_refusals_total',
  help: 'Refused sign-ins by account kind and reason: wrong_credentials (401), inactive or suspended (403), limited (429)',
  labelNames: ['kind', 'reason'] as const,
  registers: [registry],
});

/** Counts a refused sign-in; answers `error`, for the caller to throw. */
export function refusedSignIn<E>(kind: 'admin' | 'staff', reason: SignInRefusal, error: E): E {
  signInRefusals.inc({ kind, reason });
  return error;
}

const gauge = (name: string, help: string) => new Gauge({ name, help, registers: [registry] });
const poolGauges = {
  open: gauge('kafue_db_pool_connections', 'Open connections of the database pool'),
  idle: gauge('kafue_db_pool_idle_connections', 'Open connections of the database pool not in use'),
  waiting: gauge('kafue_db_pool_waiting_queries', 'Queries waiting for a connection of the database pool'),
  max: gauge('kafue_db_pool_max_connections', 'Most connections the database pool opens'),
};

const mailGauges = {
  queued: gauge('kafue_mail_queue_length', 'Mails queued and not yet delivered (all server processes)'),
  oldest: gauge('kafue_mail_queue_oldest_age_seconds', 'Age of the oldest undelivered mail, 0 when none: grows while SMTP is away'),
};

let processMetrics = false;

/** Starts the process metrics (CPU, memory, event loop lag, GC): only when /metrics is served. */
export function collectProcessMetrics(): void {
  if (processMetrics) return;
  processMetrics = true;
  collectDefaultMetrics({ register: registry });
}

/** The exposition text, with the pool read now (it has no events to count from). */
export async function exposition(pool: Pool): Promise<string> {
  poolGauges.open.set(pool.totalCount);
  poolGauges.idle.set(pool.idleCount);
  poolGauges.waiting.set(pool.waitingCount);
  poolGauges.max.set(pool.options.max);
  // The queue is the database's, the same seen from every process. A scrape while the database
  // is away leaves the last values.
  try {
    const { rows } = await pool.query<{ queued: number; oldest: number }>(
      `SELECT count(*)::int AS queued, coalesce(extract(epoch FROM now() - min(created_at)), 0)::float8 AS oldest FROM mail_queue`,
    );
    mailGauges.queued.set(rows[0].queued);
    mailGauges.oldest.set(rows[0].oldest);
  } catch {
    // kept as they were
  }
  return registry.metrics();
}
