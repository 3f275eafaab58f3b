/**
 * The mail queue's entry point: a mail is a row of `mail_queue`, written in the caller's
 * transaction, so that it exists exactly when the event that causes it does (a rolled-back change
 * mails nobody; a committed one is never lost). The sender (sender.ts) delivers it.
 */
import type { DataSource, EntityManager } from 'typeorm';

/** The channel the sender listens on; notified at commit. */
export const mailChannel = 'kafue_mail';

export interface QueuedMail {
  to: string;
  subject: string;
  text: string;
  replyTo?: string;
  /** Extra headers, e.g. In-Reply-To or List-Unsubscribe (the sender sets From, To and Message-ID). */
  headers?: Record<string, string>;
  /** Files it carries (a receipt's PDF): small ones, kept in the row until it is delivered. */
  attachments?: MailAttachment[];
}

export interface MailAttachment {
  filename: string;
  contentType: string;
  /** The file, base64. */
  content: string;
}

/** The Message-ID the sender gives the queued mail `id` (the same on every attempt). */
export function messageIdOf(id: string, mailFrom: string): string {
  return `<${id}@${mailFrom.split('@')[1] ?? 'kafue'}>`;
}

/** Answers the queued row's id (a caller that waits on the delivery watches it). */
export async function queueMail(m: EntityManager, mail: QueuedMail): Promise<string> {
  const [{ id }] = await m.query<[{ id: string }]>(
    `INSERT INTO mail_queue (to_address, subject, body, reply_to, headers, attachments) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
    [
      mail.to,
      mail.subject.replace(/[\r\n]+/g, ' ').slice(0, 400),
      mail.text,
      mail.replyTo || null,
      mail.headers ?? null,
      mail.attachments ? JSON.stringify(mail.attachments) : null,
    ],
  );
  // Delivered at commit, once per transaction however many mails it queued.
  await m.query(`SELECT pg_notify('${mailChannel}', '')`);
  return id;
}

export type Delivery = { state: 'delivered' } | { state: 'failed'; error: string } | { state: 'waiting' };

/**
 * Waits for a queued mail's first delivery attempt (by any process's sender): its row gone means
 * delivered, a counted attempt means it failed (the sender tries again later); `ms` without either,
 * still waiting.
 */
export async function awaitDelivery(db: DataSource, id: string, ms = 15_000): Promise<Delivery> {
  const end = Date.now() + ms;
  for (;;) {
    const [row] = await db.query<{ attempts: number; last_error: string | null }[]>(
      `SELECT attempts, last_error FROM mail_queue WHERE id = $1`,
      [id],
    );
    if (!row) return { state: 'delivered' };
    if (row.attempts > 0) return { state: 'failed', error: row.last_error ?? '' };
    if (Date.now() >= end) return { state: 'waiting' };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
