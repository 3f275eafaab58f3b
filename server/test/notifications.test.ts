/** Notification settings: per admin, over the defaults, and what they change. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, defaultNotificationSettings, messages } from '@kafue/common/contract';
import { startTestServer, type TestServer } from './helpers.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t?.close());

const custom = {
  emailEnabled: true,
  notificationTypes: { newUser: false, systemAlert: true, maintenance: false, marketing: true, newEnquiry: false },
  emailFrequency: 'weekly',
};

describe('GET/PUT /api/admin/settings/notifications', () => {
  it('starts at the defaults of spec section 3 plus new enquiries', async () => {
    const { client } = await t.admin('Moderator');
    const answer = await client.get(api.notificationSettings);
    expect(answer).toMatchObject({ status: 200, body: defaultNotificationSettings });
    expect(answer.body).toEqual({
      emailEnabled: true,
      notificationTypes: { newUser: true, systemAlert: true, maintenance: true, marketing: false, newEnquiry: true },
      emailFrequency: 'instant',
    });
  });

  it("saves each admin's own, leaving the others' alone", async () => {
    const one = await t.admin('Moderator');
    const other = await t.admin('Super Admin');
    const saved = await one.client.put(api.notificationSettings, custom);
    expect(saved).toMatchObject({ status: 200, body: { message: messages.notificationSettingsSaved, settings: custom } });
    expect((await one.client.get(api.notificationSettings)).body).toEqual(custom);
    expect((await other.client.get(api.notificationSettings)).body).toEqual(defaultNotificationSettings);
    const again = { ...custom, emailEnabled: false, emailFrequency: 'daily' };
    expect((await one.client.put(api.notificationSettings, again)).status).toBe(200);
    expect((await one.client.get(api.notificationSettings)).body).toEqual(again);
  });

  it('refuses an incomplete or wrong body, field by field', async () => {
    const { client } = await t.admin('Editor');
    const wrong = await client.put(api.notificationSettings, { ...custom, emailFrequency: 'hourly', emailEnabled: 'yes' });
    expect(wrong.status).toBe(400);
    expect(Object.keys(wrong.body.errors).sort()).toEqual(['emailEnabled', 'emailFrequency']);
    const missing = await client.put(api.notificationSettings, { ...custom, notificationTypes: { newUser: true } });
    expect(missing.body.errors).toHaveProperty(['notificationTypes.newEnquiry']);
    expect((await client.get(api.notificationSettings)).body).toEqual(defaultNotificationSettings);
  });

  it('decide who is mailed about a new enquiry', async () => {
    const quiet = await t.admin('Moderator');
    const loud = await t.admin('Moderator');
    await quiet.client.put(api.notificationSettings, { ...defaultNotificationSettings, emailEnabled: false });
    await loud.client.put(api.notificationSettings, defaultNotificationSettings);
    const sent = await t
      .client()
      .post(api.enquiries, { fullName: 'V', email: 'v@visitor.test', message: 'Hi', startedAt: Date.now() - 60_000 });
    expect(sent.status).toBe(201);
    const rows = await t.db.query(`SELECT to_address FROM mail_queue`);
    const to = rows.map((r: { to_address: string }) => r.to_address);
    expect(to).toContain(loud.email);
    expect(to).not.toContain(quiet.email);
  });

  it('is for admins only', async () => {
    const staff = await t.staff();
    expect((await staff.client.get(api.notificationSettings)).status).toBe(403);
    expect((await t.client().put(api.notificationSettings, custom)).status).toBe(401);
  });
});
