/** Password hashing shares libuv's thread pool with the database driver: at most two at once. */
import { describe, expect, it } from 'vitest';
import { argon2Slots, hashPassword, inArgon2Slot, verifyPassword } from '../src/auth/passwords.js';
import { productionHashCost } from './helpers.js';

describe('argon2 slots', () => {
  it('runs at most argon2Slots computations at once, in the order they came, and frees a slot that failed', async () => {
    let now = 0;
    let most = 0;
    const order: number[] = [];
    const job = (i: number) =>
      inArgon2Slot(async () => {
        now += 1;
        most = Math.max(most, now);
        await new Promise((r) => setTimeout(r, 5));
        now -= 1;
        order.push(i);
        if (i === 3) throw new Error('failed');
        return i;
      });
    const results = await Promise.allSettled(Array.from({ length: 12 }, (_, i) => job(i)));
    expect(most).toBe(argon2Slots);
    expect(order).toEqual(Array.from({ length: 12 }, (_, i) => i));
    expect(results.filter((r) => r.status === 'rejected')).toHaveLength(1);
    // Every slot is free again: as many jobs as slots start at once.
    now = 0;
    most = 0;
    await Promise.all(Array.from({ length: argon2Slots }, (_, i) => job(20 + i)));
    expect(most).toBe(argon2Slots);
  });

  it('a hash or a verification waits for a free slot, then answers as argon2 does', async () => {
    // Hashing itself: at the production cost, not the suite's low one (vitest.config.ts).
    productionHashCost();
    const hash = await hashPassword('Right-pass-1');
    // Both slots held: a verification must wait until one is given back.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const holders = Array.from({ length: argon2Slots }, () => inArgon2Slot(() => held));
    let answered = false;
    const waiting = verifyPassword(hash, 'Right-pass-1').then((ok) => ((answered = true), ok));
    await new Promise((r) => setTimeout(r, 1000));
    expect(answered).toBe(false);
    release();
    await Promise.all(holders);
    expect(await waiting).toBe(true);
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => verifyPassword(hash, i % 2 ? 'Right-pass-1' : 'wrong')));
    expect(answers).toEqual([false, true, false, true, false, true]);
    expect(await verifyPassword(undefined, 'anything')).toBe(false);
  });
});
