/**
 * Password reset by e-mail for admins and staff. The mailed link is read from the
 * outbox (.eml files under DATA_DIR/outbox, where the mail queue delivers without SMTP_URL), as a
 * person would read it from their mailbox.
 */
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { pino } from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { api, messages } from '@kafue/common/contract';
import { totpCode } from '../src/auth/two-factor.js';
import { MailSender, outboxDir } from '../src/mail/sender.js';
import { password, startTestServer, type TestServer } from './helpers.js';

let t: TestServer;
let sender: MailSender;
beforeAll(async () => {
  t = await startTestServer({
    configure: (c) => {
      c.trustProxy = true;
      c.publicUrl = 'https://office.kafue.test';
    },
  });
  sender = new MailSender(t.db, t.config, pino({ level: 'silent' }));
});
afterAll(async () => {
  await sender?.stop();
  await t?.close();
});
beforeEach(async () => {
  rmSync(outboxDir(t.config), { recursive: true, force: true });
  await t.db.query(`DELETE FROM login_failures`);
});

let address = 0;
/** Each request from its own address, unless the test says otherwise. */
const forgot = (email: string, account: 'admin' | 'staff', ip = `198.51.100.${++address}`) =>
  t.client().post(api.forgotPassword, { email, account }, { 'x-forwarded-for': ip });

/** Delivers the queue into the outbox; answers the mails sent to `to` as raw text (quoted-printable undone). */
async function mailsTo(to: string): Promise<string[]> {
  await sender.deliverDue();
  let files: string[] = [];
  try {
    files = readdirSync(outboxDir(t.config)).filter((f) => f.endsWith('.eml'));
  } catch {
    return [];
  }
  return files
    .map((f) =>
      readFileSync(`${outboxDir(t.config)}/${f}`, 'utf8')
        .replace(/=\r\n/g, '')
        .replace(/=3D/g, '='),
    )
    .filter((raw) => new RegExp(`^To: ${to}\\r?$`, 'mi').test(raw));
}

/** The token of the one reset link mailed to `to`. */
async function mailedToken(to: string): Promise<string> {
  const mails = await mailsTo(to);
  expect(mails).toHaveLength(1);
  const link = /https:\/\/office\.kafue\.test\/reset-password\?token=([A-Za-z0-9_-]{43})/.exec(mails[0]);
  expect(link, mails[0]).not.toBeNull();
  return link![1];
}

describe('POST /api/auth/forgot-password', () => {
  it('answers the same whether or not the account exists; only an existing one gets a link, stored hashed', async () => {
    const admin = await t.admin('Editor');
    const known = await forgot(admin.email, 'admin');
    const unknown = await forgot('nobody@kafue.test', 'admin');
    expect(known.status).toBe(200);
    expect(known.body).toEqual({ message: messages.resetLinkSent });
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    // The wrong kind of account is no account either.
    expect((await forgot(admin.email, 'staff')).body).toEqual(known.body);
    expect(await mailsTo('nobody@kafue.test')).toEqual([]);
    const token = await mailedToken(admin.email);
    const [mail] = await mailsTo(admin.email);
    expect(mail).toMatch(/^Subject: Reset your .+ password\r?$/m);
    expect(mail).toContain('30 minutes');
    const rows = await t.db.query(`SELECT token_hash, expires_at - created_at AS valid FROM password_resets WHERE admin_id = $1`, [
      admin.id,
    ]);
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(rows[0].valid).toMatchObject({ minutes: 30 });
    expect(t.logs.join('\n')).not.toContain(token);
  });

  it('does the same database work for an unknown account as for a known one', async () => {
    const admin = await t.admin('Editor');
    const statements = async (email: string) => {
      const seen: string[] = [];
      const original = t.db.driver.createQueryRunner.bind(t.db.driver);
      t.db.driver.createQueryRunner = (mode) => {
        const runner = original(mode);
        const query = runner.query.bind(runner);
        runner.query = ((sql: string, ...rest: unknown[]) => {
          seen.push(
            sql
              .replace(/\s+/g, ' ')
              .replace(/WHERE false|\$\d+|'[^']*'|\b(admins|staff_users)\b/g, '?')
              .slice(0, 40),
          );
          return (query as (...a: unknown[]) => unknown)(sql, ...rest);
        }) as typeof runner.query;
        return runner;
      };
      try {
        expect((await forgot(email, 'admin')).status).toBe(200);
      } finally {
        t.db.driver.createQueryRunner = original;
      }
      return seen;
    };
    const known = await statements(admin.email);
    const unknown = await statements('nobody.else@kafue.test');
    expect(unknown.length).toBe(known.length);
    expect(unknown.map((s) => s.split(' ')[0])).toEqual(known.map((s) => s.split(' ')[0]));
  });

  it('is limited per account (silently: no more mail) and per address (429)', async () => {
    const admin = await t.admin('Moderator');
    for (let i = 0; i < t.config.limits.resetsPerAccount + 2; i++) {
      expect((await forgot(admin.email, 'admin')).body).toEqual({ message: messages.resetLinkSent });
    }
    expect(await mailsTo(admin.email)).toHaveLength(t.config.limits.resetsPerAccount);

    const ip = '203.0.113.77';
    for (let i = 0; i < t.config.limits.resetsPerAddress; i++) {
      expect((await forgot(`someone${i}@kafue.test`, 'staff', ip)).status).toBe(200);
    }
    const limited = await forgot('someone.more@kafue.test', 'staff', ip);
    expect(limited.status).toBe(429);
    expect(limited.body.message).toBe(messages.tooManyResetRequests);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('validates its body', async () => {
    expect((await t.client().post(api.forgotPassword, { email: 'not an email', account: 'admin' })).status).toBe(400);
    expect((await t.client().post(api.forgotPassword, { email: 'a@kafue.test', account: 'root' })).status).toBe(400);
  });
});

describe('POST /api/auth/reset-password', () => {
  it('sets the new password from the mailed link, once, and ends every session of the account', async () => {
    const admin = await t.admin('Editor');
    const desktop = t.client();
    desktop.bearer = (await desktop.post(api.authLogin, { email: admin.email, password, session: 'bearer' })).body.token;
    expect((await forgot(admin.email, 'admin')).status).toBe(200);
    const token = await mailedToken(admin.email);
    const reset = await t.client().post(api.resetPassword, { token, newPassword: 'my fresh password' });
    expect(reset).toMatchObject({ status: 200, body: { message: messages.passwordUpdated, account: 'admin' } });
    expect((await admin.client.get(api.adminCheckAuth)).status).toBe(401);
    expect((await desktop.get(api.authVerify)).status).toBe(401);
    expect((await t.client().post(api.adminLogin, { email: admin.email, password })).status).toBe(401);
    expect((await t.client().post(api.adminLogin, { email: admin.email, password: 'my fresh password' })).status).toBe(200);
    const again = await t.client().post(api.resetPassword, { token, newPassword: 'yet another password' });
    expect(again).toMatchObject({ status: 400, body: { message: messages.resetLinkInvalid } });
  });

  it('refuses an expired link, a forged one, and one made unusable by a later reset', async () => {
    const admin = await t.admin('Editor');
    await forgot(admin.email, 'admin');
    const expired = await mailedToken(admin.email);
    await t.db.query(`UPDATE password_resets SET expires_at = now() - interval '1 second' WHERE admin_id = $1`, [admin.id]);
    for (const token of [
      expired,
      randomBytes(32).toString('base64url'),
      'abc',
      expired.slice(0, 42) + (expired.endsWith('A') ? 'B' : 'A'),
    ]) {
      const refused = await t.client().post(api.resetPassword, { token, newPassword: 'a new password' });
      expect(refused, token).toMatchObject({ status: 400, body: { message: messages.resetLinkInvalid } });
    }
    rmSync(outboxDir(t.config), { recursive: true, force: true });
    await forgot(admin.email, 'admin');
    await forgot(admin.email, 'admin');
    const mails = await mailsTo(admin.email);
    const [first, second] = mails.map((m) => /token=([A-Za-z0-9_-]{43})/.exec(m)![1]);
    expect((await t.client().post(api.resetPassword, { token: second, newPassword: 'the second link' })).status).toBe(200);
    expect((await t.client().post(api.resetPassword, { token: first, newPassword: 'the first link' })).status).toBe(400);
    expect((await t.client().post(api.adminLogin, { email: admin.email, password: 'the second link' })).status).toBe(200);
  });

  it("a token resets its own account only: another account's password and sessions stay", async () => {
    const a = await t.admin('Editor');
    const b = await t.admin('Editor');
    const staff = await t.staff({ email: `same-person-${address}@kafue.test` });
    await forgot(a.email, 'admin');
    const token = await mailedToken(a.email);
    expect((await t.client().post(api.resetPassword, { token, newPassword: 'only for a' })).status).toBe(200);
    expect((await b.client.get(api.adminCheckAuth)).status).toBe(200);
    expect((await staff.client.get(api.staffMe)).status).toBe(200);
    expect((await t.client().post(api.adminLogin, { email: b.email, password })).status).toBe(200);
    expect((await t.client().post(api.adminLogin, { email: b.email, password: 'only for a' })).status).toBe(401);
  });

  it('works for staff: the new password is their own (no change asked), their sessions end', async () => {
    const staff = await t.staff({ mustChangePassword: true });
    await forgot(staff.email, 'staff');
    const token = await mailedToken(staff.email);
    expect((await t.client().post(api.resetPassword, { token, newPassword: 'staff chose this' })).body).toEqual({
      message: messages.passwordUpdated,
      account: 'staff',
    });
    expect((await staff.client.get(api.staffMe)).status).toBe(401);
    const signedIn = await t.client().post(api.staffLogin, { email: staff.email, password: 'staff chose this' });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.staff.mustChangePassword).toBe(false);
  });

  it('clears the sign-in lock of the account, but two-factor sign-in still asks for the code', async () => {
    const admin = await t.admin('Editor');
    const setup = await admin.client.post(api.twoFactorSetup);
    await admin.client.post(api.twoFactorEnable, { code: totpCode(setup.body.secret, Date.now()) });
    // Locked where the guesses came from (the lock is per account and address).
    const guesser = { 'x-forwarded-for': '192.0.2.77' };
    for (let i = 0; i <= t.config.limits.failuresPerAccount; i++) {
      await t.client().post(api.adminLogin, { email: admin.email, password: 'wrong guess' }, guesser);
    }
    expect((await t.client().post(api.adminLogin, { email: admin.email, password }, guesser)).status).toBe(429);
    await forgot(admin.email, 'admin');
    const token = await mailedToken(admin.email);
    expect((await t.client().post(api.resetPassword, { token, newPassword: 'after the lock' })).status).toBe(200);
    const signIn = await t.client().post(api.adminLogin, { email: admin.email, password: 'after the lock' }, guesser);
    expect(signIn).toMatchObject({ status: 401, body: { twoFactorRequired: true } });
  });

  it('validates the new password', async () => {
    const refused = await t.client().post(api.resetPassword, { token: randomBytes(32).toString('base64url'), newPassword: 'short' });
    expect(refused.status).toBe(400);
    expect(refused.body.errors.newPassword).toBeDefined();
  });
});
