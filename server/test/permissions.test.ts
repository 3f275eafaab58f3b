/**
 * design.md "Who may do what", for every call: anonymous, staff (with and without their own
 * password chosen), Moderator, Editor and Super Admin. "Allowed" means the call got past the
 * permission check (any answer but 401/403); refused means exactly 401 (not signed in) or 403.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, messages } from '@kafue/common/contract';
import { authorize } from '../src/http/endpoint.js';
import { startTestServer, type Client, type TestServer } from './helpers.js';

type Who = 'anonymous' | 'staffPending' | 'staff' | 'Moderator' | 'Editor' | 'Super Admin';
const everyone: Who[] = ['anonymous', 'staffPending', 'staff', 'Moderator', 'Editor', 'Super Admin'];
const admins: Who[] = ['Moderator', 'Editor', 'Super Admin'];

let t: TestServer;
const clients = {} as Record<Who, Client>;
let backupUrl = '';
const missing = '0b7f6a52-3c1d-4e2f-8a9b-1c2d3e4f5a6b';

beforeAll(async () => {
  t = await startTestServer();
  clients.anonymous = t.client();
  clients.staffPending = (await t.staff({ mustChangePassword: true })).client;
  clients.staff = (await t.staff()).client;
  for (const role of admins) clients[role] = (await t.admin(role as 'Editor')).client;
  backupUrl = (await clients['Super Admin'].post(api.backup)).body.fileUrl;
});
afterAll(() => t?.close());

interface Row {
  call: string;
  allowed: Who[];
  run: (c: Client) => Promise<{ status: number; body: { message?: string } }>;
}

const staffBody = { name: 'P', email: 'p@kafue.test', role: 'Staff', status: 'Active' };
const adminBody = { name: 'A', email: 'a@kafue.test', role: 'Editor' };
// Bodies that pass the permission check but change nothing (wrong current password, unknown id).
const rows: Row[] = [
  { call: 'GET /api/health', allowed: everyone, run: (c) => c.get(api.health) },
  { call: 'GET /api/settings/check-auth', allowed: admins, run: (c) => c.get(api.adminCheckAuth) },
  { call: 'GET /api/auth/verify', allowed: admins, run: (c) => c.get(api.authVerify) },
  { call: 'GET /api/staff', allowed: admins, run: (c) => c.get(api.staff) },
  { call: 'POST /api/staff', allowed: ['Editor', 'Super Admin'], run: (c) => c.post(api.staff, { name: 'P' }) },
  { call: 'PUT /api/staff/{id}', allowed: ['Editor', 'Super Admin'], run: (c) => c.put(api.staffById(missing), staffBody) },
  { call: 'DELETE /api/staff/{id}', allowed: ['Editor', 'Super Admin'], run: (c) => c.delete(api.staffById(missing)) },
  { call: 'GET /api/admin/settings/general', allowed: admins, run: (c) => c.get(api.generalSettings) },
  { call: 'POST /api/admin/settings/general', allowed: ['Super Admin'], run: (c) => c.post(api.generalSettings, {}) },
  {
    call: 'POST /api/admin/change-password',
    allowed: admins,
    run: (c) => c.post(api.changePassword, { currentPassword: 'x', newPassword: 'short' }),
  },
  { call: 'POST /api/settings/backup', allowed: ['Super Admin'], run: (c) => c.post(api.backup) },
  { call: 'GET /api/settings/backups/{file}', allowed: ['Super Admin'], run: (c) => c.get(backupUrl) },
  { call: 'GET /api/settings/admins', allowed: admins, run: (c) => c.get(api.admins) },
  { call: 'POST /api/settings/admins', allowed: ['Super Admin'], run: (c) => c.post(api.admins, {}) },
  { call: 'PUT /api/settings/admins/{id}', allowed: ['Super Admin'], run: (c) => c.put(api.adminById(missing), adminBody) },
  { call: 'DELETE /api/settings/admins/{id}', allowed: ['Super Admin'], run: (c) => c.delete(api.adminById(missing)) },
  { call: 'GET /api/staff/me', allowed: ['staffPending', 'staff'], run: (c) => c.get(api.staffMe) },
  {
    call: 'POST /api/staff/me/password',
    allowed: ['staffPending', 'staff'],
    run: (c) => c.post(api.staffMyPassword, { currentPassword: 'x', newPassword: 'short' }),
  },
];

describe('permission matrix', () => {
  for (const row of rows) {
    it(row.call, async () => {
      const seen: Record<string, number> = {};
      for (const who of everyone) {
        const answer = await row.run(clients[who]);
        seen[who] = answer.status;
        if (row.allowed.includes(who)) {
          expect([401, 403], `${who} should be allowed ${row.call}`).not.toContain(answer.status);
        } else if (who === 'anonymous') {
          expect(answer, `${who} on ${row.call}`).toMatchObject({ status: 401, body: { message: messages.notSignedIn } });
        } else {
          expect(answer.status, `${who} on ${row.call}`).toBe(403);
          expect(answer.body.message).toBe(messages.forbidden);
        }
        expect(answer.status, `${who} on ${row.call}`).toBeLessThan(500);
      }
    });
  }

  it('sign-out calls are open to anyone (they end whatever session there is)', async () => {
    for (const path of [api.adminLogout, api.authLogout, api.staffLogout]) {
      expect((await t.client().post(path)).status).toBe(200);
    }
  });

  it("the guard's staff rules: the portal needs a chosen password and an Active account", async () => {
    const staff = { kind: 'staff', sessionId: 's', id: 'i', name: 'n', email: 'e', role: 'Staff' } as const;
    const check = (principal: object, access: 'staff' | 'staffSelf') =>
      authorize({ state: { principal } } as never, { db: t.db } as never, access);
    await expect(check({ ...staff, status: 'Active', mustChangePassword: true }, 'staff')).rejects.toMatchObject({
      status: 403,
      message: messages.passwordChangeRequired,
    });
    await expect(check({ ...staff, status: 'Active', mustChangePassword: true }, 'staffSelf')).resolves.toBeDefined();
    await expect(check({ ...staff, status: 'Active', mustChangePassword: false }, 'staff')).resolves.toBeDefined();
    await expect(check({ ...staff, status: 'Inactive', mustChangePassword: false }, 'staffSelf')).rejects.toMatchObject({
      status: 403,
      message: messages.staffInactive,
    });
    await expect(check({ ...staff, status: 'Suspended', mustChangePassword: false }, 'staff')).rejects.toMatchObject({
      status: 403,
      message: messages.staffSuspended,
    });
  });
});
