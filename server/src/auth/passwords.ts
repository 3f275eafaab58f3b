/**
 * Passwords: argon2id with the library's default cost. A sign-in for an unknown account still
 * runs one verification, so that timing does not tell an unknown email from a wrong password.
 */
import argon2 from 'argon2';
import { randomBytes, randomInt } from 'node:crypto';

/**
 * At most this many argon2 computations at once. Each holds a thread of libuv's pool (4 threads)
 * and 64 MiB for about 0.3 s; a burst of sign-ins held every thread, and what else needs the pool
 * waited behind them: 30 sign-ins at once made new database connections (their address lookup
 * and password exchange use the pool) time out after 5 s, and the sign-ins failed with 500.
 */
export const argon2Slots = 2;
let running = 0;
const waiting: (() => void)[] = [];

/** Runs `work` when a slot is free; a finished computation hands its slot to the next in line. */
export async function inArgon2Slot<T>(work: () => Promise<T>): Promise<T> {
  if (running < argon2Slots) running += 1;
  else await new Promise<void>((resolve) => waiting.push(resolve));
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }
}

/**
 * Set to 1 (test suites only; ignored when NODE_ENV is production), new hashes take argon2's
 * lowest cost (1 MiB, one pass, one lane) instead of its default (64 MiB, three passes, four
 * lanes): the server's tests sign in thousands of times. See docs/configuration.md.
 */
export const lowCostVariable = 'ARGON2_LOW_COST_FOR_TESTS';

/** Whether new hashes take the low test cost (read at each hash, so a test can switch it). */
const lowHashCost = () => process.env[lowCostVariable] === '1' && process.env.NODE_ENV !== 'production';

export function hashPassword(password: string): Promise<string> {
  const cost = lowHashCost() ? { memoryCost: 1024, timeCost: 1, parallelism: 1 } : {};
  return inArgon2Slot(() => argon2.hash(password, { type: argon2.argon2id, ...cost }));
}

/** `make`'s promise, made once for each cost (a test may switch the cost between calls). */
export function oncePerCost<T>(make: () => Promise<T>): () => Promise<T> {
  const made = new Map<boolean, Promise<T>>();
  return () => {
    const low = lowHashCost();
    let value = made.get(low);
    if (!value) made.set(low, (value = make()));
    return value;
  };
}

/** Computes the stand-in hash ahead, so that the first unknown email is not slower either. */
export const prepareDummyHash = oncePerCost(() => hashPassword(randomBytes(16).toString('hex')));

/** Verifies password against hash; with no hash, spends the same time and answers false. */
export async function verifyPassword(hash: string | undefined, password: string): Promise<boolean> {
  if (!hash) {
    const dummy = await prepareDummyHash();
    await inArgon2Slot(() => argon2.verify(dummy, password)).catch(() => false);
    return false;
  }
  try {
    return await inArgon2Slot(() => argon2.verify(hash, password));
  } catch {
    return false;
  }
}

const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

/** A random password that is easy to read aloud or copy (16 characters unless asked), no look-alikes. */
export function randomPassword(length = 16): string {
  let out = '';
  for (let i = 0; i < length; i++) out += alphabet[randomInt(alphabet.length)];
  return out;
}
