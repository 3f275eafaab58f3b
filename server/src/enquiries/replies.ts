/**
 * Answering an enquiry: a reply mailed to the enquirer from the company, threaded with the replies
 * before it (In-Reply-To the last one's Message-ID, References all of them, so that mail programs
 * show one conversation), and a contact made outside the product, logged. Either stops the reply
 * clock and moves a new enquiry on (stage.ts). Each runs in one transaction with its audit row.
 */
import type { DataSource, EntityManager } from 'typeorm';
import { brand } from '@kafue/common/brand';
import type { ContactChannel } from '@kafue/common/leads';
import { diff, type AuditRecorder } from '../audit/audit.js';
import { HttpError, notFound } from '../http/errors.js';
import { replyBounced, type UndeliveredReply } from '../mail/notify.js';
import { messageIdOf } from '../mail/queue.js';
import { queueEnquiryMail } from './mail.js';
import { readCompanyProfile, readGeneralSettings } from '../settings/settings.js';
import { enquiryTarget } from './enquiries.js';
import { recordResponse } from './stage.js';

export interface Author {
  kind: 'admin' | 'staff';
  id: string;
  name: string;
}

/**
 * The enquiry, locked until the transaction ends (two replies at once are threaded one after the
 * other), restricted to a staff member's own with `assigneeId`; 404 when there is none.
 */
async function lockEnquiry(m: EntityManager, id: string, assigneeId?: string) {
  const [row] = await m.query<{ id: string; full_name: string; email: string | null }[]>(
    `SELECT id, full_name, email FROM enquiries WHERE id = $1 ${assigneeId ? 'AND assignee_id = $2' : ''} FOR UPDATE`,
    assigneeId ? [id, assigneeId] : [id],
  );
  if (!row) throw notFound();
  return row;
}

/** Mails a reply to the enquirer and records it. */
export async function sendReply(
  db: DataSource,
  mailFrom: string,
  enquiryId: string,
  reply: { subject: string; body: string },
  author: Author,
  assigneeId: string | undefined,
  audit: AuditRecorder,
): Promise<void> {
  await db.transaction(async (m) => {
    const enquiry = await lockEnquiry(m, enquiryId, assigneeId);
    if (!enquiry.email) throw new HttpError(409, `${enquiry.full_name} wrote on WhatsApp and gave no email address: reply by WhatsApp.`);
    const earlier = await m.query<{ message_id: string }[]>(
      `SELECT message_id FROM enquiry_replies WHERE enquiry_id = $1 ORDER BY created_at, id`,
      [enquiryId],
    );
    // One after the other: `m` is a transaction's one connection.
    const company = await readCompanyProfile(m);
    const general = await readGeneralSettings(m);
    const companyName = general.siteName.replace(/\s+/g, ' ').trim() || brand.company;
    const thread = earlier.map((r) => r.message_id);
    const mailId = await queueEnquiryMail(m, enquiryId, 'reply', {
      to: enquiry.email,
      subject: reply.subject,
      text: `${reply.body}\n\n-- \n${author.name}\n${companyName}`,
      replyTo: company.email || undefined,
      headers: thread.length ? { 'In-Reply-To': thread[thread.length - 1], References: thread.join(' ') } : undefined,
    });
    const [{ created_at }] = await m.query<[{ created_at: Date }]>(
      `INSERT INTO enquiry_replies (enquiry_id, subject, body, mail_id, message_id, author_kind, author_id, author_name)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING created_at`,
      [enquiryId, reply.subject, reply.body, mailId, messageIdOf(mailId, mailFrom), author.kind, author.id, author.name.slice(0, 100)],
    );
    await recordResponse(m, enquiryId, created_at);
    // The text went to the enquirer; the log keeps its subject.
    await audit(m, {
      action: 'enquiry.reply',
      target: enquiryTarget({ _id: enquiryId, fullName: enquiry.full_name }),
      changes: { subject: { new: reply.subject } },
    });
  });
}

/** Logs a contact made outside the product. */
export async function logContact(
  db: DataSource,
  enquiryId: string,
  contact: { channel: ContactChannel; note: string },
  author: Author,
  assigneeId: string | undefined,
  audit: AuditRecorder,
): Promise<void> {
  await db.transaction(async (m) => {
    const enquiry = await lockEnquiry(m, enquiryId, assigneeId);
    const [{ created_at }] = await m.query<[{ created_at: Date }]>(
      `INSERT INTO enquiry_contacts (enquiry_id, channel, note, author_kind, author_id, author_name)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING created_at`,
      [enquiryId, contact.channel, contact.note, author.kind, author.id, author.name.slice(0, 100)],
    );
    await recordResponse(m, enquiryId, created_at);
    await audit(m, {
      action: 'enquiry.contact',
      target: enquiryTarget({ _id: enquiryId, fullName: enquiry.full_name }),
      changes: diff(null, contact),
    });
  });
}

/**
 * Marks our replies among `mailIds` (the mails a delivery-failure report names) bounced, with the
 * report's reason, once; the author of each (admin or staff) hears of it by mail, with the
 * enquiry's address in their console. Answers the enquiries of the replies marked.
 */
export async function markBounced(m: EntityManager, mailIds: string[], reason: string, publicUrl: string): Promise<string[]> {
  const bounced = await m.query<UndeliveredReply[]>(
    `WITH marked AS (
       UPDATE enquiry_replies SET bounced_at = now(), bounce_reason = $2
        WHERE mail_id = ANY($1::uuid[]) AND bounced_at IS NULL
        RETURNING enquiry_id, subject, author_kind, author_id)
     SELECT r.enquiry_id, r.subject, e.full_name, e.email, e.phone, r.author_kind AS kind,
            CASE r.author_kind WHEN 'admin' THEN a.email ELSE s.email END AS to
       FROM marked r JOIN enquiries e ON e.id = r.enquiry_id
       LEFT JOIN admins a ON r.author_kind = 'admin' AND a.id = r.author_id
       LEFT JOIN staff_users s ON r.author_kind = 'staff' AND s.id = r.author_id`,
    [mailIds, reason],
  );
  for (const b of bounced) await replyBounced(m, { ...b, channel: 'email' }, reason, publicUrl);
  return [...new Set(bounced.map((b) => b.enquiry_id))];
}
