/**
 * Active sessions. An admin lists and ends their own; a Super Admin lists and
 * ends any admin's. Where and how each was opened is recorded at sign-in; last use at most once
 * a minute, not at every request.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, messages } from '@kafue/common/contract';
import { password, startTestServer, type TestServer } from './helpers.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t?.close());

const agent = { 'User-Agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0 Safari/537.36' };

/** An admin signed in twice: by cookie (a browser) and by bearer token (the desktop app). */
async function twice(role: 'Editor' | 'Super Admin' = 'Editor') {
  const { email, id } = await t.admin(role);
  // The helper's own session is not one of these two: end it.
  await t.db.query(`DELETE FROM sessions WHERE admin_id = $1`, [id]);
  const browser = t.client();
  expect((await browser.post(api.adminLogin, { email, password }, agent)).status).toBe(200);
  const desktop = t.client();
  const signedIn = await desktop.post(api.authLogin, { email, password, session: 'bearer' }, { 'User-Agent': 'Kafue Electron/45' });
  desktop.bearer = signedIn.body.token;
  return { id, email, browser, desktop };
}

describe('GET /api/admin/sessions', () => {
  it('lists the caller’s live sessions with address, user agent and how they are held, marking the current one', async () => {
    const { browser, desktop } = await twice();
    const other = await twice();
    const list = await browser.get(api.mySessions);
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(2);
    const mine = list.body.find((s: { current: boolean }) => s.current);
    const theirs = list.body.find((s: { current: boolean }) => !s.current);
    expect(mine).toEqual({
      _id: expect.any(String),
      current: true,
      createdAt: expect.any(String),
      lastUsedAt: expect.any(String),
      address: '127.0.0.1',
      userAgent: agent['User-Agent'],
      via: 'cookie',
    });
    expect(theirs).toMatchObject({ current: false, via: 'bearer', userAgent: 'Kafue Electron/45', address: '127.0.0.1' });
    // The desktop sees the same two, the other way round; nobody sees another admin's.
    const fromDesktop = await desktop.get(api.mySessions);
    expect(fromDesktop.body.find((s: { current: boolean }) => s.current)._id).toBe(theirs._id);
    const ids = (await other.browser.get(api.mySessions)).body.map((s: { _id: string }) => s._id);
    expect(ids).not.toContain(mine._id);
    expect(ids).toHaveLength(2);
    // Expired sessions are not listed.
    await t.db.query(`UPDATE sessions SET expires_at = now() - interval '1 second' WHERE id = $1`, [theirs._id]);
    expect((await browser.get(api.mySessions)).body).toHaveLength(1);
  });

  it('records last use at most once a minute, not at every request', async () => {
    const { browser } = await twice();
    const currentOf = async () => (await browser.get(api.mySessions)).body.find((s: { current: boolean }) => s.current);
    const current = await currentOf();
    for (let i = 0; i < 3; i++) await browser.get(api.adminCheckAuth);
    // Written at every request, it would have moved on: it has not, here or in the database.
    expect((await currentOf()).lastUsedAt).toBe(current.lastUsedAt);
    const [{ stored }] = await t.db.query(`SELECT last_used_at AS stored FROM sessions WHERE id = $1`, [current._id]);
    expect(stored.toISOString()).toBe(current.lastUsedAt);
    // Over a minute old (moved back in the database), the next lookup records it, once.
    await t.db.query(`UPDATE sessions SET last_used_at = now() - interval '2 minutes' WHERE id = $1`, [current._id]);
    expect((await browser.delete(api.mySessions)).status).toBe(200); // a change: this process forgets its cached sessions
    const refreshed = (await currentOf()).lastUsedAt;
    expect(Date.now() - new Date(refreshed).getTime()).toBeLessThan(60_000);
    expect((await currentOf()).lastUsedAt).toBe(refreshed);
  });
});

describe('DELETE /api/admin/sessions/{id} and DELETE /api/admin/sessions', () => {
  it('ends one of the caller’s own sessions; that session is then signed out', async () => {
    const { browser, desktop } = await twice();
    const theirs = (await browser.get(api.mySessions)).body.find((s: { current: boolean }) => !s.current)._id;
    expect(await browser.delete(api.mySessionById(theirs))).toMatchObject({ status: 200, body: { message: messages.sessionEnded } });
    expect((await desktop.get(api.authVerify)).status).toBe(401);
    expect((await browser.delete(api.mySessionById(theirs))).status).toBe(404);
    expect((await browser.get(api.adminCheckAuth)).status).toBe(200);
  });

  it('cannot end another admin’s session, nor one that is not a session id', async () => {
    const { browser } = await twice();
    const other = await twice();
    const theirs = (await other.browser.get(api.mySessions)).body[0]._id;
    expect((await browser.delete(api.mySessionById(theirs))).status).toBe(404);
    expect((await other.browser.get(api.adminCheckAuth)).status).toBe(200);
    expect((await browser.delete(api.mySessionById('not-a-uuid'))).status).toBe(404);
  });

  it('ends every session but the current one', async () => {
    const { browser, desktop } = await twice();
    const third = t.client();
    const { email } = (await browser.get(api.adminCheckAuth)).body.admin;
    await third.signIn('admin', email);
    expect(await desktop.delete(api.mySessions)).toMatchObject({ status: 200, body: { message: messages.otherSessionsEnded } });
    expect((await browser.get(api.adminCheckAuth)).status).toBe(401);
    expect((await third.get(api.adminCheckAuth)).status).toBe(401);
    expect((await desktop.get(api.mySessions)).body).toHaveLength(1);
  });
});

describe('/api/settings/admins/{id}/sessions (Super Admin)', () => {
  it('a Super Admin lists and ends another admin’s sessions, one or all', async () => {
    const su = await t.admin('Super Admin');
    const { id, browser, desktop } = await twice();
    const list = await su.client.get(api.adminSessions(id));
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(2);
    expect(list.body.every((s: { current: boolean }) => !s.current)).toBe(true);
    const cookieSession = list.body.find((s: { via: string }) => s.via === 'cookie')._id;
    expect(await su.client.delete(api.adminSessionById(id, cookieSession))).toMatchObject({
      status: 200,
      body: { message: messages.sessionEnded },
    });
    expect((await browser.get(api.adminCheckAuth)).status).toBe(401);
    expect((await desktop.get(api.authVerify)).status).toBe(200);
    expect((await su.client.delete(api.adminSessions(id))).status).toBe(200);
    expect((await desktop.get(api.authVerify)).status).toBe(401);
    expect((await su.client.get(api.adminSessions(id))).body).toEqual([]);
    // The Super Admin's own, through this path, keeps the one in use.
    expect((await su.client.delete(api.adminSessions(su.id))).status).toBe(200);
    expect((await su.client.get(api.adminCheckAuth)).status).toBe(200);
  });

  it('answers 404 for an unknown admin, and for a session of another admin under this one', async () => {
    const su = await t.admin('Super Admin');
    const a = await twice();
    const b = await twice();
    const bSession = (await b.browser.get(api.mySessions)).body[0]._id;
    expect((await su.client.get(api.adminSessions('6f1c2b9a-1d2e-4f3a-9b8c-7d6e5f4a3b2c'))).status).toBe(404);
    expect((await su.client.delete(api.adminSessions('6f1c2b9a-1d2e-4f3a-9b8c-7d6e5f4a3b2c'))).status).toBe(404);
    expect((await su.client.delete(api.adminSessionById(a.id, bSession))).status).toBe(404);
    expect((await su.client.delete(api.adminSessionById(a.id, 'nope'))).status).toBe(404);
    expect((await b.browser.get(api.adminCheckAuth)).status).toBe(200);
  });

  it('refuses Editors and Moderators (403)', async () => {
    const { id } = await twice();
    for (const role of ['Editor', 'Moderator'] as const) {
      const c = (await t.admin(role)).client;
      expect((await c.get(api.adminSessions(id))).status).toBe(403);
      expect((await c.delete(api.adminSessions(id))).status).toBe(403);
    }
  });
});
