/**
 * design.md "Who may do what", for every call: anonymous, staff (with and without their own
 * password chosen), Moderator, Editor and Super Admin, and sessions that must count for nothing:
 * expired, revoked (signed out, then replayed) and forged. "Allowed" means the call got past the
 * permission check (any answer but 401/403); refused means exactly 401 (not signed in) or 403.
 * The matrix of statuses seen is printed at the end.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { collectPath } from '@kafue/common/analytics';
import { calls } from '@kafue/common/calls';
import { api, messages } from '@kafue/common/contract';
import { capabilities } from '@kafue/common/permissions';
import { authorize } from '../src/web/endpoint.js';
import { startTestServer, withMailSender, type Client, type TestServer } from './helpers.js';

type Who = 'anonymous' | 'staffPending' | 'staff' | 'Moderator' | 'Editor' | 'Super Admin' | 'expired' | 'revoked' | 'forged';
/** Sessions that are no session: treated exactly as anonymous. */
const noSession: Who[] = ['anonymous', 'expired', 'revoked', 'forged'];
const everyone: Who[] = ['anonymous', 'staffPending', 'staff', 'Moderator', 'Editor', 'Super Admin', 'expired', 'revoked', 'forged'];
const admins: Who[] = ['Moderator', 'Editor', 'Super Admin'];

let t: TestServer;
const clients = {} as Record<Who, Client>;
let backupUrl = '';
const missing = '0b7f6a52-3c1d-4e2f-8a9b-1c2d3e4f5a6b';

beforeAll(async () => {
  t = await startTestServer();
  clients.anonymous = t.client();
  clients.staffPending = (await t.staff({ mustChangePassword: true })).client;
  clients.staff = (await t.staff()).client;
  for (const role of admins) clients[role] = (await t.admin(role as 'Editor')).client;
  backupUrl = (await clients['Super Admin'].post(api.backup)).body.fileUrl;
  // Each of these was a Super Admin's session, the strongest there is.
  const expired = await t.admin('Super Admin');
  await t.db.query(`UPDATE sessions SET expires_at = now() - interval '1 second' WHERE admin_id = $1`, [expired.id]);
  clients.expired = expired.client;
  const revoked = await t.admin('Super Admin');
  const token = revoked.client.cookie;
  expect((await revoked.client.post(api.authLogout)).status).toBe(200);
  clients.revoked = t.client();
  clients.revoked.cookie = token;
  clients.forged = t.client();
  clients.forged.bearer = randomBytes(32).toString('base64url'); // the shape of a real token
});
afterAll(async () => {
  await t?.close();
  printMatrix();
});

/** Status seen per call and caller, printed as a table when the file is done. */
const matrix = new Map<string, Partial<Record<Who, number>>>();
const short: Record<Who, string> = {
  anonymous: 'anon',
  staffPending: 'stPend',
  staff: 'staff',
  Moderator: 'Mod',
  Editor: 'Editor',
  'Super Admin': 'SupAdm',
  expired: 'expird',
  revoked: 'revokd',
  forged: 'forged',
};
function printMatrix() {
  if (matrix.size === 0) return;
  const width = Math.max(...[...matrix.keys()].map((k) => k.length));
  const lines = [`${'call'.padEnd(width)} ${everyone.map((w) => short[w].padStart(6)).join(' ')}`];
  let checked = 0;
  for (const [call, seen] of matrix) {
    lines.push(`${call.padEnd(width)} ${everyone.map((w) => String(seen[w] ?? '-').padStart(6)).join(' ')}`);
    checked += Object.keys(seen).length;
  }
  lines.push(`${matrix.size} calls x ${everyone.length} callers: ${checked} answers checked against design.md`);
  console.log(`\nAccess matrix (HTTP status per call and caller)\n${lines.join('\n')}\n`);
}

interface Row {
  call: string;
  allowed: Who[];
  run: (c: Client) => Promise<{ status: number; body: { message?: string } }>;
}

const staffBody = { name: 'P', email: 'p@kafue.test', role: 'Staff', status: 'Active' };
const adminBody = { name: 'A', email: 'a@kafue.test', role: 'Editor' };
const soon = () => new Date(Date.now() + 3_600_000).toISOString();
// Bodies that pass the permission check but change nothing (wrong current password, unknown id).
const rows: Row[] = [
  { call: 'GET /api/health', allowed: everyone, run: (c) => c.get(api.health) },
  { call: 'GET /api/ready', allowed: everyone, run: (c) => c.get(api.ready) },
  { call: 'GET /api/settings/check-auth', allowed: admins, run: (c) => c.get(api.adminCheckAuth) },
  { call: 'GET /api/auth/verify', allowed: admins, run: (c) => c.get(api.authVerify) },
  { call: 'GET /api/staff', allowed: admins, run: (c) => c.get(api.staff) },
  { call: 'POST /api/staff', allowed: ['Editor', 'Super Admin'], run: (c) => c.post(api.staff, { name: 'P' }) },
  { call: 'PUT /api/staff/{id}', allowed: ['Editor', 'Super Admin'], run: (c) => c.put(api.staffById(missing), staffBody) },
  { call: 'DELETE /api/staff/{id}', allowed: ['Editor', 'Super Admin'], run: (c) => c.delete(api.staffById(missing)) },
  { call: 'GET /api/admin/settings/general', allowed: admins, run: (c) => c.get(api.generalSettings) },
  { call: 'POST /api/admin/settings/general', allowed: ['Super Admin'], run: (c) => c.post(api.generalSettings, {}) },
  { call: 'GET /api/admin/settings/company', allowed: admins, run: (c) => c.get(api.companySettings) },
  { call: 'PUT /api/admin/settings/company', allowed: ['Super Admin'], run: (c) => c.put(api.companySettings, {}) },
  { call: 'GET /api/admin/settings/reply-targets', allowed: admins, run: (c) => c.get('/api/admin/settings/reply-targets') },
  {
    call: 'PUT /api/admin/settings/reply-targets',
    allowed: ['Super Admin'],
    run: (c) => c.put('/api/admin/settings/reply-targets', {}),
  },
  { call: 'GET /api/admin/settings/hero', allowed: admins, run: (c) => c.get(api.heroSettings) },
  { call: 'PUT /api/admin/settings/hero', allowed: ['Super Admin'], run: (c) => c.put(api.heroSettings, {}) },
  {
    call: 'POST /api/admin/change-password',
    allowed: admins,
    run: (c) => c.post(api.changePassword, { currentPassword: 'x', newPassword: 'short' }),
  },
  { call: 'POST /api/settings/backup', allowed: ['Super Admin'], run: (c) => c.post(api.backup) },
  { call: 'GET /api/settings/backups/{file}', allowed: ['Super Admin'], run: (c) => c.get(backupUrl) },
  // Restores that fail past the permission check (no such backup: 404; a file that is no backup: 400), changing nothing.
  { call: 'POST /api/settings/backups/{id}/restore', allowed: ['Super Admin'], run: (c) => c.post(`${api.backupFile(missing)}/restore`) },
  {
    call: 'POST /api/settings/backups/restore',
    allowed: ['Super Admin'],
    run: (c) => c.call('POST', api.backupRestoreUpload, 'not a backup', { 'content-type': 'application/octet-stream' }),
  },
  { call: 'GET /api/settings/admins', allowed: admins, run: (c) => c.get(api.admins) },
  { call: 'POST /api/settings/admins', allowed: ['Super Admin'], run: (c) => c.post(api.admins, {}) },
  { call: 'PUT /api/settings/admins/{id}', allowed: ['Super Admin'], run: (c) => c.put(api.adminById(missing), adminBody) },
  { call: 'DELETE /api/settings/admins/{id}', allowed: ['Super Admin'], run: (c) => c.delete(api.adminById(missing)) },
  { call: 'GET /api/settings/audit', allowed: ['Super Admin'], run: (c) => c.get(api.audit) },
  { call: 'GET /api/settings/audit/export.csv', allowed: ['Super Admin'], run: (c) => c.get(api.auditExport) },
  { call: 'GET /api/settings/audit/settings', allowed: ['Super Admin'], run: (c) => c.get(api.auditSettings) },
  { call: 'PUT /api/settings/audit/settings', allowed: ['Super Admin'], run: (c) => c.put(api.auditSettings, { retentionDays: 1 }) },
  // Two-factor sign-in, security settings, sessions (bodies that change nothing).
  { call: 'POST /api/admin/2fa/setup', allowed: admins, run: (c) => c.post(api.twoFactorSetup) },
  { call: 'POST /api/admin/2fa/enable', allowed: admins, run: (c) => c.post(api.twoFactorEnable, { code: 'x' }) },
  { call: 'POST /api/admin/2fa/disable', allowed: admins, run: (c) => c.post(api.twoFactorDisable, {}) },
  { call: 'GET /api/admin/settings/security', allowed: admins, run: (c) => c.get(api.securitySettings) },
  { call: 'PUT /api/admin/settings/security', allowed: ['Super Admin'], run: (c) => c.put(api.securitySettings, {}) },
  { call: 'GET /api/admin/sessions', allowed: admins, run: (c) => c.get(api.mySessions) },
  { call: 'DELETE /api/admin/sessions/{id}', allowed: admins, run: (c) => c.delete(api.mySessionById(missing)) },
  // Ends the caller's other sessions: each client here has one, which it keeps.
  { call: 'DELETE /api/admin/sessions', allowed: admins, run: (c) => c.delete(api.mySessions) },
  { call: 'GET /api/settings/admins/{id}/sessions', allowed: ['Super Admin'], run: (c) => c.get(api.adminSessions(missing)) },
  { call: 'DELETE /api/settings/admins/{id}/sessions', allowed: ['Super Admin'], run: (c) => c.delete(api.adminSessions(missing)) },
  {
    call: 'DELETE /api/settings/admins/{id}/sessions/{sessionId}',
    allowed: ['Super Admin'],
    run: (c) => c.delete(api.adminSessionById(missing, missing)),
  },
  { call: 'GET /api/admin/settings/notifications', allowed: admins, run: (c) => c.get(api.notificationSettings) },
  { call: 'PUT /api/admin/settings/notifications', allowed: admins, run: (c) => c.put(api.notificationSettings, {}) },
  { call: 'GET /api/dashboard', allowed: admins, run: (c) => c.get(api.dashboard) },
  { call: 'GET /api/dashboard/checklist', allowed: ['Super Admin'], run: (c) => c.get(api.checklist) },
  { call: 'POST /api/dashboard/checklist/dismissed', allowed: ['Super Admin'], run: (c) => c.post(api.checklistDismissed, {}) },
  { call: 'POST /api/admin/settings/test-mail', allowed: admins, run: (c) => withMailSender(t, () => c.post(api.testMail)) },
  { call: 'POST /api/staff/announcements', allowed: ['Editor', 'Super Admin'], run: (c) => c.post(api.announcements, {}) },
  // Site content: reads for any admin, writes for Editors and Super Admins.
  { call: 'GET /api/content/{collection}', allowed: admins, run: (c) => c.get(api.content('services')) },
  { call: 'POST /api/content/{collection}', allowed: ['Editor', 'Super Admin'], run: (c) => c.post(api.content('services'), {}) },
  { call: 'PUT /api/content/{collection}/order', allowed: ['Editor', 'Super Admin'], run: (c) => c.put(api.contentOrder('faqs'), {}) },
  {
    call: 'PUT /api/content/{collection}/{id}',
    allowed: ['Editor', 'Super Admin'],
    run: (c) => c.put(api.contentItem('services', missing), {}),
  },
  {
    call: 'DELETE /api/content/{collection}/{id}',
    allowed: ['Editor', 'Super Admin'],
    run: (c) => c.delete(api.contentItem('services', missing)),
  },
  { call: 'GET /api/content/{collection}/{id}/revisions', allowed: admins, run: (c) => c.get(api.contentRevisions('faqs', missing)) },
  {
    call: 'POST /api/content/{collection}/{id}/revisions/{revisionId}/restore',
    allowed: ['Editor', 'Super Admin'],
    run: (c) => c.post(api.contentRestore('faqs', missing, missing)),
  },
  { call: 'GET /api/content/{collection}/{id}/preview', allowed: admins, run: (c) => c.get(api.contentPreview('faqs', missing)) },
  { call: 'POST /api/content/{collection}/{id}/preview', allowed: admins, run: (c) => c.post(api.contentPreview('faqs', missing), {}) },
  {
    call: 'PUT /api/content/{collection}/{id}/draft',
    allowed: ['Editor', 'Super Admin'],
    run: (c) => c.put(api.contentDraft('faqs', missing), {}),
  },
  {
    call: 'POST /api/content/{collection}/{id}/draft/publish',
    allowed: ['Editor', 'Super Admin'],
    run: (c) => c.post(api.contentDraftPublish('faqs', missing)),
  },
  {
    call: 'DELETE /api/content/{collection}/{id}/draft',
    allowed: ['Editor', 'Super Admin'],
    run: (c) => c.delete(api.contentDraft('faqs', missing)),
  },
  {
    call: 'POST /api/content/{collection}/{id}/share-links',
    allowed: ['Editor', 'Super Admin'],
    run: (c) => c.post(api.contentShareLinks('faqs', missing), {}),
  },
  { call: 'GET /api/content/{collection}/{id}/share-links', allowed: admins, run: (c) => c.get(api.contentShareLinks('faqs', missing)) },
  { call: 'DELETE /api/content/share-links/{id}', allowed: ['Editor', 'Super Admin'], run: (c) => c.delete(api.shareLink(missing)) },
  // A share link's page: anyone (an unknown link: 404).
  { call: 'GET /preview/{token}', allowed: everyone, run: (c) => c.get('/preview/unknown') },
  { call: 'GET /api/site/status', allowed: admins, run: (c) => c.get(api.siteStatus) },
  // Scheduled changes: the list any admin's, setting and cancelling an Editor's (an item or change that does not exist: 404).
  { call: 'GET /api/content/schedule', allowed: admins, run: (c) => c.get('/api/content/schedule') },
  {
    call: 'POST /api/content/{collection}/{id}/schedule',
    allowed: ['Editor', 'Super Admin'],
    run: (c) => c.post(`${api.contentItem('services', missing)}/schedule`, { at: soon(), action: 'publish' }),
  },
  {
    call: 'DELETE /api/content/schedule/{id}',
    allowed: ['Editor', 'Super Admin'],
    run: (c) => c.delete(`/api/content/schedule/${missing}`),
  },
  // The media library is site content: any admin reads it, Editors and Super Admins upload (JSON, not a
  // file: 415), describe (no alt: 400) and delete (a file that does not exist: 404).
  { call: 'GET /api/media', allowed: admins, run: (c) => c.get(api.media) },
  { call: 'POST /api/media', allowed: ['Editor', 'Super Admin'], run: (c) => c.post(api.media, {}) },
  { call: 'GET /api/media/{id}', allowed: admins, run: (c) => c.get(`${api.media}/${missing}`) },
  { call: 'PUT /api/media/{id}', allowed: ['Editor', 'Super Admin'], run: (c) => c.put(`${api.media}/${missing}`, {}) },
  { call: 'DELETE /api/media/{id}', allowed: ['Editor', 'Super Admin'], run: (c) => c.delete(`${api.media}/${missing}`) },
  { call: 'GET /api/staff/me', allowed: ['staffPending', 'staff'], run: (c) => c.get(api.staffMe) },
  // Enquiries: the form is public (a bad body: 400); the inbox any admin's, and a staff member's
  // with their own password chosen on the enquiries assigned to them (team access: an unknown one
  // answers 404); the unread count and the export the admins'; delete a Super Admin's.
  { call: 'POST /api/enquiries', allowed: everyone, run: (c) => c.post(api.enquiries, {}) },
  { call: 'POST /contact', allowed: everyone, run: (c) => c.postForm('/contact', 'fullName=') },
  // The newsletter: sign-up and its pages public (bad input: 400), the list any admin's, delete a
  // Super Admin's, a send an Editor's (an article that does not exist: 404).
  { call: 'POST /api/subscribers', allowed: everyone, run: (c) => c.post(api.subscribers, {}) },
  { call: 'POST /subscribe', allowed: everyone, run: (c) => c.postForm('/subscribe', 'email=') },
  { call: 'POST /subscribe/confirm', allowed: everyone, run: (c) => c.postForm('/subscribe/confirm?token=x', '') },
  {
    call: 'POST /unsubscribe',
    allowed: everyone,
    run: (c) => c.postForm('/unsubscribe?token=x', 'List-Unsubscribe=One-Click'),
  },
  { call: 'GET /api/subscribers', allowed: admins, run: (c) => c.get(api.subscribers) },
  { call: 'GET /api/subscribers/export', allowed: admins, run: (c) => c.get(api.subscribersExport) },
  { call: 'DELETE /api/subscribers/{id}', allowed: ['Super Admin'], run: (c) => c.delete(`${api.subscribers}/${missing}`) },
  { call: 'GET /api/content/insights/{id}/newsletter', allowed: admins, run: (c) => c.get(api.insightNewsletter(missing)) },
  {
    call: 'POST /api/content/insights/{id}/newsletter',
    allowed: ['Editor', 'Super Admin'],
    run: (c) => c.post(api.insightNewsletter(missing)),
  },
  { call: 'GET /api/enquiries', allowed: [...admins, 'staff'], run: (c) => c.get(api.enquiries) },
  { call: 'GET /api/enquiries/unread-count', allowed: admins, run: (c) => c.get(api.enquiriesUnreadCount) },
  { call: 'GET /api/enquiries/export.csv', allowed: admins, run: (c) => c.get(api.enquiriesExport) },
  { call: 'GET /api/enquiries/{id}', allowed: [...admins, 'staff'], run: (c) => c.get(api.enquiryById(missing)) },
  { call: 'PUT /api/enquiries/{id}', allowed: [...admins, 'staff'], run: (c) => c.put(api.enquiryById(missing), { status: 'Open' }) },
  { call: 'POST /api/enquiries/{id}/notes', allowed: [...admins, 'staff'], run: (c) => c.post(api.enquiryNotes(missing), { text: 'x' }) },
  { call: 'DELETE /api/enquiries/{id}', allowed: ['Super Admin'], run: (c) => c.delete(api.enquiryById(missing)) },
  {
    call: 'PUT /api/enquiries/{id}/stage',
    allowed: [...admins, 'staff'],
    run: (c) => c.put(`${api.enquiryById(missing)}/stage`, { stage: 'won' }),
  },
  // Answering enquiries: admins on any, staff on their own (team access; a missing one: 404).
  {
    call: 'POST /api/enquiries/{id}/replies',
    allowed: [...admins, 'staff'],
    run: (c) => c.post(api.enquiryReplies(missing), { subject: 'Re', body: 'x' }),
  },
  {
    call: 'POST /api/enquiries/{id}/contacts',
    allowed: [...admins, 'staff'],
    run: (c) => c.post(api.enquiryContacts(missing), { channel: 'phone', note: '' }),
  },
  { call: 'GET /api/enquiries/{id}/timeline', allowed: [...admins, 'staff'], run: (c) => c.get(api.enquiryTimeline(missing)) },
  { call: 'GET /api/staff/me/company-whatsapp', allowed: ['staff'], run: (c) => c.get(api.staffMyCompanyWhatsapp) },
  // Saved replies: read by any admin and by staff, kept by Editors and Super Admins.
  { call: 'GET /api/saved-replies', allowed: [...admins, 'staff'], run: (c) => c.get(api.savedReplies) },
  { call: 'POST /api/saved-replies', allowed: ['Editor', 'Super Admin'], run: (c) => c.post(api.savedReplies, {}) },
  { call: 'PUT /api/saved-replies/{id}', allowed: ['Editor', 'Super Admin'], run: (c) => c.put(api.savedReplyById(missing), {}) },
  { call: 'DELETE /api/saved-replies/{id}', allowed: ['Editor', 'Super Admin'], run: (c) => c.delete(api.savedReplyById(missing)) },
  {
    call: 'POST /api/staff/me/password',
    allowed: ['staffPending', 'staff'],
    run: (c) => c.post(api.staffMyPassword, { currentPassword: 'x', newPassword: 'short' }),
  },
  // Quotes: any admin, and staff with their own password (on the enquiries assigned to them:
  // an unknown one answers 404); the public page and its forms anyone (an unknown link: 404).
  { call: 'GET /api/quotes', allowed: [...admins, 'staff'], run: (c) => c.get(`/api/quotes?enquiryId=${missing}`) },
  { call: 'POST /api/quotes', allowed: [...admins, 'staff'], run: (c) => c.post('/api/quotes', {}) },
  { call: 'GET /api/quotes/{id}', allowed: [...admins, 'staff'], run: (c) => c.get(`/api/quotes/${missing}`) },
  { call: 'PUT /api/quotes/{id}', allowed: [...admins, 'staff'], run: (c) => c.put(`/api/quotes/${missing}`, {}) },
  { call: 'POST /api/quotes/{id}/send', allowed: [...admins, 'staff'], run: (c) => c.post(`/api/quotes/${missing}/send`) },
  { call: 'POST /api/quotes/{id}/withdraw', allowed: [...admins, 'staff'], run: (c) => c.post(`/api/quotes/${missing}/withdraw`) },
  { call: 'GET /api/quotes/{id}/pdf', allowed: [...admins, 'staff'], run: (c) => c.get(`/api/quotes/${missing}/pdf`) },
  { call: 'GET /quote/{token}', allowed: everyone, run: (c) => c.get('/quote/unknown') },
  { call: 'POST /quote/{token}/accept', allowed: everyone, run: (c) => c.postForm('/quote/unknown/accept', 'name=') },
  { call: 'POST /quote/{token}/question', allowed: everyone, run: (c) => c.postForm('/quote/unknown/question', 'name=') },
  { call: 'GET /quote/{token}/pdf', allowed: everyone, run: (c) => c.get('/quote/unknown/pdf') },
  // Following leads up: contacts and the report for any admin; reminders for admins, and for staff
  // on their own enquiries (unknown ids: 404, past the permission check, nothing changed).
  { call: 'GET /api/contacts', allowed: admins, run: (c) => c.get(api.contacts) },
  { call: 'GET /api/contacts/{key}', allowed: admins, run: (c) => c.get(api.contactByKey('nobody@kafue.test')) },
  // The site's redirects and missing pages: read by any admin, changed by editors (an empty body: 400; an unknown id: 404).
  { call: 'GET /api/redirects', allowed: admins, run: (c) => c.get('/api/redirects') },
  { call: 'POST /api/redirects', allowed: ['Editor', 'Super Admin'], run: (c) => c.post('/api/redirects', {}) },
  { call: 'PUT /api/redirects/{id}', allowed: ['Editor', 'Super Admin'], run: (c) => c.put(`/api/redirects/${missing}`, {}) },
  { call: 'DELETE /api/redirects/{id}', allowed: ['Editor', 'Super Admin'], run: (c) => c.delete(`/api/redirects/${missing}`) },
  { call: 'GET /api/not-found', allowed: admins, run: (c) => c.get('/api/not-found') },
  { call: 'GET /api/reports/leads', allowed: admins, run: (c) => c.get(`${api.leadReport}?from=2026-01-01&to=2026-12-31`) },
  // Analytics: every page's beacon from anyone; the report for any admin.
  {
    call: 'POST /api/collect',
    allowed: everyone,
    run: (c) => c.post(collectPath, JSON.stringify({ path: '/' }), { 'content-type': 'text/plain;charset=UTF-8' }),
  },
  { call: 'GET /api/analytics', allowed: admins, run: (c) => c.get(`${api.analytics}?from=2026-01-01&to=2026-12-31`) },
  { call: 'GET /api/enquiries/{id}/reminders', allowed: [...admins, 'staff'], run: (c) => c.get(api.enquiryReminders(missing)) },
  {
    call: 'POST /api/enquiries/{id}/reminders',
    allowed: [...admins, 'staff'],
    run: (c) => c.post(api.enquiryReminders(missing), { at: soon() }),
  },
  { call: 'GET /api/reminders', allowed: [...admins, 'staff'], run: (c) => c.get(api.reminders) },
  { call: 'POST /api/reminders/{id}/done', allowed: [...admins, 'staff'], run: (c) => c.post(api.reminderDone(missing)) },
  {
    call: 'POST /api/reminders/{id}/snooze',
    allowed: [...admins, 'staff'],
    run: (c) => c.post(api.reminderSnooze(missing), { at: soon() }),
  },
  // Password reset by e-mail: open to anyone (empty bodies: 400, nothing mailed or changed).
  { call: 'POST /api/auth/forgot-password', allowed: everyone, run: (c) => c.post(api.forgotPassword, {}) },
  { call: 'POST /api/auth/reset-password', allowed: everyone, run: (c) => c.post(api.resetPassword, {}) },
  // Sign-in is open to anyone (an empty body: 400, past the permission check, nothing signed in).
  { call: 'POST /api/settings/login', allowed: everyone, run: (c) => c.post(api.adminLogin, {}) },
  { call: 'POST /api/auth/login', allowed: everyone, run: (c) => c.post(api.authLogin, {}) },
  { call: 'POST /api/staff/login', allowed: everyone, run: (c) => c.post(api.staffLogin, {}) },
  // Sign-out too (it ends whatever session there is): last, as it ends the callers' sessions.
  { call: 'POST /api/settings/logout', allowed: everyone, run: (c) => c.post(api.adminLogout) },
  { call: 'POST /api/auth/logout', allowed: everyone, run: (c) => c.post(api.authLogout) },
  { call: 'POST /api/staff/logout', allowed: everyone, run: (c) => c.post(api.staffLogout) },
];

describe('permission matrix', () => {
  for (const row of rows) {
    it(row.call, async () => {
      const seen: Record<string, number> = {};
      for (const who of everyone) {
        const answer = await row.run(clients[who]);
        seen[who] = answer.status;
        if (row.allowed.includes(who)) {
          expect([401, 403], `${who} should be allowed ${row.call}`).not.toContain(answer.status);
        } else if (noSession.includes(who)) {
          expect(answer, `${who} on ${row.call}`).toMatchObject({ status: 401, body: { message: messages.notSignedIn } });
        } else {
          expect(answer.status, `${who} on ${row.call}`).toBe(403);
          // A staff member who has not chosen their own password is told to, on the portal's calls.
          const portal = who === 'staffPending' && row.allowed.includes('staff');
          expect(answer.body.message).toBe(portal ? messages.passwordChangeRequired : messages.forbidden);
        }
        expect(answer.status, `${who} on ${row.call}`).toBeLessThan(500);
      }
      matrix.set(row.call, seen);
    });
  }

  it('sign-out calls are open to anyone (they end whatever session there is)', async () => {
    for (const path of [api.adminLogout, api.authLogout, api.staffLogout]) {
      expect((await t.client().post(path)).status).toBe(200);
    }
  });

  it("the guard's admin rules: an admin with something pending passes only adminPending calls", async () => {
    const admin = { kind: 'admin', sessionId: 's', id: 'i', name: 'n', email: 'e', role: 'Super Admin', twoFactorEnabled: false } as const;
    const check = (principal: object, access: 'adminPending' | 'anyAdmin' | 'editor' | 'superAdmin') =>
      authorize({ state: { principal } } as never, { db: t.db } as never, access);
    for (const [pending, message] of [
      ['passwordChange', messages.passwordExpired],
      ['twoFactorEnrolment', messages.twoFactorEnrolmentRequired],
    ] as const) {
      await expect(check({ ...admin, pending }, 'adminPending')).resolves.toBeDefined();
      for (const access of ['anyAdmin', 'editor', 'superAdmin'] as const) {
        await expect(check({ ...admin, pending }, access)).rejects.toMatchObject({ status: 403, message });
      }
    }
    await expect(check(admin, 'superAdmin')).resolves.toBeDefined();
    await expect(check({ ...admin, role: 'Moderator', pending: 'passwordChange' }, 'superAdmin')).rejects.toMatchObject({ status: 403 });
  });

  it("the guard's staff rules: the portal needs a chosen password and an Active account", async () => {
    const staff = { kind: 'staff', sessionId: 's', id: 'i', name: 'n', email: 'e', role: 'Staff' } as const;
    const check = (principal: object, access: 'staff' | 'staffPendingPassword') =>
      authorize({ state: { principal } } as never, { db: t.db } as never, access);
    await expect(check({ ...staff, status: 'Active', mustChangePassword: true }, 'staff')).rejects.toMatchObject({
      status: 403,
      message: messages.passwordChangeRequired,
    });
    await expect(check({ ...staff, status: 'Active', mustChangePassword: true }, 'staffPendingPassword')).resolves.toBeDefined();
    await expect(check({ ...staff, status: 'Active', mustChangePassword: false }, 'staff')).resolves.toBeDefined();
    await expect(check({ ...staff, status: 'Inactive', mustChangePassword: false }, 'staffPendingPassword')).rejects.toMatchObject({
      status: 403,
      message: messages.staffInactive,
    });
    await expect(check({ ...staff, status: 'Suspended', mustChangePassword: false }, 'staff')).rejects.toMatchObject({
      status: 403,
      message: messages.staffSuspended,
    });
  });

  it("the console's capabilities name the access their calls declare (common/src/permissions.ts)", () => {
    const accessOf = new Map(t.endpoints.map((e) => [`${e.method} ${e.path}`, e.access]));
    for (const [capability, { access, calls: names }] of Object.entries(capabilities)) {
      for (const name of names) {
        const { method, path } = calls[name];
        expect(accessOf.get(`${method} ${path}`), `${capability}: ${name}`).toBe(access);
      }
    }
  });
});
