/** Admin management: /api/settings/admins and /api/settings/admins/{id}. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, messages } from '@kafue/common/contract';
import { startTestServer, type TestServer } from './helpers.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t?.close());

describe('GET /api/settings/admins', () => {
  it('answers an array of { _id, name, email, role } (no password hash)', async () => {
    const me = await t.admin('Moderator');
    const answer = await me.client.get(api.admins);
    expect(answer.status).toBe(200);
    expect(answer.body).toContainEqual({ _id: me.id, name: expect.any(String), email: me.email, role: 'Moderator' });
    for (const a of answer.body) expect(Object.keys(a).sort()).toEqual(['_id', 'email', 'name', 'role']);
  });
});

describe('POST /api/settings/admins (invite)', () => {
  it('invites with role Moderator by default: 201 and the message; the new admin can sign in', async () => {
    const { client } = await t.admin('Super Admin');
    const answer = await client.post(api.admins, { name: 'Invited One', email: 'Invited.One@kafue.test', password: 'invite password' });
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({
      message: messages.adminInvited,
      admin: { _id: expect.any(String), name: 'Invited One', email: 'invited.one@kafue.test', role: 'Moderator' },
    });
    const login = await t.client().signIn('admin', 'invited.one@kafue.test', 'invite password');
    expect(login.body.admin.role).toBe('Moderator');
  });

  it('takes the chosen role; refuses a duplicate email (409), a short password and a bad role (400)', async () => {
    const { client } = await t.admin('Super Admin');
    const editor = await client.post(api.admins, { name: 'Ed', email: 'ed@kafue.test', role: 'Editor', password: 'password123' });
    expect(editor.body.admin.role).toBe('Editor');
    const dup = await client.post(api.admins, { name: 'Ed 2', email: 'ED@KAFUE.TEST', password: 'password123' });
    expect(dup).toMatchObject({ status: 409, body: { message: messages.emailTaken } });
    const short = await client.post(api.admins, { name: 'S', email: 's@kafue.test', password: 'short' });
    expect(short.status).toBe(400);
    expect(short.body.errors.password).toBeDefined();
    const role = await client.post(api.admins, { name: 'R', email: 'r@kafue.test', role: 'Owner', password: 'password123' });
    expect(role.status).toBe(400);
    expect(role.body.errors.role).toBeDefined();
  });
});

describe('PUT /api/settings/admins/{id}', () => {
  it('edits name, email and role: 200 and the message', async () => {
    const { client } = await t.admin('Super Admin');
    const target = await t.admin('Moderator');
    const answer = await client.put(api.adminById(target.id), { name: 'Renamed', email: 'renamed@kafue.test', role: 'Editor' });
    expect(answer).toMatchObject({
      status: 200,
      body: { message: messages.adminUpdated, admin: { _id: target.id, name: 'Renamed', email: 'renamed@kafue.test', role: 'Editor' } },
    });
    // The new role applies to the target's existing session at once.
    expect((await target.client.get(api.authVerify)).body.admin.role).toBe('Editor');
  });

  it('unknown id 404, non-UUID 404, bad body 400, duplicate email 409', async () => {
    const { client } = await t.admin('Super Admin');
    const other = await t.admin('Editor');
    const target = await t.admin('Editor');
    expect(
      (await client.put(api.adminById('7a1c2b9a-1d2e-4f3a-9b8c-7d6e5f4a3b2c'), { name: 'n', email: 'n@kafue.test', role: 'Editor' }))
        .status,
    ).toBe(404);
    expect((await client.put(api.adminById('x'), {})).status).toBe(404);
    expect((await client.put(api.adminById(target.id), { name: '' })).status).toBe(400);
    expect((await client.put(api.adminById(target.id), { name: 'n', email: other.email, role: 'Editor' })).status).toBe(409);
  });
});

describe('DELETE /api/settings/admins/{id}', () => {
  it('deletes: 200 and the message; their sessions end', async () => {
    const { client } = await t.admin('Super Admin');
    const target = await t.admin('Editor');
    expect(await client.delete(api.adminById(target.id))).toMatchObject({ status: 200, body: { message: messages.adminDeleted } });
    expect((await target.client.get(api.authVerify)).status).toBe(401);
    expect((await client.delete(api.adminById(target.id))).status).toBe(404);
  });

  it('refuses to delete yourself: 403 "You cannot delete yourself."', async () => {
    const me = await t.admin('Super Admin');
    const answer = await me.client.delete(api.adminById(me.id));
    expect(answer).toMatchObject({ status: 403, body: { message: messages.cannotDeleteSelf } });
    expect(answer.body.message).toBe('You cannot delete yourself.');
    expect(await t.db.query(`SELECT id FROM admins WHERE id = $1`, [me.id])).toHaveLength(1);
  });
});

describe('the last Super Admin', () => {
  it('can be neither demoted nor deleted; with a second one, both work', async () => {
    const fresh = await startTestServer();
    try {
      const only = await fresh.admin('Super Admin');
      const demote = await only.client.put(api.adminById(only.id), { name: 'Only', email: only.email, role: 'Editor' });
      expect(demote).toMatchObject({ status: 403, body: { message: messages.lastSuperAdmin } });
      expect((await fresh.db.query(`SELECT role FROM admins WHERE id = $1`, [only.id]))[0].role).toBe('Super Admin');

      const second = await fresh.admin('Super Admin');
      expect((await second.client.put(api.adminById(only.id), { name: 'Only', email: only.email, role: 'Editor' })).status).toBe(200);
      // Now `second` is the last one: the demoted admin cannot act, and second cannot demote itself.
      expect((await only.client.delete(api.adminById(second.id))).status).toBe(403);
      expect((await second.client.put(api.adminById(second.id), { name: 'S', email: second.email, role: 'Moderator' })).body.message).toBe(
        messages.lastSuperAdmin,
      );
    } finally {
      await fresh.close();
    }
  });

  it('two Super Admins demoting each other at once: one succeeds, one is refused, one Super Admin remains', async () => {
    const fresh = await startTestServer();
    try {
      const a = await fresh.admin('Super Admin');
      const b = await fresh.admin('Super Admin');
      const [ra, rb] = await Promise.all([
        a.client.put(api.adminById(b.id), { name: 'B', email: b.email, role: 'Editor' }),
        b.client.put(api.adminById(a.id), { name: 'A', email: a.email, role: 'Editor' }),
      ]);
      expect([ra.status, rb.status].sort()).toEqual([200, 403]);
      const supers = await fresh.db.query(`SELECT id FROM admins WHERE role = 'Super Admin'`);
      expect(supers).toHaveLength(1);
    } finally {
      await fresh.close();
    }
  });
});
