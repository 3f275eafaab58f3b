/** General settings: GET/POST /api/admin/settings/general. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, messages } from '@kafue/common/contract';
import { startTestServer, type TestServer } from './helpers.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t?.close());

const valid = { siteName: 'Kafue Technologies', adminEmail: 'Office@Kafue.test', timezone: 'UTC+8', maintenanceMode: true };

describe('general settings', () => {
  it('starts with the defaults of spec section 3: empty name and email, UTC+0, maintenance off', async () => {
    const { client } = await t.admin('Moderator');
    const answer = await client.get(api.generalSettings);
    expect(answer).toMatchObject({ status: 200 });
    expect(answer.body).toEqual({ siteName: '', adminEmail: '', timezone: 'UTC+0', maintenanceMode: false });
  });

  it('saves: "Settings updated successfully"; every admin then reads the new values', async () => {
    const { client } = await t.admin('Super Admin');
    const extra = await client.post(api.generalSettings, { ...valid, extra: 'refused' });
    expect(extra).toMatchObject({ status: 400, body: { errors: { extra: messages.unknownField } } });
    const answer = await client.post(api.generalSettings, valid);
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe('Settings updated successfully');
    expect(answer.body.message).toBe(messages.settingsUpdated);
    const expected = { ...valid, adminEmail: 'office@kafue.test' };
    expect(answer.body.settings).toEqual(expected);
    const moderator = (await t.admin('Moderator')).client;
    expect((await moderator.get(api.generalSettings)).body).toEqual(expected);
    const [row] = await t.db.query(`SELECT value FROM settings WHERE key = 'general'`);
    expect(row.value).toEqual(expected);
  });

  it('validates as spec section 5: site name and admin email required, email valid, timezone from the list', async () => {
    const { client } = await t.admin('Super Admin');
    const empty = await client.post(api.generalSettings, { siteName: '', adminEmail: '', timezone: 'UTC+0', maintenanceMode: false });
    expect(empty.status).toBe(400);
    expect(Object.keys(empty.body.errors).sort()).toEqual(['adminEmail', 'siteName']);
    const bad = await client.post(api.generalSettings, { ...valid, adminEmail: 'not an email', timezone: 'UTC+3', maintenanceMode: 'yes' });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['adminEmail', 'maintenanceMode', 'timezone']);
    const none = await client.post(api.generalSettings, undefined);
    expect(none.status).toBe(400);
  });

  for (const timezone of ['UTC+0', 'UTC-5', 'UTC+8']) {
    it(`accepts timezone ${timezone}`, async () => {
      const { client } = await t.admin('Super Admin');
      expect((await client.post(api.generalSettings, { ...valid, timezone })).body.settings.timezone).toBe(timezone);
    });
  }
});
