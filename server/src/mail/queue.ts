/**
 * The mail queue's entry point: a mail is a row of `mail_queue`, written in the caller's
 * transaction, so that it exists exactly when the event that causes it does (a rolled-back change
 * mails nobody; a committed one is never lost). The sender (sender.ts) delivers it.
 */
import type { EntityManager } from 'typeorm';

/** The channel the sender listens on; notified at commit. */
export const mailChannel = 'kafue_mail';

export interface QueuedMail {
  to: string;
  subject: string;
  text: string;
  replyTo?: string;
}

export async function queueMail(m: EntityManager, mail: QueuedMail): Promise<void> {
  await m.query(`INSERT INTO mail_queue (to_address, subject, body, reply_to) VALUES ($1, $2, $3, $4)`, [
    mail.to,
    mail.subject.replace(/[\r\n]+/g, ' ').slice(0, 400),
    mail.text,
    mail.replyTo || null,
  ]);
  // Delivered at commit, once per transaction however many mails it queued.
  await m.query(`SELECT pg_notify('${mailChannel}', '')`);
}
