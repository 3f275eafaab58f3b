/**
 * Two-factor sign-in for admins (TOTP and recovery codes), with the server's
 * clock under the test's control; the security settings, and enrolment enforced when required.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { api, messages } from '@kafue/common/contract';
import { totpCode } from '../src/auth/two-factor.js';
import { password, startTestServer, type Client, type TestServer } from './helpers.js';

let t: TestServer;
let superAdmin: Client;
beforeAll(async () => {
  t = await startTestServer();
  superAdmin = (await t.admin('Super Admin')).client;
});
afterAll(() => t?.close());
beforeEach(async () => {
  t.clock.at = undefined;
  await t.db.query(`DELETE FROM settings WHERE key = 'security'`);
  await t.db.query(`DELETE FROM login_failures`);
});

const step = 30_000;
/** A time well inside a step, so that ±1 step stays clear of its edges. */
const base = Math.floor(Date.UTC(2026, 10, 23, 12) / step) * step + 10_000;

/** An admin with two-factor on, enrolled at `base`; answers their secret and recovery codes. */
async function enrolled(role: 'Editor' | 'Super Admin' = 'Editor') {
  const admin = await t.admin(role);
  t.clock.at = base;
  const setup = await admin.client.post(api.twoFactorSetup);
  expect(setup.status).toBe(200);
  const enable = await admin.client.post(api.twoFactorEnable, { code: totpCode(setup.body.secret, base) });
  expect(enable.status).toBe(200);
  return { ...admin, secret: setup.body.secret as string, recoveryCodes: enable.body.recoveryCodes as string[] };
}

const signIn = (email: string, code?: string, path: string = api.adminLogin) =>
  t.client().post(path, { email, password, ...(code === undefined ? {} : { code }) });

describe('POST /api/admin/2fa/setup and /enable', () => {
  it('gives a secret, its otpauth URL and a QR code; enabling with a current code answers 10 recovery codes, stored hashed', async () => {
    const admin = await t.admin('Moderator');
    const setup = await admin.client.post(api.twoFactorSetup);
    expect(setup.status).toBe(200);
    const { secret, otpauthUrl, qrCodeDataUrl } = setup.body;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const url = new URL(otpauthUrl);
    expect(url.protocol).toBe('otpauth:');
    expect(url.host).toBe('totp');
    expect(decodeURIComponent(url.pathname)).toBe(`/Kafue:${admin.email}`);
    expect(url.searchParams.get('secret')).toBe(secret);
    expect(url.searchParams.get('issuer')).toBe('Kafue');
    expect(qrCodeDataUrl).toMatch(/^data:image\/png;base64,[A-Za-z0-9+/]+=*$/);

    // Not on until confirmed: sign-in still needs no code.
    expect((await signIn(admin.email)).status).toBe(200);
    const wrong = await admin.client.post(api.twoFactorEnable, { code: '000000' === totpCode(secret, Date.now()) ? '111111' : '000000' });
    expect(wrong).toMatchObject({ status: 400, body: { message: messages.twoFactorCodeWrong } });
    const enable = await admin.client.post(api.twoFactorEnable, { code: totpCode(secret, Date.now()) });
    expect(enable.status).toBe(200);
    expect(enable.body.message).toBe(messages.twoFactorEnabled);
    const codes = enable.body.recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    const stored: { code_hash: string }[] = await t.db.query(`SELECT code_hash FROM admin_recovery_codes WHERE admin_id = $1`, [admin.id]);
    expect(stored).toHaveLength(10);
    const storedText = JSON.stringify(stored);
    for (const code of codes) expect(storedText).not.toContain(code.replace('-', ''));
    expect((await admin.client.get(api.adminCheckAuth)).body.twoFactorEnabled).toBe(true);
    // Once on, setup and enable refuse.
    expect((await admin.client.post(api.twoFactorSetup)).status).toBe(409);
    expect((await admin.client.post(api.twoFactorEnable, { code: totpCode(secret, Date.now()) })).status).toBe(409);
  });

  it('enable before setup is refused, and so is a code of another secret', async () => {
    const admin = await t.admin('Editor');
    expect(await admin.client.post(api.twoFactorEnable, { code: '123456' })).toMatchObject({
      status: 400,
      body: { message: messages.twoFactorSetupFirst },
    });
    const first = (await admin.client.post(api.twoFactorSetup)).body.secret;
    const second = (await admin.client.post(api.twoFactorSetup)).body.secret;
    expect(second).not.toBe(first);
    t.clock.at = base;
    expect((await admin.client.post(api.twoFactorEnable, { code: totpCode(first, base) })).status).toBe(400);
    expect((await admin.client.post(api.twoFactorEnable, { code: totpCode(second, base) })).status).toBe(200);
  });

  it('never logs the secret, a code or a recovery code', async () => {
    const { email, secret, recoveryCodes } = await enrolled();
    t.clock.at = base + 60 * step;
    expect((await signIn(email, totpCode(secret, t.clock.at))).status).toBe(200);
    expect((await signIn(email, recoveryCodes[0])).status).toBe(200);
    const logs = t.logs.join('\n');
    expect(logs).not.toContain(secret);
    expect(logs).not.toContain(totpCode(secret, t.clock.at));
    for (const code of recoveryCodes) expect(logs).not.toContain(code);
  });
});

describe('signing in with two-factor on', () => {
  for (const path of [api.adminLogin, api.authLogin]) {
    it(`${path}: without a code answers 401 { message, twoFactorRequired } and opens no session`, async () => {
      const { email, id } = await enrolled();
      const answer = await signIn(email, undefined, path);
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual({ message: messages.twoFactorRequired, twoFactorRequired: true });
      expect(answer.headers.getSetCookie()).toEqual([]);
      const [{ n }] = await t.db.query(`SELECT count(*)::int AS n FROM sessions WHERE admin_id = $1`, [id]);
      expect(n).toBe(1); // the test's own session only
      // A wrong password is still just a wrong password: the second step is not revealed.
      const wrong = await t.client().post(path, { email, password: 'not the password' });
      expect(wrong.body).toEqual({ message: messages.invalidCredentials });
    });
  }

  it('accepts the current, previous and next step, refuses older and later ones (clock under test control)', async () => {
    const { email, secret } = await enrolled();
    const now = base + 100 * step;
    t.clock.at = now;
    // Ascending steps: each is later than the last one used.
    const previous = await signIn(email, totpCode(secret, now - step), api.authLogin);
    expect(previous.status).toBe(200);
    expect(previous.body.twoFactorEnabled).toBe(true);
    expect((await signIn(email, totpCode(secret, now))).status).toBe(200);
    expect((await signIn(email, totpCode(secret, now + step))).status).toBe(200);

    const other = await enrolled();
    t.clock.at = now;
    for (const at of [now - 2 * step, now - 10 * step, now + 2 * step]) {
      const refused = await signIn(other.email, totpCode(other.secret, at));
      expect(refused).toMatchObject({ status: 401, body: { message: messages.twoFactorCodeWrong, twoFactorRequired: true } });
    }
    expect((await signIn(other.email, 'abcdef')).status).toBe(401);
    expect((await signIn(other.email, totpCode(other.secret, now))).status).toBe(200);
  });

  it('a code is accepted once: a replay, or an earlier step after a later one, is refused', async () => {
    const { email, secret } = await enrolled();
    const now = base + 200 * step;
    t.clock.at = now;
    const code = totpCode(secret, now);
    expect((await signIn(email, code)).status).toBe(200);
    expect((await signIn(email, code)).status).toBe(401);
    expect((await signIn(email, totpCode(secret, now - step))).status).toBe(401);
    t.clock.at = now + step;
    expect((await signIn(email, totpCode(secret, now + step))).status).toBe(200);
  });

  it('signs in with an unused recovery code, each once, written in any case and with or without its dash', async () => {
    const { email, recoveryCodes } = await enrolled();
    expect((await signIn(email, recoveryCodes[0])).status).toBe(200);
    const reused = await signIn(email, recoveryCodes[0]);
    expect(reused).toMatchObject({ status: 401, body: { message: messages.twoFactorCodeWrong } });
    expect((await signIn(email, ` ${recoveryCodes[1].toUpperCase().replace('-', '')} `)).status).toBe(200);
    expect((await signIn(email, recoveryCodes[1])).status).toBe(401);
    expect((await signIn(email, recoveryCodes[2])).status).toBe(200);
    const other = await enrolled();
    expect((await signIn(other.email, recoveryCodes[3])).status).toBe(401); // another admin's code
  });

  it('wrong codes count toward sign-in limiting; asking for the code does not clear the count', async () => {
    const { email, secret } = await enrolled();
    const now = base + 300 * step;
    t.clock.at = now;
    for (let i = 0; i < t.config.limits.failuresPerAccount; i++) {
      expect((await signIn(email)).status).toBe(401); // no code: asked for it, counts for nothing
      expect((await signIn(email, i % 2 ? 'zzzzz-zzzzz' : '999999')).status).toBe(401);
    }
    const limited = await signIn(email, totpCode(secret, now));
    expect(limited.status).toBe(429);
    expect(limited.body.message).toBe(messages.tooManyAttempts);
  });
});

describe('POST /api/admin/2fa/disable', () => {
  it('needs the password and a code; then sign-in needs no code', async () => {
    const { client, email, secret, recoveryCodes } = await enrolled();
    t.clock.at = base + 400 * step;
    const code = totpCode(secret, t.clock.at);
    expect(await client.post(api.twoFactorDisable, { password: 'not it', code })).toMatchObject({
      status: 400,
      body: { message: messages.currentPasswordWrong },
    });
    expect(await client.post(api.twoFactorDisable, { password, code: '000001' })).toMatchObject({
      status: 400,
      body: { message: messages.twoFactorCodeWrong },
    });
    expect((await client.post(api.twoFactorDisable, { password })).status).toBe(400);
    expect(await client.post(api.twoFactorDisable, { password, code: recoveryCodes[4] })).toMatchObject({
      status: 200,
      body: { message: messages.twoFactorDisabled },
    });
    const [{ n }] = await t.db.query(`SELECT count(*)::int AS n FROM admin_recovery_codes`);
    expect(n).toBeGreaterThan(0); // others' codes stay
    const [{ mine }] = await t.db.query(
      `SELECT count(*)::int AS mine FROM admin_recovery_codes WHERE admin_id = (SELECT id FROM admins WHERE email = $1)`,
      [email],
    );
    expect(mine).toBe(0);
    expect((await signIn(email)).status).toBe(200);
    expect(await client.post(api.twoFactorDisable, { password, code })).toMatchObject({
      status: 400,
      body: { message: messages.twoFactorNotOn },
    });
  });

  it('is refused while two-factor is required for every admin', async () => {
    const { client, secret } = await enrolled();
    expect((await superAdmin.put(api.securitySettings, { requireTwoFactor: true, passwordMaxAgeDays: 0 })).status).toBe(200);
    t.clock.at = base + 500 * step;
    expect(await client.post(api.twoFactorDisable, { password, code: totpCode(secret, t.clock.at) })).toMatchObject({
      status: 403,
      body: { message: messages.twoFactorStillRequired },
    });
  });
});

describe('security settings (GET/PUT /api/admin/settings/security)', () => {
  it('any admin reads the defaults; a Super Admin changes them; anything else is refused', async () => {
    const moderator = (await t.admin('Moderator')).client;
    expect((await moderator.get(api.securitySettings)).body).toEqual({ requireTwoFactor: false, passwordMaxAgeDays: 0 });
    const body = { requireTwoFactor: false, passwordMaxAgeDays: 90 };
    expect((await moderator.put(api.securitySettings, body)).status).toBe(403);
    expect((await (await t.admin('Editor')).client.put(api.securitySettings, body)).status).toBe(403);
    expect(await superAdmin.put(api.securitySettings, body)).toMatchObject({
      status: 200,
      body: { message: messages.settingsUpdated, settings: body },
    });
    expect((await moderator.get(api.securitySettings)).body).toEqual(body);
    for (const wrong of [{ ...body, passwordMaxAgeDays: 45 }, { ...body, requireTwoFactor: 'yes' }, { passwordMaxAgeDays: 30 }]) {
      expect((await superAdmin.put(api.securitySettings, wrong)).status).toBe(400);
    }
  });
});

describe('two-factor required for every admin', () => {
  it('an admin without it can sign in, then do nothing but enrol; enrolled, everything is open again', async () => {
    const admin = await t.admin('Editor');
    const before = await admin.client.get(api.staff);
    expect(before.status).toBe(200);
    expect((await superAdmin.put(api.securitySettings, { requireTwoFactor: true, passwordMaxAgeDays: 0 })).status).toBe(200);

    // An open session is held at once (the settings change reaches the session cache).
    expect(await admin.client.get(api.staff)).toMatchObject({ status: 403, body: { message: messages.twoFactorEnrolmentRequired } });

    const c = t.client();
    const signedIn = await c.post(api.adminLogin, { email: admin.email, password });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body).toMatchObject({ twoFactorEnabled: false, pending: 'twoFactorEnrolment' });
    expect((await c.get(api.adminCheckAuth)).body).toMatchObject({ pending: 'twoFactorEnrolment' });
    for (const [method, path] of [
      ['GET', api.staff],
      ['GET', api.admins],
      ['GET', api.generalSettings],
      ['GET', api.mySessions],
      ['POST', api.twoFactorDisable],
    ] as const) {
      const refused = await c.call(method, path, method === 'POST' ? { password, code: '123456' } : undefined);
      expect(refused, `${method} ${path}`).toMatchObject({ status: 403, body: { message: messages.twoFactorEnrolmentRequired } });
    }
    expect((await c.get(api.securitySettings)).status).toBe(200);
    const setup = await c.post(api.twoFactorSetup);
    expect(setup.status).toBe(200);
    expect((await c.post(api.twoFactorEnable, { code: totpCode(setup.body.secret, Date.now()) })).status).toBe(200);
    expect((await c.get(api.staff)).status).toBe(200);
    const check = await c.get(api.adminCheckAuth);
    expect(check.body).toMatchObject({ twoFactorEnabled: true });
    expect(check.body.pending).toBeUndefined();
    // Bearer sessions (the desktop app) are held the same way.
    const other = await t.admin('Moderator');
    const desktop = t.client();
    desktop.bearer = (await desktop.post(api.authLogin, { email: other.email, password, session: 'bearer' })).body.token;
    expect((await desktop.get(api.staff)).status).toBe(403);
    expect((await desktop.get(api.authVerify)).body.pending).toBe('twoFactorEnrolment');
  });
});
