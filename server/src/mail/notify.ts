/**
 * Who hears of what by e-mail. Each function queues its mails in the
 * caller's transaction. Every mail names the company by the General settings' Site Name; system
 * alerts go to their Admin Email, which is also the Reply-To of the mails to staff (their replies
 * reach the office); a new-enquiry mail answers the visitor on Reply.
 */
import type { DataSource, EntityManager } from 'typeorm';
import { brand } from '@kafue/common/brand';
import {
  defaultNotificationSettings,
  type EmailFrequency,
  type GeneralSettings,
  type NotificationSettings,
  type Timezone,
} from '@kafue/common/contract';
import { describeSnapshot, enquiryKindLabels, type EnquiryKind, type RequestSnapshot } from '@kafue/common/requests';
import { notificationSettings } from '@kafue/common/schemas';
import { fromLocalClock, toLocalClock } from '@kafue/common/time';
import type { AuditRecorder } from '../audit/audit.js';
import { readGeneralSettings } from '../settings/settings.js';
import { queueMail } from './queue.js';

export async function general(m: EntityManager | DataSource): Promise<GeneralSettings & { company: string }> {
  const settings = await readGeneralSettings(m);
  return { ...settings, company: asOneLine(settings.siteName) || brand.company };
}

const notificationPartial = notificationSettings.partial().extend({
  notificationTypes: notificationSettings.shape.notificationTypes.partial().optional(),
});

/** Stored settings over the defaults; what the store cannot read counts as the defaults. */
export function withDefaults(value: unknown): NotificationSettings {
  const stored = notificationPartial.safeParse(value ?? {});
  const data = stored.success ? stored.data : {};
  return {
    ...defaultNotificationSettings,
    ...data,
    notificationTypes: { ...defaultNotificationSettings.notificationTypes, ...data.notificationTypes },
  };
}

/** Every admin with their notification settings. */
export async function adminsWithSettings(m: EntityManager | DataSource) {
  const rows = await m.query<{ id: string; name: string; email: string; value: unknown }[]>(
    `SELECT a.id, a.name, a.email, n.value FROM admins a
       LEFT JOIN admin_notification_settings n ON n.admin_id = a.id ORDER BY a.created_at, a.id`,
  );
  return rows.map((r) => ({ ...r, settings: withDefaults(r.value) }));
}

const wantsEnquiries = (s: NotificationSettings, frequency: EmailFrequency) =>
  s.emailEnabled && s.notificationTypes.newEnquiry && s.emailFrequency === frequency;

interface EnquiryFacts {
  id: string;
  full_name: string;
  email: string | null;
  phone: string | null;
  service: string | null;
  message: string;
  created_at: Date;
}

/** A new enquiry's facts, with what its call to action asked for. */
interface NewEnquiryFacts extends EnquiryFacts {
  kind: EnquiryKind;
  request: RequestSnapshot | null;
  page: string | null;
}

export const signature = (company: string) => `\n\n-- \n${company}`;

/**
 * Visitor text set apart from the mail's own lines: after every labelled field and a blank line,
 * each of its lines quoted ("> "), so that no line of it can read as a field ("Bcc: ...").
 */
export const quoted = (text: string) =>
  text
    .split(/\r\n|[\r\n\u0085\u2028\u2029]/)
    .map((line) => `> ${line}`.trimEnd())
    .join('\n');

/** A one-line value (a name, a phone number) as one line, whatever an older record holds. */
export const asOneLine = (value: string) => value.replace(/[\s\u0085]+/g, ' ').trim();

/** A client as a mail names them: `Name <address>`, or `Name (WhatsApp +260...)` when they gave no address. */
export const clientInWords = (e: { full_name: string; email: string | null; phone: string | null }) =>
  e.email ? `${asOneLine(e.full_name)} <${e.email}>` : `${asOneLine(e.full_name)} (WhatsApp ${asOneLine(e.phone ?? '')})`;

/**
 * A console address as a mail gives it: absolute, from PUBLIC_URL (config.ts keeps it without a
 * trailing slash), so that it can be clicked (a bare path in a mail is plain text to every mail program).
 */
export const consoleLink = (publicUrl: string, path: string) => `${publicUrl}${path}`;

/** Where the inbox opens one enquiry (Enquiries.tsx reads `open`). */
export const enquiryLink = (publicUrl: string, id: string) => consoleLink(publicUrl, `/admin/enquiries?open=${id}`);

/** The assignee, or (unassigned) none; and every admin who takes mail. */
export async function teamToTell(m: EntityManager, enquiryId: string) {
  const [assignee] = await m.query<{ name: string; email: string }[]>(
    `SELECT s.name, s.email FROM enquiries e JOIN staff_users s ON s.id = e.assignee_id WHERE e.id = $1 AND s.status = 'Active'`,
    [enquiryId],
  );
  const admins = await m.query<{ email: string }[]>(
    `SELECT a.email FROM admins a LEFT JOIN admin_notification_settings n ON n.admin_id = a.id
      WHERE coalesce((n.value ->> 'emailEnabled')::boolean, true) ORDER BY a.created_at, a.id`,
  );
  return { assignee, admins: admins.map((a) => a.email) };
}

/**
 * The client wrote again on an enquiry (an email now; a WhatsApp message next): the assignee, or
 * (unassigned) every admin who takes mail, hears of it, with the start of what they wrote; replying
 * to the mail answers the client.
 */
export async function clientWrote(
  m: EntityManager,
  enquiryId: string,
  message: { channel: 'email' | 'whatsapp'; text: string },
  publicUrl: string,
): Promise<void> {
  const { assignee, admins } = await teamToTell(m, enquiryId);
  const [e] = await m.query<{ full_name: string; email: string | null; phone: string | null }[]>(
    `SELECT full_name, email, phone FROM enquiries WHERE id = $1`,
    [enquiryId],
  );
  if (!e) return;
  const { company } = await general(m);
  const name = asOneLine(e.full_name);
  const by = message.channel === 'email' ? 'by email' : 'on WhatsApp';
  const where = assignee ? consoleLink(publicUrl, '/staff/dashboard') : enquiryLink(publicUrl, enquiryId);
  const text = message.text.length > 2000 ? `${message.text.slice(0, 2000)}…` : message.text;
  for (const to of assignee ? [assignee.email] : admins) {
    await queueMail(m, {
      to,
      subject: `[${company}] ${name} replied ${by}`,
      text: `${clientInWords(e)} wrote ${by}. It awaits your reply: ${where}\n\n${quoted(text)}` + signature(company),
      replyTo: e.email ?? undefined,
    });
  }
}

/** A new enquiry (not spam) arrived: the admins who asked for instant mail hear of it. */
export async function enquiryReceived(m: EntityManager, enquiryId: string, publicUrl: string): Promise<void> {
  const recipients = (await adminsWithSettings(m)).filter((a) => wantsEnquiries(a.settings, 'instant'));
  if (recipients.length === 0) return;
  const { company } = await general(m);
  const [e] = await m.query<(NewEnquiryFacts & { earlier: number })[]>(
    `SELECT id, full_name, email, phone, service, message, created_at, kind, request, page,
            (SELECT count(*)::int FROM enquiries p WHERE lower(p.email) = lower(e.email) AND p.created_at < e.created_at AND p.status <> 'Spam') AS earlier
       FROM enquiries e WHERE id = $1`,
    [enquiryId],
  );
  const name = asOneLine(e.full_name);
  const text =
    `A new enquiry came in through the ${company} website.\n` +
    `Open it in the console: ${enquiryLink(publicUrl, e.id)}\nReplying to this mail answers ${name}.\n\n` +
    `From: ${clientInWords(e)}\n` +
    (e.earlier > 0 ? `Known contact: ${e.earlier} earlier ${e.earlier === 1 ? 'enquiry' : 'enquiries'} from this address\n` : '') +
    (e.phone ? `Phone: ${asOneLine(e.phone)}\n` : '') +
    `Service: ${e.service ?? 'not chosen'}\n` +
    `Kind: ${enquiryKindLabels[e.kind]}\n` +
    (e.request ? `Request: ${asOneLine(describeSnapshot(e.request))}\n` : '') +
    (e.page ? `Sent from: ${asOneLine(e.page)}\n` : '') +
    `Message:\n\n${quoted(e.message)}` +
    signature(company);
  for (const admin of recipients) {
    await queueMail(m, { to: admin.email, subject: `[${company}] New enquiry from ${name}`, text, replyTo: e.email ?? undefined });
  }
}

/** An enquiry was assigned to a staff member: they hear of it. */
export async function enquiryAssigned(m: EntityManager, enquiryId: string, staffId: string, publicUrl: string): Promise<void> {
  const [staff] = await m.query<{ name: string; email: string }[]>(`SELECT name, email FROM staff_users WHERE id = $1`, [staffId]);
  const [e] = await m.query<EnquiryFacts[]>(
    `SELECT id, full_name, email, phone, service, message, created_at FROM enquiries WHERE id = $1`,
    [enquiryId],
  );
  if (!staff || !e) return;
  const { company, adminEmail } = await general(m);
  const name = asOneLine(e.full_name);
  await queueMail(m, {
    to: staff.email,
    subject: `[${company}] An enquiry was assigned to you: ${name}`,
    text:
      `Hello ${asOneLine(staff.name)},\n\nAn enquiry from ${clientInWords(e)} was assigned to you` +
      (e.service ? ` (${e.service})` : '') +
      `.\nWork it in your staff portal: ${consoleLink(publicUrl, '/staff/dashboard')}\n\nMessage:\n\n${quoted(e.message)}` +
      signature(company),
    replyTo: adminEmail || undefined,
  });
}

/**
 * A reply of theirs bounced: its author (admin or staff) hears of it, with the reason and where
 * to answer otherwise (nobody, when their account is gone).
 */
export async function replyBounced(
  m: EntityManager,
  reply: UndeliveredReply & { channel: 'email' | 'whatsapp' },
  reason: string,
  publicUrl: string,
): Promise<void> {
  if (!reply.to) return;
  const { company } = await general(m);
  const name = asOneLine(reply.full_name);
  const where = reply.kind === 'admin' ? enquiryLink(publicUrl, reply.enquiry_id) : consoleLink(publicUrl, '/staff/dashboard');
  const what =
    reply.channel === 'email'
      ? `Your reply "${asOneLine(reply.subject)}" to ${clientInWords(reply)} did not reach them: their mail server refused it.\n`
      : `Your WhatsApp reply to ${clientInWords({ ...reply, email: null })} did not reach them: WhatsApp refused it.\n` +
        `It said: ${asOneLine(reply.subject).slice(0, 200)}\n`;
  const otherwise =
    reply.channel === 'email'
      ? 'Check the address, or reach them another way (a call, WhatsApp), and log the contact'
      : reply.email
        ? 'Reply by email, or call them, and log the contact'
        : 'Call them, and log the contact';
  await queueMail(m, {
    to: reply.to,
    subject: `[${company}] Your reply to ${name} was not delivered`,
    text: what + `Reason given: ${asOneLine(reason)}\n\n${otherwise}: ${where}` + signature(company),
  });
}

/** A reply of ours that did not reach the client, with its author's address (null: their account is gone). */
export interface UndeliveredReply {
  enquiry_id: string;
  /** A mail's subject; a WhatsApp message's text. */
  subject: string;
  full_name: string;
  email: string | null;
  phone: string | null;
  to: string | null;
  /** The author's kind: admin or staff. */
  kind: string;
}

/** A staff account was created: a welcome, without the password (the admin hands that over). */
export async function staffWelcome(m: EntityManager, staff: { name: string; email: string }, publicUrl: string): Promise<void> {
  const { company, adminEmail } = await general(m);
  await queueMail(m, {
    to: staff.email,
    subject: `[${company}] Welcome to ${company}`,
    text:
      `Hello ${asOneLine(staff.name)},\n\nAn account was created for you on the ${company} staff portal.\n\n` +
      `Sign in at ${consoleLink(publicUrl, '/staff-login')} with this e-mail address and the one-time password your administrator gives you; ` +
      `you will then choose your own password.` +
      signature(company),
    replyTo: adminEmail || undefined,
  });
}

/** A system alert, to the General settings' Admin Email (none while it is empty). */
export async function systemAlert(m: EntityManager, subject: string, text: string): Promise<void> {
  const { company, adminEmail } = await general(m);
  if (!adminEmail) return;
  await queueMail(m, { to: adminEmail, subject: `[${company}] ${subject}`, text: text + signature(company) });
}

/** A test mail to the admin who asked for it (the first-run checklist); answers the queued row's id. */
export async function testMail(m: EntityManager, to: string): Promise<string> {
  const { company } = await general(m);
  return queueMail(m, {
    to,
    subject: `[${company}] Test mail`,
    text: `This is the test mail you sent from the ${company} console: mail from the website reaches you.` + signature(company),
  });
}

/** An announcement to every Active staff member, one mail each, with its audit row; answers how many were queued. */
export async function staffAnnouncement(db: DataSource, subject: string, message: string, audit: AuditRecorder): Promise<number> {
  return db.transaction(async (m) => {
    const { company, adminEmail } = await general(m);
    const staff = await m.query<{ name: string; email: string }[]>(
      `SELECT name, email FROM staff_users WHERE status = 'Active' ORDER BY created_at, id`,
    );
    for (const s of staff) {
      await queueMail(m, {
        to: s.email,
        subject: `[${company}] ${subject}`,
        text: `Hello ${asOneLine(s.name)},\n\n${message}` + signature(company),
        replyTo: adminEmail || undefined,
      });
    }
    await audit(m, {
      action: 'announcement.send',
      target: { type: 'staff', id: null, label: subject },
      changes: { recipients: { new: staff.length } },
    });
    return staff.length;
  });
}

// ---------------------------------------------------------------------------------------------
// Digests

/**
 * The digest slot `now` falls in, in the timezone: daily, today (covering yesterday); weekly,
 * this week's Monday (covering the seven days before it). A slot lasts until the next, so that a
 * process down at midnight still makes it later.
 */
export function digestSlot(frequency: 'daily' | 'weekly', timezone: Timezone, now: Date) {
  const local = toLocalClock(now, timezone);
  const dayStartLocal = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate());
  const sinceMonday = (local.getUTCDay() + 6) % 7;
  const startLocal = frequency === 'daily' ? dayStartLocal : dayStartLocal - sinceMonday * 86_400_000;
  const days = frequency === 'daily' ? 1 : 7;
  const end = fromLocalClock(startLocal, timezone);
  const start = new Date(end.getTime() - days * 86_400_000);
  return { slot: `${frequency}:${new Date(startLocal).toISOString().slice(0, 10)}`, start, end };
}

/** Enquiries listed in one digest mail; the rest are counted. */
const digestListed = 50;

/**
 * Makes the daily and weekly digests due at `now`, each once across all processes (under an
 * advisory lock, recorded in digest_runs in the same transaction as the mails it queues).
 * Answers the slots made.
 */
export async function runDigests(db: DataSource, now: Date, publicUrl: string): Promise<string[]> {
  const made: string[] = [];
  for (const frequency of ['daily', 'weekly'] as const) {
    const done = await db.transaction(async (m) => {
      const [{ locked }] = await m.query<[{ locked: boolean }]>(`SELECT pg_try_advisory_xact_lock(hashtext('kafue:digest')) AS locked`);
      if (!locked) return undefined;
      const settings = await general(m);
      const { slot, start, end } = digestSlot(frequency, settings.timezone, now);
      if ((await m.query<unknown[]>(`SELECT 1 FROM digest_runs WHERE slot = $1`, [slot])).length) return undefined;
      await m.query(`INSERT INTO digest_runs (slot) VALUES ($1)`, [slot]);
      const recipients = (await adminsWithSettings(m)).filter((a) => wantsEnquiries(a.settings, frequency));
      if (recipients.length === 0) return slot;
      const [{ total }] = await m.query<[{ total: number }]>(
        `SELECT count(*)::int AS total FROM enquiries WHERE created_at >= $1 AND created_at < $2 AND status <> 'Spam'`,
        [start, end],
      );
      if (total === 0) return slot;
      const rows = await m.query<EnquiryFacts[]>(
        `SELECT id, full_name, email, phone, service, message, created_at FROM enquiries
          WHERE created_at >= $1 AND created_at < $2 AND status <> 'Spam' ORDER BY created_at, id LIMIT $3`,
        [start, end, digestListed],
      );
      const company = settings.company;
      const period = frequency === 'daily' ? 'yesterday' : 'last week';
      const lines = rows.map((e) => `- ${clientInWords(e)}${e.service ? `, ${e.service}` : ''}: ${asOneLine(e.message).slice(0, 120)}`);
      const more = total > rows.length ? `\n...and ${total - rows.length} more.` : '';
      const text =
        `${total} new ${total === 1 ? 'enquiry' : 'enquiries'} came in ${period} (${settings.timezone}).\n\n${lines.join('\n')}${more}\n\n` +
        `Open them in the console: ${consoleLink(publicUrl, '/admin/enquiries')}` +
        signature(company);
      const subject = `[${company}] ${frequency === 'daily' ? 'Daily' : 'Weekly'} digest: ${total} new ${total === 1 ? 'enquiry' : 'enquiries'}`;
      for (const admin of recipients) await queueMail(m, { to: admin.email, subject, text });
      return slot;
    });
    if (done) made.push(done);
  }
  return made;
}
