/**
 * Mail, delivered to a real SMTP server in this process (smtp-server):
 * instant new-enquiry mails per the admins' settings, assignment and welcome mails, digests in
 * the configured timezone made once, SMTP down then back, two senders never sending one mail
 * twice, and the outbox of .eml files without SMTP_URL.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { pino } from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { api } from '@kafue/common/contract';
import { noLineBreaks } from '@kafue/common/schemas';
import { runDigests } from '../src/mail/notify.js';
import { queueMail } from '../src/mail/queue.js';
import { MailSender, outboxDir } from '../src/mail/sender.js';
import { startTestServer, type Client, type TestServer } from './helpers.js';
import { bodyOf, headerOf, Smtp } from './smtp.js';

const silent = pino({ level: 'silent' });
const smtp = new Smtp();
let t: TestServer;
let editor: Client;
let sender: MailSender;

async function until(check: () => boolean, what: string, ms = 15_000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

beforeAll(async () => {
  await smtp.start();
  t = await startTestServer({
    configure: (c) => {
      c.smtpUrl = `smtp://127.0.0.1:${smtp.port}`;
      c.mailFrom = 'office@acme.test';
      c.trustProxy = true;
    },
  });
  editor = (await t.admin('Editor')).client;
  await t.db.query(`INSERT INTO settings (key, value) VALUES ('general', $1)`, [
    JSON.stringify({ siteName: 'Acme Zambia', adminEmail: 'boss@acme.test', timezone: 'UTC+8', maintenanceMode: false }),
  ]);
  sender = new MailSender(t.db, t.config, silent, { pollMs: 60_000 });
});
afterEach(async () => {
  await sender.stop();
  sender = new MailSender(t.db, t.config, silent, { pollMs: 60_000 });
  await t.db.query(`DELETE FROM mail_queue`);
  smtp.received = [];
});
afterAll(async () => {
  await sender?.stop();
  await t?.close();
  await smtp.stop();
});

const setNotifications = (adminId: string, value: object) =>
  t.db.query(`INSERT INTO admin_notification_settings (admin_id, value) VALUES ($1, $2) ON CONFLICT (admin_id) DO UPDATE SET value = $2`, [
    adminId,
    JSON.stringify(value),
  ]);
const form = {
  fullName: 'Mwila Tembo',
  email: 'mwila@visitor.test',
  message: 'Please quote for CCTV at our shop.',
  service: 'Other',
  startedAt: Date.now() - 60_000,
};
let address = 0;
const post = (body: object) => t.client().post(api.enquiries, body, { 'x-forwarded-for': `203.0.113.${++address}` });

describe('instant mail', () => {
  it('a new enquiry mails, at once, each admin who asks for it, naming the company; spam mails nobody', async () => {
    const wants = await t.admin('Moderator');
    const off = await t.admin('Moderator');
    const daily = await t.admin('Moderator');
    const noEnquiries = await t.admin('Moderator');
    await setNotifications(off.id, { emailEnabled: false });
    await setNotifications(daily.id, { emailFrequency: 'daily' });
    await setNotifications(noEnquiries.id, { notificationTypes: { newEnquiry: false } });
    sender.start();

    expect((await post(form)).status).toBe(201);
    // Woken by the queue's notification: no poll would come within the minute.
    await until(() => smtp.to(wants.email).length === 1, 'the instant mail');
    const mail = smtp.to(wants.email)[0];
    expect(headerOf(mail.raw, 'Subject')).toBe('[Acme Zambia] New enquiry from Mwila Tembo');
    expect(headerOf(mail.raw, 'From')).toBe('Acme Zambia <office@acme.test>');
    expect(headerOf(mail.raw, 'Reply-To')).toBe('mwila@visitor.test');
    expect(bodyOf(mail.raw)).toContain('Please quote for CCTV at our shop.');
    const [{ id: received }] = await t.db.query(`SELECT id FROM enquiries ORDER BY created_at DESC LIMIT 1`);
    expect(bodyOf(mail.raw)).toContain(`Open it in the console: ${t.config.publicUrl}/admin/enquiries?open=${received}`);
    expect(bodyOf(mail.raw)).toContain('Acme Zambia');
    for (const admin of [off, daily, noEnquiries]) expect(smtp.to(admin.email)).toEqual([]);
    await sender.idle();
    expect((await t.db.query(`SELECT count(*)::int AS n FROM mail_queue`))[0].n).toBe(0);

    const before = smtp.received.length;
    expect((await post({ ...form, website: 'spam' })).status).toBe(201);
    await sender.idle();
    expect((await t.db.query(`SELECT count(*)::int AS n FROM mail_queue`))[0].n).toBe(0);
    expect(smtp.received.length).toBe(before);
  });

  it('an assignment mails the staff member; a new staff member gets a welcome without the password', async () => {
    const created = await editor.post(api.staff, { name: 'Chipo Zulu', email: 'chipo@acme.test', role: 'Staff', status: 'Active' });
    expect(created.status).toBe(201);
    await sender.deliverDue();
    const [welcome] = smtp.to('chipo@acme.test');
    expect(headerOf(welcome.raw, 'Subject')).toBe('[Acme Zambia] Welcome to Acme Zambia');
    expect(headerOf(welcome.raw, 'Reply-To')).toBe('boss@acme.test');
    // Every link in a mail is absolute, from PUBLIC_URL, so that a mail program makes it clickable.
    expect(bodyOf(welcome.raw)).toContain(`Sign in at ${t.config.publicUrl}/staff-login with`);
    expect(welcome.raw).not.toContain(created.body.oneTimePassword);

    // A refused staff creation (duplicate email) queues nothing.
    expect((await editor.post(api.staff, { name: 'Again', email: 'chipo@acme.test', role: 'Staff', status: 'Active' })).status).toBe(409);
    expect((await t.db.query(`SELECT count(*)::int AS n FROM mail_queue`))[0].n).toBe(0);

    await post(form);
    await t.db.query(`DELETE FROM mail_queue`);
    const [{ id }] = await t.db.query(`SELECT id FROM enquiries ORDER BY created_at DESC LIMIT 1`);
    const staffId = created.body.staff._id as string;
    expect((await editor.put(api.enquiryById(id), { assigneeId: staffId })).status).toBe(200);
    // The same assignee again, or a status change, mails nobody.
    expect((await editor.put(api.enquiryById(id), { assigneeId: staffId, status: 'Open' })).status).toBe(200);
    expect(await sender.deliverDue()).toBe(1);
    const [assigned] = smtp.to('chipo@acme.test').slice(1);
    expect(headerOf(assigned.raw, 'Subject')).toBe('[Acme Zambia] An enquiry was assigned to you: Mwila Tembo');
    expect(bodyOf(assigned.raw)).toContain(`Work it in your staff portal: ${t.config.publicUrl}/staff/dashboard`);
  });
});

describe('visitor text in mails', () => {
  it('quotes the message after every labelled field: a line break in it cannot start a field of the mail', async () => {
    const wants = await t.admin('Moderator');
    sender.start();
    const message = 'Hello\nBcc: victim@example.com\r\nFrom: Eve <eve@example.com>\u2028Phone: 0\n\nThanks';
    expect((await post({ ...form, fullName: 'Quoted Sender', message })).status).toBe(201);
    await until(() => smtp.to(wants.email).length === 1, 'the instant mail');
    const [mail] = smtp.to(wants.email);
    // Delivered to the admins only, with no header from the message.
    expect(mail.raw).not.toMatch(/^Bcc:/im);
    expect(smtp.received.every((r) => !r.to.includes('victim@example.com'))).toBe(true);
    const lines = bodyOf(mail.raw).split(/\r?\n/);
    // Every labelled field comes before the message, whose every line is quoted.
    const messageAt = lines.indexOf('Message:');
    expect(lines.slice(0, messageAt).filter((l) => /^(From|Phone|Service):/.test(l))).toEqual([
      'From: Quoted Sender <mwila@visitor.test>',
      'Service: Other',
    ]);
    expect(lines.slice(messageAt + 1, lines.indexOf('-- '))).toEqual([
      '',
      '> Hello',
      '> Bcc: victim@example.com',
      '> From: Eve <eve@example.com>',
      '> Phone: 0',
      '>',
      '> Thanks',
      '',
    ]);
    expect(lines.filter((l) => /^(Bcc|From|Phone):/.test(l))).toEqual(['From: Quoted Sender <mwila@visitor.test>']);
  });

  it('refuses a line break in the one-line fields a mail shows: staff and admin names, the Site Name of every subject', async () => {
    const superAdmin = (await t.admin('Super Admin')).client;
    const forged = 'Eve\r\nBcc: victim@example.com';
    const staff = await editor.post(api.staff, { name: forged, email: 'forged.staff@acme.test', role: 'Staff', status: 'Active' });
    expect(staff).toMatchObject({ status: 400, body: { errors: { name: noLineBreaks } } });
    const invite = await superAdmin.post(api.admins, {
      name: forged,
      email: 'forged.admin@acme.test',
      role: 'Editor',
      password: 'Long-enough-1',
    });
    expect(invite).toMatchObject({ status: 400, body: { errors: { name: noLineBreaks } } });
    const other = await t.admin('Editor');
    const update = await superAdmin.put(api.adminById(other.id), {
      name: 'Eve\u2028Bcc: victim@example.com',
      email: 'forged.update@acme.test',
      role: 'Editor',
    });
    expect(update).toMatchObject({ status: 400, body: { errors: { name: noLineBreaks } } });
    const settings = await superAdmin.post(api.generalSettings, {
      siteName: 'Acme\nBcc: victim@example.com',
      adminEmail: 'boss@acme.test',
      timezone: 'UTC+8',
      maintenanceMode: false,
    });
    expect(settings).toMatchObject({ status: 400, body: { errors: { siteName: noLineBreaks } } });
    expect(await t.db.query(`SELECT 1 FROM staff_users WHERE email = 'forged.staff@acme.test'`)).toEqual([]);
    expect(await t.db.query(`SELECT 1 FROM admins WHERE email IN ('forged.admin@acme.test', 'forged.update@acme.test')`)).toEqual([]);
    expect((await t.db.query(`SELECT value->>'siteName' AS name FROM settings WHERE key = 'general'`))[0].name).toBe('Acme Zambia');
  });
});

describe('digests', () => {
  it("daily and weekly digests list the period's enquiries in the configured timezone, made once across processes", async () => {
    await t.db.query(`DELETE FROM enquiries`);
    await t.db.query(`DELETE FROM admin_notification_settings`);
    const daily = await t.admin('Moderator');
    const weekly = await t.admin('Moderator');
    await setNotifications(daily.id, { emailFrequency: 'daily' });
    await setNotifications(weekly.id, { emailFrequency: 'weekly' });
    // Wednesday 2026-11-25 09:00 at UTC+8 (01:00 UTC). Yesterday there: Tuesday 24th, 16:00 UTC on the 23rd to 16:00 UTC on the 24th.
    const now = new Date('2026-11-25T01:00:00Z');
    const insert = (name: string, at: string, status = 'New') =>
      t.db.query(
        `INSERT INTO enquiries (full_name, email, message, status, created_at) VALUES ($1, 'v@visitor.test', 'Hello there', $2, $3)`,
        [name, status, at],
      );
    await insert('Too Early', '2026-11-23T15:59:59Z');
    await insert('Tuesday Morning', '2026-11-23T16:00:00Z');
    await insert('Tuesday Night', '2026-11-24T15:59:59Z');
    await insert('Tuesday Spam', '2026-11-24T10:00:00Z', 'Spam');
    await insert('Wednesday', '2026-11-24T16:00:00Z');
    await insert('Last Week', '2026-11-20T10:00:00Z');

    // Two processes at once: one makes each digest.
    const second = await startTestServer({ databaseUrl: t.databaseUrl });
    try {
      const [a, b] = await Promise.all([runDigests(t.db, now, t.config.publicUrl), runDigests(second.db, now, second.config.publicUrl)]);
      expect([...a, ...b].sort()).toEqual(['daily:2026-11-25', 'weekly:2026-11-23']);
      expect(await runDigests(second.db, new Date('2026-11-25T15:00:00Z'), second.config.publicUrl)).toEqual([]);
    } finally {
      await second.close();
    }
    await sender.deliverDue();
    const [dailyMail, ...moreDaily] = smtp.to(daily.email);
    expect(moreDaily).toEqual([]);
    expect(headerOf(dailyMail.raw, 'Subject')).toBe('[Acme Zambia] Daily digest: 2 new enquiries');
    const dailyBody = bodyOf(dailyMail.raw);
    expect(dailyBody).toContain('Tuesday Morning');
    expect(dailyBody).toContain('Tuesday Night');
    expect(dailyBody).toContain(`Open them in the console: ${t.config.publicUrl}/admin/enquiries`);
    for (const name of ['Too Early', 'Tuesday Spam', 'Wednesday', 'Last Week']) expect(dailyBody).not.toContain(name);
    // Weekly: Monday 16th to Monday 23rd (local), i.e. up to 16:00 UTC on the 22nd.
    const [weeklyMail] = smtp.to(weekly.email);
    expect(headerOf(weeklyMail.raw, 'Subject')).toBe('[Acme Zambia] Weekly digest: 1 new enquiry');
    expect(bodyOf(weeklyMail.raw)).toContain('Last Week');
    // Admins who want instant mail get no digest.
    expect(smtp.received.length).toBe(2);

    // The next day, the next daily digest.
    await insert('Thursday', '2026-11-25T17:00:00Z');
    expect(await runDigests(t.db, new Date('2026-11-26T16:30:00Z'), t.config.publicUrl)).toEqual(['daily:2026-11-27']);
    expect(await runDigests(t.db, new Date('2026-11-26T01:00:00Z'), t.config.publicUrl)).toEqual(['daily:2026-11-26']);
    await sender.deliverDue();
    expect(smtp.to(daily.email).map((m) => headerOf(m.raw, 'Subject'))).toEqual([
      '[Acme Zambia] Daily digest: 2 new enquiries',
      '[Acme Zambia] Daily digest: 1 new enquiry',
      '[Acme Zambia] Daily digest: 1 new enquiry',
    ]);
    expect(bodyOf(smtp.to(daily.email)[1].raw)).toContain('Thursday');
    expect(bodyOf(smtp.to(daily.email)[2].raw)).toContain('Wednesday');
  });
});

describe('delivery', () => {
  it('SMTP down: nothing is lost, retries wait longer each time, and the mail goes out once it is back', async () => {
    const recipient = 'retry@acme.test';
    await t.db.transaction((m) => queueMail(m, { to: recipient, subject: 'Kept', text: 'Still here' }));
    const port = smtp.port;
    await smtp.stop();
    try {
      expect(await sender.deliverDue()).toBe(0);
      const [first] = await t.db.query(`SELECT attempts, last_error, extract(epoch FROM next_attempt_at - now()) AS wait FROM mail_queue`);
      expect(first.attempts).toBe(1);
      expect(first.last_error).toMatch(/ECONNREFUSED|connect/i);
      expect(Number(first.wait)).toBeGreaterThan(25);
      // Not due yet: nothing tried.
      expect(await sender.deliverDue()).toBe(0);
      expect((await t.db.query(`SELECT attempts FROM mail_queue`))[0].attempts).toBe(1);
      // An hour of failures later (each retry made due at once here).
      for (let i = 0; i < 6; i++) {
        await t.db.query(`UPDATE mail_queue SET next_attempt_at = now()`);
        expect(await sender.deliverDue()).toBe(0);
      }
      const [later] = await t.db.query(`SELECT attempts, extract(epoch FROM next_attempt_at - now()) AS wait FROM mail_queue`);
      expect(later.attempts).toBe(7);
      expect(Number(later.wait)).toBeGreaterThan(14 * 60);
      expect(Number(later.wait)).toBeLessThanOrEqual(15 * 60);
    } finally {
      await smtp.start(port);
    }
    await t.db.query(`UPDATE mail_queue SET next_attempt_at = now()`);
    expect(await sender.deliverDue()).toBe(1);
    expect(smtp.to(recipient).length).toBe(1);
    expect((await t.db.query(`SELECT count(*)::int AS n FROM mail_queue`))[0].n).toBe(0);
  });

  it('two senders on one database never send a mail twice', async () => {
    const count = 40;
    await t.db.transaction(async (m) => {
      for (let i = 0; i < count; i++) await queueMail(m, { to: `many${i}@acme.test`, subject: `Mail ${i}`, text: 'x' });
    });
    const second = await startTestServer({ databaseUrl: t.databaseUrl, configure: (c) => (c.smtpUrl = t.config.smtpUrl) });
    const other = new MailSender(second.db, second.config, silent, { batch: 3 });
    const mine = new MailSender(t.db, t.config, silent, { batch: 3 });
    try {
      const [a, b] = await Promise.all([mine.deliverDue(), other.deliverDue()]);
      expect(a + b).toBe(count);
      expect(a).toBeGreaterThan(0);
      expect(b).toBeGreaterThan(0);
    } finally {
      await other.stop();
      await mine.stop();
      await second.close();
    }
    expect(smtp.received.length).toBe(count);
    const ids = new Set(smtp.received.map((r) => headerOf(r.raw, 'Message-ID')));
    expect(ids.size).toBe(count);
    expect(new Set(smtp.received.flatMap((r) => r.to)).size).toBe(count);
  });

  it('without SMTP_URL, every mail is written to DATA_DIR/outbox as an .eml file', async () => {
    const outbox = new MailSender(t.db, { ...t.config, smtpUrl: undefined }, silent);
    await t.db.transaction((m) =>
      queueMail(m, { to: 'file@acme.test', subject: 'On disk', text: 'Written out', replyTo: 'boss@acme.test' }),
    );
    expect(await outbox.deliverDue()).toBe(1);
    await outbox.stop();
    const files = readdirSync(outboxDir(t.config)).filter((f) => f.endsWith('.eml'));
    expect(files.length).toBe(1);
    const raw = readFileSync(`${outboxDir(t.config)}/${files[0]}`, 'utf8');
    expect(headerOf(raw, 'To')).toBe('file@acme.test');
    expect(headerOf(raw, 'Subject')).toBe('On disk');
    expect(headerOf(raw, 'From')).toBe('Acme Zambia <office@acme.test>');
    expect(bodyOf(raw)).toContain('Written out');
    expect(smtp.received).toEqual([]);
    expect((await t.db.query(`SELECT count(*)::int AS n FROM mail_queue`))[0].n).toBe(0);
  });
});
