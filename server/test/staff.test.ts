/** Staff user management: GET/POST /api/staff, PUT/DELETE /api/staff/{id}. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, messages, staffRoles, staffStatuses } from '@kafue/common/contract';
import { startTestServer, type Client, type TestServer } from './helpers.js';

let t: TestServer;
let admin: Client;
beforeAll(async () => {
  t = await startTestServer();
  admin = (await t.admin('Super Admin')).client;
});
afterAll(() => t?.close());

const person = (n: string, extra: Record<string, unknown> = {}) => ({
  name: `Person ${n}`,
  email: `person.${n}@kafue.test`,
  role: 'Staff',
  status: 'Active',
  ...extra,
});
const missingId = '6f1c2b9a-1d2e-4f3a-9b8c-7d6e5f4a3b2c';

describe('GET /api/staff', () => {
  it('answers an array of { _id, name, email, role, status } and nothing else (no password hash)', async () => {
    const created = await admin.post(api.staff, person('list', { password: 'default123' }));
    const answer = await admin.get(api.staff);
    expect(answer.status).toBe(200);
    expect(Array.isArray(answer.body)).toBe(true);
    const row = answer.body.find((s: { _id: string }) => s._id === created.body.staff._id);
    expect(row).toEqual({
      _id: created.body.staff._id,
      name: 'Person list',
      email: 'person.list@kafue.test',
      role: 'Staff',
      status: 'Active',
    });
    expect(answer.text).not.toMatch(/password|argon/i);
  });
});

describe('POST /api/staff', () => {
  it('creates: 201 with the message, the record and a one-time password; stores an argon2id hash of it', async () => {
    // Spec section 7's client sends a fixed default password: taken, and ignored. A field no call takes is refused.
    const extra = await admin.post(api.staff, person('a', { password: 'the console default', isAdmin: true }));
    expect(extra).toMatchObject({ status: 400, body: { errors: { isAdmin: messages.unknownField } } });
    expect(Object.keys(extra.body.errors)).toEqual(['isAdmin']);
    const answer = await admin.post(api.staff, person('a', { password: 'the console default' }));
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({
      message: messages.staffAdded,
      staff: {
        _id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        name: 'Person a',
        email: 'person.a@kafue.test',
        role: 'Staff',
        status: 'Active',
      },
      oneTimePassword: expect.stringMatching(/^\S{16}$/),
    });
    const [row] = await t.db.query(`SELECT * FROM staff_users WHERE id = $1`, [answer.body.staff._id]);
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    expect(row.must_change_password).toBe(true);
    expect(row).not.toHaveProperty('isAdmin');
    expect(row).not.toHaveProperty('is_admin');
  });

  it('accepts every role and status of spec section 6', async () => {
    for (const [i, role] of staffRoles.entries()) {
      const status = staffStatuses[i % staffStatuses.length];
      const answer = await admin.post(api.staff, person(`role${i}`, { role, status }));
      expect(answer.status).toBe(201);
      expect(answer.body.staff).toMatchObject({ role, status });
    }
  });

  it('refuses a duplicate email, whatever its case or surrounding spaces: 409', async () => {
    expect((await admin.post(api.staff, person('dup'))).status).toBe(201);
    const again = await admin.post(api.staff, person('dup2', { email: '  PERSON.DUP@Kafue.TEST ' }));
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: messages.emailTaken, errors: { email: messages.emailTaken } });
  });

  it('stores emails trimmed and in lower case', async () => {
    const answer = await admin.post(api.staff, person('case', { email: '  Mixed.Case@Kafue.TEST ' }));
    expect(answer.body.staff.email).toBe('mixed.case@kafue.test');
  });

  it('validates: name, email, role and status required, email valid, role and status from the lists (400 per field)', async () => {
    const empty = await admin.post(api.staff, {});
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe(messages.invalidInput);
    expect(Object.keys(empty.body.errors).sort()).toEqual(['email', 'name', 'role', 'status']);
    const bad = await admin.post(api.staff, { name: '   ', email: 'nope', role: 'Boss', status: 'Retired' });
    expect(Object.keys(bad.body.errors).sort()).toEqual(['email', 'name', 'role', 'status']);
    const types = await admin.post(api.staff, { name: 42, email: ['a@b.c'], role: null, status: true });
    expect(types.status).toBe(400);
    const long = await admin.post(api.staff, person('long', { name: 'x'.repeat(101) }));
    expect(long.status).toBe(400);
    expect(long.body.errors.name).toBeDefined();
  });

  it('stores injected text as it is and returns it inert', async () => {
    const name = `<script>alert(1)</script>'); DROP TABLE staff_users; --`;
    const answer = await admin.post(api.staff, person('inject', { name }));
    expect(answer.status).toBe(201);
    const list = await admin.get(api.staff);
    expect(list.body.find((s: { _id: string }) => s._id === answer.body.staff._id).name).toBe(name);
    expect(list.headers.get('content-type')).toMatch(/application\/json/);
  });
});

describe('PUT /api/staff/{id}', () => {
  it('updates name, email, role and status: 200 with the message and the record', async () => {
    const created = await admin.post(api.staff, person('edit'));
    const id = created.body.staff._id;
    const answer = await admin.put(api.staffById(id), {
      name: 'Edited Name',
      email: 'edited@kafue.test',
      role: 'Manager',
      status: 'Inactive',
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      message: messages.staffUpdated,
      staff: { _id: id, name: 'Edited Name', email: 'edited@kafue.test', role: 'Manager', status: 'Inactive' },
    });
    const [row] = await t.db.query(`SELECT name, email, role, status FROM staff_users WHERE id = $1`, [id]);
    expect(row).toEqual({ name: 'Edited Name', email: 'edited@kafue.test', role: 'Manager', status: 'Inactive' });
  });

  it('any status can be set without restriction', async () => {
    const id = (await admin.post(api.staff, person('status'))).body.staff._id;
    for (const status of ['Suspended', 'Active', 'Inactive', 'Active']) {
      expect((await admin.put(api.staffById(id), person('status', { status }))).body.staff.status).toBe(status);
    }
  });

  it('unknown id: 404; an id that is not a UUID: 404', async () => {
    expect(await admin.put(api.staffById(missingId), person('x'))).toMatchObject({ status: 404, body: { message: messages.notFound } });
    expect((await admin.put(api.staffById('123'), person('x'))).status).toBe(404);
    expect((await admin.put(api.staffById("1' OR '1'='1"), {})).status).toBe(404);
  });

  it("duplicate email (another user's): 409; bad body: 400", async () => {
    await admin.post(api.staff, person('taken'));
    const id = (await admin.post(api.staff, person('mover'))).body.staff._id;
    expect((await admin.put(api.staffById(id), person('mover', { email: 'PERSON.TAKEN@kafue.test' }))).status).toBe(409);
    expect((await admin.put(api.staffById(id), { name: 'only a name' })).status).toBe(400);
  });
});

describe('DELETE /api/staff/{id}', () => {
  it('deletes: 200 with the message; the row and its sessions are gone; a second delete is 404', async () => {
    const s = await t.staff();
    const answer = await admin.delete(api.staffById(s.id));
    expect(answer).toMatchObject({ status: 200, body: { message: messages.staffDeleted } });
    expect(await t.db.query(`SELECT id FROM staff_users WHERE id = $1`, [s.id])).toEqual([]);
    expect(await t.db.query(`SELECT id FROM sessions WHERE staff_id = $1`, [s.id])).toEqual([]);
    expect((await s.client.get(api.staffMe)).status).toBe(401);
    expect((await admin.delete(api.staffById(s.id))).status).toBe(404);
  });

  it('bulk delete is one call per id', async () => {
    const ids = [];
    for (const n of ['b1', 'b2', 'b3']) ids.push((await admin.post(api.staff, person(n))).body.staff._id);
    const answers = await Promise.all(ids.map((id) => admin.delete(api.staffById(id))));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    const left = (await admin.get(api.staff)).body.map((s: { _id: string }) => s._id);
    for (const id of ids) expect(left).not.toContain(id);
  });

  it('non-UUID id: 404', async () => {
    expect((await admin.delete(api.staffById('me'))).status).toBe(404);
    expect((await admin.delete('/api/staff/..%2F..%2Fsettings')).status).toBe(404);
  });
});
