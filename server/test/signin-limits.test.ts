/**
 * Sign-in limits seen from several client addresses: the requests really come from other
 * loopback source addresses (127.0.0.2, 127.0.0.3...), no proxy header involved. A guesser's
 * failures lock their own address out of the account, never the owner signing in from another;
 * the per-address limit across accounts and the per-account ceiling stay.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, messages } from '@kafue/common/contract';
import { defaultLimits, loadConfig } from '../src/config.js';
import { password, rawRequest, startTestServer, type TestServer } from './helpers.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t?.close());

let nextAddress = 2;
/** A loopback address no other test has signed in from. */
const freshAddress = () => `127.0.0.${nextAddress++}`;

const loginPath = { admin: api.adminLogin, staff: api.staffLogin } as const;
const signInFrom = (address: string, kind: 'admin' | 'staff', email: string, pass = password, code?: string) =>
  rawRequest(t.url + loginPath[kind], {
    method: 'POST',
    localAddress: address,
    body: { email, password: pass, ...(code === undefined ? {} : { code }) },
  });

async function failures(key: string): Promise<number> {
  const rows: { failures: number }[] = await t.db.query(`SELECT failures FROM login_failures WHERE key = $1`, [key]);
  return rows[0]?.failures ?? 0;
}

describe('per account and address pair', () => {
  for (const kind of ['admin', 'staff'] as const) {
    it(`${kind}: 5 failures from A refuse A the right password (429); B signs in with it`, async () => {
      const { email } = kind === 'admin' ? await t.admin('Editor') : await t.staff();
      const [a, b] = [freshAddress(), freshAddress()];
      for (let i = 0; i < defaultLimits.failuresPerAccount; i++) {
        expect((await signInFrom(a, kind, email, `wrong ${i}`)).status).toBe(401);
      }
      const locked = await signInFrom(a, kind, email);
      expect(locked).toMatchObject({ status: 429, body: { message: messages.tooManyAttempts } });
      expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await failures(`account:${kind}:${email}|address:${a}`)).toBe(5);

      expect((await signInFrom(b, kind, email)).status).toBe(200);
      // B's success clears B's count only: A stays refused until its window has passed.
      expect((await signInFrom(a, kind, email)).status).toBe(429);
      await t.db.query(`UPDATE login_failures SET window_start = now() - interval '16 minutes' WHERE key = $1`, [
        `account:${kind}:${email}|address:${a}`,
      ]);
      expect((await signInFrom(a, kind, email)).status).toBe(200);
    });
  }

  it('two-factor: 5 wrong codes from A refuse A the right password and code; B signs in with a code', async () => {
    const { client, email } = await t.admin('Editor');
    const { totpCode } = await import('../src/auth/two-factor.js');
    const setup = await client.post(api.twoFactorSetup);
    const step = 30_000;
    t.clock.at = Math.floor(Date.UTC(2026, 10, 24, 12) / step) * step + 10_000;
    try {
      expect((await client.post(api.twoFactorEnable, { code: totpCode(setup.body.secret, t.clock.at) })).status).toBe(200);
      const [a, b] = [freshAddress(), freshAddress()];
      for (let i = 0; i < defaultLimits.failuresPerAccount; i++) {
        expect((await signInFrom(a, 'admin', email)).body.twoFactorRequired).toBe(true); // asked for it: counts for nothing
        expect((await signInFrom(a, 'admin', email, password, '999999')).body.message).toBe(messages.twoFactorCodeWrong);
      }
      t.clock.at += step * 2; // a step no code was used in yet
      const code = totpCode(setup.body.secret, t.clock.at);
      expect((await signInFrom(a, 'admin', email, password, code)).status).toBe(429);
      expect((await signInFrom(b, 'admin', email, password, code)).status).toBe(200);
    } finally {
      t.clock.at = undefined;
    }
  });

  it('a signed-in password change guesses toward its own address pair, not the owner elsewhere', async () => {
    const { client, email } = await t.staff();
    for (let i = 0; i < defaultLimits.failuresPerAccount; i++) {
      const answer = await client.post(api.staffMyPassword, { currentPassword: `guess ${i}`, newPassword: 'whatever123' });
      expect(answer.status).toBe(400);
    }
    expect((await client.post(api.staffMyPassword, { currentPassword: password, newPassword: 'whatever123' })).status).toBe(429);
    expect(await failures(`account:staff:${email}|address:127.0.0.1`)).toBe(5);
    expect((await signInFrom(freshAddress(), 'staff', email)).status).toBe(200);
  });
});

describe('per account from every address (the ceiling)', () => {
  it('is 50 by default, read from SIGNIN_FAILURES_PER_ACCOUNT_CEILING', () => {
    expect(t.config.limits.failuresPerAccountCeiling).toBe(50);
    expect(loadConfig({ SIGNIN_FAILURES_PER_ACCOUNT_CEILING: '80' }).limits.failuresPerAccountCeiling).toBe(80);
    expect(() => loadConfig({ SIGNIN_FAILURES_PER_ACCOUNT_CEILING: 'many' })).toThrow(/SIGNIN_FAILURES_PER_ACCOUNT_CEILING/);
  });

  it(
    'failures spread over several addresses up to the ceiling refuse the right password from any other (429)',
    { timeout: 90_000 },
    async () => {
      // A ceiling of 12 rather than 50 keeps the argon2 work small; the rule is the same.
      const ceiling = 12;
      const capped = await startTestServer({ configure: (c) => (c.limits.failuresPerAccountCeiling = ceiling) });
      try {
        const from = (address: string, email: string, pass = password) =>
          rawRequest(capped.url + api.staffLogin, { method: 'POST', localAddress: address, body: { email, password: pass } });
        const { email } = await capped.staff();
        // 5 + 5 + 2 failures from three addresses: no pair reaches its limit, the account its ceiling.
        const spread = [5, 5, 2].map((count) => ({ address: freshAddress(), count }));
        for (const { address, count } of spread) {
          for (let i = 0; i < count; i++) expect((await from(address, email, `guess ${i}`)).status).toBe(401);
        }
        const rows: { failures: number }[] = await capped.db.query(`SELECT failures FROM login_failures WHERE key = $1`, [
          `account:staff:${email}`,
        ]);
        expect(rows).toEqual([{ failures: ceiling }]);
        const refused = await from(freshAddress(), email);
        expect(refused).toMatchObject({ status: 429, body: { message: messages.tooManyAttempts } });
        expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
        // The third address, under its pair limit, is refused too: the ceiling holds everywhere.
        expect((await from(spread[2].address, email)).status).toBe(429);
        // Other accounts are not affected.
        expect((await from(freshAddress(), (await capped.staff()).email)).status).toBe(200);
      } finally {
        await capped.close();
      }
    },
  );
});

describe('per address across accounts', () => {
  it('30 failures from one address on many accounts refuse it any account; another address signs in', { timeout: 90_000 }, async () => {
    const address = freshAddress();
    const { email } = await t.admin('Editor');
    const statuses = await Promise.all(
      Array.from({ length: defaultLimits.failuresPerAddress }, (_, i) => signInFrom(address, 'staff', `nobody${i}@kafue.test`, 'guess')),
    );
    expect(statuses.map((a) => a.status).filter((s) => s !== 401)).toEqual([]);
    expect(await failures(`address:${address}`)).toBe(30);
    expect((await signInFrom(address, 'admin', email)).status).toBe(429);
    expect((await signInFrom(freshAddress(), 'admin', email)).status).toBe(200);
  });
});
