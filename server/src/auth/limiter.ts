/**
 * Failed sign-ins are counted in the database, so that several server processes agree, by three
 * counters: the account from one client address (the limit a guesser meets first), the address
 * across accounts, and the account from everywhere (a generous ceiling against a guess spread
 * over many addresses). The pair, not the account, is what locks: failures from one address
 * never stop the owner signing in from another, below the ceiling. Only failures count; a success
 * clears its pair's counter. A counter lives for one window from its first failure. A limit is
 * the number of failures allowed per window: the next attempt is refused (429) until the window
 * has passed.
 */
import { isIPv6 } from 'node:net';
import type { DataSource, EntityManager } from 'typeorm';
import { messages } from '@kafue/common/contract';
import type { Limits } from '../config.js';
import { HttpError } from '../http/errors.js';

export interface Counter {
  key: string;
  /** Failures allowed within the window. */
  limit: number;
}

/** The key of an account's ceiling; its pairs' keys start with it and a `|`. */
export const accountKey = (kind: 'admin' | 'staff', email: string) => `account:${kind}:${email}`;

/**
 * The counter key of a client address: IPv4 as it is (also when written IPv4-mapped, ::ffff:a.b.c.d),
 * IPv6 by its /64 network, since one client commonly holds a whole /64.
 */
export function addressKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return `address:${mapped[1]}`;
  if (isIPv6(ip)) {
    const [head = '', tail = ''] = ip.toLowerCase().split('::');
    const left = head ? head.split(':') : [];
    const right = tail ? tail.split(':') : [];
    const groups = ip.includes('::') ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right] : left;
    return `address:${groups
      .slice(0, 4)
      .map((g) => g.replace(/^0+(?=.)/, ''))
      .join(':')}::/64`;
  }
  return `address:${ip}`;
}

/** The counters of a sign-in (or a password check of a signed-in account), its pair's first. */
export const signInCounters = (kind: 'admin' | 'staff', email: string, ip: string, limits: Limits): Counter[] => [
  { key: `${accountKey(kind, email)}|${addressKey(ip)}`, limit: limits.failuresPerAccount },
  { key: addressKey(ip), limit: limits.failuresPerAddress },
  { key: accountKey(kind, email), limit: limits.failuresPerAccountCeiling },
];

/** Clears every sign-in counter of an account (its new password ends any guess at the old one). */
export async function clearAccountFailures(db: DataSource | EntityManager, kind: 'admin' | 'staff', email: string): Promise<void> {
  const key = accountKey(kind, email);
  await db.query(`DELETE FROM login_failures WHERE key = $1 OR starts_with(key, $1 || '|')`, [key]);
}

interface Attempt {
  /** The password was right: take the attempt back, and clear the first counter (the pair's). */
  succeeded(): Promise<void>;
  /**
   * The attempt proved nothing either way (a right password without the second factor it
   * needs): take it back, but keep the failures counted so far, wrong codes among them.
   */
  withdrawn(): Promise<void>;
}

/**
 * Counts a sign-in attempt as a failure on each of its counters before its password is checked,
 * in one atomic statement, and throws 429 (with Retry-After) past a limit. Counting first means attempts sent
 * in parallel cannot all pass the check before any failure is recorded. When the password proves
 * right, `succeeded()` takes the attempt back, so in the end only failures count.
 */
export async function reserveAttempt(db: DataSource, counters: Counter[], limits: Limits): Promise<Attempt> {
  const rows: { key: string; failures: number; retry: number }[] = await db.query(
    `INSERT INTO login_failures (key, failures, window_start)
     SELECT k, 1, now() FROM unnest($1::text[]) AS k ORDER BY k
     ON CONFLICT (key) DO UPDATE SET
       failures = CASE WHEN login_failures.window_start > now() - make_interval(mins => $2)
                       THEN login_failures.failures + 1 ELSE 1 END,
       window_start = CASE WHEN login_failures.window_start > now() - make_interval(mins => $2)
                           THEN login_failures.window_start ELSE now() END
     RETURNING key, failures,
               ceil(extract(epoch FROM window_start + make_interval(mins => $2) - now()))::int AS retry`,
    [counters.map((c) => c.key), limits.failureWindowMinutes],
  );
  // Rows are always locked in key order (the insert above too): attempts for the same account or
  // address running at once then wait for each other instead of deadlocking.
  const takeBack = (keys: string[]) =>
    db.query(
      `UPDATE login_failures SET failures = failures - 1
        WHERE key IN (SELECT key FROM login_failures WHERE key = ANY($1) AND failures > 0 ORDER BY key FOR UPDATE)`,
      [keys],
    );
  const over = rows.find((row) => row.failures > counters.find((c) => c.key === row.key)!.limit);
  if (over) {
    // A refused attempt checks no password, so it is no failure either.
    await takeBack(counters.map((c) => c.key));
    throw new HttpError(429, messages.tooManyAttempts, undefined, { 'Retry-After': String(Math.max(1, over.retry)) });
  }
  const [account, ...others] = counters;
  return {
    async succeeded() {
      await db.query(`DELETE FROM login_failures WHERE key = $1`, [account.key]);
      if (others.length) await takeBack(others.map((c) => c.key));
    },
    async withdrawn() {
      await takeBack(counters.map((c) => c.key));
    },
  };
}

/** Removes counters whose window has passed (run now and then; they no longer count anyway). */
export async function purgeOldFailures(db: DataSource, limits: Limits): Promise<void> {
  await db.query(`DELETE FROM login_failures WHERE window_start <= now() - make_interval(mins => $1)`, [limits.failureWindowMinutes]);
}
