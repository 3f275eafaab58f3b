/**
 * The conversation with a client: the messages that reach us, each kept once on its enquiry
 * (table enquiry_messages), and shown on the enquiry's timeline. An email finds its enquiry
 * (threadOf) by the mail of ours it answers (In-Reply-To, References: enquiries/mail.ts records
 * them), else by the reference in its subject, else by its sender when they have exactly one open
 * enquiry; otherwise it starts an enquiry of kind `email`, acknowledged as the contact form's are.
 * A client's message makes the enquiry await our reply (clientMessage); an automatic one (an
 * auto-reply, a delivery report) is kept but changes no clock, and never starts an enquiry.
 */
import type { DataSource, EntityManager } from 'typeorm';
import EmailReplyParser from 'email-reply-parser';
import { simpleParser, type AddressObject, type HeaderValue } from 'mailparser';
import type { TimelineEntry } from '@kafue/common/leads';
import { enquiryLimits } from '@kafue/common/vocabulary';
import { writeAudit } from '../audit/audit.js';
import { attachmentsOf, keepAttachments, type InboundFile } from './attachments.js';
import { acknowledgeEnquiry, clientMessage, startReplyClock } from '../enquiries/clock.js';
import { enquiryTarget } from '../enquiries/enquiries.js';
import { markBounced } from '../enquiries/replies.js';
import { clientWrote, enquiryReceived } from '../mail/notify.js';

type Db = DataSource | EntityManager;

/** An email as it reached the mailbox, read (readEmail). */
export interface InboundEmail {
  /** Its Message-ID, or one made from its place in the mailbox when it has none. */
  messageId: string;
  fromName: string;
  fromAddress: string;
  subject: string;
  /** Its text (made from its HTML when it has no text part: never HTML). */
  text: string;
  /** The Message-IDs it names in In-Reply-To and References. */
  answers: string[];
  /** An auto-reply or bulk mail (Auto-Submitted other than no, X-Autoreply, Precedence bulk, junk or list). */
  automatic: boolean;
  /** A delivery-status report (a bounce). */
  deliveryReport: boolean;
  /** A delivery-status report's reason for a delivery that failed (not one delayed). */
  failure: string | undefined;
  /** The files it brought (none kept from a delivery report: they are our own mail's). */
  attachments: InboundFile[];
  /** The whole source, as text. */
  original: string;
}

/** A header's value in lower case and its parameters (`multipart/report; report-type=...`). */
function headerOf(value: HeaderValue | undefined): { value: string; params: Record<string, string> } {
  if (typeof value === 'string') return { value: value.trim().toLowerCase(), params: {} };
  if (value && typeof value === 'object' && 'value' in value && typeof value.value === 'string') {
    return { value: value.value.trim().toLowerCase(), params: (value as { params?: Record<string, string> }).params ?? {} };
  }
  return { value: '', params: {} };
}

/**
 * The reason a delivery-status report (RFC 3464) gives for a recipient whose delivery failed: its
 * Diagnostic-Code (the remote server's answer) without its type, else its Status; undefined when
 * no recipient failed (a delay, a relay). mailparser gives the status part inline in the text.
 */
export function failureOf(text: string): string | undefined {
  const blocks = text
    .replace(/\r\n/g, '\n')
    .replace(/\n[ \t]+/g, ' ')
    .split(/\n\s*\n/);
  for (const block of blocks) {
    const field = (name: string) => new RegExp(`^${name}:[ \t]*(.*)$`, 'im').exec(block)?.[1]?.trim();
    if (field('Action')?.toLowerCase() !== 'failed') continue;
    const diagnostic = field('Diagnostic-Code')?.replace(/^[\w-]+;\s*/, '');
    return (diagnostic || field('Status') || 'failed').slice(0, 500);
  }
  return undefined;
}

/** Reads a message's source; `placeId` names it when it has no Message-ID (e.g. `imap:<validity>:<uid>`). */
export async function readEmail(source: Buffer, placeId: string): Promise<InboundEmail> {
  const mail = await simpleParser(source, { skipImageLinks: true, skipTextToHtml: true });
  const from = ([mail.from].flat().filter(Boolean) as AddressObject[])[0]?.value[0];
  const autoSubmitted = headerOf(mail.headers.get('auto-submitted')).value;
  const precedence = headerOf(mail.headers.get('precedence')).value;
  const contentType = headerOf(mail.headers.get('content-type'));
  const report = contentType.value === 'multipart/report' && contentType.params['report-type']?.toLowerCase() === 'delivery-status';
  const ids = [mail.inReplyTo ?? '', ...[mail.references ?? []].flat()].join(' ').match(/<[^<>\s]+>/g) ?? [];
  return {
    messageId: mail.messageId ?? placeId,
    fromName: (from?.name ?? '').trim(),
    fromAddress: (from?.address ?? '').trim(),
    subject: (mail.subject ?? '').trim(),
    text: (mail.text ?? '').replace(/\r\n/g, '\n').trim(),
    answers: [...new Set(ids)],
    automatic:
      report ||
      (autoSubmitted !== '' && autoSubmitted !== 'no') ||
      mail.headers.has('x-autoreply') ||
      ['bulk', 'junk', 'list'].includes(precedence),
    deliveryReport: report,
    failure: report ? failureOf(mail.text ?? '') : undefined,
    attachments: report ? [] : mail.attachments.map((a) => ({ fileName: a.filename ?? '', content: a.content })),
    original: source.toString('utf8'),
  };
}

/** The new part of a message and what it quotes (the history, the signature), folded away. */
export function foldQuoted(text: string): { body: string; quoted: string } {
  const parsed = new EmailReplyParser().read(text);
  const body = parsed.getVisibleText().trim();
  // A message that is all quote (a forward, say) keeps its text visible.
  return body ? { body, quoted: parsed.getQuotedText().trim() } : { body: text, quoted: '' };
}

/** Our mails' ids, from Message-IDs `<mail id@domain>` (mail/queue.ts messageIdOf). */
const ourMailIds = (ids: string[]) =>
  ids
    .map((id) => /^<([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})@/i.exec(id)?.[1]?.toLowerCase())
    .filter((id): id is string => !!id);

/** Our mails an email names: those it answers; a delivery report's, anywhere in it (the headers it quotes). */
const namedMails = (mail: InboundEmail) =>
  ourMailIds(mail.deliveryReport ? [...mail.answers, ...(mail.original.match(/<[^<>\s]+>/g) ?? [])] : mail.answers);

interface Thread {
  enquiryId: string;
  email: string;
  /** By our mail's id or the reference: it may come from another address. */
  byMark: boolean;
}

/**
 * The enquiry an email belongs to, by the rules in order: (a) a mail of ours it answers, (b) the
 * reference in its subject, (c) its sender's one open enquiry (New or Open). A delivery report
 * names our mail inside it (its headers quoted): it is looked for in the whole source.
 */
export async function threadOf(m: EntityManager, mail: InboundEmail): Promise<Thread | undefined> {
  const ids = namedMails(mail);
  if (ids.length) {
    const [row] = await m.query<{ id: string; email: string }[]>(
      `SELECT e.id, e.email FROM enquiry_mails s JOIN enquiries e ON e.id = s.enquiry_id
        WHERE s.mail_id = ANY($1::uuid[]) ORDER BY s.created_at DESC LIMIT 1`,
      [ids],
    );
    if (row) return { enquiryId: row.id, email: row.email, byMark: true };
  }
  const reference = /\[Ref ([0-9A-F]{8})\]/i.exec(mail.subject)?.[1]?.toLowerCase();
  if (reference) {
    // The reference is the start of the enquiry's id: a range of the primary key.
    const rows = await m.query<{ id: string; email: string }[]>(
      `SELECT id, email FROM enquiries WHERE id BETWEEN $1::uuid AND $2::uuid LIMIT 2`,
      [`${reference}-0000-0000-0000-000000000000`, `${reference}-ffff-ffff-ffff-ffffffffffff`],
    );
    if (rows.length === 1) return { enquiryId: rows[0].id, email: rows[0].email, byMark: true };
  }
  if (mail.fromAddress) {
    const rows = await m.query<{ id: string; email: string }[]>(
      `SELECT id, email FROM enquiries WHERE lower(email) = lower($1) AND status IN ('New', 'Open') LIMIT 2`,
      [mail.fromAddress],
    );
    if (rows.length === 1) return { enquiryId: rows[0].id, email: rows[0].email, byMark: false };
  }
  return undefined;
}

/** The system taking a message in, as the audit log names it. */
const mailboxActor = { kind: 'system' as const, id: null, name: 'Inbound mail', email: null };

/** Someone who wrote to us without an enquiry to write on: how they are reached, and what they wrote. */
export interface NewSender {
  fullName: string;
  email: string | null;
  phone: string | null;
  message: string;
  kind: 'email' | 'whatsapp';
}

/**
 * Starts an enquiry from a message no enquiry was found for, as the contact form's start: the
 * reply clock, the admins' "new enquiry" mail and the audit row (`actor`: the channel that took
 * it). Answers its id, when it was received and when a reply is due.
 */
export async function startEnquiry(
  m: EntityManager,
  sender: NewSender,
  actor: { kind: 'system'; id: null; name: string; email: null },
  publicUrl: string,
): Promise<{ id: string; fullName: string; receivedAt: Date; dueAt: Date }> {
  const fullName = sender.fullName.replace(/\s+/g, ' ').trim().slice(0, enquiryLimits.fullName);
  const message = sender.message.slice(0, enquiryLimits.message) || '(no text)';
  const [row] = await m.query<[{ id: string; created_at: Date }]>(
    `INSERT INTO enquiries (full_name, email, phone, message, kind, status) VALUES ($1, $2, $3, $4, $5, 'New') RETURNING id, created_at`,
    [fullName, sender.email?.slice(0, 254) ?? null, sender.phone, message, sender.kind],
  );
  const dueAt = await startReplyClock(m, row.id, row.created_at);
  await enquiryReceived(m, row.id, publicUrl);
  await writeAudit(m, {
    action: 'enquiry.create',
    actor,
    target: enquiryTarget({ _id: row.id, fullName }),
    changes: {
      fullName: { new: fullName },
      ...(sender.email ? { email: { new: sender.email } } : {}),
      ...(sender.phone ? { phone: { new: sender.phone } } : {}),
      kind: { new: sender.kind },
    },
    address: null,
    userAgent: null,
  });
  return { id: row.id, fullName, receivedAt: row.created_at, dueAt };
}

/** Starts an enquiry of kind `email` from a mail no enquiry was found for, acknowledged as the contact form's are. */
async function enquiryFromEmail(m: EntityManager, mail: InboundEmail, body: string, publicUrl: string): Promise<string> {
  const sender = {
    fullName: mail.fromName || mail.fromAddress,
    email: mail.fromAddress,
    phone: null,
    message: [mail.subject, body].filter(Boolean).join('\n\n'),
    kind: 'email' as const,
  };
  const started = await startEnquiry(m, sender, mailboxActor, publicUrl);
  await acknowledgeEnquiry(m, { ...started, email: mail.fromAddress }, publicUrl);
  return started.id;
}

export type Taken = { kept: 'on' | 'new'; enquiryId: string } | { kept: 'already' | 'not' };

/**
 * Keeps an email on its enquiry, in `m`'s transaction: once by its Message-ID ('already' when it
 * was), on the enquiry it threads to or a new one ('not' for an automatic mail that threads to
 * none, or one without a sender: nothing to answer).
 */
export async function takeEmail(m: EntityManager, mail: InboundEmail, publicUrl: string): Promise<Taken> {
  const [known] = await m.query<unknown[]>(`SELECT 1 FROM enquiry_messages WHERE channel = 'email' AND external_id = $1`, [mail.messageId]);
  if (known) return { kept: 'already' };
  const { body, quoted } = foldQuoted(mail.text);
  const thread = await threadOf(m, mail);
  if (!thread && (mail.automatic || !mail.fromAddress)) return { kept: 'not' };
  const enquiryId = thread?.enquiryId ?? (await enquiryFromEmail(m, mail, body, publicUrl));
  const other = !!thread?.byMark && thread.email.toLowerCase() !== mail.fromAddress.toLowerCase();
  const [{ id: messageId, received_at }] = await m.query<[{ id: string; received_at: Date }]>(
    `INSERT INTO enquiry_messages (enquiry_id, direction, channel, external_id, sender_name, sender, subject, body, quoted, original,
                                   automatic, from_other_address)
     VALUES ($1, 'in', 'email', $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id, received_at`,
    [enquiryId, mail.messageId, mail.fromName, mail.fromAddress, mail.subject, body, quoted, mail.original, mail.automatic, other],
  );
  await keepAttachments(m, enquiryId, messageId, mail.attachments);
  if (thread && !mail.automatic) {
    await clientMessage(m, enquiryId, received_at);
    await clientWrote(m, enquiryId, { channel: 'email', text: body }, publicUrl);
  }
  // A delivery failure of a reply of ours: the reply is marked, its author told.
  if (mail.failure) await markBounced(m, namedMails(mail), mail.failure, publicUrl);
  return { kept: thread ? 'on' : 'new', enquiryId };
}

/** A WhatsApp message of ours as the timeline says its delivery (Meta's statuses). */
const deliveryWords = { sent: 'Sent', delivered: 'Delivered', read: 'Read', failed: 'Failed' } as const;

/**
 * The enquiry's messages as timeline entries: the client's (kind `message`), and our WhatsApp
 * replies (kind `reply`, with their delivery state and, failed, Meta's reason).
 */
export async function messageEntries(db: Db, enquiryId: string): Promise<TimelineEntry[]> {
  const rows = await db.query<
    {
      id: string;
      direction: 'in' | 'out';
      channel: 'email' | 'whatsapp';
      sender_name: string;
      sender: string;
      subject: string | null;
      body: string;
      quoted: string;
      automatic: boolean;
      from_other_address: boolean;
      received_at: Date;
      delivery_state: keyof typeof deliveryWords | null;
      delivery_error: string | null;
    }[]
  >(
    `SELECT id, direction, channel, sender_name, sender, subject, body, quoted, automatic, from_other_address, received_at,
            delivery_state, delivery_error
       FROM enquiry_messages WHERE enquiry_id = $1`,
    [enquiryId],
  );
  const files = await attachmentsOf(db, enquiryId);
  return rows.map((r) => {
    const message = {
      _id: r.id,
      direction: r.direction,
      channel: r.channel,
      quoted: r.quoted,
      automatic: r.automatic,
      fromOtherAddress: r.from_other_address,
      attachments: files.get(r.id) ?? [],
    };
    const at = r.received_at.toISOString();
    if (r.direction === 'out') {
      return {
        at,
        kind: 'reply',
        title: 'WhatsApp reply sent',
        text: r.body,
        by: r.sender_name,
        state: deliveryWords[r.delivery_state ?? 'sent'],
        ...(r.delivery_error ? { stateReason: r.delivery_error } : {}),
        message,
      };
    }
    const channel = r.channel === 'email' ? 'Email' : 'WhatsApp message';
    return {
      at,
      kind: 'message',
      title: `${r.automatic ? 'Automatic reply' : channel} from ${r.sender_name || r.sender}${r.subject ? `: ${r.subject}` : ''}`,
      text: r.body,
      by: r.sender_name ? `${r.sender_name} <${r.sender}>` : r.sender,
      message,
    };
  });
}

/** A message's whole source, as text; undefined when the enquiry (or, with `assigneeId`, this staff member's) has no such message. */
export async function messageOriginal(db: Db, enquiryId: string, messageId: string, assigneeId?: string): Promise<string | undefined> {
  const [row] = await db.query<{ original: string | null }[]>(
    `SELECT m.original FROM enquiry_messages m JOIN enquiries e ON e.id = m.enquiry_id
      WHERE m.id = $1 AND m.enquiry_id = $2 ${assigneeId ? 'AND e.assignee_id = $3' : ''}`,
    assigneeId ? [messageId, enquiryId, assigneeId] : [messageId, enquiryId],
  );
  return row ? (row.original ?? '') : undefined;
}
