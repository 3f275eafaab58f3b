/**
 * Clients' WhatsApp messages (Meta's Cloud API) on their enquiries, and our replies back. A
 * notification Meta POSTs is kept as it came (whatsapp_notifications) before it is answered 200,
 * then handled by any process that claims it (a lease, as payments' status checks): a failure
 * (a media download, say) leaves it to be tried again later, so that nothing answered is lost.
 * Each message is kept once by its id (Meta retries). A message joins the open enquiry of its
 * number, else starts an enquiry of kind `whatsapp`. A status moves our reply's delivery on,
 * never back (statuses may arrive out of order).
 */
import type { DataSource } from 'typeorm';
import type { ChannelCheckAnswer, ChannelConnection } from '@kafue/common/conversations';
import { whatsappLimits } from '@kafue/common/conversations';
import { attachmentLimits } from '@kafue/common/schemas';
import type { AuditRecorder } from '../audit/audit.js';
import type { WhatsAppConfig } from '../config.js';
import { clientMessage } from '../enquiries/clock.js';
import { enquiryTarget } from '../enquiries/enquiries.js';
import type { Author } from '../enquiries/replies.js';
import { recordResponse } from '../enquiries/stage.js';
import { HttpError, notFound } from '../http/errors.js';
import { clientWrote, replyBounced } from '../mail/notify.js';
import { keepAttachments } from './attachments.js';
import { connectionOf, notSetUp, type ConnectionRow } from './connection.js';
import { GraphError, type Graph } from './graph.js';
import { startEnquiry } from './messages.js';

/** The system taking a message in, as the audit log names it. */
const whatsappActor = { kind: 'system' as const, id: null, name: 'WhatsApp', email: null };

/** How long a process holds a notification it claimed before another may try it. */
const leaseMs = 60_000;
/** How many times a client's media is tried before their message is kept without it. */
const mediaTries = 5;
/** A status naming a message not recorded yet (its send is still committing) is tried again for this long. */
const unknownStatusMs = 10 * 60_000;

interface WhatsAppMessage {
  from: string;
  id: string;
  timestamp?: string;
  type: string;
  text?: { body?: string };
  [kind: string]: unknown;
}
interface WhatsAppStatus {
  id: string;
  status: string;
  errors?: { code?: number; title?: string; message?: string; error_data?: { details?: string } }[];
}
interface ChangeValue {
  metadata?: { phone_number_id?: string };
  contacts?: { profile?: { name?: string }; wa_id?: string }[];
  messages?: WhatsAppMessage[];
  statuses?: WhatsAppStatus[];
}

/** Keeps a notification as it came, due to be handled at `at` (this process's clock, which handles it then). */
export async function keepNotification(db: DataSource, rawBody: string, at: Date): Promise<void> {
  await db.query(`INSERT INTO whatsapp_notifications (body, next_try_at) VALUES ($1, $2)`, [rawBody, at]);
}

/** The changes' values a notification carries (field `messages`). */
function valuesOf(body: unknown): ChangeValue[] {
  const entries = (body as { entry?: { changes?: { field?: string; value?: ChangeValue }[] }[] })?.entry ?? [];
  return entries.flatMap((e) => e.changes ?? []).flatMap((c) => (c.field === 'messages' && c.value ? [c.value] : []));
}

/** A media message's part: { id, caption?, filename?, mime_type }. */
type MediaPart = { id?: string; caption?: string; filename?: string; mime_type?: string };

/** What a message says in words: its text, a media's caption, or what kind it is. */
function textOf(message: WhatsAppMessage): string {
  if (message.type === 'text') return message.text?.body?.trim() ?? '';
  const part = message[message.type] as MediaPart | undefined;
  if (part?.caption?.trim()) return part.caption.trim();
  const kind = `${/^[aeiou]/i.test(message.type) ? 'an' : 'a'} ${message.type}`;
  if (part?.filename) return `(${kind}: ${part.filename})`;
  return `(${kind} message${part?.id ? '' : ': open WhatsApp to see it'})`;
}

/** A name to keep a client's media under: a document's own, else its kind and the type's usual extension. */
function fileNameOf(message: WhatsAppMessage, part: MediaPart, mimeType: string): string {
  if (part.filename) return part.filename;
  const extension = /^[\w-]+\/([\w.+-]+)/.exec(mimeType)?.[1]?.replace(/^jpeg$/, 'jpg') ?? 'bin';
  return `whatsapp-${message.type}.${extension.replace(/[^\w]/g, '').slice(0, 10)}`;
}

/**
 * Keeps one client message once, in its own transaction: on the newest open enquiry of its number,
 * or a new enquiry of kind `whatsapp`; its media fetched and kept as attachments.
 */
async function takeMessage(
  db: DataSource,
  graph: Graph,
  message: WhatsAppMessage,
  profileName: string,
  notifiedAt: Date,
  attempts: number,
  publicUrl: string,
): Promise<void> {
  const digits = (message.from ?? '').replace(/\D/g, '');
  if (!message.id || !digits) return;
  const part = message[message.type] as MediaPart | undefined;
  // Fetched before the transaction: a download is slow, and a failure leaves the notification to
  // try again; after a few tries the message is kept without it, saying so (never lost for a file).
  let media: { bytes: Buffer; mimeType: string; size?: number } | undefined;
  let lostMedia = '';
  if (part?.id) {
    try {
      media = await graph.media(part.id, attachmentLimits.fileBytes);
    } catch (error) {
      if (attempts < mediaTries) throw error;
      lostMedia = `\n(The ${message.type} could not be downloaded from WhatsApp: ${error instanceof Error ? error.message : String(error)})`;
    }
  }
  await db.transaction(async (m) => {
    // One number's messages one after the other: two at once from a new number start one enquiry.
    await m.query(`SELECT pg_advisory_xact_lock(hashtext('kafue:whatsapp:' || $1))`, [digits]);
    const [known] = await m.query<unknown[]>(`SELECT 1 FROM enquiry_messages WHERE channel = 'whatsapp' AND external_id = $1`, [
      message.id,
    ]);
    if (known) return;
    // Meta's time is in whole seconds: within its second, when its notification reached us keeps
    // two messages of one second in the order they came, whichever process handles which.
    const sent = message.timestamp && /^\d+$/.test(message.timestamp) ? Number(message.timestamp) * 1000 : notifiedAt.getTime();
    const at = new Date(sent + Math.min(999, Math.max(0, notifiedAt.getTime() - sent)));
    const text = textOf(message) + lostMedia;
    const phone = `+${digits}`;
    const [open] = await m.query<{ id: string }[]>(
      `SELECT id FROM enquiries WHERE kafue_phone_key(phone) = $1 AND status IN ('New', 'Open') AND phone IS NOT NULL
        ORDER BY created_at DESC LIMIT 1 FOR UPDATE`,
      [digits],
    );
    const sender = { fullName: profileName || phone, email: null, phone, message: text, kind: 'whatsapp' as const };
    const enquiryId = open?.id ?? (await startEnquiry(m, sender, whatsappActor, publicUrl)).id;
    const [row] = await m.query<[{ id: string }]>(
      `INSERT INTO enquiry_messages (enquiry_id, direction, channel, external_id, sender_name, sender, body, original, received_at)
       VALUES ($1, 'in', 'whatsapp', $2, $3, $4, $5, $6, $7) RETURNING id`,
      [enquiryId, message.id, profileName, phone, text, JSON.stringify(message), at],
    );
    if (media && part) {
      const file = { fileName: fileNameOf(message, part, media.mimeType), content: media.bytes, size: media.size };
      await keepAttachments(m, enquiryId, row.id, [file]);
    }
    if (open) {
      await clientMessage(m, enquiryId, at);
      await clientWrote(m, enquiryId, { channel: 'whatsapp', text }, publicUrl);
    }
  });
}

/** Each delivery state's rank: a status moves a message on, never back. */
const stateRank = `CASE $2 WHEN 'sent' THEN 1 WHEN 'delivered' THEN 2 WHEN 'read' THEN 3 WHEN 'failed' THEN 4 END`;
const currentRank = `CASE delivery_state WHEN 'sent' THEN 1 WHEN 'delivered' THEN 2 WHEN 'read' THEN 3 WHEN 'failed' THEN 4 ELSE 0 END`;

/**
 * Records a status of our message; false when no message of ours has its id (yet). A failure
 * is mailed to the reply's author (admin or staff), as a bounced mail is.
 */
async function takeStatus(db: DataSource, status: WhatsAppStatus, publicUrl: string): Promise<boolean> {
  if (!['sent', 'delivered', 'read', 'failed'].includes(status.status)) return true;
  const error = status.errors?.[0];
  const reason = error ? (error.error_data?.details || error.message || error.title || `error ${error.code}`).slice(0, 500) : null;
  return db.transaction(async (m) => {
    const [moved] = await m.query<[{ enquiry_id: string; body: string; author_kind: string; author_id: string }[], number]>(
      `UPDATE enquiry_messages SET delivery_state = $2, delivery_error = coalesce($3, delivery_error)
        WHERE channel = 'whatsapp' AND direction = 'out' AND external_id = $1 AND ${currentRank} < ${stateRank}
        RETURNING enquiry_id, body, author_kind, author_id`,
      [status.id, status.status, reason],
    );
    if (moved.length && status.status === 'failed') {
      const [r] = moved;
      const [failed] = await m.query<{ full_name: string; email: string | null; phone: string | null; to: string | null }[]>(
        `SELECT e.full_name, e.email, e.phone, CASE $2 WHEN 'admin' THEN a.email ELSE s.email END AS to
           FROM enquiries e LEFT JOIN admins a ON $2 = 'admin' AND a.id = $3 LEFT JOIN staff_users s ON $2 = 'staff' AND s.id = $3
          WHERE e.id = $1`,
        [r.enquiry_id, r.author_kind, r.author_id],
      );
      const what = { enquiry_id: r.enquiry_id, kind: r.author_kind, ...failed };
      if (failed) await replyBounced(m, { ...what, channel: 'whatsapp', subject: r.body }, reason ?? 'WhatsApp gave no reason', publicUrl);
    }
    if (moved.length) return true;
    const [known] = await m.query<unknown[]>(
      `SELECT 1 FROM enquiry_messages WHERE channel = 'whatsapp' AND direction = 'out' AND external_id = $1`,
      [status.id],
    );
    return !!known;
  });
}

/** Handles one kept notification: every message once, every status. Throws to be tried again. */
async function handle(
  db: DataSource,
  graph: Graph,
  row: { body: string; received_at: Date; attempts: number },
  now: Date,
  publicUrl: string,
): Promise<void> {
  const { body: rawBody, received_at: receivedAt, attempts } = row;
  const values = valuesOf(JSON.parse(rawBody));
  for (const value of values) {
    const names = new Map((value.contacts ?? []).map((c) => [c.wa_id ?? '', c.profile?.name?.trim() ?? '']));
    for (const message of value.messages ?? [])
      await takeMessage(db, graph, message, names.get(message.from) ?? '', receivedAt, attempts, publicUrl);
    if (value.messages?.length && value.metadata?.phone_number_id) {
      await db.query(
        `INSERT INTO whatsapp_state (phone_number_id, last_message_at) VALUES ($1, now())
         ON CONFLICT (phone_number_id) DO UPDATE SET last_message_at = now()`,
        [value.metadata.phone_number_id],
      );
    }
    for (const status of value.statuses ?? []) {
      const known = await takeStatus(db, status, publicUrl);
      if (!known && now.getTime() - receivedAt.getTime() < unknownStatusMs) throw new Error(`no message ${status.id} yet`);
    }
  }
}

/**
 * Handles the notifications due at `now`, each claimed by one process (FOR UPDATE SKIP LOCKED and
 * a lease); one that fails is tried again later, less often each time (at most hourly).
 * Answers how many were handled.
 */
export async function handleNotifications(db: DataSource, graph: Graph, publicUrl: string, now: Date): Promise<number> {
  const [claimed] = await db.query<[{ id: string; body: string; received_at: Date; attempts: number }[], number]>(
    `UPDATE whatsapp_notifications n SET next_try_at = $2, attempts = n.attempts + 1
      WHERE n.id IN (SELECT id FROM whatsapp_notifications WHERE next_try_at <= $1 ORDER BY id LIMIT 20 FOR UPDATE SKIP LOCKED)
      RETURNING n.id, n.body, n.received_at, n.attempts`,
    [now, new Date(now.getTime() + leaseMs)],
  );
  let handled = 0;
  for (const row of claimed.sort((a, b) => Number(a.id) - Number(b.id))) {
    try {
      await handle(db, graph, row, now, publicUrl);
      await db.query(`UPDATE whatsapp_notifications SET next_try_at = NULL, last_error = NULL WHERE id = $1`, [row.id]);
      handled++;
    } catch (error) {
      const wait = Math.min(60 * 60_000, 15_000 * 2 ** Math.min(row.attempts, 8));
      await db.query(`UPDATE whatsapp_notifications SET next_try_at = $2, last_error = $3 WHERE id = $1`, [
        row.id,
        new Date(now.getTime() + wait),
        (error instanceof Error ? error.message : String(error)).slice(0, 500),
      ]);
    }
  }
  return handled;
}

/** Handles what is due every 5 seconds and whenever woken (a notification came); answers how to wake and stop it. */
export function startWhatsAppWorker(
  db: DataSource,
  graph: Graph,
  publicUrl: string,
  onError: (error: unknown) => void,
  now = () => new Date(),
): { wake: () => void; stop: () => void } {
  let running = false;
  let again = false;
  const run = () => {
    if (running) {
      again = true;
      return;
    }
    running = true;
    handleNotifications(db, graph, publicUrl, now())
      .catch(onError)
      .finally(() => {
        running = false;
        if (again) {
          again = false;
          run();
        }
      });
  };
  const timer = setInterval(run, 5_000);
  timer.unref();
  return { wake: run, stop: () => clearInterval(timer) };
}

/**
 * Sends a reply as a WhatsApp text to the enquiry's phone and records it (the reply clock
 * answered, the audit row), in one transaction holding the enquiry. WhatsApp lets a business
 * write freely only within 24 hours of the client's last message: later, 409, offering email.
 */
export async function sendWhatsAppReply(
  db: DataSource,
  graph: Graph | undefined,
  enquiryId: string,
  body: string,
  author: Author,
  assigneeId: string | undefined,
  audit: AuditRecorder,
): Promise<void> {
  await db.transaction(async (m) => {
    const [enquiry] = await m.query<{ full_name: string; email: string | null; phone: string | null }[]>(
      `SELECT full_name, email, phone FROM enquiries WHERE id = $1 ${assigneeId ? 'AND assignee_id = $2' : ''} FOR UPDATE`,
      assigneeId ? [enquiryId, assigneeId] : [enquiryId],
    );
    if (!enquiry) throw notFound();
    if (!graph) throw new HttpError(409, 'WhatsApp is not set up on this server: reply by email.');
    const [last] = await m.query<{ phone: string; open: boolean }[]>(
      `SELECT sender AS phone, received_at > now() - make_interval(hours => $2) AS open FROM enquiry_messages
        WHERE enquiry_id = $1 AND channel = 'whatsapp' AND direction = 'in' ORDER BY received_at DESC LIMIT 1`,
      [enquiryId, whatsappLimits.serviceWindowHours],
    );
    if (!last?.open) {
      const otherwise = enquiry.email ? 'Reply by email instead.' : 'Call them, or answer when they write again.';
      throw new HttpError(
        409,
        `${last ? `${enquiry.full_name} last wrote on WhatsApp more than 24 hours ago` : `${enquiry.full_name} has not written on WhatsApp`}: ` +
          `WhatsApp lets a business answer only within 24 hours of the client's last message. ${otherwise}`,
      );
    }
    let messageId: string;
    try {
      messageId = await graph.sendText(last.phone.replace(/\D/g, ''), body);
    } catch (error) {
      if (error instanceof GraphError) throw new HttpError(502, error.message);
      throw error;
    }
    const [{ received_at }] = await m.query<[{ received_at: Date }]>(
      `INSERT INTO enquiry_messages (enquiry_id, direction, channel, external_id, sender_name, sender, body, author_kind, author_id,
                                     delivery_state)
       VALUES ($1, 'out', 'whatsapp', $2, $3, '', $4, $5, $6, 'sent') RETURNING received_at`,
      [enquiryId, messageId, author.name.slice(0, 100), body, author.kind, author.id],
    );
    await recordResponse(m, enquiryId, received_at);
    // The text went to the client; the log keeps the channel.
    await audit(m, {
      action: 'enquiry.reply',
      target: enquiryTarget({ _id: enquiryId, fullName: enquiry.full_name }),
      changes: { channel: { new: 'whatsapp' } },
    });
  });
}

/** Checks the number on the Graph API now and records the outcome for Settings. */
export async function checkWhatsApp(
  db: DataSource,
  config: WhatsAppConfig | undefined,
  graph: Graph | undefined,
): Promise<ChannelCheckAnswer> {
  if (!config || !graph) {
    return {
      ok: false,
      message:
        'WhatsApp is not set up: WHATSAPP_TOKEN, WHATSAPP_PHONE_NUMBER_ID, WHATSAPP_APP_SECRET and WHATSAPP_VERIFY_TOKEN are not set on the server.',
    };
  }
  try {
    const number = await graph.phoneNumber();
    await db.query(
      `INSERT INTO whatsapp_state (phone_number_id, checked_at, connected) VALUES ($1, now(), true)
       ON CONFLICT (phone_number_id) DO UPDATE SET checked_at = now(), connected = true`,
      [config.phoneNumberId],
    );
    const name = [number.verifiedName, number.displayPhoneNumber].filter(Boolean).join(', ');
    return { ok: true, message: `Connected: WhatsApp answers for ${name || 'the number'}.` };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    await db.query(
      `INSERT INTO whatsapp_state (phone_number_id, checked_at, connected, last_error, last_error_at) VALUES ($1, now(), false, $2, now())
       ON CONFLICT (phone_number_id) DO UPDATE SET checked_at = now(), connected = false, last_error = $2, last_error_at = now()`,
      [config.phoneNumberId, reason.slice(0, 500)],
    );
    return { ok: false, message: `Could not reach WhatsApp: ${reason}` };
  }
}

/** WhatsApp's connection as Settings shows it: the last check of the number, and the last message taken. */
export async function whatsappStatus(db: DataSource, config: WhatsAppConfig | undefined): Promise<ChannelConnection> {
  if (!config) return notSetUp;
  const [row] = await db.query<ConnectionRow[]>(
    `SELECT checked_at, connected, last_message_at, last_error, last_error_at FROM whatsapp_state WHERE phone_number_id = $1`,
    [config.phoneNumberId],
  );
  return connectionOf(row);
}
