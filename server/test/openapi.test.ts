/**
 * The OpenAPI document (/api/openapi.json) and its page (/api/docs): every route the app mounts is
 * in it, it is valid OpenAPI 3.1, and a representative call of every route answers what it
 * documents, checked with JSON Schema 2020-12.
 */
import { Validator } from '@seriousme/openapi-schema-validator';
import sharp from 'sharp';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultCompany } from '@kafue/common/company';
import { collectPath } from '@kafue/common/analytics';
import { api } from '@kafue/common/contract';
import { totpCode } from '../src/auth/two-factor.js';
import { hashToken } from '../src/auth/sessions.js';
import { resolve } from 'node:path';
import { repoRoot } from '../src/config.js';
import { startPawapayStandIn, type PawapayStandIn } from './pawapay-standin.js';
import { hubSignature, startWhatsAppStandIn, type WhatsAppStandIn } from './whatsapp-standin.js';
import { password, startTestServer, withMailSender, type Answer, type Client, type TestServer } from './helpers.js';

interface Operation {
  responses: Record<string, { content?: Record<string, { schema: { $ref: string } }> }>;
}
interface Document {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, object> };
}

let t: TestServer;
let doc: Document;
let pawa: PawapayStandIn;
let whatsapp: WhatsAppStandIn;
const verifyToken = 'openapi-verify';
beforeAll(async () => {
  // With the site's build: the content preview renders public pages.
  pawa = await startPawapayStandIn();
  whatsapp = await startWhatsAppStandIn({ token: 'openapi-token', phoneNumberId: '1065403522', appSecret: 'openapi-secret' });
  t = await startTestServer({
    configure: (c) => {
      c.siteDir = resolve(repoRoot, 'site/dist');
      c.pawapay = { url: pawa.url, token: pawa.token };
      const { url, token, phoneNumberId, appSecret } = whatsapp;
      c.whatsapp = { url, token, phoneNumberId, appSecret, verifyToken };
    },
  });
  doc = (await t.client().get<Document>('/api/openapi.json')).body;
});
afterAll(async () => {
  await t?.close();
  await pawa?.close();
  await whatsapp?.close();
});

/** koa-router's /:id as OpenAPI's /{id}. */
const documented = (route: string) => route.replace(/:(\w+)/g, '{$1}');

describe('GET /api/openapi.json', () => {
  it('documents every route the app mounts, with its method, and nothing else', () => {
    const routes = t.endpoints.map((e) => `${e.method} ${documented(e.path)}`).sort();
    const operations = Object.entries(doc.paths).flatMap(([path, item]) => Object.keys(item).map((m) => `${m.toUpperCase()} ${path}`));
    expect(operations.sort()).toEqual(routes);
    expect(routes.length).toBeGreaterThanOrEqual(19);
  });

  it('is valid OpenAPI 3.1', async () => {
    const validator = new Validator();
    const result = await validator.validate(doc as never);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('says who may call each operation and how to authenticate', () => {
    const staffList = doc.paths['/api/staff'].get as Operation & { description: string; security: object[] };
    expect(staffList.description).toBe('Who may call: any signed-in admin (Super Admin, Editor or Moderator).');
    expect(staffList.security).toEqual([{ cookie: [] }, { bearer: [] }]);
    expect(Object.keys(staffList.responses)).toEqual(expect.arrayContaining(['200', '401', '403']));
    expect(doc.paths['/api/health'].get).toMatchObject({ security: [] });
  });

  it('says which calls maintenance mode refuses and which refuse another site even without a session', () => {
    const described = (path: string) => (doc.paths[path].post as Operation & { description: string }).description;
    expect(described('/api/enquiries')).toBe(
      'Who may call: anyone. A browser page of another site is refused (403), session cookie or not. Refused while maintenance mode is on (503, Retry-After).',
    );
    expect(described('/api/staff/login')).toContain('Refused while maintenance mode is on');
    expect(described('/api/settings/login')).toBe('Who may call: anyone.');
  });
});

describe('GET /api/docs', () => {
  it('serves Swagger UI from our own files, under a policy that allows only our own scripts', async () => {
    const client = t.client();
    const page = await client.get('/api/docs');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.text).not.toMatch(/<script>|https?:\/\//);
    // Our own scripts only; a page's speculation rules are no script (web/security.ts).
    expect(page.headers.get('content-security-policy')).toMatch(/script-src 'self' 'inline-speculation-rules'(;|$)/);
    for (const src of page.text.matchAll(/(?:src|href)="([^"]+)"/g)) {
      const asset = await client.get(src[1]);
      expect(asset.status, src[1]).toBe(200);
    }
    expect((await client.get('/api/docs/package.json')).status).toBe(404);
  });
});

describe('recorded answers', () => {
  /** Every call made below: the route it went to and what came back. */
  const recorded: { method: string; route: string; answer: Answer }[] = [];
  const missingId = '6f1c2b9a-1d2e-4f3a-9b8c-7d6e5f4a3b2c';

  async function call(client: Client, method: string, route: string, body?: unknown, params: Record<string, string> = {}) {
    const path = route.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name]));
    const answer = await client.call(method, path, body ?? (method === 'POST' || method === 'PUT' ? {} : undefined));
    recorded.push({ method, route, answer });
    return answer;
  }

  it('a call of every route answers what the document says, for its status', async () => {
    const admin = await t.admin('Super Admin');
    const moderator = (await t.admin('Moderator')).client;
    const anyone = t.client();
    const staffById = `${api.staff}/:id`;
    const adminById = `${api.admins}/:id`;

    expect((await call(anyone, 'GET', api.health)).status).toBe(200);
    expect((await call(anyone, 'GET', api.ready)).status).toBe(200);
    t.lifecycle.draining = true;
    expect((await call(anyone, 'GET', api.ready)).status).toBe(503);
    t.lifecycle.draining = false;

    // Admin sessions: both readings, cookie and bearer, and refusals.
    const browser = t.client();
    expect((await call(browser, 'POST', api.adminLogin, { email: admin.email, password })).status).toBe(200);
    expect((await call(browser, 'GET', api.adminCheckAuth)).status).toBe(200);
    expect((await call(browser, 'POST', api.adminLogout)).status).toBe(200);
    const desktop = t.client();
    const bearer = await call(desktop, 'POST', api.authLogin, { email: admin.email, password, session: 'bearer' });
    desktop.bearer = bearer.body.token;
    expect((await call(desktop, 'GET', api.authVerify)).status).toBe(200);
    expect((await call(desktop, 'POST', api.authLogout)).status).toBe(200);
    expect((await call(anyone, 'POST', api.authLogin, { email: admin.email, password: 'not it at all' })).status).toBe(401);
    expect((await call(anyone, 'GET', api.authVerify)).status).toBe(401);

    // Staff management.
    const person = { name: 'Open Api', email: 'open.api@kafue.test', role: 'Staff', status: 'Active' };
    const created = await call(admin.client, 'POST', api.staff, person);
    expect(created.status).toBe(201);
    expect((await call(admin.client, 'POST', api.staff, person)).status).toBe(409);
    expect((await call(admin.client, 'POST', api.staff, { ...person, name: '' })).status).toBe(400);
    expect((await call(moderator, 'POST', api.staff, person)).status).toBe(403);
    expect((await call(admin.client, 'GET', api.staff)).status).toBe(200);
    const id = created.body.staff._id as string;
    expect((await call(admin.client, 'PUT', staffById, { ...person, role: 'Manager' }, { id })).status).toBe(200);
    expect((await call(admin.client, 'PUT', staffById, person, { id: missingId })).status).toBe(404);

    // The staff portal, as the new staff member with their one-time password.
    const staff = t.client();
    const oneTimePassword = created.body.oneTimePassword as string;
    expect((await call(staff, 'POST', api.staffLogin, { email: person.email, password: oneTimePassword })).status).toBe(200);
    expect((await call(staff, 'GET', api.staffMe)).status).toBe(200);
    const newPassword = { currentPassword: oneTimePassword, newPassword: 'my own password' };
    expect((await call(staff, 'POST', api.staffMyPassword, newPassword)).status).toBe(200);
    expect((await call(staff, 'POST', api.staffLogout)).status).toBe(200);
    expect((await call(admin.client, 'DELETE', staffById, undefined, { id })).status).toBe(200);

    // Settings and backups.
    expect((await call(admin.client, 'GET', api.generalSettings)).status).toBe(200);
    const settings = { siteName: 'Kafue', adminEmail: 'office@kafue.test', timezone: 'UTC+8', maintenanceMode: false };
    expect((await call(admin.client, 'POST', api.generalSettings, settings)).status).toBe(200);
    expect((await call(moderator, 'POST', api.generalSettings, settings)).status).toBe(403);
    expect((await call(admin.client, 'GET', api.companySettings)).status).toBe(200);
    expect((await call(admin.client, 'PUT', api.companySettings, { ...defaultCompany, whatsapp: '+260971234567' })).status).toBe(200);
    expect((await call(admin.client, 'PUT', api.companySettings, { ...defaultCompany, x: 'http://x.com/k' })).status).toBe(400);
    const targets = '/api/admin/settings/reply-targets';
    expect((await call(admin.client, 'GET', targets)).status).toBe(200);
    expect((await call(admin.client, 'PUT', targets, { targetHours: 2, maxHours: 3 })).status).toBe(200);
    expect((await call(admin.client, 'PUT', targets, { targetHours: 2, maxHours: 0 })).status).toBe(400);
    expect((await call(admin.client, 'GET', api.heroSettings)).status).toBe(200);
    expect((await call(admin.client, 'PUT', api.heroSettings, { videoUrl: '/media/hero-720p.mp4' })).status).toBe(200);
    expect((await call(admin.client, 'PUT', api.heroSettings, { videoUrl: 'http://videos.example/a.mp4' })).status).toBe(400);
    const backup = await call(admin.client, 'POST', api.backup);
    expect(backup.status).toBe(200);
    const backupFile = `${api.backupFile('')}:name`;
    const name = decodeURIComponent((backup.body.fileUrl as string).split('/').pop()!);
    expect((await call(admin.client, 'GET', backupFile, undefined, { name })).status).toBe(200);
    expect((await call(admin.client, 'GET', backupFile, undefined, { name: 'elsewhere.json' })).status).toBe(404);
    const list = await call(admin.client, 'GET', api.backups);
    expect(list.status).toBe(200);
    const schedule = { frequency: 'daily', hour: 3, weekday: 0, keep: 5 };
    expect((await call(admin.client, 'GET', api.backupSchedule)).status).toBe(200);
    expect((await call(admin.client, 'PUT', api.backupSchedule, schedule)).status).toBe(200);
    expect((await call(admin.client, 'PUT', api.backupSchedule, { ...schedule, hour: 24 })).status).toBe(400);
    const backupById = `${api.backups}/:id`;
    expect((await call(admin.client, 'DELETE', backupById, undefined, { id: list.body.backups[0].id as string })).status).toBe(200);
    expect((await call(admin.client, 'DELETE', backupById, undefined, { id: missingId })).status).toBe(404);

    // Admins.
    expect((await call(admin.client, 'GET', api.admins)).status).toBe(200);
    const invite = { name: 'New Editor', email: 'new.editor@kafue.test', role: 'Editor', password: 'a long password' };
    const invited = await call(admin.client, 'POST', api.admins, invite);
    expect(invited.status).toBe(201);
    const adminId = invited.body.admin._id as string;
    const change = { name: 'New Moderator', email: invite.email, role: 'Moderator' };
    expect((await call(admin.client, 'PUT', adminById, change, { id: adminId })).status).toBe(200);
    expect((await call(admin.client, 'DELETE', adminById, undefined, { id: admin.id })).status).toBe(403);
    expect((await call(admin.client, 'DELETE', adminById, undefined, { id: adminId })).status).toBe(200);

    // The audit log (all of the calls above wrote rows).
    const audit = await call(admin.client, 'GET', api.audit, undefined);
    expect(audit.status).toBe(200);
    expect(audit.body.total).toBeGreaterThan(10);
    expect((await admin.client.get(`${api.audit}?action=staff&pageSize=2`)).body.items).toHaveLength(2);
    expect((await call(admin.client, 'GET', api.auditExport)).status).toBe(200);
    expect((await call(moderator, 'GET', api.audit)).status).toBe(403);
    expect((await call(admin.client, 'GET', api.auditSettings)).status).toBe(200);
    expect((await call(admin.client, 'PUT', api.auditSettings, { retentionDays: 730 })).status).toBe(200);
    expect((await call(admin.client, 'PUT', api.auditSettings, { retentionDays: 7 })).status).toBe(400);
    // Notification settings and the dashboard.
    expect((await call(moderator, 'GET', api.notificationSettings)).status).toBe(200);
    const notifications = {
      emailEnabled: true,
      notificationTypes: { newUser: true, systemAlert: true, maintenance: false, marketing: false, newEnquiry: true },
      emailFrequency: 'daily',
    };
    expect((await call(moderator, 'PUT', api.notificationSettings, notifications)).status).toBe(200);
    expect((await call(moderator, 'PUT', api.notificationSettings, { emailEnabled: true })).status).toBe(400);
    expect((await call(moderator, 'GET', api.dashboard)).status).toBe(200);
    expect((await call(admin.client, 'GET', api.checklist)).status).toBe(200);
    expect((await call(admin.client, 'POST', api.checklistDismissed, { item: 'company' })).status).toBe(200);
    expect((await call(admin.client, 'POST', api.checklistDismissed, { item: 'nothing' })).status).toBe(400);
    expect((await withMailSender(t, () => call(admin.client, 'POST', api.testMail))).status).toBe(200);
    expect((await call(admin.client, 'POST', api.announcements, { subject: 'Hello', message: 'To all.' })).status).toBe(200);
    expect((await call(moderator, 'POST', api.announcements, { subject: 'Hello', message: 'To all.' })).status).toBe(403);

    // Enquiries: the form, the inbox, the staff portal.
    const enquiryById = `${api.enquiries}/:id`;
    // Shown a minute ago, as a person's form is (the form without JavaScript sends it as text).
    const form = {
      fullName: 'Open Api',
      email: 'visitor@kafue.test',
      message: 'Hello',
      service: 'Other',
      phone: '',
      startedAt: String(Date.now() - 60_000),
    };
    expect((await call(anyone, 'POST', api.enquiries, form)).status).toBe(201);
    expect((await call(anyone, 'POST', api.enquiries, { ...form, email: 'nope' })).status).toBe(400);
    // The same form without JavaScript: the contact page (text/html), sent or refused.
    for (const [fields, status] of [
      [form, 200],
      [{ ...form, email: 'nope' }, 400],
    ] as const) {
      const page = await anyone.call('POST', '/contact', new URLSearchParams(fields).toString(), {
        'content-type': 'application/x-www-form-urlencoded',
      });
      expect(page.status).toBe(status);
      recorded.push({ method: 'POST', route: '/contact', answer: page });
    }
    // The newsletter: the sign-up (JSON and the form without JavaScript), the pages its links
    // open (a page, text/html, done or refused), the console's list, export, delete and send.
    expect((await call(anyone, 'POST', api.subscribers, { email: 'reader@kafue.test', startedAt: Date.now() - 60_000 })).status).toBe(200);
    expect((await call(anyone, 'POST', api.subscribers, { email: 'nope' })).status).toBe(400);
    const newsletterForm = (path: string, body: string, status: number) =>
      anyone.call('POST', path, body, { 'content-type': 'application/x-www-form-urlencoded' }).then((page) => {
        expect(page.status, path).toBe(status);
        recorded.push({ method: 'POST', route: path.split('?')[0], answer: page });
      });
    await newsletterForm(
      '/subscribe',
      new URLSearchParams({ email: 'form.reader@kafue.test', startedAt: String(Date.now() - 60_000) }).toString(),
      200,
    );
    await newsletterForm('/subscribe', 'email=nope', 400);
    const linkToken = 'openapiTokenOpenapiTokenOpenapiTokenOpenapi';
    await t.db.query(
      `INSERT INTO subscribers (email, status, pending_since, confirm_token_hash, confirm_expires_at, unsubscribe_token_hash)
       VALUES ('token.reader@kafue.test', 'pending', now(), $1, now() + interval '1 hour', $1)`,
      [hashToken(linkToken)],
    );
    await newsletterForm(`/subscribe/confirm?token=${linkToken}`, '', 200);
    await newsletterForm(`/subscribe/confirm?token=${linkToken}`, '', 400);
    await newsletterForm(`/unsubscribe?token=${linkToken}`, 'List-Unsubscribe=One-Click', 200);
    await newsletterForm(`/unsubscribe?token=nobody`, 'List-Unsubscribe=One-Click', 400);
    const subscribers = await call(moderator, 'GET', api.subscribers);
    expect(subscribers.status).toBe(200);
    expect((await call(moderator, 'GET', api.subscribersExport)).status).toBe(200);
    expect((await call(admin.client, 'DELETE', `${api.subscribers}/:id`, undefined, { id: subscribers.body.items[0]._id })).status).toBe(
      200,
    );
    const [insight] = await t.db.query<[{ id: string }]>(
      `INSERT INTO content_items (collection, status, fields) VALUES ('insights', 'published', $1) RETURNING id`,
      [{ slug: 'openapi', title: 'Documented', description: 'As the document says.' }],
    );
    const newsletter = '/api/content/insights/:id/newsletter';
    expect((await call(admin.client, 'GET', newsletter, undefined, { id: insight.id })).status).toBe(200);
    expect((await call(admin.client, 'POST', newsletter, undefined, { id: insight.id })).status).toBe(200);
    expect((await call(admin.client, 'POST', newsletter, undefined, { id: insight.id })).status).toBe(409);

    const inbox = await call(moderator, 'GET', api.enquiries);
    expect(inbox.status).toBe(200);
    const enquiryId = inbox.body.items[0]._id as string;
    expect((await call(moderator, 'GET', api.enquiriesUnreadCount)).status).toBe(200);
    expect((await call(moderator, 'GET', api.enquiriesExport)).status).toBe(200);
    expect((await call(moderator, 'GET', enquiryById, undefined, { id: enquiryId })).status).toBe(200);
    expect((await call(moderator, 'GET', enquiryById, undefined, { id: missingId })).status).toBe(404);
    const worker = await t.staff();
    const assign = { status: 'Open', assigneeId: worker.id };
    expect((await call(moderator, 'PUT', enquiryById, assign, { id: enquiryId })).status).toBe(200);
    expect((await call(moderator, 'POST', `${enquiryById}/notes`, { text: 'Called' }, { id: enquiryId })).status).toBe(201);
    expect((await call(worker.client, 'GET', api.enquiries)).status).toBe(200);
    expect((await call(worker.client, 'GET', api.staffMyCompanyWhatsapp)).status).toBe(200);
    expect((await call(worker.client, 'GET', enquiryById, undefined, { id: enquiryId })).status).toBe(200);
    expect((await call(worker.client, 'PUT', enquiryById, { status: 'Closed' }, { id: enquiryId })).status).toBe(200);
    expect((await call(worker.client, 'POST', `${enquiryById}/notes`, { text: 'Done' }, { id: enquiryId })).status).toBe(201);
    // Reminders, contacts and the lead report.
    const soon = { at: new Date(Date.now() + 3_600_000).toISOString(), note: 'Call back' };
    const later = { at: new Date(Date.now() + 7_200_000).toISOString() };
    const reminderOf = (answer: Answer) => ({ id: answer.body.reminder._id as string });
    const set = await call(moderator, 'POST', `${enquiryById}/reminders`, soon, { id: enquiryId });
    expect(set.status).toBe(201);
    expect((await call(moderator, 'POST', `${enquiryById}/reminders`, { at: 'soon' }, { id: enquiryId })).status).toBe(400);
    expect((await call(moderator, 'GET', `${enquiryById}/reminders`, undefined, { id: enquiryId })).status).toBe(200);
    expect((await call(moderator, 'GET', api.reminders)).status).toBe(200);
    expect((await call(moderator, 'POST', `${api.reminders}/:id/snooze`, later, reminderOf(set))).status).toBe(200);
    expect((await call(moderator, 'POST', `${api.reminders}/:id/done`, undefined, reminderOf(set))).status).toBe(200);
    expect((await call(moderator, 'POST', `${api.reminders}/:id/done`, undefined, { id: missingId })).status).toBe(404);
    const staffReminder = await call(worker.client, 'POST', `${enquiryById}/reminders`, soon, { id: enquiryId });
    expect(staffReminder.status).toBe(201);
    expect((await call(worker.client, 'GET', `${enquiryById}/reminders`, undefined, { id: enquiryId })).status).toBe(200);
    expect((await call(worker.client, 'GET', api.reminders)).status).toBe(200);
    expect((await call(worker.client, 'POST', `${api.reminders}/:id/snooze`, later, reminderOf(staffReminder))).status).toBe(200);
    expect((await call(worker.client, 'POST', `${api.reminders}/:id/done`, undefined, reminderOf(staffReminder))).status).toBe(200);
    const contacts = await call(moderator, 'GET', api.contacts);
    expect(contacts.status).toBe(200);
    expect((await call(moderator, 'GET', `${api.contacts}/:key`, undefined, { key: contacts.body.items[0].key })).status).toBe(200);
    expect((await call(moderator, 'GET', `${api.contacts}/:key`, undefined, { key: 'nobody@kafue.test' })).status).toBe(404);
    for (const [query, status] of [
      ['?from=2026-01-01&to=2026-12-31&by=week', 200],
      ['?from=2026-12-31&to=2026-01-01', 400],
    ] as const) {
      const answer = await moderator.call('GET', `${api.leadReport}${query}`);
      recorded.push({ method: 'GET', route: api.leadReport, answer });
      expect(answer.status).toBe(status);
    }
    for (const [query, status] of [
      ['?from=2026-01-01&to=2026-12-31&by=month', 200],
      ['?from=2026-01-01&to=2026-12-31&by=year', 400],
    ] as const) {
      const answer = await moderator.call('GET', `${api.analytics}${query}`);
      recorded.push({ method: 'GET', route: api.analytics, answer });
      expect(answer.status).toBe(status);
    }
    for (const [beacon, status] of [
      [JSON.stringify({ type: 'pageview', path: '/services?utm_source=facebook', referrer: '', width: 390 }), 204],
      ['{"path":', 400],
    ] as const) {
      const answer = await anyone.call('POST', collectPath, beacon, { 'content-type': 'text/plain;charset=UTF-8' });
      recorded.push({ method: 'POST', route: collectPath, answer });
      expect(answer.status).toBe(status);
    }
    expect((await call(worker.client, 'PUT', enquiryById, { status: 'Closed' }, { id: missingId })).status).toBe(404);
    expect((await call(worker.client, 'PUT', `${enquiryById}/stage`, { stage: 'contacted' }, { id: enquiryId })).status).toBe(200);
    expect((await call(moderator, 'PUT', `${enquiryById}/stage`, { stage: 'lost' }, { id: enquiryId })).status).toBe(400);
    expect((await call(moderator, 'PUT', `${enquiryById}/stage`, { stage: 'won' }, { id: enquiryId })).status).toBe(200);
    // Answering it: replies, contacts and the timeline, from the inbox and the staff portal; saved replies.
    const reply = { subject: 'Re: your enquiry', body: 'We can help.' };
    expect((await call(moderator, 'POST', `${enquiryById}/replies`, reply, { id: enquiryId })).status).toBe(201);
    expect((await call(moderator, 'POST', `${enquiryById}/contacts`, { channel: 'phone', note: 'Called' }, { id: enquiryId })).status).toBe(
      201,
    );
    expect((await call(moderator, 'GET', `${enquiryById}/timeline`, undefined, { id: enquiryId })).status).toBe(200);
    expect((await call(moderator, 'GET', `${enquiryById}/timeline`, undefined, { id: missingId })).status).toBe(404);
    // A client's message as it came (the mailbox puts it there: inbound-mail.test.ts), as text.
    const [{ id: messageId }] = await t.db.query<[{ id: string }]>(
      `INSERT INTO enquiry_messages (enquiry_id, direction, channel, external_id, sender_name, sender, body, original)
       VALUES ($1, 'in', 'email', '<openapi@client.test>', 'Open Api', 'visitor@kafue.test', 'Hello.', 'Subject: Hello') RETURNING id`,
      [enquiryId],
    );
    // The channels' state, and a check (no mailbox set up here: said so).
    expect((await call(admin.client, 'GET', '/api/channels/status')).body.email).toMatchObject({ configured: false, connected: false });
    expect((await call(admin.client, 'POST', '/api/channels/email/check')).body).toMatchObject({ ok: false });
    expect((await call(admin.client, 'POST', '/api/channels/whatsapp/check')).body).toMatchObject({ ok: true });
    // WhatsApp's webhook (whatsapp.test.ts has the messages): Meta's verification, and a notification signed or not.
    for (const [token, status] of [
      [verifyToken, 200],
      ['wrong', 403],
    ] as const) {
      const verification = await anyone.call(
        'GET',
        `/api/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=${token}&hub.challenge=challenge-42`,
      );
      recorded.push({ method: 'GET', route: '/api/whatsapp/webhook', answer: verification });
      expect(verification.status).toBe(status);
    }
    const notification = JSON.stringify({ object: 'whatsapp_business_account', entry: [] });
    const signature = hubSignature(whatsapp.appSecret, notification);
    expect((await call(anyone, 'POST', '/api/whatsapp/webhook', notification)).status).toBe(401);
    const signed = await anyone.call('POST', '/api/whatsapp/webhook', notification, { 'x-hub-signature-256': signature });
    recorded.push({ method: 'POST', route: '/api/whatsapp/webhook', answer: signed });
    expect(signed.status).toBe(200);
    const original = `${enquiryById}/messages/:messageId/original`;
    expect((await call(moderator, 'GET', original, undefined, { id: enquiryId, messageId })).status).toBe(200);
    expect((await call(moderator, 'GET', original, undefined, { id: enquiryId, messageId: missingId })).status).toBe(404);
    // A file it brought (kept by the mailbox: inbound-mail.test.ts).
    const [{ id: attachmentId }] = await t.db.query<[{ id: string }]>(
      `INSERT INTO enquiry_attachments (message_id, enquiry_id, file_name, content_type, size, data)
       VALUES ($1, $2, 'notes.txt', 'text/plain; charset=utf-8', 5, 'Notes') RETURNING id`,
      [messageId, enquiryId],
    );
    const attachment = `${enquiryById}/attachments/:attachmentId`;
    expect((await call(moderator, 'GET', attachment, undefined, { id: enquiryId, attachmentId })).status).toBe(200);
    expect((await call(moderator, 'GET', attachment, undefined, { id: enquiryId, attachmentId: missingId })).status).toBe(404);
    expect((await call(worker.client, 'POST', `${enquiryById}/replies`, reply, { id: enquiryId })).status).toBe(201);
    expect((await call(worker.client, 'POST', `${enquiryById}/contacts`, { channel: 'meeting' }, { id: enquiryId })).status).toBe(201);
    expect((await call(worker.client, 'GET', `${enquiryById}/timeline`, undefined, { id: enquiryId })).status).toBe(200);
    expect((await call(worker.client, 'POST', `${enquiryById}/replies`, reply, { id: missingId })).status).toBe(404);
    const savedReply = { name: 'Thanks', subject: 'Thank you', body: 'Dear {name}' };
    const savedCreated = await call(admin.client, 'POST', api.savedReplies, savedReply);
    expect(savedCreated.status).toBe(201);
    const savedReplyById = `${api.savedReplies}/:id`;
    const savedId = { id: savedCreated.body.savedReply._id as string };
    expect((await call(admin.client, 'PUT', savedReplyById, { ...savedReply, name: 'Thank you' }, savedId)).status).toBe(200);
    expect((await call(admin.client, 'POST', api.savedReplies, { name: '' })).status).toBe(400);
    expect((await call(moderator, 'GET', api.savedReplies)).status).toBe(200);
    expect((await call(worker.client, 'GET', api.savedReplies)).status).toBe(200);
    expect((await call(admin.client, 'DELETE', savedReplyById, undefined, savedId)).status).toBe(200);
    expect((await call(admin.client, 'DELETE', savedReplyById, undefined, savedId)).status).toBe(404);
    // The site's redirects and missing pages.
    const redirectById = '/api/redirects/:id';
    const made = await call(admin.client, 'POST', '/api/redirects', { from: '/openapi-old', to: '/about', status: 301 });
    expect(made.status).toBe(201);
    const redirectId = { id: made.body.redirect._id as string };
    expect((await call(admin.client, 'POST', '/api/redirects', { from: '/about', to: '/contact' })).status).toBe(400);
    expect((await call(admin.client, 'PUT', redirectById, { from: '/openapi-old', to: '/contact', status: 302 }, redirectId)).status).toBe(
      200,
    );
    expect((await call(moderator, 'GET', '/api/redirects')).status).toBe(200);
    expect((await call(admin.client, 'DELETE', redirectById, undefined, redirectId)).status).toBe(200);
    expect((await call(admin.client, 'DELETE', redirectById, undefined, redirectId)).status).toBe(404);
    expect((await call(moderator, 'GET', '/api/not-found')).status).toBe(200);
    expect((await call(moderator, 'DELETE', enquiryById, undefined, { id: enquiryId })).status).toBe(403);
    expect((await call(admin.client, 'DELETE', enquiryById, undefined, { id: enquiryId })).status).toBe(200);

    // Quotes: drafted, edited, sent, its page opened, asked about and accepted; another withdrawn.
    const [{ id: quotedId }] = await t.db.query(
      `INSERT INTO enquiries (full_name, email, message) VALUES ('Quote Api', 'quoted@kafue.test', 'A quote, please.') RETURNING id`,
    );
    const quoteById = '/api/quotes/:id';
    const quoteBody = {
      enquiryId: quotedId,
      currency: 'USD',
      lines: [{ description: 'Website', quantity: 1, unitPrice: 499, period: 'once' }],
      validUntil: '2099-12-31',
      vatRate: 16,
    };
    const drafted = await call(moderator, 'POST', '/api/quotes', quoteBody);
    expect(drafted.status).toBe(201);
    expect((await call(moderator, 'POST', '/api/quotes', { ...quoteBody, lines: [] })).status).toBe(400);
    const quoteId = { id: drafted.body.quote._id as string };
    const { enquiryId: _created, ...quoteContent } = quoteBody;
    expect((await call(moderator, 'PUT', quoteById, { ...quoteContent, notes: 'Hosting included.' }, quoteId)).status).toBe(200);
    expect((await call(moderator, 'GET', quoteById, undefined, quoteId)).status).toBe(200);
    const quoteList = await moderator.get(`/api/quotes?enquiryId=${quotedId}`);
    expect(quoteList.status).toBe(200);
    recorded.push({ method: 'GET', route: '/api/quotes', answer: quoteList });
    expect((await call(moderator, 'GET', `${quoteById}/pdf`, undefined, quoteId)).status).toBe(200);
    expect((await call(moderator, 'POST', `${quoteById}/send`, undefined, quoteId)).status).toBe(200);
    expect((await call(moderator, 'PUT', quoteById, quoteContent, quoteId)).status).toBe(409);
    const [{ body: quoteMail }] = await t.db.query(`SELECT body FROM mail_queue WHERE to_address = 'quoted@kafue.test'`);
    const quoteToken = { token: /\/quote\/([A-Za-z0-9_-]{43})/.exec(quoteMail as string)![1] };
    expect((await call(anyone, 'GET', '/quote/:token', undefined, quoteToken)).status).toBe(200);
    expect((await call(anyone, 'GET', '/quote/:token', undefined, { token: 'unknown' })).status).toBe(404);
    expect((await call(anyone, 'GET', '/quote/:token/pdf', undefined, quoteToken)).status).toBe(200);
    for (const [action, fields, status] of [
      ['question', { name: 'Quote Api', question: 'Is hosting included?' }, 200],
      ['accept', { name: 'Quote Api' }, 400],
      ['accept', { name: 'Quote Api', accept: 'yes' }, 200],
      ['accept', { name: 'Quote Api', accept: 'yes' }, 409],
    ] as const) {
      const route = `/quote/:token/${action}`;
      const answer = await anyone.call('POST', `/quote/${quoteToken.token}/${action}`, new URLSearchParams(fields).toString(), {
        'content-type': 'application/x-www-form-urlencoded',
      });
      expect(answer.status).toBe(status);
      recorded.push({ method: 'POST', route, answer });
    }
    // Payments on the accepted quote: the settings, the deposit paid from its page (JSON, and a
    // refused form), a second Pay while it waits, pawaPay's callback, the receipt, a request.
    expect((await call(moderator, 'GET', '/api/settings/payments')).status).toBe(200);
    expect((await call(admin.client, 'PUT', '/api/settings/payments', { depositPercent: 40, usdToZmw: '26.5' })).status).toBe(200);
    const paying = { network: 'MTN', phone: '0961234567' };
    const paid = await call(anyone, 'POST', '/quote/:token/pay', paying, quoteToken);
    expect(paid.status).toBe(200);
    expect((await call(anyone, 'POST', '/quote/:token/pay', paying, quoteToken)).status).toBe(409);
    const refusedForm = await anyone.call('POST', `/quote/${quoteToken.token}/pay`, 'network=MTN&phone=12', {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(refusedForm.status).toBe(400);
    recorded.push({ method: 'POST', route: '/quote/:token/pay', answer: refusedForm });
    const payment = { ...quoteToken, paymentId: paid.body.payment._id as string };
    pawa.settle(payment.paymentId, { status: 'COMPLETED', providerTransactionId: 'MTN-OPENAPI' });
    expect((await call(anyone, 'POST', '/api/payments/pawapay/callback', pawa.callbackBody(payment.paymentId))).status).toBe(200);
    expect((await call(anyone, 'GET', '/quote/:token/payments/:paymentId', undefined, payment)).status).toBe(200);
    expect((await call(anyone, 'GET', '/quote/:token/payments/:paymentId/receipt', undefined, payment)).status).toBe(200);
    expect((await call(moderator, 'GET', '/api/quotes/:id/payments', undefined, quoteId)).status).toBe(200);
    const request = { amount: '10', currency: 'USD' };
    expect((await call(moderator, 'POST', '/api/quotes/:id/payment-requests', request, quoteId)).status).toBe(201);
    expect((await call(moderator, 'GET', '/api/receipts/:id/pdf', undefined, { id: payment.paymentId })).status).toBe(200);
    const invoice = await call(moderator, 'POST', '/api/quotes/:id/invoice', undefined, quoteId);
    expect(invoice.status).toBe(201);
    const invoiceId = { id: invoice.body.invoice._id as string };
    expect((await call(moderator, 'GET', '/api/invoices/:id/pdf', undefined, invoiceId)).status).toBe(200);
    expect((await call(moderator, 'POST', '/api/invoices/:id/send', undefined, invoiceId)).status).toBe(200);

    const another = await call(moderator, 'POST', '/api/quotes', quoteBody);
    expect((await call(moderator, 'POST', `${quoteById}/withdraw`, undefined, { id: another.body.quote._id as string })).status).toBe(200);

    // Two-factor sign-in: set up, sign in without and with a code, turn off.
    const setup = await call(admin.client, 'POST', api.twoFactorSetup);
    expect(setup.status).toBe(200);
    expect((await call(admin.client, 'POST', api.twoFactorEnable, { code: 'nope' })).status).toBe(400);
    const enabled = await call(admin.client, 'POST', api.twoFactorEnable, { code: totpCode(setup.body.secret, Date.now()) });
    expect(enabled.status).toBe(200);
    expect((await call(t.client(), 'POST', api.adminLogin, { email: admin.email, password })).status).toBe(401);
    const second = t.client();
    const withCode = { email: admin.email, password, code: enabled.body.recoveryCodes[0] };
    expect((await call(second, 'POST', api.authLogin, withCode)).status).toBe(200);
    const disable = { password, code: enabled.body.recoveryCodes[1] };
    expect((await call(admin.client, 'POST', api.twoFactorDisable, disable)).status).toBe(200);
    expect((await call(admin.client, 'POST', api.twoFactorDisable, disable)).status).toBe(400);

    // Security settings and sessions.
    expect((await call(moderator, 'GET', api.securitySettings)).status).toBe(200);
    const security = { requireTwoFactor: false, passwordMaxAgeDays: 90 };
    expect((await call(admin.client, 'PUT', api.securitySettings, security)).status).toBe(200);
    expect((await call(moderator, 'PUT', api.securitySettings, security)).status).toBe(403);
    const mine = await call(admin.client, 'GET', api.mySessions);
    expect(mine.status).toBe(200);
    const otherSession = (mine.body as { _id: string; current: boolean }[]).find((s) => !s.current)!._id;
    expect((await call(admin.client, 'DELETE', `${api.mySessions}/:id`, undefined, { id: otherSession })).status).toBe(200);
    expect((await call(admin.client, 'DELETE', `${api.mySessions}/:id`, undefined, { id: otherSession })).status).toBe(404);
    expect((await call(admin.client, 'DELETE', api.mySessions)).status).toBe(200);
    const editor = await t.admin('Editor');
    await t.client().signIn('admin', editor.email);
    const theirs = await call(admin.client, 'GET', `${api.admins}/:id/sessions`, undefined, { id: editor.id });
    expect(theirs.status).toBe(200);
    const oneOfTheirs = { id: editor.id, sessionId: theirs.body[0]._id as string };
    expect((await call(admin.client, 'DELETE', `${api.admins}/:id/sessions/:sessionId`, undefined, oneOfTheirs)).status).toBe(200);
    expect((await call(admin.client, 'DELETE', `${api.admins}/:id/sessions`, undefined, { id: editor.id })).status).toBe(200);
    expect((await call(admin.client, 'GET', `${api.admins}/:id/sessions`, undefined, { id: missingId })).status).toBe(404);

    // Password reset by e-mail, for a staff member; the link read from the mail queue.
    const forgetful = await t.staff();
    expect((await call(anyone, 'POST', api.forgotPassword, { email: forgetful.email, account: 'staff' })).status).toBe(200);
    const [{ body: mailed }] = await t.db.query(`SELECT body FROM mail_queue WHERE to_address = $1`, [forgetful.email]);
    const token = /token=([A-Za-z0-9_-]{43})/.exec(mailed as string)![1];
    expect((await call(anyone, 'POST', api.resetPassword, { token, newPassword: 'a reset password' })).status).toBe(200);
    expect((await call(anyone, 'POST', api.resetPassword, { token, newPassword: 'a reset password' })).status).toBe(400);
    // Site content.
    const collection = `/api/content/:collection`;
    const item = `${collection}/:id`;
    const service = {
      category: 'IT',
      title: 'Printer Setup',
      price: '$49',
      description: 'Printers that work.',
      features: ['Network printing'],
    };
    expect((await call(moderator, 'GET', collection, undefined, { collection: 'services' })).status).toBe(200);
    const added = await call(admin.client, 'POST', collection, service, { collection: 'services' });
    expect(added.status).toBe(201);
    expect((await call(admin.client, 'POST', collection, { ...service, price: '' }, { collection: 'services' })).status).toBe(400);
    expect((await call(moderator, 'POST', collection, service, { collection: 'services' })).status).toBe(403);
    const itemParams = { collection: 'services', id: added.body.item._id as string };
    expect((await call(admin.client, 'PUT', item, { ...service, status: 'published' }, itemParams)).status).toBe(200);
    expect((await call(admin.client, 'PUT', item, service, { ...itemParams, id: missingId })).status).toBe(404);
    const revisions = await call(moderator, 'GET', `${item}/revisions`, undefined, itemParams);
    expect(revisions.status).toBe(200);
    const restore = `${item}/revisions/:revisionId/restore`;
    expect(
      (await call(admin.client, 'POST', restore, undefined, { ...itemParams, revisionId: revisions.body[1]._id as string })).status,
    ).toBe(200);
    expect((await call(moderator, 'GET', `${item}/preview`, undefined, itemParams)).status).toBe(200);
    expect((await call(moderator, 'POST', `${item}/preview`, { ...service, price: '$1' }, itemParams)).status).toBe(200);
    // Pending changes, and share links.
    const draft = `${item}/draft`;
    expect((await call(admin.client, 'PUT', draft, { ...service, price: '$59' }, itemParams)).status).toBe(200);
    expect((await call(admin.client, 'POST', `${draft}/publish`, undefined, itemParams)).status).toBe(200);
    expect((await call(admin.client, 'DELETE', draft, undefined, itemParams)).status).toBe(404);
    expect((await call(admin.client, 'PUT', draft, service, itemParams)).status).toBe(200);
    expect((await call(admin.client, 'DELETE', draft, undefined, itemParams)).status).toBe(200);
    const shareLinks = `${item}/share-links`;
    const shared = await call(admin.client, 'POST', shareLinks, { expiresInHours: 1 }, itemParams);
    expect(shared.status).toBe(201);
    const expiring = await call(admin.client, 'POST', shareLinks, { expiresInHours: 1 }, itemParams);
    await t.db.query(`UPDATE content_share_links SET expires_at = now() WHERE id = $1`, [expiring.body._id]);
    expect((await call(moderator, 'GET', shareLinks, undefined, itemParams)).status).toBe(200);
    const sharedPage = '/preview/:token';
    const tokenOf = (url: string) => new URL(url).pathname.split('/').pop()!;
    expect((await call(anyone, 'GET', sharedPage, undefined, { token: tokenOf(shared.body.url as string) })).status).toBe(200);
    expect((await call(anyone, 'GET', sharedPage, undefined, { token: tokenOf(expiring.body.url as string) })).status).toBe(410);
    expect((await call(admin.client, 'DELETE', '/api/content/share-links/:id', undefined, { id: shared.body._id as string })).status).toBe(
      200,
    );
    expect((await call(anyone, 'GET', sharedPage, undefined, { token: tokenOf(shared.body.url as string) })).status).toBe(404);
    const order = `${collection}/order`;
    const ids = ((await call(moderator, 'GET', collection, undefined, { collection: 'services' })).body as { _id: string }[]).map(
      (s) => s._id,
    );
    expect((await call(admin.client, 'PUT', order, { ids: [...ids].reverse() }, { collection: 'services' })).status).toBe(200);
    expect((await call(admin.client, 'PUT', order, { ids: ids.slice(1) }, { collection: 'services' })).status).toBe(400);
    expect((await call(moderator, 'GET', api.siteStatus)).status).toBe(200);
    // Scheduled changes: set, refused, listed, cancelled.
    const inAnHour = new Date(Date.now() + 3_600_000).toISOString();
    const scheduled = await call(admin.client, 'POST', `${item}/schedule`, { at: inAnHour, action: 'unpublish' }, itemParams);
    expect(scheduled.status).toBe(201);
    expect((await call(admin.client, 'POST', `${item}/schedule`, { at: inAnHour, action: 'apply' }, itemParams)).status).toBe(400);
    expect((await call(moderator, 'GET', '/api/content/schedule', undefined, {})).status).toBe(200);
    const cancel = '/api/content/schedule/:id';
    expect((await call(admin.client, 'DELETE', cancel, undefined, { id: scheduled.body.change._id as string })).status).toBe(200);
    expect((await call(admin.client, 'DELETE', cancel, undefined, { id: missingId })).status).toBe(404);
    expect((await call(admin.client, 'DELETE', item, undefined, itemParams)).status).toBe(200);

    // The media library: an upload (multipart), the list, one file, its alt text, a delete refused while in use, then done.
    const mediaById = `${api.media}/:id`;
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#c00' } })
      .png()
      .toBuffer();
    const part = (headers: string) => `--kafue-part\r\n${headers}\r\n\r\n`;
    const multipart = Buffer.concat([
      Buffer.from(part('Content-Disposition: form-data; name="alt"') + 'A red square\r\n'),
      Buffer.from(part('Content-Disposition: form-data; name="file"; filename="red.png"\r\nContent-Type: image/png')),
      png,
      Buffer.from('\r\n--kafue-part--\r\n'),
    ]);
    const uploaded = await fetch(t.url + api.media, {
      method: 'POST',
      body: new Uint8Array(multipart),
      headers: { cookie: `kafue_session=${admin.client.cookie}`, 'content-type': 'multipart/form-data; boundary=kafue-part' },
    });
    const uploadText = await uploaded.text();
    recorded.push({
      method: 'POST',
      route: api.media,
      answer: { status: uploaded.status, body: JSON.parse(uploadText), headers: uploaded.headers, text: uploadText },
    });
    expect(uploaded.status, uploadText).toBe(201);
    const mediaId = (JSON.parse(uploadText) as { item: { _id: string } }).item._id;
    expect((await call(moderator, 'GET', api.media)).status).toBe(200);
    expect((await call(moderator, 'GET', mediaById, undefined, { id: mediaId })).status).toBe(200);
    expect((await call(admin.client, 'PUT', mediaById, { alt: 'A small red square' }, { id: mediaId })).status).toBe(200);
    expect((await call(admin.client, 'PUT', mediaById, { alt: '' }, { id: mediaId })).status).toBe(400);
    const pictured = await call(admin.client, 'POST', collection, { ...service, image: mediaId }, { collection: 'services' });
    expect(pictured.status).toBe(201);
    expect((await call(admin.client, 'DELETE', mediaById, undefined, { id: mediaId })).status).toBe(409);
    expect((await call(admin.client, 'DELETE', item, undefined, { collection: 'services', id: pictured.body.item._id })).status).toBe(200);
    expect((await call(admin.client, 'DELETE', mediaById, undefined, { id: mediaId })).status).toBe(200);

    // Restores near the end: they end every other session (the moderator's among them).
    expect((await call(admin.client, 'POST', api.backup)).status).toBe(200);
    const kept = (await call(admin.client, 'GET', api.backups)).body.backups[0] as { id: string; fileUrl: string };
    const restoreById = `${api.backups}/:id/restore`;
    expect((await call(admin.client, 'POST', restoreById, undefined, { id: kept.id })).status).toBe(200);
    expect((await call(admin.client, 'POST', restoreById, undefined, { id: missingId })).status).toBe(404);
    const file = await (await fetch(t.url + kept.fileUrl, { headers: { cookie: `kafue_session=${admin.client.cookie}` } })).text();
    for (const [body, status] of [
      [file, 200],
      [file.replace('"createdAt":"', '"createdAt":"1'), 400],
    ] as const) {
      const answer = await admin.client.call('POST', api.backupRestoreUpload, body, { 'content-type': 'application/octet-stream' });
      recorded.push({ method: 'POST', route: api.backupRestoreUpload, answer });
      expect(answer.status).toBe(status);
    }

    // Own password last: it may end the admin's other sessions.
    const ownPassword = { currentPassword: password, newPassword: 'another long password' };
    expect((await call(admin.client, 'POST', api.changePassword, ownPassword)).status).toBe(200);

    // Every route was called and answered successfully at least once.
    const succeeded = new Set(recorded.filter((r) => r.answer.status < 300).map((r) => `${r.method} ${r.route}`));
    expect(t.endpoints.map((e) => `${e.method} ${e.path}`).filter((route) => !succeeded.has(route))).toEqual([]);

    // Each answer matches the schema documented for its status (or the operation's default).
    const base = 'https://kafue.test/openapi.json';
    const ajv = new Ajv2020({ allErrors: true });
    addFormats(ajv);
    ajv.addKeyword('components');
    ajv.addSchema({ $id: base, components: { schemas: doc.components.schemas } });
    const mismatches = recorded.flatMap(({ method, route, answer }) => {
      const { responses } = doc.paths[documented(route)][method.toLowerCase()];
      const documentedAnswer = responses[answer.status] ?? responses.default;
      // An answer documented without content (the beacon's 204) must come without a body.
      if (!documentedAnswer.content)
        return answer.text === '' ? [] : [`${method} ${route} ${answer.status}: a body where none is documented`];
      const content = documentedAnswer.content;
      // The media type documented is the one served (JSON, or e.g. text/csv for the audit export).
      const type = answer.headers.get('content-type')?.split(';')[0] ?? '';
      const schema = content[type]?.schema;
      const validate = schema && ajv.getSchema(base + schema.$ref);
      if (!validate) return [`${method} ${route} ${answer.status}: no schema documented`];
      return validate(answer.body) ? [] : [`${method} ${route} ${answer.status}: ${ajv.errorsText(validate.errors)}`];
    });
    expect(mismatches).toEqual([]);
    expect(recorded.length).toBeGreaterThan(t.endpoints.length);
    // Every route of the API one call after another, newsletter included: longer than the default 30 s on a busy machine.
  }, 90_000);
});
