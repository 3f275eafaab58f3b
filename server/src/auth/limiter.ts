/**
 * Failed sign-ins are counted per account and per client address, in the database so that
 * several server processes agree. Only failures count; a success clears the account's counter.
 * A counter lives for one window from its first failure.
 */
import type { DataSource } from 'typeorm';
import { messages } from '@kafue/common/contract';
import type { Limits } from '../config.js';
import { HttpError } from '../http/errors.js';

export interface Counter {
  key: string;
  /** Failures allowed within the window. */
  limit: number;
}

export const accountKey = (kind: 'admin' | 'staff', email: string) => `account:${kind}:${email}`;

export const accountCounter = (kind: 'admin' | 'staff', email: string, limits: Limits): Counter => ({
  key: accountKey(kind, email),
  limit: limits.failuresPerAccount,
});

export const signInCounters = (kind: 'admin' | 'staff', email: string, ip: string, limits: Limits): Counter[] => [
  accountCounter(kind, email, limits),
  { key: `address:${ip}`, limit: limits.failuresPerAddress },
];

/** Throws 429 (with Retry-After) when a counter has reached its limit within the window. */
export async function assertNotLimited(db: DataSource, counters: Counter[], limits: Limits): Promise<void> {
  const rows: { key: string; failures: number; retry: number }[] = await db.query(
    `SELECT key, failures,
            ceil(extract(epoch FROM window_start + make_interval(mins => $2) - now()))::int AS retry
       FROM login_failures
      WHERE key = ANY($1) AND window_start > now() - make_interval(mins => $2)`,
    [counters.map((c) => c.key), limits.failureWindowMinutes],
  );
  for (const row of rows) {
    const limit = counters.find((c) => c.key === row.key)!.limit;
    if (row.failures >= limit) {
      throw new HttpError(429, messages.tooManyAttempts, undefined, { 'Retry-After': String(Math.max(1, row.retry)) });
    }
  }
}

export async function recordFailure(db: DataSource, counters: Counter[], limits: Limits): Promise<void> {
  await db.query(
    `INSERT INTO login_failures (key, failures, window_start)
     SELECT k, 1, now() FROM unnest($1::text[]) AS k
     ON CONFLICT (key) DO UPDATE SET
       failures = CASE WHEN login_failures.window_start > now() - make_interval(mins => $2)
                       THEN login_failures.failures + 1 ELSE 1 END,
       window_start = CASE WHEN login_failures.window_start > now() - make_interval(mins => $2)
                           THEN login_failures.window_start ELSE now() END`,
    [counters.map((c) => c.key), limits.failureWindowMinutes],
  );
}

export async function clearFailures(db: DataSource, counter: Counter): Promise<void> {
  await db.query(`DELETE FROM login_failures WHERE key = $1`, [counter.key]);
}

/** Removes counters whose window has passed (run now and then; they no longer count anyway). */
export async function purgeOldFailures(db: DataSource, limits: Limits): Promise<void> {
  await db.query(`DELETE FROM login_failures WHERE window_start <= now() - make_interval(mins => $1)`, [
    limits.failureWindowMinutes,
  ]);
}
