/**
 * The company profile: GET/PUT /api/admin/settings/company. Seeded from defaultCompany, saved by a
 * Super Admin only, validated field by field (a WhatsApp number in E.164, social profiles on
 * https), audited. Its publishing on the pages is in site.test.ts (it needs the site's build).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultCompany } from '@kafue/common/company';
import { api, messages } from '@kafue/common/contract';
import { startTestServer, type Client, type TestServer } from './helpers.js';

let t: TestServer;
let superAdmin: Client;
beforeAll(async () => {
  t = await startTestServer();
  superAdmin = (await t.admin('Super Admin')).client;
});
afterAll(() => t?.close());

const changed = {
  ...defaultCompany,
  phone: '+260 96 123 4567',
  email: 'Hello@Kafue.test',
  address: 'Plot 9, Great East Road, Lusaka',
  openingHours: 'Mon - Fri, 8am - 5pm',
  latitude: -15.39,
  longitude: 28.32,
  whatsapp: '+260971234567',
  x: '',
};

describe('the company profile', () => {
  it('reads as the seed (the placeholders the site showed) until a Super Admin saves it', async () => {
    const { client } = await t.admin('Moderator');
    expect(await client.get(api.companySettings)).toMatchObject({ status: 200, body: defaultCompany });
  });

  it('saves: "Settings updated successfully", every admin reads it, one audit row names what changed', async () => {
    const extra = await superAdmin.put(api.companySettings, { ...changed, extra: 'refused' });
    expect(extra).toMatchObject({ status: 400, body: { errors: { extra: messages.unknownField } } });
    const answer = await superAdmin.put(api.companySettings, changed);
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe(messages.settingsUpdated);
    const expected = { ...changed, email: 'hello@kafue.test' };
    expect(answer.body.company).toEqual(expected);
    expect((await (await t.admin('Editor')).client.get(api.companySettings)).body).toEqual(expected);
    const [audit] = await t.db.query(
      `SELECT action, target_id, changes FROM audit_log WHERE target_type = 'settings' AND target_id = 'company' ORDER BY at DESC LIMIT 1`,
    );
    expect(audit).toMatchObject({ action: 'settings.update', target_id: 'company' });
    expect(audit.changes).toMatchObject({
      phone: { old: defaultCompany.phone, new: changed.phone },
      whatsapp: { old: '', new: '+260971234567' },
    });
  });

  it('refuses a WhatsApp number not in international form, and social profiles not on https, field by field, changing nothing', async () => {
    const before = (await superAdmin.get(api.companySettings)).body;
    for (const whatsapp of ['0971234567', '+260 97 123 4567', '+0971234567', '+26097', 'wa.me/260971234567']) {
      const answer = await superAdmin.put(api.companySettings, { ...changed, whatsapp });
      expect(answer.status, whatsapp).toBe(400);
      expect(Object.keys(answer.body.errors), whatsapp).toEqual(['whatsapp']);
      expect(answer.body.errors.whatsapp).toBe('Enter the number in international form, e.g. +260971234567, or leave it empty.');
    }
    for (const facebook of ['http://www.facebook.com/kafue', 'www.facebook.com/kafue', 'javascript:alert(1)', 'https://localhost/x']) {
      const answer = await superAdmin.put(api.companySettings, { ...changed, facebook });
      expect(answer.status, facebook).toBe(400);
      expect(Object.keys(answer.body.errors), facebook).toEqual(['facebook']);
    }
    const bad = await superAdmin.put(api.companySettings, {
      ...changed,
      phone: 'call us',
      email: 'nobody',
      address: '',
      latitude: 91,
      longitude: '28',
      linkedin: 'ftp://linkedin.com/company/kafue',
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['address', 'email', 'latitude', 'linkedin', 'longitude', 'phone']);
    expect((await superAdmin.get(api.companySettings)).body).toEqual(before);
  });

  it('takes an empty WhatsApp number and empty profiles: the site then shows none of them', async () => {
    const none = { ...changed, email: 'hello@kafue.test', whatsapp: '', facebook: '', linkedin: '', x: '' };
    expect((await superAdmin.put(api.companySettings, none)).status).toBe(200);
    expect((await superAdmin.get(api.companySettings)).body).toEqual(none);
  });

  it('is changed by a Super Admin only', async () => {
    const { client } = await t.admin('Editor');
    expect((await client.put(api.companySettings, defaultCompany)).status).toBe(403);
    expect((await superAdmin.get(api.companySettings)).body.whatsapp).toBe('');
  });
});
