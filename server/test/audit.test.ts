/**
 * The audit log: every state-changing route of the route table writes exactly
 * one row with its action (a new route without one fails here), no secret ever reaches `changes`,
 * the database itself refuses to rewrite history, and the list, filters, paging, CSV export and
 * retention work as the console uses them.
 */
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultCompany } from '@kafue/common/company';
import { api, messages } from '@kafue/common/contract';
import { auditKinds } from '@kafue/common/schemas';
import { diff, purgeAudit, redact } from '../src/audit/audit.js';
import { csvCell } from '@kafue/common/csv';
import { createAdmin, resetAdminPassword } from '../src/auth/accounts.js';
import { hashToken } from '../src/auth/sessions.js';
import { repoRoot } from '../src/config.js';
import { totpCode } from '../src/auth/two-factor.js';
import { startPawapayStandIn, type PawapayStandIn } from './pawapay-standin.js';
import { password, startTestServer, withMailSender, type Answer, type Client, type TestServer } from './helpers.js';

let t: TestServer;
let pawa: PawapayStandIn;
let superAdmin: { client: Client; id: string; email: string };
beforeAll(async () => {
  // The site's build: the contact form posted without JavaScript answers its rendered page.
  pawa = await startPawapayStandIn();
  t = await startTestServer({
    configure: (c) => {
      c.siteDir = resolve(repoRoot, 'site/dist');
      c.pawapay = { url: pawa.url, token: pawa.token };
    },
  });
  superAdmin = await t.admin('Super Admin');
});
afterAll(async () => {
  await t?.close();
  await pawa?.close();
});

const count = async () => (await t.db.query<[{ n: number }]>(`SELECT count(*)::int AS n FROM audit_log`))[0].n;
const newest = async (n: number) =>
  t.db.query<{ action: string; actor_email: string | null; target_id: string | null; changes: Record<string, unknown> }[]>(
    `SELECT action, actor_email, target_id, changes FROM audit_log ORDER BY at DESC, id DESC LIMIT $1`,
    [n],
  );
/** Secrets the calls below send or receive: none may appear in any row. */
const secrets = new Set<string>([password]);

interface Scenario {
  action: string;
  /** Makes the call (after any setup of its own, which must not write audit rows... or is counted before). */
  run: () => Promise<Answer>;
  setup?: () => Promise<void>;
}

const person = (n: string) => ({ name: `Audit ${n}`, email: `audit.${n}@kafue.test`, role: 'Staff', status: 'Active' });

/** An enquiry written straight into the table (no audit row), assigned to `assigneeId` when given. */
const enquiry = async (fullName: string, assigneeId: string | null = null) =>
  (
    await t.db.query<[{ id: string }]>(
      `INSERT INTO enquiries (full_name, email, message, assignee_id) VALUES ($1, 'sender@kafue.test', 'Please call me back.', $2) RETURNING id`,
      [fullName, assigneeId],
    )
  )[0].id;

const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();

/** A reminder written straight into the table (no audit row), set by `author` (an admin by default). */
const reminder = async (
  enquiryId: string,
  author: { id: string; email: string } = superAdmin,
  kind: 'admin' | 'staff' = author === superAdmin ? 'admin' : 'staff',
) =>
  (
    await t.db.query<[{ id: string }]>(
      `INSERT INTO enquiry_reminders (enquiry_id, due_at, author_kind, author_id, author_name, author_email)
       VALUES ($1, now() + interval '1 hour', $2, $3, 'Audit Author', $4) RETURNING id`,
      [enquiryId, kind, author.id, author.email],
    )
  )[0].id;

/** An admin signed in twice: `client` and a second session `other` (its id from the list). */
async function twoSessions() {
  const admin = await t.admin('Editor');
  const other = t.client();
  expect((await other.signIn('admin', admin.email)).status).toBe(200);
  const list = await admin.client.get(api.mySessions);
  const otherId = list.body.find((s: { current: boolean }) => !s.current)._id as string;
  return { ...admin, otherId };
}

/** An admin with two-factor on; answers their recovery codes (kept as secrets). */
async function enrolled() {
  const admin = await t.admin('Editor');
  const setup = await admin.client.post(api.twoFactorSetup);
  const enable = await admin.client.post(api.twoFactorEnable, { code: totpCode(setup.body.secret, Date.now()) });
  expect(enable.status).toBe(200);
  secrets.add(setup.body.secret);
  for (const code of enable.body.recoveryCodes as string[]) secrets.add(code);
  return { ...admin, recoveryCodes: enable.body.recoveryCodes as string[] };
}

/** One successful call of every state-changing route, keyed `METHOD path` as the route table has it. */
/** One scenario per state-changing route, or one for each kind of caller (admin, staff) it serves alike. */
function scenarios(): Record<string, Scenario | Scenario[]> {
  let staffId = '';
  let adminId = '';
  let backupId = '';
  let backupFileText = '';
  let staffClient: Client;
  let adminClient: Client;
  let enquiryId = '';
  let reminderId = '';
  let sessions: Awaited<ReturnType<typeof twoSessions>>;
  let twoFactorSecret = '';
  let recoveryCode = '';
  let resetToken = '';
  let serviceId = '';
  let scheduleId = '';
  let shareLinkId = '';
  let savedReplyId = '';
  let redirectId = '';
  let mediaId = '';
  let quoteId = '';
  let quoteToken = '';
  let invoiceId = '';
  /** A quote's content, as PUT takes it; POST names its enquiry too (quoteBody). */
  const quoteContent = () => ({
    currency: 'USD',
    lines: [{ description: 'Website', quantity: 1, unitPrice: 499, period: 'once' }],
    validUntil: '2099-12-31',
  });
  const quoteBody = () => ({ enquiryId, ...quoteContent() });
  /** A draft quote on a fresh enquiry, made before the count. */
  const draftQuote = async () => {
    enquiryId = await enquiry('Audit Quote');
    quoteId = (await superAdmin.client.post('/api/quotes', quoteBody())).body.quote._id;
  };
  /** A sent quote and its link's token (from the mail), kept as a secret. */
  const sentQuote = async () => {
    await draftQuote();
    await superAdmin.client.post(`/api/quotes/${quoteId}/send`);
    const [mail] = await t.db.query<{ body: string }[]>(
      `SELECT body FROM mail_queue WHERE body LIKE '%/quote/%' ORDER BY created_at DESC LIMIT 1`,
    );
    quoteToken = /\/quote\/([\w-]+)/.exec(mail.body)![1];
    secrets.add(quoteToken);
  };
  /** An accepted quote (its acceptance counted before the call). */
  const acceptedQuote = async () => {
    await sentQuote();
    expect((await quoteForm({ name: 'Audit Client', accept: 'yes' })).status).toBe(200);
  };
  const quoteForm = (fields: Record<string, string>) =>
    t
      .client()
      .call('POST', `/quote/${quoteToken}/${'question' in fields ? 'question' : 'accept'}`, new URLSearchParams(fields).toString(), {
        'content-type': 'application/x-www-form-urlencoded',
      });
  let subscriberToken = '';
  let subscriberId = '';
  let insightId = '';
  /** A subscriber written straight into the table (no audit row), with a link token of each kind. */
  const subscriber = async (status: 'pending' | 'confirmed') => {
    subscriberToken = randomBytes(32).toString('base64url');
    const [row] = await t.db.query<[{ id: string }]>(
      `INSERT INTO subscribers (email, status, pending_since, confirm_token_hash, confirm_expires_at, unsubscribe_token_hash)
       VALUES ($1, $2, now(), $3, now() + interval '1 hour', $3) RETURNING id`,
      [`audit.${randomBytes(4).toString('hex')}@reader.test`, status, hashToken(subscriberToken)],
    );
    subscriberId = row.id;
  };
  const service = { category: 'IT', title: 'Audited Service', price: '$10', description: 'Watched closely.', features: ['One'] };
  /** A draft service of its own, so that each content scenario stands alone whatever the order. */
  const draftService = async () => {
    const answer = await superAdmin.client.post(api.content('services'), service);
    serviceId = answer.body.item._id as string;
  };
  return {
    [`POST /api/content/:collection`]: {
      action: 'service.create',
      run: () => superAdmin.client.post(api.content('services'), service),
    },
    [`PUT /api/content/:collection/:id`]: {
      action: 'service.publish',
      setup: draftService,
      run: () => superAdmin.client.put(api.contentItem('services', serviceId), { ...service, status: 'published' }),
    },
    [`PUT /api/content/:collection/order`]: {
      action: 'service.reorder',
      setup: draftService,
      run: async () => {
        const ids = (await superAdmin.client.get(api.content('services'))).body.map((s: { _id: string }) => s._id) as string[];
        // The new draft first: it and every service before it move.
        return superAdmin.client.put(api.contentOrder('services'), { ids: [serviceId, ...ids.filter((id) => id !== serviceId)] });
      },
    },
    [`DELETE /api/content/:collection/:id`]: {
      action: 'service.delete',
      setup: draftService,
      run: () => superAdmin.client.delete(api.contentItem('services', serviceId)),
    },
    [`POST /api/content/:collection/:id/revisions/:revisionId/restore`]: {
      action: 'service.restore',
      setup: async () => {
        await draftService();
        await superAdmin.client.put(api.contentItem('services', serviceId), { ...service, title: 'Renamed' });
      },
      run: async () => {
        const revisions = await superAdmin.client.get(api.contentRevisions('services', serviceId));
        const first = revisions.body.at(-1)._id as string;
        return superAdmin.client.post(api.contentRestore('services', serviceId, first));
      },
    },
    [`POST /api/content/:collection/:id/schedule`]: {
      action: 'service.schedule',
      setup: draftService,
      run: () =>
        superAdmin.client.post(`${api.contentItem('services', serviceId)}/schedule`, {
          at: new Date(Date.now() + 3_600_000).toISOString(),
          action: 'publish',
        }),
    },
    [`DELETE /api/content/schedule/:id`]: {
      action: 'service.schedule_cancel',
      setup: async () => {
        await draftService();
        const at = new Date(Date.now() + 3_600_000).toISOString();
        scheduleId = (await superAdmin.client.post(`${api.contentItem('services', serviceId)}/schedule`, { at, action: 'publish' })).body
          .change._id as string;
      },
      run: () => superAdmin.client.delete(`/api/content/schedule/${scheduleId}`),
    },
    [`PUT /api/content/:collection/:id/draft`]: {
      action: 'service.draft_save',
      setup: draftService,
      run: () => superAdmin.client.put(api.contentDraft('services', serviceId), { ...service, price: '$11' }),
    },
    [`POST /api/content/:collection/:id/draft/publish`]: {
      action: 'service.publish',
      setup: async () => {
        await draftService();
        await superAdmin.client.put(api.contentDraft('services', serviceId), { ...service, price: '$12' });
      },
      run: () => superAdmin.client.post(api.contentDraftPublish('services', serviceId)),
    },
    [`DELETE /api/content/:collection/:id/draft`]: {
      action: 'service.draft_discard',
      setup: async () => {
        await draftService();
        await superAdmin.client.put(api.contentDraft('services', serviceId), { ...service, price: '$13' });
      },
      run: () => superAdmin.client.delete(api.contentDraft('services', serviceId)),
    },
    [`POST /api/content/:collection/:id/share-links`]: {
      action: 'service.share',
      setup: draftService,
      run: () => superAdmin.client.post(api.contentShareLinks('services', serviceId), { expiresInHours: 1 }),
    },
    [`DELETE /api/content/share-links/:id`]: {
      action: 'service.share_revoke',
      setup: async () => {
        await draftService();
        const made = await superAdmin.client.post(api.contentShareLinks('services', serviceId), { expiresInHours: 1 });
        shareLinkId = made.body._id as string;
      },
      run: () => superAdmin.client.delete(api.shareLink(shareLinkId)),
    },
    [`POST ${api.checklistDismissed}`]: {
      action: 'checklist.dismiss',
      run: () => superAdmin.client.post(api.checklistDismissed, { item: 'company' }),
    },
    [`POST ${api.testMail}`]: {
      action: 'mail.test',
      run: () => withMailSender(t, () => superAdmin.client.post(api.testMail)),
    },
    [`POST ${api.announcements}`]: {
      action: 'announcement.send',
      run: () => superAdmin.client.post(api.announcements, { subject: 'Office closed', message: 'Closed on Friday.' }),
    },
    [`POST ${api.adminLogin}`]: { action: 'admin.signin', run: () => t.client().signIn('admin', superAdmin.email) },
    [`POST ${api.authLogin}`]: {
      action: 'admin.signin',
      run: async () => {
        const answer = await t.client().post(api.authLogin, { email: superAdmin.email, password, session: 'bearer' });
        secrets.add(answer.body.token as string);
        return answer;
      },
    },
    [`POST ${api.adminLogout}`]: {
      action: 'admin.signout',
      setup: async () => void (adminClient = (await t.admin('Editor')).client),
      run: () => adminClient.post(api.adminLogout),
    },
    [`POST ${api.authLogout}`]: {
      action: 'admin.signout',
      setup: async () => void (adminClient = (await t.admin('Editor')).client),
      run: () => adminClient.post(api.authLogout),
    },
    [`POST ${api.changePassword}`]: {
      action: 'admin.password_change',
      setup: async () => void (adminClient = (await t.admin('Moderator')).client),
      run: () => adminClient.post(api.changePassword, { currentPassword: password, newPassword: 'a brand new secret phrase' }),
    },
    [`POST ${api.staffLogin}`]: {
      action: 'staff.signin',
      setup: async () => {
        const { email } = await t.staff();
        staffClient = t.client();
        secrets.add(email);
        (staffClient as Client & { email?: string }).email = email;
      },
      run: () => staffClient.signIn('staff', (staffClient as Client & { email?: string }).email!),
    },
    [`POST ${api.staffMyPassword}`]: {
      action: 'staff.password_change',
      setup: async () => void (staffClient = (await t.staff({ mustChangePassword: true })).client),
      run: () => staffClient.post(api.staffMyPassword, { currentPassword: password, newPassword: 'another secret phrase' }),
    },
    [`POST ${api.staffLogout}`]: {
      action: 'staff.signout',
      setup: async () => void (staffClient = (await t.staff()).client),
      run: () => staffClient.post(api.staffLogout),
    },
    [`POST ${api.staff}`]: {
      action: 'staff.create',
      run: async () => {
        const answer = await superAdmin.client.post(api.staff, person('create'));
        staffId = answer.body.staff._id as string;
        secrets.add(answer.body.oneTimePassword as string);
        return answer;
      },
    },
    [`PUT ${api.staff}/:id`]: {
      action: 'staff.update',
      run: () => superAdmin.client.put(api.staffById(staffId), { ...person('create'), role: 'Manager' }),
    },
    [`DELETE ${api.staff}/:id`]: { action: 'staff.delete', run: () => superAdmin.client.delete(api.staffById(staffId)) },
    [`POST ${api.generalSettings}`]: {
      action: 'settings.update',
      run: () =>
        superAdmin.client.post(api.generalSettings, {
          siteName: 'Kafue',
          adminEmail: 'office@kafue.test',
          timezone: 'UTC+8',
          maintenanceMode: false,
        }),
    },
    [`PUT ${api.companySettings}`]: {
      action: 'settings.update',
      run: () => superAdmin.client.put(api.companySettings, { ...defaultCompany, phone: '+260 96 555 0101' }),
    },
    ['PUT /api/admin/settings/reply-targets']: {
      action: 'settings.update',
      run: () => superAdmin.client.put('/api/admin/settings/reply-targets', { targetHours: 1, maxHours: 3 }),
    },
    [`PUT ${api.heroSettings}`]: {
      action: 'settings.update',
      run: () => superAdmin.client.put(api.heroSettings, { videoUrl: '/media/hero-720p.mp4' }),
    },
    [`POST ${api.backup}`]: {
      action: 'backup.create',
      run: async () => {
        const answer = await superAdmin.client.post(api.backup);
        const list = await superAdmin.client.get(api.backups);
        backupId = list.body.backups[0].id as string;
        return answer;
      },
    },
    [`DELETE ${api.backups}/:id`]: { action: 'backup.delete', run: () => superAdmin.client.delete(api.backupFile(backupId)) },
    // Each restores a backup made just before: the data stays as it is, but every other session ends.
    [`POST ${api.backups}/:id/restore`]: {
      action: 'backup.restore',
      setup: async () => {
        await superAdmin.client.post(api.backup);
        backupId = (await superAdmin.client.get(api.backups)).body.backups[0].id as string;
      },
      run: () => superAdmin.client.post(`${api.backupFile(backupId)}/restore`),
    },
    [`POST ${api.backupRestoreUpload}`]: {
      action: 'backup.restore',
      setup: async () => {
        const made = await superAdmin.client.post(api.backup);
        const file = await fetch(t.url + made.body.fileUrl, { headers: { cookie: `kafue_session=${superAdmin.client.cookie}` } });
        backupFileText = await file.text();
      },
      run: () => superAdmin.client.call('POST', api.backupRestoreUpload, backupFileText, { 'content-type': 'application/octet-stream' }),
    },
    [`PUT ${api.backupSchedule}`]: {
      action: 'backup_schedule.update',
      run: () => superAdmin.client.put(api.backupSchedule, { frequency: 'daily', hour: 4, weekday: 0, keep: 3 }),
    },
    [`POST ${api.admins}`]: {
      action: 'admin.create',
      run: async () => {
        const answer = await superAdmin.client.post(api.admins, {
          name: 'Audited Editor',
          email: 'audited.editor@kafue.test',
          role: 'Editor',
          password: 'the invited one secret',
        });
        secrets.add('the invited one secret');
        adminId = answer.body.admin._id as string;
        return answer;
      },
    },
    [`PUT ${api.admins}/:id`]: {
      action: 'admin.update',
      run: () =>
        superAdmin.client.put(api.adminById(adminId), { name: 'Audited Moderator', email: 'audited.editor@kafue.test', role: 'Moderator' }),
    },
    [`DELETE ${api.admins}/:id`]: { action: 'admin.delete', run: () => superAdmin.client.delete(api.adminById(adminId)) },
    [`PUT ${api.auditSettings}`]: {
      action: 'audit_settings.update',
      run: () => superAdmin.client.put(api.auditSettings, { retentionDays: 730 }),
    },
    // The same form posted by a browser without JavaScript: the same row.
    [`POST /contact`]: {
      action: 'enquiry.create',
      run: () =>
        t
          .client()
          .call(
            'POST',
            '/contact',
            new URLSearchParams({ fullName: 'Form Visitor', email: 'form@kafue.test', message: 'Sent without a script.' }).toString(),
            { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': '203.0.113.78' },
          ),
    },
    [`POST ${api.enquiries}`]: {
      action: 'enquiry.create',
      run: () =>
        t
          .client()
          .post(
            api.enquiries,
            { fullName: 'Audit Visitor', email: 'visitor@kafue.test', message: 'I would like a quote, please.' },
            { 'x-forwarded-for': '203.0.113.77' },
          ),
    },
    [`PUT ${api.enquiries}/:id`]: [
      {
        action: 'enquiry.update',
        setup: async () => void (enquiryId = await enquiry('Audit Update')),
        run: () => superAdmin.client.put(api.enquiryById(enquiryId), { status: 'Open' }),
      },
      {
        action: 'enquiry.update',
        setup: async () => {
          const staff = await t.staff();
          staffClient = staff.client;
          enquiryId = await enquiry('Audit Portal', staff.id);
        },
        run: () => staffClient.put(api.enquiryById(enquiryId), { status: 'Closed' }),
      },
    ],
    [`POST ${api.enquiries}/:id/notes`]: [
      {
        action: 'enquiry.note',
        setup: async () => void (enquiryId = await enquiry('Audit Note')),
        run: () => superAdmin.client.post(api.enquiryNotes(enquiryId), { text: 'Called back, left a message.' }),
      },
      {
        action: 'enquiry.note',
        setup: async () => {
          const staff = await t.staff();
          staffClient = staff.client;
          enquiryId = await enquiry('Audit Portal Note', staff.id);
        },
        run: () => staffClient.post(api.enquiryNotes(enquiryId), { text: 'Quote sent.' }),
      },
    ],
    [`POST ${api.enquiries}/:id/replies`]: [
      {
        action: 'enquiry.reply',
        setup: async () => void (enquiryId = await enquiry('Audit Reply')),
        run: () => superAdmin.client.post(api.enquiryReplies(enquiryId), { subject: 'Re: your enquiry', body: 'We can help.' }),
      },
      {
        action: 'enquiry.reply',
        setup: async () => {
          const staff = await t.staff();
          staffClient = staff.client;
          enquiryId = await enquiry('Audit Portal Reply', staff.id);
        },
        run: () => staffClient.post(api.enquiryReplies(enquiryId), { subject: 'Re: your enquiry', body: 'On my way.' }),
      },
    ],
    [`POST ${api.enquiries}/:id/contacts`]: [
      {
        action: 'enquiry.contact',
        setup: async () => void (enquiryId = await enquiry('Audit Contact')),
        run: () => superAdmin.client.post(api.enquiryContacts(enquiryId), { channel: 'phone', note: 'Called back.' }),
      },
      {
        action: 'enquiry.contact',
        setup: async () => {
          const staff = await t.staff();
          staffClient = staff.client;
          enquiryId = await enquiry('Audit Portal Contact', staff.id);
        },
        run: () => staffClient.post(api.enquiryContacts(enquiryId), { channel: 'whatsapp', note: '' }),
      },
    ],
    [`POST ${api.savedReplies}`]: {
      action: 'saved_reply.create',
      run: async () => {
        const answer = await superAdmin.client.post(api.savedReplies, { name: 'Thanks', subject: 'Thank you', body: 'Dear {name}' });
        savedReplyId = answer.body.savedReply._id as string;
        return answer;
      },
    },
    [`PUT ${api.savedReplies}/:id`]: {
      action: 'saved_reply.update',
      run: () => superAdmin.client.put(api.savedReplyById(savedReplyId), { name: 'Thanks', subject: 'Thank you!', body: 'Dear {name}' }),
    },
    [`DELETE ${api.savedReplies}/:id`]: {
      action: 'saved_reply.delete',
      run: () => superAdmin.client.delete(api.savedReplyById(savedReplyId)),
    },
    'POST /api/redirects': {
      action: 'redirect.create',
      run: async () => {
        const answer = await superAdmin.client.post('/api/redirects', { from: '/audit-old', to: '/about' });
        redirectId = answer.body.redirect._id as string;
        return answer;
      },
    },
    'PUT /api/redirects/:id': {
      action: 'redirect.update',
      run: () => superAdmin.client.put(`/api/redirects/${redirectId}`, { from: '/audit-old', to: '/contact', status: 302 }),
    },
    'DELETE /api/redirects/:id': {
      action: 'redirect.delete',
      run: () => superAdmin.client.delete(`/api/redirects/${redirectId}`),
    },
    // An upload is multipart: sent as the console sends it, with the Super Admin's session.
    [`POST ${api.media}`]: {
      action: 'media.upload',
      run: async () => {
        const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#0a7a3c' } })
          .png()
          .toBuffer();
        const form = new FormData();
        form.append('alt', 'A green square');
        form.append('file', new Blob([new Uint8Array(png)]), 'square.png');
        const response = await fetch(t.url + api.media, {
          method: 'POST',
          body: form,
          headers: { cookie: `kafue_session=${superAdmin.client.cookie}` },
        });
        const text = await response.text();
        const body = JSON.parse(text) as { item: { _id: string } };
        mediaId = body.item._id;
        return { status: response.status, body, headers: response.headers, text };
      },
    },
    [`PUT ${api.media}/:id`]: {
      action: 'media.update',
      run: () => superAdmin.client.put(`${api.media}/${mediaId}`, { alt: 'A square of the brand green' }),
    },
    [`DELETE ${api.media}/:id`]: {
      action: 'media.delete',
      run: () => superAdmin.client.delete(`${api.media}/${mediaId}`),
    },
    [`DELETE ${api.enquiries}/:id`]: {
      action: 'enquiry.delete',
      setup: async () => void (enquiryId = await enquiry('Audit Delete')),
      run: () => superAdmin.client.delete(api.enquiryById(enquiryId)),
    },
    [`PUT ${api.enquiries}/:id/stage`]: [
      {
        action: 'enquiry.stage',
        setup: async () => void (enquiryId = await enquiry('Audit Stage')),
        run: () => superAdmin.client.put(`${api.enquiryById(enquiryId)}/stage`, { stage: 'lost', lostReason: 'timing' }),
      },
      {
        action: 'enquiry.stage',
        setup: async () => {
          const staff = await t.staff();
          staffClient = staff.client;
          enquiryId = await enquiry('Audit Portal Stage', staff.id);
        },
        run: () => staffClient.put(`${api.enquiryById(enquiryId)}/stage`, { stage: 'contacted' }),
      },
    ],
    [`POST ${api.twoFactorSetup}`]: {
      action: 'admin.2fa_setup',
      setup: async () => void (adminClient = (await t.admin('Editor')).client),
      run: async () => {
        const answer = await adminClient.post(api.twoFactorSetup);
        twoFactorSecret = answer.body.secret as string;
        secrets.add(twoFactorSecret);
        return answer;
      },
    },
    [`POST ${api.twoFactorEnable}`]: {
      action: 'admin.2fa_enable',
      setup: async () => {
        adminClient = (await t.admin('Editor')).client;
        twoFactorSecret = (await adminClient.post(api.twoFactorSetup)).body.secret as string;
        secrets.add(twoFactorSecret);
      },
      run: async () => {
        const answer = await adminClient.post(api.twoFactorEnable, { code: totpCode(twoFactorSecret, Date.now()) });
        for (const code of answer.body.recoveryCodes as string[]) secrets.add(code);
        return answer;
      },
    },
    [`POST ${api.twoFactorDisable}`]: {
      action: 'admin.2fa_disable',
      setup: async () => {
        const admin = await enrolled();
        adminClient = admin.client;
        recoveryCode = admin.recoveryCodes[0];
      },
      run: () => adminClient.post(api.twoFactorDisable, { password, code: recoveryCode }),
    },
    [`PUT ${api.securitySettings}`]: {
      action: 'settings.security_update',
      run: () => superAdmin.client.put(api.securitySettings, { requireTwoFactor: false, passwordMaxAgeDays: 180 }),
    },
    [`PUT ${api.notificationSettings}`]: {
      action: 'settings.notifications_update',
      run: () =>
        superAdmin.client.put(api.notificationSettings, {
          emailEnabled: false,
          notificationTypes: { newUser: true, systemAlert: true, maintenance: false, marketing: false, newEnquiry: true },
          emailFrequency: 'weekly',
        }),
    },
    [`DELETE ${api.mySessions}`]: {
      action: 'session.end_all',
      setup: async () => void (sessions = await twoSessions()),
      run: () => sessions.client.delete(api.mySessions),
    },
    [`DELETE ${api.mySessions}/:id`]: {
      action: 'session.end',
      setup: async () => void (sessions = await twoSessions()),
      run: () => sessions.client.delete(api.mySessionById(sessions.otherId)),
    },
    [`DELETE ${api.admins}/:id/sessions`]: {
      action: 'session.end_all',
      setup: async () => void (sessions = await twoSessions()),
      run: () => superAdmin.client.delete(api.adminSessions(sessions.id)),
    },
    [`DELETE ${api.admins}/:id/sessions/:sessionId`]: {
      action: 'session.end',
      setup: async () => void (sessions = await twoSessions()),
      run: () => superAdmin.client.delete(api.adminSessionById(sessions.id, sessions.otherId)),
    },
    [`POST /api/quotes`]: {
      action: 'quote.create',
      setup: async () => void (enquiryId = await enquiry('Audit Quote')),
      run: () => superAdmin.client.post('/api/quotes', quoteBody()),
    },
    [`PUT /api/quotes/:id`]: {
      action: 'quote.update',
      setup: draftQuote,
      run: () => superAdmin.client.put(`/api/quotes/${quoteId}`, { ...quoteContent(), notes: 'Changed.' }),
    },
    [`POST /api/quotes/:id/send`]: {
      action: 'quote.send',
      setup: draftQuote,
      run: () => superAdmin.client.post(`/api/quotes/${quoteId}/send`),
    },
    [`POST /api/quotes/:id/withdraw`]: {
      action: 'quote.withdraw',
      setup: sentQuote,
      run: () => superAdmin.client.post(`/api/quotes/${quoteId}/withdraw`),
    },
    [`POST /quote/:token/accept`]: {
      action: 'quote.accept',
      setup: sentQuote,
      run: () => quoteForm({ name: 'Audit Client', accept: 'yes' }),
    },
    [`PUT /api/settings/payments`]: {
      action: 'settings.update',
      run: () => superAdmin.client.put('/api/settings/payments', { depositPercent: 40, usdToZmw: '26.5' }),
    },
    [`POST /api/quotes/:id/payment-requests`]: {
      action: 'payment.request',
      setup: acceptedQuote,
      run: () => superAdmin.client.post(`/api/quotes/${quoteId}/payment-requests`, { amount: '10', currency: 'USD' }),
    },
    [`POST /api/quotes/:id/invoice`]: {
      action: 'invoice.create',
      setup: acceptedQuote,
      run: () => superAdmin.client.post(`/api/quotes/${quoteId}/invoice`),
    },
    [`POST /api/invoices/:id/send`]: {
      action: 'invoice.send',
      setup: async () => {
        await acceptedQuote();
        invoiceId = (await superAdmin.client.post(`/api/quotes/${quoteId}/invoice`)).body.invoice._id;
      },
      run: () => superAdmin.client.post(`/api/invoices/${invoiceId}/send`),
    },
    [`POST /quote/:token/pay`]: {
      action: 'payment.start',
      setup: async () => {
        await acceptedQuote();
        await superAdmin.client.put('/api/settings/payments', { depositPercent: 40, usdToZmw: '26.5' });
      },
      run: () => t.client().post(`/quote/${quoteToken}/pay`, { network: 'MTN', phone: '0961234567' }),
    },
    [`POST /quote/:token/question`]: {
      action: 'quote.question',
      setup: sentQuote,
      run: () => quoteForm({ name: 'Audit Client', question: 'Is hosting included?' }),
    },
    [`POST ${api.subscribers}`]: {
      action: 'subscriber.signup',
      run: () =>
        t
          .client()
          .post(
            api.subscribers,
            { email: 'audit.reader@kafue.test', startedAt: Date.now() - 60_000 },
            { 'x-forwarded-for': '203.0.113.79' },
          ),
    },
    [`POST /subscribe`]: {
      action: 'subscriber.signup',
      run: () =>
        t
          .client()
          .call(
            'POST',
            '/subscribe',
            new URLSearchParams({ email: 'audit.form@kafue.test', startedAt: String(Date.now() - 60_000) }).toString(),
            {
              'content-type': 'application/x-www-form-urlencoded',
              'x-forwarded-for': '203.0.113.80',
            },
          ),
    },
    [`POST /subscribe/confirm`]: {
      action: 'subscriber.confirm',
      setup: () => subscriber('pending'),
      run: () =>
        t.client().call('POST', `/subscribe/confirm?token=${subscriberToken}`, '', { 'content-type': 'application/x-www-form-urlencoded' }),
    },
    [`POST /unsubscribe`]: {
      action: 'subscriber.unsubscribe',
      setup: () => subscriber('confirmed'),
      run: () =>
        t.client().call('POST', `/unsubscribe?token=${subscriberToken}`, 'List-Unsubscribe=One-Click', {
          'content-type': 'application/x-www-form-urlencoded',
        }),
    },
    [`DELETE ${api.subscribers}/:id`]: {
      action: 'subscriber.delete',
      setup: () => subscriber('confirmed'),
      run: () => superAdmin.client.delete(`${api.subscribers}/${subscriberId}`),
    },
    [`POST /api/content/insights/:id/newsletter`]: {
      action: 'newsletter.send',
      setup: async () => {
        const [row] = await t.db.query<[{ id: string }]>(
          `INSERT INTO content_items (collection, status, fields) VALUES ('insights', 'published', $1) RETURNING id`,
          [{ slug: 'audited', title: 'Audited article', description: 'Watched closely.' }],
        );
        insightId = row.id;
      },
      run: () => superAdmin.client.post(api.insightNewsletter(insightId)),
    },
    [`POST ${api.forgotPassword}`]: {
      action: 'password.reset_request',
      run: () => t.client().post(api.forgotPassword, { email: superAdmin.email, account: 'admin' }),
    },
    [`POST ${api.enquiries}/:id/reminders`]: [
      {
        action: 'reminder.create',
        setup: async () => void (enquiryId = await enquiry('Audit Reminder')),
        run: () => superAdmin.client.post(api.enquiryReminders(enquiryId), { at: inAnHour(), note: 'Call back' }),
      },
      {
        action: 'reminder.create',
        setup: async () => {
          const staff = await t.staff();
          staffClient = staff.client;
          enquiryId = await enquiry('Audit Portal Reminder', staff.id);
        },
        run: () => staffClient.post(api.enquiryReminders(enquiryId), { at: inAnHour() }),
      },
    ],
    [`POST ${api.reminders}/:id/done`]: [
      {
        action: 'reminder.done',
        setup: async () => void (reminderId = await reminder(await enquiry('Audit Reminder Done'))),
        run: () => superAdmin.client.post(api.reminderDone(reminderId)),
      },
      {
        action: 'reminder.done',
        setup: async () => {
          const staff = await t.staff();
          staffClient = staff.client;
          reminderId = await reminder(await enquiry('Audit Portal Reminder Done', staff.id), staff);
        },
        run: () => staffClient.post(api.reminderDone(reminderId)),
      },
    ],
    [`POST ${api.reminders}/:id/snooze`]: [
      {
        action: 'reminder.snooze',
        setup: async () => void (reminderId = await reminder(await enquiry('Audit Reminder Snooze'))),
        run: () => superAdmin.client.post(api.reminderSnooze(reminderId), { at: inAnHour() }),
      },
      {
        action: 'reminder.snooze',
        setup: async () => {
          const staff = await t.staff();
          staffClient = staff.client;
          reminderId = await reminder(await enquiry('Audit Portal Reminder Snooze', staff.id), staff);
        },
        run: () => staffClient.post(api.reminderSnooze(reminderId), { at: inAnHour() }),
      },
    ],
    [`POST ${api.resetPassword}`]: {
      action: 'password.reset',
      setup: async () => {
        const staff = await t.staff();
        resetToken = randomBytes(32).toString('base64url');
        await t.db.query(`INSERT INTO password_resets (token_hash, staff_id, expires_at) VALUES ($1, $2, now() + interval '30 minutes')`, [
          hashToken(resetToken),
          staff.id,
        ]);
        secrets.add(resetToken).add('the reset one secret');
      },
      run: () => t.client().post(api.resetPassword, { token: resetToken, newPassword: 'the reset one secret' }),
    },
  };
}

describe('every state-changing route writes exactly one audit row', () => {
  it('walks the route table: each non-GET route, called successfully, adds one row with its action', async () => {
    const table = scenarios();
    const changing = t.endpoints.filter((e) => e.method !== 'GET' && !e.unaudited).map((e) => `${e.method} ${e.path}`);
    // A new state-changing route needs a scenario here, and then an audit row to pass it.
    expect(
      changing.filter((route) => !table[route]),
      'routes without a scenario in audit.test.ts',
    ).toEqual([]);
    for (const route of changing) {
      for (const scenario of [table[route]].flat()) {
        await scenario.setup?.();
        const before = await count();
        const answer = await scenario.run();
        expect(answer.status, `${route}: ${answer.text}`).toBeLessThan(300);
        expect(await count(), route).toBe(before + 1);
        expect((await newest(1))[0].action, route).toBe(scenario.action);
      }
    }
  });

  it('a route that changes something without writing its row answers 500 outside production', async () => {
    const { runEndpoint, endpoint } = await import('../src/web/endpoint.js');
    const { messageAnswer } = await import('@kafue/common/schemas');
    const careless = endpoint({
      method: 'POST',
      path: '/x',
      access: 'public',
      answer: { 200: messageAnswer },
      handle: async () => ({ message: 'done' }),
    });
    const ctx = { params: {}, request: { body: {} }, state: {}, ip: '127.0.0.1', get: () => '' } as never;
    const deps = { config: t.config, logger: { error: () => undefined }, sessions: { forget: () => undefined } } as never;
    await expect(runEndpoint(careless, deps)(ctx)).rejects.toThrow(/wrote no audit row/);
    await expect(runEndpoint({ ...careless, unaudited: 'changes nothing' }, deps)(ctx)).resolves.toBeUndefined();
  });

  it('sign-in failures are rows too (actor null, the email tried as target), and signing out without a session writes none', async () => {
    const before = await count();
    expect((await t.client().post(api.adminLogin, { email: superAdmin.email, password: 'wrong password here' })).status).toBe(401);
    expect((await t.client().post(api.staffLogin, { email: 'nobody@kafue.test', password: 'wrong password here' })).status).toBe(401);
    const suspended = await t.staff({ status: 'Suspended' });
    expect((await t.client().signIn('staff', suspended.email)).status).toBe(403);
    expect((await t.client().post(api.authLogout)).status).toBe(200);
    expect(await count()).toBe(before + 3);
    const rows = await t.db.query(`SELECT action, actor_kind, target_label, changes FROM audit_log ORDER BY at DESC, id DESC LIMIT 3`);
    expect(rows.reverse()).toEqual([
      {
        action: 'admin.signin_failed',
        actor_kind: null,
        target_label: superAdmin.email,
        changes: { reason: { new: 'wrong_credentials' } },
      },
      {
        action: 'staff.signin_failed',
        actor_kind: null,
        target_label: 'nobody@kafue.test',
        changes: { reason: { new: 'wrong_credentials' } },
      },
      { action: 'staff.signin_failed', actor_kind: null, target_label: suspended.email, changes: { reason: { new: 'suspended' } } },
    ]);
  });

  it('changes made outside the API (the command line) are rows too, by the system', async () => {
    const { id } = await createAdmin(t.db, { name: 'From CLI', email: 'cli@kafue.test', role: 'Editor', password: 'the cli password 1' });
    await resetAdminPassword(t.db, 'cli@kafue.test', 'the cli password 2');
    const rows = await t.db.query(
      `SELECT action, actor_kind, actor_name, target_id, changes FROM audit_log WHERE target_id = $1 ORDER BY at, action`,
      [id],
    );
    expect(rows).toEqual([
      {
        action: 'admin.create',
        actor_kind: 'system',
        actor_name: 'command line',
        target_id: id,
        changes: { name: { new: 'From CLI' }, email: { new: 'cli@kafue.test' }, role: { new: 'Editor' } },
      },
      {
        action: 'admin.password_reset',
        actor_kind: 'system',
        actor_name: 'command line',
        target_id: id,
        changes: { password: { old: '[redacted]', new: '[redacted]' } },
      },
    ]);
    secrets.add('the cli password 1').add('the cli password 2');
  });

  it('a reset request writes the same row whether or not the account exists: no id, the email tried, no actor', async () => {
    const known = await t.staff();
    const rowsFor = async (email: string) => {
      const before = await count();
      expect((await t.client().post(api.forgotPassword, { email, account: 'staff' })).body).toEqual({ message: messages.resetLinkSent });
      expect(await count()).toBe(before + 1);
      return t.db.query(
        `SELECT action, actor_kind, target_type, target_id, target_label, changes FROM audit_log ORDER BY at DESC, id DESC LIMIT 1`,
      );
    };
    const [existing] = await rowsFor(known.email);
    const [unknown] = await rowsFor('nobody.reset@kafue.test');
    expect(existing).toEqual({
      action: 'password.reset_request',
      actor_kind: null,
      target_type: 'staff',
      target_id: null,
      target_label: known.email,
      changes: {},
    });
    expect(unknown).toEqual({ ...existing, target_label: 'nobody.reset@kafue.test' });
  });

  it("a visitor's enquiry is a row without actor, named by its sender, without the message; assignments name the enquiry", async () => {
    expect(
      (
        await t.client().post(
          api.enquiries,
          {
            fullName: 'Row Sender',
            email: 'row.sender@kafue.test',
            message: 'A message that stays out of the log.',
            startedAt: Date.now() - 60_000,
          },
          { 'x-forwarded-for': '203.0.113.78' },
        )
      ).status,
    ).toBe(201);
    const [created] = await t.db.query(
      `SELECT actor_kind, target_id, target_label, changes FROM audit_log WHERE action = 'enquiry.create' ORDER BY at DESC LIMIT 1`,
    );
    expect(created).toMatchObject({ actor_kind: null, target_label: 'Row Sender' });
    expect(created.changes).toEqual({
      fullName: { new: 'Row Sender' },
      email: { new: 'row.sender@kafue.test' },
      phone: { new: null },
      service: { new: null },
      kind: { new: 'message' },
      status: { new: 'New' },
    });
    const staff = await t.staff();
    await superAdmin.client.put(api.enquiryById(created.target_id), { status: 'Open', assigneeId: staff.id });
    const [update] = await newest(1);
    expect(update).toMatchObject({ action: 'enquiry.update', actor_email: superAdmin.email, target_id: created.target_id });
    expect(update.changes).toEqual({
      status: { old: 'New', new: 'Open' },
      assignee: { old: null, new: { _id: staff.id, name: expect.any(String) } },
    });
  });

  it('ending all other sessions when there are none writes no row', async () => {
    const { client } = await t.admin('Editor');
    const before = await count();
    expect((await client.delete(api.mySessions)).status).toBe(200);
    expect(await count()).toBe(before);
  });

  it('a refused change writes no row (validation, permission, conflict)', async () => {
    const before = await count();
    const moderator = (await t.admin('Moderator')).client;
    expect((await moderator.post(api.staff, person('nope'))).status).toBe(403);
    expect((await superAdmin.client.post(api.staff, { name: '' })).status).toBe(400);
    expect(
      (await superAdmin.client.post(api.admins, { name: 'Dup', email: superAdmin.email, role: 'Editor', password: 'long enough pass' }))
        .status,
    ).toBe(409);
    expect(await count()).toBe(before);
  });

  it('changes name the changed fields with old and new values', async () => {
    const created = await superAdmin.client.post(api.staff, person('diff'));
    await superAdmin.client.put(api.staffById(created.body.staff._id), { ...person('diff'), status: 'Suspended' });
    const [update, create] = await newest(2);
    expect(create.changes).toEqual({
      name: { new: 'Audit diff' },
      email: { new: 'audit.diff@kafue.test' },
      role: { new: 'Staff' },
      status: { new: 'Active' },
    });
    expect(update).toMatchObject({
      action: 'staff.update',
      actor_email: superAdmin.email,
      changes: { status: { old: 'Active', new: 'Suspended' } },
    });
    expect(Object.keys(update.changes)).toEqual(['status']);
  });

  it('never holds a password, hash, token or secret: redacted by field name, whoever writes', async () => {
    const rows = await t.db.query<{ text: string }[]>(`SELECT changes::text || coalesce(target_label, '') AS text FROM audit_log`);
    expect(rows.length).toBeGreaterThan(20);
    const all = rows.map((r) => r.text).join('\n');
    for (const secret of [...secrets].filter((s) => !s.includes('@'))) expect(all).not.toContain(secret);
    expect(all).not.toMatch(/\$argon2/);
    const hashes = await t.db.query<{ password_hash: string; token_hash: string | null }[]>(
      `SELECT a.password_hash, s.token_hash FROM admins a LEFT JOIN sessions s ON s.admin_id = a.id`,
    );
    for (const h of hashes) {
      expect(all).not.toContain(h.password_hash);
      if (h.token_hash) expect(all).not.toContain(h.token_hash);
    }
    const [passwordChange] = await t.db.query(`SELECT changes FROM audit_log WHERE action = 'admin.password_change'`);
    expect(passwordChange.changes).toEqual({ password: { old: '[redacted]', new: '[redacted]' } });
    expect(redact({ name: 'n', passwordHash: 'h', nested: { apiKey: 'k', twoFactorSecret: 's', recoveryCodes: ['a'] } })).toEqual({
      name: 'n',
      passwordHash: '[redacted]',
      nested: { apiKey: '[redacted]', twoFactorSecret: '[redacted]', recoveryCodes: '[redacted]' },
    });
    expect(diff({ token: 'a', name: 'x' }, { token: 'b', name: 'x' })).toEqual({ token: { old: 'a', new: 'b' } }); // redacted on write
  });
});

describe('append-only in the database', () => {
  it('refuses a direct SQL UPDATE, TRUNCATE, and DELETE of a row younger than the retention', async () => {
    const [{ id }] = await t.db.query(`SELECT id FROM audit_log LIMIT 1`);
    await expect(t.db.query(`UPDATE audit_log SET action = 'rewritten' WHERE id = $1`, [id])).rejects.toThrow(/append-only/);
    await expect(t.db.query(`UPDATE audit_log SET changes = '{}'`)).rejects.toThrow(/append-only/);
    await expect(t.db.query(`DELETE FROM audit_log WHERE id = $1`, [id])).rejects.toThrow(/younger than the retention/);
    await expect(t.db.query(`TRUNCATE audit_log`)).rejects.toThrow(/append-only/);
    expect((await t.db.query(`SELECT action FROM audit_log WHERE id = $1`, [id]))[0].action).not.toBe('rewritten');
  });

  it('deletes rows past the retention only: the purge, itself logged, once across processes', async () => {
    expect((await superAdmin.client.put(api.auditSettings, { retentionDays: 90 })).status).toBe(200);
    const old = async (days: number) =>
      (
        await t.db.query(
          `INSERT INTO audit_log (at, action, target_type) VALUES (now() - make_interval(days => $1), 'test.old', 'test') RETURNING id`,
          [days],
        )
      )[0].id as string;
    const young = await old(60);
    await old(100);
    await old(400);
    await expect(t.db.query(`DELETE FROM audit_log WHERE id = $1`, [young])).rejects.toThrow(/younger/);
    // Two purges at once (two processes): one deletes and logs, the other passes by.
    const counts = await Promise.all([purgeAudit(t.db), purgeAudit(t.db)]);
    expect(counts.sort()).toEqual([0, 2]);
    const [purge] = await t.db.query(`SELECT action, actor_kind, changes FROM audit_log WHERE action = 'audit.purge'`);
    expect(purge).toEqual({ action: 'audit.purge', actor_kind: 'system', changes: { deletedRows: { old: 2, new: 0 } } });
    expect((await t.db.query(`SELECT count(*)::int AS n FROM audit_log WHERE action = 'test.old'`))[0].n).toBe(1);
    expect(await purgeAudit(t.db)).toBe(0);
    // Retention under 30 days is refused by the API and ignored by the database.
    expect((await superAdmin.client.put(api.auditSettings, { retentionDays: 1 })).status).toBe(400);
    await t.db.query(`UPDATE settings SET value = '{"retentionDays": 1}' WHERE key = 'audit'`);
    await expect(t.db.query(`DELETE FROM audit_log WHERE id = $1`, [await old(10)])).rejects.toThrow(
      /younger than the retention \(30 days\)/,
    );
    await superAdmin.client.put(api.auditSettings, { retentionDays: 365 });
  });
});

describe('GET /api/settings/audit and its CSV export', () => {
  it('lists newest first with total and paging; filters by actor, action, target and dates', async () => {
    const list = (query: string) => superAdmin.client.get(`${api.audit}${query}`);
    const all = await list('?pageSize=5');
    expect(all.status).toBe(200);
    expect(all.body).toMatchObject({ page: 1, pageSize: 5, total: await count() });
    expect(all.body.items).toHaveLength(5);
    const times = all.body.items.map((i: { at: string }) => i.at);
    expect([...times].sort().reverse()).toEqual(times);
    const second = await list('?pageSize=5&page=2');
    expect(second.body.items[0]._id).not.toBe(all.body.items[0]._id);
    expect(second.body.items.map((i: { _id: string }) => i._id)).not.toContain(all.body.items[4]._id);

    const byAction = await list('?action=staff.create');
    expect(byAction.body.total).toBeGreaterThan(0);
    expect(byAction.body.items.every((i: { action: string }) => i.action === 'staff.create')).toBe(true);
    const byResource = await list('?action=staff&pageSize=100');
    expect(new Set(byResource.body.items.map((i: { action: string }) => i.action))).toEqual(
      new Set([
        'staff.create',
        'staff.update',
        'staff.delete',
        'staff.signin',
        'staff.signin_failed',
        'staff.password_change',
        'staff.signout',
      ]),
    );
    const byActor = await list(`?actor=${encodeURIComponent(superAdmin.email.toUpperCase())}&pageSize=100`);
    expect(byActor.body.total).toBeGreaterThan(5);
    expect(byActor.body.items.every((i: { actor: { email: string } }) => i.actor.email === superAdmin.email)).toBe(true);
    const byTarget = await list('?target=audit.diff@kafue.test');
    expect(byTarget.body.items.map((i: { action: string }) => i.action)).toEqual(['staff.update', 'staff.create']);
    expect(byTarget.body.items[0]).toMatchObject({
      actor: { kind: 'admin', _id: superAdmin.id, email: superAdmin.email },
      target: { type: 'staff', label: 'audit.diff@kafue.test' },
      address: expect.stringMatching(/127\.0\.0\.1/),
      userAgent: expect.any(String),
    });
    const today = new Date().toISOString().slice(0, 10);
    expect((await list(`?from=${today}&to=${today}`)).body.total).toBeGreaterThan(0);
    expect((await list('?to=2001-01-01')).body.total).toBe(0);
    expect((await list(`?from=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`)).body.total).toBe(0);
    expect((await list('?from=yesterday')).status).toBe(400);
    expect((await list('?pageSize=1000')).status).toBe(400);
  });

  it('finds a person by the start of their name or email, any case, wildcards taken as text', async () => {
    const list = (query: string) => superAdmin.client.get(`${api.audit}${query}&pageSize=100`);
    const [{ name }] = await t.db.query<[{ name: string }]>(`SELECT name FROM admins WHERE id = $1`, [superAdmin.id]);
    const byName = await list(`?actor=${encodeURIComponent(name.slice(0, 5).toLowerCase())}`);
    expect(byName.body.total).toBeGreaterThan(0);
    const names = byName.body.items.map((i: { actor: { name: string } }) => i.actor.name.toLowerCase());
    expect(names.every((n: string) => n.startsWith(name.slice(0, 5).toLowerCase()))).toBe(true);
    expect(names).toContain(name.toLowerCase());
    const byEmailStart = await list(`?actor=${encodeURIComponent(superAdmin.email.split('@')[0].toUpperCase())}`);
    expect(byEmailStart.body.items.length).toBeGreaterThan(0);
    expect(byEmailStart.body.items.every((i: { actor: { email: string } }) => i.actor.email === superAdmin.email)).toBe(true);
    expect((await list(`?actor=${encodeURIComponent('%')}`)).body.total).toBe(0);
    expect((await list(`?actor=${encodeURIComponent('_')}`)).body.total).toBe(0);
  });

  it('filters by kind of change: each kind only its actions, and every row in exactly one kind', async () => {
    const list = (query: string) => superAdmin.client.get(`${api.audit}${query}`);
    const matches = (action: string, patterns: readonly string[]) =>
      patterns.some((p) => (p.endsWith('*') ? action.startsWith(p.slice(0, -1)) : action === p));
    let sum = 0;
    for (const [kind, { actions }] of Object.entries(auditKinds)) {
      const answer = await list(`?kind=${kind}&pageSize=100`);
      expect(answer.status, kind).toBe(200);
      sum += answer.body.total;
      expect(
        answer.body.items.every((i: { action: string }) => matches(i.action, actions)),
        kind,
      ).toBe(true);
    }
    const failed = await list('?kind=failedSignIns&pageSize=100');
    expect(failed.body.total).toBeGreaterThan(0);
    expect(new Set(failed.body.items.map((i: { action: string }) => i.action.split('.')[1]))).toEqual(new Set(['signin_failed']));
    const passwords = await list('?kind=passwords&pageSize=100');
    expect(passwords.body.items.map((i: { action: string }) => i.action)).toEqual(
      expect.arrayContaining(['admin.2fa_enable', 'staff.password_change', 'password.reset']),
    );
    // The rows the retention test wrote straight into the table ('test.old') are in no kind.
    const written = (await list('?pageSize=1')).body.total - (await list('?action=test&pageSize=1')).body.total;
    expect(sum).toBe(written);
    expect((await list('?kind=everything')).status).toBe(400);
  });

  it('exports the same filters as CSV, formula cells neutralised', async () => {
    await superAdmin.client.post(api.staff, { ...person('formula'), name: '=HYPERLINK("http://evil")' });
    const answer = await superAdmin.client.get(`${api.auditExport}?action=staff.create`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(answer.headers.get('content-disposition')).toMatch(/attachment; filename="audit-log-\d{4}-\d{2}-\d{2}\.csv"/);
    const lines = answer.text.trim().split('\r\n');
    expect(lines[0]).toBe(
      '"at","actor kind","actor name","actor email","action","target type","target id","target","changes","address","user agent"',
    );
    const total = (await superAdmin.client.get(`${api.audit}?action=staff.create`)).body.total;
    expect(lines).toHaveLength(total + 1);
    expect(lines.slice(1).every((l) => l.includes('"staff.create"'))).toBe(true);
    expect(csvCell('=1+1')).toBe(`"'=1+1"`);
    expect(csvCell('@SUM(A1)')).toBe(`"'@SUM(A1)"`);
    expect(csvCell('-2')).toBe(`"'-2"`);
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell({ name: { new: '=x' } })).toBe('"{""name"":{""new"":""=x""}}"');
    expect(answer.text).not.toMatch(/,"=/);
  });

  it('is for Super Admins only', async () => {
    for (const role of ['Editor', 'Moderator'] as const) {
      const { client } = await t.admin(role);
      for (const path of [api.audit, api.auditExport, api.auditSettings])
        expect((await client.get(path)).body.message).toBe(messages.forbidden);
      expect((await client.put(api.auditSettings, { retentionDays: 90 })).status).toBe(403);
    }
    expect((await t.client().get(api.audit)).status).toBe(401);
    expect((await superAdmin.client.get(api.auditSettings)).body).toEqual({ retentionDays: 365 });
  });
});
