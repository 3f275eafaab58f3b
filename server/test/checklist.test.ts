/**
 * The owner's first run: the new installation's settings, the dashboard's checklist read from the
 * real state, the test mail with and without an SMTP server, and the announcement to staff mailed
 * once to each Active staff member, whatever number of processes deliver.
 */
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, type Checklist, type ChecklistItem } from '@kafue/common/contract';
import { defaultCompany } from '@kafue/common/company';
import { ensureFirstAdmin } from '../src/auth/accounts.js';
import { totpCode } from '../src/auth/two-factor.js';
import { MailSender } from '../src/mail/sender.js';
import { startTestServer, withMailSender, type Client, type TestServer } from './helpers.js';
import { Smtp } from './smtp.js';

const smtp = new Smtp();
let t: TestServer;
let owner: Client;
beforeAll(async () => {
  await smtp.start();
  t = await startTestServer();
  owner = (await t.admin('Super Admin')).client;
});
afterAll(async () => {
  await t?.close();
  await smtp.stop();
});

const done = async (client: Client): Promise<Record<ChecklistItem, boolean>> => {
  const answer = await client.get<Checklist>(api.checklist);
  expect(answer.status).toBe(200);
  return Object.fromEntries(answer.body.items.map((i) => [i.item, i.done])) as Record<ChecklistItem, boolean>;
};

describe('a new installation', () => {
  it('its first admin comes with Site Name and Admin Email from the company, and daily backups, 14 kept', async () => {
    const fresh = await startTestServer();
    try {
      await ensureFirstAdmin(fresh.db, { adminEmail: 'owner@kafue.test', adminPassword: 'first-admin-pass' });
      const { client } = await fresh.admin('Super Admin');
      expect((await client.get(api.generalSettings)).body).toEqual({
        siteName: 'Kafue Technologies',
        adminEmail: defaultCompany.email,
        timezone: 'UTC+0',
        maintenanceMode: false,
      });
      expect((await client.get(api.backupSchedule)).body).toEqual({ frequency: 'daily', hour: 2, weekday: 0, keep: 14 });
      // The placeholder address counts as not done; backups are on but none was made yet.
      expect(await done(client)).toMatchObject({ siteIdentity: false, timezone: false, backups: false });
    } finally {
      await fresh.close();
    }
  });

  it('an installation with an admin keeps its choices: nothing is stored for it', async () => {
    await ensureFirstAdmin(t.db, { adminEmail: 'late@kafue.test', adminPassword: 'first-admin-pass' });
    expect((await owner.get(api.backupSchedule)).body.frequency).toBe('off');
    expect((await owner.get(api.generalSettings)).body.siteName).toBe('');
  });
});

describe('the first-run checklist', () => {
  it('ticks each item from the real state, and keeps dismissals per installation', async () => {
    expect(await done(owner)).toEqual({
      company: false,
      siteIdentity: false,
      timezone: false,
      testMail: false,
      backups: false,
      twoFactor: false,
    });

    // Company details: a profile still holding the placeholders is not done.
    await t.db.query(`INSERT INTO settings (key, value) VALUES ('company', $1)`, [JSON.stringify(defaultCompany)]);
    expect((await done(owner)).company).toBe(false);
    await t.db.query(`UPDATE settings SET value = $1 WHERE key = 'company'`, [
      JSON.stringify({ ...defaultCompany, phone: '+260 96 123 4567' }),
    ]);
    expect((await done(owner)).company).toBe(true);

    // Site Name and Admin Email: the placeholder address is not one; saving the timezone is.
    const general = { siteName: 'Acme Zambia', adminEmail: defaultCompany.email, timezone: 'UTC+8', maintenanceMode: false };
    expect((await owner.post(api.generalSettings, general)).status).toBe(200);
    expect(await done(owner)).toMatchObject({ siteIdentity: false, timezone: true });
    await owner.post(api.generalSettings, { ...general, adminEmail: 'boss@acme.test' });
    expect((await done(owner)).siteIdentity).toBe(true);

    // A test mail delivered the way this installation delivers (the outbox: no SMTP_URL).
    const test = await withMailSender(t, () => owner.post(api.testMail));
    expect(test.body.outcome).toBe('outbox');
    expect(test.body.message).toContain('Mail is kept in the outbox because SMTP_URL is not set');
    expect((await owner.get<Checklist>(api.checklist)).body.smtp).toBe(false);
    expect((await done(owner)).testMail).toBe(true);

    // Automatic backups: on, and a backup made.
    await owner.put(api.backupSchedule, { frequency: 'daily', hour: 2, weekday: 0, keep: 14 });
    expect((await done(owner)).backups).toBe(false);
    expect((await owner.post(api.backup)).status).toBe(200);
    expect((await done(owner)).backups).toBe(true);

    // Two-factor sign-in: the signed-in admin's own.
    const setup = await owner.post(api.twoFactorSetup);
    expect((await owner.post(api.twoFactorEnable, { code: totpCode(setup.body.secret, Date.now()) })).status).toBe(200);
    expect((await done(owner)).twoFactor).toBe(true);
    const other = (await t.admin('Super Admin')).client;
    expect(await done(other)).toMatchObject({ twoFactor: false, backups: true, testMail: true });

    // Dismissed once for everyone; twice changes nothing; an unknown item is refused.
    const dismiss = await owner.post<Checklist>(api.checklistDismissed, { item: 'twoFactor' });
    expect(dismiss.status).toBe(200);
    expect(dismiss.body.items.find((i) => i.item === 'twoFactor')).toEqual({ item: 'twoFactor', done: true, dismissed: true });
    await other.post(api.checklistDismissed, { item: 'twoFactor' });
    const seen = (await other.get<Checklist>(api.checklist)).body.items;
    expect(seen.filter((i) => i.dismissed).map((i) => i.item)).toEqual(['twoFactor']);
    expect((await t.db.query(`SELECT value FROM settings WHERE key = 'checklist.dismissed'`))[0].value).toEqual(['twoFactor']);
    expect((await owner.post(api.checklistDismissed, { item: 'everything' })).status).toBe(400);
  });
});

describe('the test mail', () => {
  it('with SMTP: says the SMTP server took it, and it reached the admin who asked', async () => {
    const withSmtp = await startTestServer({ configure: (c) => (c.smtpUrl = `smtp://127.0.0.1:${smtp.port}`) });
    try {
      const admin = await withSmtp.admin('Editor');
      const answer = await withMailSender(withSmtp, () => admin.client.post(api.testMail));
      expect(answer.body).toEqual({ outcome: 'sent', message: expect.stringContaining(admin.email) });
      expect(smtp.to(admin.email)).toHaveLength(1);
      expect(smtp.to(admin.email)[0].raw).toContain('Test mail');
    } finally {
      await withSmtp.close();
    }
  });

  it('with the SMTP server away: says it did not take it, and the queue keeps it for later', async () => {
    const away = await startTestServer({ configure: (c) => (c.smtpUrl = 'smtp://127.0.0.1:1') });
    try {
      const admin = await away.admin('Super Admin');
      const answer = await withMailSender(away, () => admin.client.post(api.testMail));
      expect(answer.body.outcome).toBe('failed');
      expect(answer.body.message).toMatch(/^The mail server did not take the test mail \(.+\)\. It will be tried again\.$/);
      expect((await away.db.query(`SELECT to_address FROM mail_queue`)).map((r: { to_address: string }) => r.to_address)).toEqual([
        admin.email,
      ]);
      expect((await admin.client.get<Checklist>(api.checklist)).body.items.find((i) => i.item === 'testMail')?.done).toBe(false);
    } finally {
      await away.close();
    }
  });
});

describe('the announcement to staff', () => {
  it('mails every Active staff member once, with two processes delivering; nobody else', async () => {
    const withSmtp = await startTestServer({ configure: (c) => (c.smtpUrl = `smtp://127.0.0.1:${smtp.port}`) });
    try {
      const editor = (await withSmtp.admin('Editor')).client;
      const active = [await withSmtp.staff(), await withSmtp.staff({ role: 'Manager' })];
      const others = [await withSmtp.staff({ status: 'Inactive' }), await withSmtp.staff({ status: 'Suspended' })];
      // Two server processes' senders, both woken by the commit.
      const silent = pino({ level: 'silent' });
      const senders = [new MailSender(withSmtp.db, withSmtp.config, silent), new MailSender(withSmtp.db, withSmtp.config, silent)];
      senders.forEach((s) => s.start());
      const answer = await editor.post(api.announcements, { subject: 'Office closed Friday', message: 'We close at noon.\nEnjoy.' });
      expect(answer.body).toEqual({ message: 'Announcement sent to 2 staff members.', recipients: 2 });
      const end = Date.now() + 15_000;
      while ((await withSmtp.db.query(`SELECT 1 FROM mail_queue`)).length > 0 && Date.now() < end) {
        await new Promise((r) => setTimeout(r, 100));
      }
      await Promise.all(senders.map((s) => s.stop()));
      for (const s of active) {
        expect(smtp.to(s.email), s.email).toHaveLength(1);
        expect(smtp.to(s.email)[0].raw).toContain('Office closed Friday');
      }
      for (const s of others) expect(smtp.to(s.email)).toEqual([]);
      const [row] = await withSmtp.db.query(`SELECT changes FROM audit_log WHERE action = 'announcement.send'`);
      expect(row.changes).toEqual({ recipients: { new: 2 } });
    } finally {
      await withSmtp.close();
    }
  });

  it('refuses an empty message and a subject of two lines, mailing nobody', async () => {
    const editor = (await t.admin('Editor')).client;
    await t.staff();
    const before = (await t.db.query(`SELECT count(*)::int AS n FROM mail_queue`))[0].n;
    expect((await editor.post(api.announcements, { subject: 'Hi', message: ' ' })).status).toBe(400);
    expect((await editor.post(api.announcements, { subject: 'Hi\nBcc: x@y.z', message: 'x' })).status).toBe(400);
    expect((await t.db.query(`SELECT count(*)::int AS n FROM mail_queue`))[0].n).toBe(before);
  });
});
