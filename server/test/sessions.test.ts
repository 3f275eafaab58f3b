/**
 * Sessions with several server processes on one database: each process keeps the sessions it
 * looked up for a few seconds, so whatever ends or changes a session on one process (sign-out,
 * password change, suspension, a new role), or outside any process (the command-line tool, SQL),
 * must reach the others at once through PostgreSQL's notifications.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, messages } from '@kafue/common/contract';
import { password, startTestServer, type Answer, type TestServer } from './helpers.js';

let a: TestServer;
let b: TestServer;
beforeAll(async () => {
  a = await startTestServer();
  b = await startTestServer({ databaseUrl: a.databaseUrl });
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

/** The notification travels asynchronously: the answer may change within a moment, not 10 s. */
async function soon(call: () => Promise<Answer>, status: number): Promise<Answer> {
  const started = Date.now();
  for (;;) {
    const answer = await call();
    if (answer.status === status || Date.now() - started > 1_000) return answer;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('a session ended or changed on one process ends or changes on the others', () => {
  it('sign-out on A: the token is refused on B', async () => {
    const { email } = await a.admin('Editor');
    const onA = a.client();
    await onA.signIn('admin', email);
    const onB = b.client();
    onB.cookie = onA.cookie;
    expect((await onB.get(api.staff)).status).toBe(200);
    expect((await onA.post(api.authLogout)).status).toBe(200);
    expect(await soon(() => onB.get(api.staff), 401)).toMatchObject({ status: 401, body: { message: messages.notSignedIn } });
  });

  it('a password change on A signs the other sessions out on B', async () => {
    const { email } = await a.admin('Moderator');
    const here = a.client();
    await here.signIn('admin', email);
    const elsewhere = b.client();
    await elsewhere.signIn('admin', email);
    expect((await elsewhere.get(api.authVerify)).status).toBe(200);
    const change = await here.post(api.changePassword, { currentPassword: password, newPassword: 'another good password' });
    expect(change.status).toBe(200);
    expect((await soon(() => elsewhere.get(api.authVerify), 401)).status).toBe(401);
  });

  it('a staff member suspended on A is refused on B', async () => {
    const editor = (await a.admin('Editor')).client;
    const staff = await a.staff();
    const onB = b.client();
    onB.cookie = staff.client.cookie;
    expect((await onB.get(api.staffMe)).status).toBe(200);
    const suspend = await editor.put(api.staffById(staff.id), { name: 'S', email: staff.email, role: 'Staff', status: 'Suspended' });
    expect(suspend.status).toBe(200);
    expect((await soon(() => onB.get(api.staffMe), 401)).status).toBe(401);
  });

  it('an admin demoted on A loses the rights on B', async () => {
    const boss = (await a.admin('Super Admin')).client;
    const demoted = await a.admin('Super Admin');
    const onB = b.client();
    onB.cookie = demoted.client.cookie;
    expect((await onB.post(api.generalSettings, {})).status).toBe(400); // allowed: past the check
    const demote = await boss.put(api.adminById(demoted.id), { name: 'D', email: demoted.email, role: 'Editor' });
    expect(demote.status).toBe(200);
    expect(await soon(() => onB.post(api.generalSettings, {}), 403)).toMatchObject({ status: 403, body: { message: messages.forbidden } });
  });

  it('a session deleted outside any server (SQL, the command-line tool) is refused on both', async () => {
    const { client, id } = await a.admin('Moderator');
    const onB = b.client();
    onB.cookie = client.cookie;
    expect((await client.get(api.admins)).status).toBe(200);
    expect((await onB.get(api.admins)).status).toBe(200);
    await a.db.query(`DELETE FROM sessions WHERE admin_id = $1`, [id]);
    expect((await soon(() => client.get(api.admins), 401)).status).toBe(401);
    expect((await soon(() => onB.get(api.admins), 401)).status).toBe(401);
  });

  it('while the listening connection is down nothing is kept: a change it cannot hear still counts', async () => {
    const { client, id } = await a.admin('Moderator');
    expect((await client.get(api.admins)).status).toBe(200);
    // Cut every listening connection of this database (both processes'), then change the session
    // in a way no notification reports: only a lookup can see it.
    await a.db.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN %'`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    await a.db.query(`ALTER TABLE sessions DISABLE TRIGGER sessions_changed`);
    try {
      await a.db.query(`DELETE FROM sessions WHERE admin_id = $1`, [id]);
      expect((await client.get(api.admins)).status).toBe(401);
    } finally {
      await a.db.query(`ALTER TABLE sessions ENABLE TRIGGER sessions_changed`);
    }
  });

  it('listens again once the connection is back (both processes)', async () => {
    const seen = () =>
      b.db.query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN %'`);
    const started = Date.now();
    while ((await seen())[0].n < 2 && Date.now() - started < 5_000) await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await seen())[0].n).toBe(2);
  });
});
