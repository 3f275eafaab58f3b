/**
 * Admin and staff sign-in, session check, sign-out, own-password change, session handling
 * (cookie flags, bearer tokens, fixation, revocation), Origin check and sign-in limiting.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, messages } from '@kafue/common/contract';
import { password, productionHashCost, startTestServer, type TestServer } from './helpers.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t?.close());

const sessionCount = async (column: 'admin_id' | 'staff_id', id: string) =>
  Number((await t.db.query(`SELECT count(*) AS n FROM sessions WHERE ${column} = $1`, [id]))[0].n);

describe('admin sign-in (POST /api/settings/login and POST /api/auth/login)', () => {
  for (const path of [api.adminLogin, api.authLogin]) {
    it(`${path}: answers { admin, twoFactorEnabled } and sets the HttpOnly, SameSite=Lax session cookie`, async () => {
      const { id, email } = await t.admin('Editor');
      const c = t.client();
      const answer = await c.post(path, { email: email.toUpperCase(), password });
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ admin: { _id: id, name: expect.any(String), email, role: 'Editor' }, twoFactorEnabled: false });
      const cookie = answer.headers.getSetCookie().find((x) => x.startsWith('kafue_session='))!;
      expect(cookie).toMatch(/; HttpOnly/);
      expect(cookie).toMatch(/; SameSite=Lax/);
      expect(cookie).toMatch(/; Path=\//);
      expect(cookie).not.toMatch(/Secure/); // only with NODE_ENV=production
      expect((await c.get(api.adminCheckAuth)).body).toEqual({ admin: answer.body.admin, twoFactorEnabled: false });
      expect((await c.get(api.authVerify)).body).toEqual({ admin: answer.body.admin, twoFactorEnabled: false });
    });
  }

  it('refuses a wrong password and an unknown email with the same 401 message', async () => {
    const { email } = await t.admin('Moderator');
    const wrong = await t.client().post(api.adminLogin, { email, password: 'wrong password' });
    const unknown = await t.client().post(api.authLogin, { email: 'nobody@kafue.test', password });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual({ message: messages.invalidCredentials });
    expect(unknown.body).toEqual(wrong.body);
    expect(wrong.headers.getSetCookie()).toEqual([]);
  });

  it('timing: an unknown email costs one argon2 verification too, against a stand-in hash of the same cost', async () => {
    productionHashCost();
    const argon2 = (await import('argon2')).default;
    const spy = vi.spyOn(argon2, 'verify');
    const hashesVerified = async (path: string, email: string) => {
      spy.mockClear();
      const answer = await t.client().post(path, { email, password: 'wrong password' });
      expect(answer).toMatchObject({ status: 401, body: { message: messages.invalidCredentials } });
      return spy.mock.calls.map(([hash]) => hash);
    };
    // $argon2id$v=19$m=...,t=...,p=...: the algorithm and its cost, which decide the time taken.
    const cost = (hash: string) => hash.split('$').slice(1, 4).join('$');
    try {
      const admin = await t.admin('Moderator');
      const staff = await t.staff();
      const known = [...(await hashesVerified(api.adminLogin, admin.email)), ...(await hashesVerified(api.staffLogin, staff.email))];
      const unknown = [
        ...(await hashesVerified(api.adminLogin, 'nobody-timing@kafue.test')),
        ...(await hashesVerified(api.staffLogin, 'nobody-timing@kafue.test')),
        ...(await hashesVerified(api.staffLogin, admin.email)), // an admin's email is unknown to the staff sign-in
      ];
      expect(known).toHaveLength(2);
      expect(unknown).toHaveLength(3);
      for (const hash of unknown) {
        expect(cost(hash)).toBe(cost(known[0]));
        expect(known).not.toContain(hash);
      }
    } finally {
      spy.mockRestore();
    }
  });

  it('refuses a staff account at the admin sign-in, and an admin at the staff sign-in', async () => {
    const staff = await t.staff();
    const admin = await t.admin('Super Admin');
    expect((await t.client().post(api.adminLogin, { email: staff.email, password })).status).toBe(401);
    expect((await t.client().post(api.staffLogin, { email: admin.email, password })).status).toBe(401);
  });

  it('validates the body: 400 with a message per field', async () => {
    const answer = await t.client().post(api.adminLogin, { email: 'not-an-email', password: '' });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(messages.invalidInput);
    expect(Object.keys(answer.body.errors).sort()).toEqual(['email', 'password']);
  });

  it("session: 'bearer' answers a token and sets no cookie; the token works as Authorization: Bearer", async () => {
    const { email, id } = await t.admin('Moderator');
    const c = t.client();
    const answer = await c.post(api.authLogin, { email, password, session: 'bearer' });
    expect(answer.status).toBe(200);
    expect(answer.body.admin._id).toBe(id);
    expect(answer.body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(answer.headers.getSetCookie()).toEqual([]);
    const desktop = t.client();
    desktop.bearer = answer.body.token;
    expect((await desktop.get(api.authVerify)).body.admin._id).toBe(id);
    expect((await desktop.get(api.staff)).status).toBe(200);
  });

  it('stores only a SHA-256 hash of the token, with expiry and last use', async () => {
    const { email, id } = await t.admin('Moderator');
    const answer = await t.client().post(api.authLogin, { email, password, session: 'bearer' });
    const rows = await t.db.query(`SELECT token_hash, expires_at, last_used_at FROM sessions WHERE admin_id = $1`, [id]);
    const { createHash } = await import('node:crypto');
    const hashes = rows.map((r: { token_hash: string }) => r.token_hash);
    expect(hashes).toContain(createHash('sha256').update(answer.body.token).digest('hex'));
    expect(JSON.stringify(rows)).not.toContain(answer.body.token);
    for (const r of rows) expect(new Date(r.expires_at).getTime()).toBeGreaterThan(Date.now());
  });

  it('records the last use of a session (kept to the minute)', async () => {
    const { client, id } = await t.admin('Editor');
    await t.db.query(`UPDATE sessions SET last_used_at = now() - interval '10 minutes' WHERE admin_id = $1`, [id]);
    expect((await client.get(api.staff)).status).toBe(200);
    const [row] = await t.db.query(`SELECT now() - last_used_at < interval '1 minute' AS fresh FROM sessions WHERE admin_id = $1`, [id]);
    expect(row.fresh).toBe(true);
  });

  it('gives a new token at every sign-in and ends the session the request came with (no fixation)', async () => {
    const { email, id } = await t.admin('Editor');
    const c = t.client();
    await c.signIn('admin', email);
    const first = c.cookie!;
    await c.signIn('admin', email);
    const second = c.cookie!;
    expect(second).not.toBe(first);
    expect(await sessionCount('admin_id', id)).toBe(2); // the fixture's session plus the current one
    const old = t.client();
    old.cookie = first;
    expect((await old.get(api.adminCheckAuth)).status).toBe(401);
  });

  it('check-auth and verify answer 401 without a session, with a forged token, and with an expired one', async () => {
    expect(await t.client().get(api.adminCheckAuth)).toMatchObject({ status: 401, body: { message: messages.notSignedIn } });
    const forged = t.client();
    forged.cookie = 'A'.repeat(43);
    expect((await forged.get(api.authVerify)).status).toBe(401);
    const garbage = t.client();
    garbage.bearer = "'; DROP TABLE sessions; --";
    expect((await garbage.get(api.authVerify)).status).toBe(401);
    const { client, id } = await t.admin('Editor');
    await t.db.query(`UPDATE sessions SET expires_at = now() - interval '1 second' WHERE admin_id = $1`, [id]);
    expect((await client.get(api.authVerify)).status).toBe(401);
  });
});

describe('admin sign-out (POST /api/settings/logout and POST /api/auth/logout)', () => {
  for (const path of [api.adminLogout, api.authLogout]) {
    it(`${path}: revokes the session and clears the cookie`, async () => {
      const { email, id } = await t.admin('Moderator');
      const c = t.client();
      await c.signIn('admin', email);
      const token = c.cookie!;
      const answer = await c.post(path);
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ message: messages.loggedOut });
      expect(answer.headers.getSetCookie()[0]).toMatch(/^kafue_session=; .*Max-Age=0/);
      expect(c.cookie).toBeUndefined();
      const replay = t.client();
      replay.cookie = token;
      expect((await replay.get(api.adminCheckAuth)).status).toBe(401);
      expect(await sessionCount('admin_id', id)).toBe(1); // only the fixture's own session is left
    });
  }

  it('answers 200 without a session (nothing to revoke)', async () => {
    expect((await t.client().post(api.authLogout)).status).toBe(200);
  });

  it('revokes a bearer session', async () => {
    const { client, id } = await t.admin('Editor');
    client.bearer = client.cookie;
    client.cookie = undefined;
    expect((await client.post(api.authLogout)).status).toBe(200);
    expect(await sessionCount('admin_id', id)).toBe(0);
    expect((await client.get(api.authVerify)).status).toBe(401);
  });
});

describe('Origin check on state-changing cookie requests', () => {
  it('refuses a cookie request from a foreign Origin with 403 and changes nothing', async () => {
    const { client } = await t.admin('Super Admin');
    const before = await t.db.query(`SELECT count(*)::int AS n FROM staff_users`);
    const answer = await client.post(
      api.staff,
      { name: 'Mallory', email: 'mallory@evil.test', role: 'Staff', status: 'Active' },
      { origin: 'https://evil.example' },
    );
    expect(answer.status).toBe(403);
    expect(answer.body).toEqual({ message: messages.foreignOrigin });
    expect(await t.db.query(`SELECT count(*)::int AS n FROM staff_users`)).toEqual(before);
  });

  it('refuses Origin: null and a cross-site Sec-Fetch-Site without Origin', async () => {
    const { client } = await t.admin('Super Admin');
    expect((await client.post(api.authLogout, {}, { origin: 'null' })).status).toBe(403);
    expect((await client.post(api.authLogout, {}, { 'sec-fetch-site': 'cross-site' })).status).toBe(403);
  });

  it("allows the request's own origin and same-origin fetches", async () => {
    const { client } = await t.admin('Super Admin');
    const own = await client.put(
      `${api.staff}/00000000-0000-4000-8000-000000000000`,
      {
        name: 'X',
        email: 'x@kafue.test',
        role: 'Staff',
        status: 'Active',
      },
      { origin: t.url },
    );
    expect(own.status).toBe(404); // allowed through to the call itself
    expect((await client.post(api.adminLogout, {}, { 'sec-fetch-site': 'same-origin' })).status).toBe(200);
  });

  it('allows the origins listed in ALLOWED_ORIGINS', async () => {
    const listed = await startTestServer({ configure: (c) => (c.allowedOrigins = ['https://console.kafue.example']) });
    try {
      const { client } = await listed.admin('Super Admin');
      expect((await client.post(api.authLogout, {}, { origin: 'https://console.kafue.example' })).status).toBe(200);
      const other = await listed.admin('Super Admin');
      expect((await other.client.post(api.authLogout, {}, { origin: 'https://evil.example' })).status).toBe(403);
    } finally {
      await listed.close();
    }
  });

  it('refuses a cookie sign-in posted from a foreign origin (login CSRF), not a bearer call', async () => {
    const { email } = await t.admin('Moderator');
    const foreign = await t.client().post(api.adminLogin, { email, password }, { origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
    expect(foreign.headers.getSetCookie()).toEqual([]);
    const { client } = await t.admin('Super Admin');
    client.bearer = client.cookie;
    client.cookie = undefined;
    expect((await client.post(api.authLogout, {}, { origin: 'https://elsewhere.example' })).status).toBe(200);
  });
});

describe('own password (POST /api/admin/change-password)', () => {
  it('checks the current password, requires 8+ characters, answers the success message and revokes the other sessions', async () => {
    const { email, id } = await t.admin('Moderator');
    const phone = t.client();
    await phone.signIn('admin', email);
    const c = t.client();
    await c.signIn('admin', email);

    const wrong = await c.post(api.changePassword, { currentPassword: 'nope nope', newPassword: 'another password' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe(messages.currentPasswordWrong);
    expect(wrong.body.errors).toEqual({ currentPassword: messages.currentPasswordWrong });

    const short = await c.post(api.changePassword, { currentPassword: password, newPassword: 'short' });
    expect(short.status).toBe(400);
    expect(short.body.errors.newPassword).toMatch(/at least 8/);

    const ok = await c.post(api.changePassword, { currentPassword: password, newPassword: 'a brand new secret' });
    expect(ok).toMatchObject({ status: 200, body: { message: messages.passwordUpdated } });
    expect((await c.get(api.adminCheckAuth)).status).toBe(200); // this session stays
    expect((await phone.get(api.adminCheckAuth)).status).toBe(401); // the others end
    expect(await sessionCount('admin_id', id)).toBe(1);
    expect((await t.client().signIn('admin', email)).status).toBe(401);
    expect((await t.client().signIn('admin', email, 'a brand new secret')).status).toBe(200);
  });
});

describe('staff sign-in and self calls (/api/staff/login, /me, /me/password, /logout)', () => {
  it('signs in an Active staff member: { staff } with mustChangePassword, and a cookie', async () => {
    const { email, id } = await t.staff();
    const c = t.client();
    const answer = await c.signIn('staff', email);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      staff: { _id: id, name: expect.any(String), email, role: 'Staff', status: 'Active', mustChangePassword: false },
    });
    expect(c.cookie).toBeDefined();
    expect((await c.get(api.staffMe)).body).toEqual(answer.body.staff);
  });

  it('refuses Inactive and Suspended staff with a message that says so (403), only after a right password', async () => {
    const inactive = await t.staff({ status: 'Inactive' });
    const suspended = await t.staff({ status: 'Suspended' });
    expect(await t.client().signIn('staff', inactive.email)).toMatchObject({
      status: 403,
      body: { message: messages.staffInactive },
    });
    expect(await t.client().signIn('staff', suspended.email)).toMatchObject({
      status: 403,
      body: { message: messages.staffSuspended },
    });
    expect(await t.client().signIn('staff', suspended.email, 'wrong password')).toMatchObject({
      status: 401,
      body: { message: messages.invalidCredentials },
    });
  });

  it('wrong password: 401 with the one message', async () => {
    const { email } = await t.staff();
    expect(await t.client().signIn('staff', email, 'not it at all')).toMatchObject({
      status: 401,
      body: { message: messages.invalidCredentials },
    });
  });

  it('a new staff member signs in with the one-time password and must choose their own first', async () => {
    const { client: admin } = await t.admin('Editor');
    const created = await admin.post(api.staff, { name: 'New Person', email: 'new.person@kafue.test', role: 'Intern', status: 'Active' });
    expect(created.status).toBe(201);
    const otp: string = created.body.oneTimePassword;
    const c = t.client();
    const login = await c.signIn('staff', 'new.person@kafue.test', otp);
    expect(login.status).toBe(200);
    expect(login.body.staff.mustChangePassword).toBe(true);
    expect((await c.get(api.staffMe)).body.mustChangePassword).toBe(true);

    const same = await c.post(api.staffMyPassword, { currentPassword: otp, newPassword: otp });
    expect(same).toMatchObject({ status: 400, body: { message: messages.passwordMustDiffer } });
    const changed = await c.post(api.staffMyPassword, { currentPassword: otp, newPassword: 'my own password' });
    expect(changed).toMatchObject({ status: 200, body: { message: messages.passwordUpdated } });
    expect((await c.get(api.staffMe)).body.mustChangePassword).toBe(false);
    expect((await t.client().signIn('staff', 'new.person@kafue.test', otp)).status).toBe(401);
    expect((await t.client().signIn('staff', 'new.person@kafue.test', 'my own password')).status).toBe(200);
  });

  it('a staff password change revokes their other sessions', async () => {
    const { email, client: other, id } = await t.staff();
    const c = t.client();
    await c.signIn('staff', email);
    expect((await c.post(api.staffMyPassword, { currentPassword: password, newPassword: 'fresh password 1' })).status).toBe(200);
    expect((await other.get(api.staffMe)).status).toBe(401);
    expect((await c.get(api.staffMe)).status).toBe(200);
    expect(await sessionCount('staff_id', id)).toBe(1);
  });

  it('staff sign-out revokes the session and clears the cookie', async () => {
    const { email } = await t.staff();
    const c = t.client();
    await c.signIn('staff', email);
    const token = c.cookie;
    expect(await c.post(api.staffLogout)).toMatchObject({ status: 200, body: { message: messages.loggedOut } });
    const replay = t.client();
    replay.cookie = token;
    expect((await replay.get(api.staffMe)).status).toBe(401);
  });

  it('a staff member made Inactive or Suspended is signed out at once', async () => {
    const { client: admin } = await t.admin('Super Admin');
    const s = await t.staff();
    expect((await s.client.get(api.staffMe)).status).toBe(200);
    const put = await admin.put(api.staffById(s.id), { name: 'S', email: s.email, role: 'Staff', status: 'Suspended' });
    expect(put.status).toBe(200);
    expect((await s.client.get(api.staffMe)).status).toBe(401);
    expect(await sessionCount('staff_id', s.id)).toBe(0);
  });

  it('staff bearer sign-in answers a token', async () => {
    const { email, id } = await t.staff();
    const answer = await t.client().post(api.staffLogin, { email, password, session: 'bearer' });
    expect(answer.body.staff._id).toBe(id);
    expect(answer.body.token).toBeTypeOf('string');
    expect(answer.headers.getSetCookie()).toEqual([]);
  });
});

describe('sign-in limiting (429, kept in the database)', () => {
  // Every test here signs in from 127.0.0.1: each starts with that address's counter clear.
  beforeEach(() => t.db.query(`DELETE FROM login_failures WHERE key LIKE 'address:%'`));

  it('locks an account at one address after 5 failures, even with the right password; other accounts unaffected', async () => {
    const { email } = await t.admin('Moderator');
    for (let i = 0; i < 5; i++) {
      expect((await t.client().signIn('admin', email, `wrong ${i}`)).status).toBe(401);
    }
    const rows = await t.db.query(`SELECT failures FROM login_failures WHERE key = $1`, [`account:admin:${email}|address:127.0.0.1`]);
    expect(rows).toEqual([{ failures: 5 }]);
    const locked = await t.client().signIn('admin', email);
    expect(locked.status).toBe(429);
    expect(locked.body).toEqual({ message: messages.tooManyAttempts });
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another account from the same address still signs in.
    const other = await t.admin('Moderator');
    expect((await t.client().signIn('admin', other.email)).status).toBe(200);
    // When the window has passed, the account may try again.
    await t.db.query(`UPDATE login_failures SET window_start = now() - interval '16 minutes' WHERE key = $1`, [
      `account:admin:${email}|address:127.0.0.1`,
    ]);
    expect((await t.client().signIn('admin', email)).status).toBe(200);
  });

  it('guesses sent in parallel cannot slip past the limit: at most 5 are checked', async () => {
    productionHashCost();
    const { email } = await t.staff();
    const answers = await Promise.all(Array.from({ length: 15 }, (_, i) => t.client().signIn('staff', email, `parallel guess ${i}`)));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
    expect((await t.client().signIn('staff', email)).status).toBe(429);
    // Refused attempts checked no password: they are not failures.
    const counts = await t.db.query(
      `SELECT key, failures FROM login_failures WHERE starts_with(key, $1) OR key LIKE 'address:%' ORDER BY key`,
      [`account:staff:${email}`],
    );
    expect(counts).toEqual([
      { key: `account:staff:${email}`, failures: 5 },
      { key: `account:staff:${email}|address:127.0.0.1`, failures: 5 },
      { key: 'address:127.0.0.1', failures: 5 },
    ]);
  });

  it('failed sign-ins in parallel for a few accounts from one address: refused (401/429), never a deadlock (500)', async () => {
    productionHashCost();
    const emails = Array.from({ length: 4 }, (_, i) => `racer${i}-${Date.now()}@kafue.test`);
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => t.client().signIn('staff', emails[i % emails.length], `guess ${i}`)),
    );
    expect(answers.filter((a) => a.status !== 401 && a.status !== 429).map((a) => a.status)).toEqual([]);
    expect(answers.filter((a) => a.status === 401)).toHaveLength(20); // 5 per account
  });

  it('successful sign-ins in parallel are not refused, and leave no count behind', async () => {
    productionHashCost();
    const { email } = await t.staff();
    const answers = await Promise.all(Array.from({ length: 5 }, () => t.client().signIn('staff', email)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    const counted = `SELECT key FROM login_failures WHERE starts_with(key, $1) AND failures > 0`;
    expect(await t.db.query(counted, [`account:staff:${email}`])).toEqual([]);
  });

  it('counts an address by its IPv4 form, and an IPv6 address by its /64 network', async () => {
    const { addressKey } = await import('../src/auth/limiter.js');
    expect(addressKey('127.0.0.1')).toBe('address:127.0.0.1');
    expect(addressKey('::ffff:10.1.2.3')).toBe('address:10.1.2.3');
    expect(addressKey('2001:db8:1:2:aaaa:bbbb:cccc:dddd')).toBe('address:2001:db8:1:2::/64');
    expect(addressKey('2001:db8:1:2::9')).toBe('address:2001:db8:1:2::/64');
    expect(addressKey('2001:0db8::1')).toBe('address:2001:db8:0:0::/64');
    expect(addressKey('::1')).toBe('address:0:0:0:0::/64');
  });

  it("only failures count, and a success clears the account's counter at that address", async () => {
    const { email } = await t.staff();
    for (let i = 0; i < 4; i++) await t.client().signIn('staff', email, 'wrong password');
    expect((await t.client().signIn('staff', email)).status).toBe(200);
    for (let i = 0; i < 10; i++) expect((await t.client().signIn('staff', email)).status).toBe(200);
    for (let i = 0; i < 4; i++) await t.client().signIn('staff', email, 'wrong password');
    expect((await t.client().signIn('staff', email)).status).toBe(200);
  });

  it('limits one address trying many accounts', async () => {
    const limited = await startTestServer({ configure: (c) => (c.limits.failuresPerAddress = 3) });
    try {
      for (let i = 0; i < 3; i++) {
        expect((await limited.client().signIn('admin', `someone${i}@kafue.test`, 'guess')).status).toBe(401);
      }
      const rows = await limited.db.query(`SELECT failures FROM login_failures WHERE key LIKE 'address:%'`);
      expect(rows).toEqual([{ failures: 3 }]);
      const { email } = await limited.admin('Editor');
      const answer = await limited.client().signIn('admin', email);
      expect(answer).toMatchObject({ status: 429, body: { message: messages.tooManyAttempts } });
    } finally {
      await limited.close();
    }
  });

  describe('behind a proxy (TRUST_PROXY: the address is the last X-Forwarded-For entry)', () => {
    let proxied: TestServer;
    beforeAll(async () => {
      proxied = await startTestServer({
        configure: (c) => {
          c.trustProxy = true;
          c.limits.failuresPerAddress = 3;
        },
      });
    });
    afterAll(() => proxied?.close());
    const from = (address: string) => ({ 'x-forwarded-for': address });
    const signInFrom = (address: string, email: string, pass: string) =>
      proxied.client().post(api.staffLogin, { email, password: pass }, from(address));

    it("one account guessed from many addresses: each address counts its own failures, the owner's address is not locked", async () => {
      const { email } = await proxied.staff();
      for (let i = 1; i <= 5; i++) expect((await signInFrom(`198.51.100.${i}`, email, `guess ${i}`)).status).toBe(401);
      expect((await signInFrom('198.51.100.99', email, password)).status).toBe(200);
      const perAddress = await proxied.db.query(
        `SELECT key, failures FROM login_failures WHERE key LIKE 'address:198.51.100.%' AND failures > 0 ORDER BY key`,
      );
      expect(perAddress).toEqual([1, 2, 3, 4, 5].map((i) => ({ key: `address:198.51.100.${i}`, failures: 1 })));
    });

    it('many accounts guessed from one address are refused after the address limit', async () => {
      for (let i = 0; i < 3; i++) expect((await signInFrom('203.0.113.7', `nobody${i}@kafue.test`, 'guess')).status).toBe(401);
      const { email } = await proxied.staff();
      expect((await signInFrom('203.0.113.7', email, password)).status).toBe(429);
      expect((await signInFrom('203.0.113.8', email, password)).status).toBe(200);
    });

    it('addresses written by the client before the proxy entry do not escape the limit', async () => {
      for (let i = 0; i < 3; i++) {
        expect((await signInFrom(`10.9.9.${i}, 203.0.113.50`, `spoof${i}@kafue.test`, 'guess')).status).toBe(401);
      }
      const { email } = await proxied.staff();
      expect((await signInFrom('10.9.9.200, 203.0.113.50', email, password)).status).toBe(429);
      expect(await proxied.db.query(`SELECT key FROM login_failures WHERE key LIKE 'address:10.9.9.%'`)).toEqual([]);
    });
  });

  it('without TRUST_PROXY, X-Forwarded-For is ignored: a client cannot pick its address', async () => {
    for (let i = 0; i < 3; i++) {
      await t.client().post(api.staffLogin, { email: `xff${i}@kafue.test`, password: 'guess' }, { 'x-forwarded-for': `192.0.2.${i}` });
    }
    expect(await t.db.query(`SELECT key FROM login_failures WHERE key LIKE 'address:192.0.2.%'`)).toEqual([]);
    expect(await t.db.query(`SELECT failures FROM login_failures WHERE key = 'address:127.0.0.1'`)).toEqual([{ failures: 3 }]);
  });

  it("counts wrong current passwords on password change toward the account's limit at that address", async () => {
    const { client, email } = await t.admin('Moderator');
    for (let i = 0; i < 5; i++) {
      expect((await client.post(api.changePassword, { currentPassword: `guess ${i}`, newPassword: 'whatever123' })).status).toBe(400);
    }
    expect((await client.post(api.changePassword, { currentPassword: password, newPassword: 'whatever123' })).status).toBe(429);
    expect((await t.client().signIn('admin', email)).status).toBe(429);
  });
});

describe('housekeeping', () => {
  it('purges expired sessions and sign-in counters whose window has passed, and nothing else', async () => {
    const { purgeExpiredSessions } = await import('../src/auth/sessions.js');
    const { purgeOldFailures } = await import('../src/auth/limiter.js');
    const live = await t.admin('Editor');
    const old = await t.admin('Editor');
    await t.db.query(`UPDATE sessions SET expires_at = now() - interval '1 minute' WHERE admin_id = $1`, [old.id]);
    await t.db.query(
      `INSERT INTO login_failures (key, failures, window_start) VALUES ('address:old', 3, now() - interval '1 hour'), ('address:new', 3, now())`,
    );
    await purgeExpiredSessions(t.db);
    await purgeOldFailures(t.db, t.config.limits);
    expect(await sessionCount('admin_id', old.id)).toBe(0);
    expect(await sessionCount('admin_id', live.id)).toBe(1);
    const keys = (await t.db.query(`SELECT key FROM login_failures WHERE key LIKE 'address:%'`)).map((r: { key: string }) => r.key);
    expect(keys).toContain('address:new');
    expect(keys).not.toContain('address:old');
  });
});
