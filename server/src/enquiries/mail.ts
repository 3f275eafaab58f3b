/**
 * The mails we send to a client about their enquiry. Each subject carries the enquiry's reference
 * (`[Ref 3F2A9C1B]`), and each mail is recorded with its enquiry (table enquiry_mails), whose
 * Message-ID a client's answer names in In-Reply-To or References: so the answer can find its
 * enquiry, by the headers or, where a mail program drops them, by the subject.
 */
import type { EntityManager } from 'typeorm';
import { queueMail, type QueuedMail } from '../mail/queue.js';

export type EnquiryMailKind = 'acknowledgement' | 'reply' | 'quote' | 'invoice' | 'receipt';

/**
 * The reference a client quotes for an enquiry: the start of its id (random), in capitals. Not
 * guessable from another enquiry's.
 */
export const enquiryReference = (id: string) => id.slice(0, 8).toUpperCase();

/** What a subject carries of the enquiry: `[Ref 3F2A9C1B]`. */
export const referenceTag = (enquiryId: string) => `[Ref ${enquiryReference(enquiryId)}]`;

/** Queues a mail about the enquiry, its reference in the subject (once), and records it; answers the mail's id. */
export async function queueEnquiryMail(m: EntityManager, enquiryId: string, kind: EnquiryMailKind, mail: QueuedMail): Promise<string> {
  const tag = referenceTag(enquiryId);
  const mailId = await queueMail(m, { ...mail, subject: mail.subject.includes(tag) ? mail.subject : `${mail.subject} ${tag}` });
  await m.query(`INSERT INTO enquiry_mails (mail_id, enquiry_id, kind) VALUES ($1, $2, $3)`, [mailId, enquiryId, kind]);
  return mailId;
}
