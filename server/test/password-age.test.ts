/**
 * Password age. With passwordMaxAgeDays set, an admin or staff member whose
 * password is older must choose a new one at sign-in before anything else; 0 means never.
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
beforeEach(() => t.db.query(`DELETE FROM settings WHERE key = 'security'`));

const policy = (passwordMaxAgeDays: number, requireTwoFactor = false) =>
  superAdmin.put(api.securitySettings, { requireTwoFactor, passwordMaxAgeDays });

/** Makes an account's password `days` old. */
const age = (table: 'admins' | 'staff_users', id: string, days: number) =>
  t.db.query(`UPDATE ${table} SET password_changed_at = now() - make_interval(days => $2) WHERE id = $1`, [id, days]);

describe('admins', () => {
  it('an older password than allowed: signed in, then nothing but choosing a new one; 0 means never', async () => {
    const admin = await t.admin('Editor');
    await age('admins', admin.id, 31);
    // 0 (the default): never expires.
    const c = t.client();
    const open = await c.post(api.adminLogin, { email: admin.email, password });
    expect(open.status).toBe(200);
    expect(open.body.pending).toBeUndefined();
    expect((await c.get(api.staff)).status).toBe(200);

    expect((await policy(30)).status).toBe(200);
    // The open sessions are held at once.
    expect(await c.get(api.staff)).toMatchObject({ status: 403, body: { message: messages.passwordExpired } });
    const again = t.client();
    const signedIn = await again.post(api.authLogin, { email: admin.email, password });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.pending).toBe('passwordChange');
    expect((await again.get(api.authVerify)).body.pending).toBe('passwordChange');
    for (const [method, path] of [
      ['GET', api.staff],
      ['GET', api.admins],
      ['GET', api.mySessions],
      ['POST', api.twoFactorSetup],
      ['POST', api.twoFactorEnable],
    ] as const) {
      const refused = await again.call(method, path, method === 'POST' ? { code: '123456' } : undefined);
      expect(refused, `${method} ${path}`).toMatchObject({ status: 403, body: { message: messages.passwordExpired } });
    }
    // The same password again is refused; a new one lifts the hold (other sessions are ended).
    const same = await again.post(api.changePassword, { currentPassword: password, newPassword: password });
    expect(same.status).toBe(400);
    const changed = await again.post(api.changePassword, { currentPassword: password, newPassword: 'a brand new password' });
    expect(changed).toMatchObject({ status: 200, body: { message: messages.passwordUpdated } });
    expect((await again.get(api.staff)).status).toBe(200);
    expect((await again.get(api.adminCheckAuth)).body.pending).toBeUndefined();
    expect((await c.get(api.staff)).status).toBe(401);
  });

  it('a password younger than the limit is left alone; each limit is counted in days', async () => {
    for (const days of [30, 60, 90, 180]) {
      expect((await policy(days)).status).toBe(200);
      const young = await t.admin('Moderator');
      await age('admins', young.id, days - 1);
      expect((await young.client.get(api.staff)).status).toBe(200);
      const old = await t.admin('Moderator');
      await age('admins', old.id, days + 1);
      expect((await old.client.get(api.staff)).status).toBe(403);
    }
  });

  it('a new password first, then two-factor enrolment when both are due', async () => {
    const admin = await t.admin('Editor');
    await age('admins', admin.id, 100);
    expect((await policy(90, true)).status).toBe(200);
    const c = t.client();
    expect((await c.post(api.adminLogin, { email: admin.email, password })).body.pending).toBe('passwordChange');
    expect((await c.post(api.changePassword, { currentPassword: password, newPassword: 'one more new password' })).status).toBe(200);
    expect((await c.get(api.adminCheckAuth)).body.pending).toBe('twoFactorEnrolment');
    const setup = await c.post(api.twoFactorSetup);
    expect((await c.post(api.twoFactorEnable, { code: totpCode(setup.body.secret, Date.now()) })).status).toBe(200);
    expect((await c.get(api.staff)).status).toBe(200);
  });

  it('a Super Admin is held like anyone else, and the policy stays readable', async () => {
    const su = await t.admin('Super Admin');
    expect((await policy(60)).status).toBe(200);
    await age('admins', su.id, 61);
    expect((await su.client.put(api.securitySettings, { requireTwoFactor: false, passwordMaxAgeDays: 0 })).status).toBe(403);
    expect((await su.client.get(api.securitySettings)).body).toEqual({ requireTwoFactor: false, passwordMaxAgeDays: 60 });
  });
});

describe('staff', () => {
  it('an older password than allowed: the portal is told to ask for a new one, until it is chosen', async () => {
    const staff = await t.staff();
    await age('staff_users', staff.id, 95);
    expect((await policy(90)).status).toBe(200);
    const c = t.client();
    const signedIn = await c.post(api.staffLogin, { email: staff.email, password });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.staff.mustChangePassword).toBe(true);
    expect((await c.get(api.staffMe)).body.mustChangePassword).toBe(true);
    const changed = await c.post(api.staffMyPassword, { currentPassword: password, newPassword: 'staff new password' });
    expect(changed.status).toBe(200);
    expect((await c.get(api.staffMe)).body.mustChangePassword).toBe(false);
    const later = t.client();
    expect((await later.post(api.staffLogin, { email: staff.email, password: 'staff new password' })).body.staff.mustChangePassword).toBe(
      false,
    );
  });

  it('a young password is left alone', async () => {
    const staff = await t.staff();
    await age('staff_users', staff.id, 10);
    expect((await policy(30)).status).toBe(200);
    expect((await staff.client.get(api.staffMe)).body.mustChangePassword).toBe(false);
  });
});
