/**
 * The client's address as people know it: an IPv4 client reached as IPv4-mapped IPv6
 * (`::ffff:127.0.0.1`) is recorded, and answered, as 127.0.0.1, in its audit row and its session;
 * a row recorded before that reads plain too. An account target carries its name.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { api } from '@kafue/common/contract';
import { password, startTestServer, type TestServer } from './helpers.js';

let t: TestServer;
beforeAll(async () => {
  // Behind a proxy that names the client as a dual-stack socket reports it.
  t = await startTestServer({ configure: (c) => void (c.trustProxy = true) });
});
afterAll(() => t?.close());

const mapped = { 'x-forwarded-for': '::ffff:127.0.0.1' };

it('records and answers an IPv4-mapped address as plain IPv4, in the audit log and the sessions', async () => {
  const owner = await t.admin('Super Admin');
  const client = t.client();
  expect((await client.post(api.adminLogin, { email: owner.email, password }, mapped)).status).toBe(200);

  const [row] = await t.db.query<[{ address: string }]>(
    `SELECT address FROM audit_log WHERE action = 'admin.signin' AND actor_id = $1 ORDER BY at DESC LIMIT 1`,
    [owner.id],
  );
  expect(row.address).toBe('127.0.0.1');
  const [session] = await t.db.query<[{ address: string }]>(
    `SELECT address FROM sessions WHERE admin_id = $1 ORDER BY created_at DESC LIMIT 1`,
    [owner.id],
  );
  expect(session.address).toBe('127.0.0.1');

  const list = await client.get(`${api.audit}?action=admin.signin`);
  expect(list.status).toBe(200);
  const entry = list.body.items.find((e: { actor: { _id: string } | null }) => e.actor?._id === owner.id);
  expect(entry.address).toBe('127.0.0.1');
  expect((await client.get(api.mySessions)).body.find((s: { current: boolean }) => s.current).address).toBe('127.0.0.1');
});

it('answers a row recorded before as mapped with its plain address, and an account target with its name', async () => {
  const owner = await t.admin('Super Admin');
  const [{ id }] = await t.db.query<[{ id: string }]>(
    `INSERT INTO audit_log (actor_kind, actor_id, actor_name, actor_email, action, target_type, target_id, target_label, changes, address)
     VALUES ('admin', $1, 'Old Row', $2, 'admin.password_reset', 'admin', $1, $2, '{}', '::ffff:10.1.2.3') RETURNING id`,
    [owner.id, owner.email],
  );
  await t.db.query(`UPDATE admins SET name = 'Mary Banda' WHERE id = $1`, [owner.id]);
  const list = await owner.client.get(`${api.audit}?action=admin.password_reset`);
  const entry = list.body.items.find((e: { _id: string }) => e._id === id);
  expect(entry.address).toBe('10.1.2.3');
  expect(entry.target).toEqual({ type: 'admin', _id: owner.id, label: owner.email, name: 'Mary Banda' });
  const csv = await owner.client.get(`${api.auditExport}?action=admin.password_reset`);
  expect(csv.text).toContain('10.1.2.3');
  expect(csv.text).not.toContain('::ffff:');
});
