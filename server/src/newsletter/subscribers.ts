/**
 * Newsletter subscribers with double opt-in (issue 21 item 2, after Ghost): a sign-up stores the
 * address as pending and mails a link that works once, for 48 hours; the page it opens confirms
 * only by a POST, so a mail scanner following links confirms nothing. Every mail carries
 * List-Unsubscribe (an https link and a mailto) and List-Unsubscribe-Post (RFC 8058): a POST to
 * the link unsubscribes at once, without signing in. Tokens leave only in mails; the database
 * keeps their SHA-256. The sign-up answers the same whatever is known of the address.
 */
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import type { DataSource, EntityManager } from 'typeorm';
import { brand } from '@kafue/common/brand';
import {
  confirmLinkHours,
  confirmSubscriptionPath,
  newsletterTexts,
  pendingKeptDays,
  unsubscribePath,
  type SubscriberStatus,
} from '@kafue/common/newsletter';
import type { Subscriber, subscribeBody, subscriberListQuery } from '@kafue/common/schemas';
import type { z } from 'zod';
import { diff, systemActor, writeAudit, type AuditRecorder } from '../audit/audit.js';
import { attributionOf } from '../analytics/attribution.js';
import { addressKey } from '../auth/limiter.js';
import { hashToken } from '../auth/sessions.js';
import type { Config } from '../config.js';
import { poolOf } from '../db/data-source.js';
import { notFound } from '../http/errors.js';
import { countFormPost, formWindow, looksAutomated } from '../enquiries/enquiries.js';
import { csvCell } from '@kafue/common/csv';
import { queueMail } from '../mail/queue.js';
import { readGeneralSettings } from '../settings/settings.js';

export type SubscriberListQuery = z.output<typeof subscriberListQuery>;

/** Tokens are 32 random bytes in base64url, as session and reset tokens. */
const tokenShape = /^[A-Za-z0-9_-]{43}$/;
export const newToken = () => randomBytes(32).toString('base64url');

/** The hash a token from a link is looked up by; undefined for anything that cannot be a token. */
const hashOfLink = (token: unknown) => (typeof token === 'string' && tokenShape.test(token) ? hashToken(token) : undefined);

/** A confirmation mail is sent again for a pending address only after this long (a mailbox is not flooded). */
const remailAfterMinutes = 10;

/** What the mails of the newsletter are signed with and where a mailto unsubscribe goes. */
export async function newsletterSender(db: DataSource | EntityManager, config: Pick<Config, 'mailFrom'>) {
  const general = await readGeneralSettings(db);
  return { company: general.siteName || brand.company, mailbox: general.adminEmail || config.mailFrom };
}

/** The headers of a mail that a subscriber can leave in one click (RFC 2369 and RFC 8058). */
export function unsubscribeHeaders(config: Pick<Config, 'publicUrl'>, mailbox: string, token: string) {
  const link = unsubscribeLink(config, token);
  return {
    link,
    headers: {
      'List-Unsubscribe': `<${link}>, <mailto:${mailbox}?subject=Unsubscribe>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

export const unsubscribeLink = (config: Pick<Config, 'publicUrl'>, token: string) => `${config.publicUrl}${unsubscribePath}?token=${token}`;

function confirmationText(company: string, email: string, confirmLink: string, leaveLink: string): string {
  return [
    `Someone, we hope you, asked to receive the ${company} newsletter at ${email}.`,
    '',
    `To confirm, open this link within ${confirmLinkHours} hours and press "${newsletterTexts.confirmButton}" (it works once):`,
    '',
    confirmLink,
    '',
    `If you did not ask for this, ignore this email: an address not confirmed is deleted after ${pendingKeptDays} days.`,
    `To stop at once: ${leaveLink}`,
  ].join('\n');
}

interface SubscriberRow {
  id: string;
  email: string;
  status: SubscriberStatus;
  page: string | null;
  landing_page: string | null;
  source: string | null;
  campaign: string | null;
  created_at: Date;
  confirmed_at: Date | null;
  unsubscribed_at: Date | null;
}
const subscriberColumns = `id, email, status, page, landing_page, source, campaign, created_at, confirmed_at, unsubscribed_at`;
const toSubscriber = (r: SubscriberRow): Subscriber => ({
  _id: r.id,
  email: r.email,
  status: r.status,
  page: r.page,
  landingPage: r.landing_page,
  source: r.source,
  campaign: r.campaign,
  createdAt: r.created_at.toISOString(),
  confirmedAt: r.confirmed_at?.toISOString() ?? null,
  unsubscribedAt: r.unsubscribed_at?.toISOString() ?? null,
});
const target = (r: { id: string; email: string }) => ({ type: 'subscriber', id: r.id, label: r.email });

/**
 * A sign-up from the footer form (the JSON call and the form posted without JavaScript alike).
 * Counted per client address as the contact form's posts are (429 past the limit); a robot's post
 * (looksAutomated) stores and mails nothing. A new address, or one that unsubscribed, becomes
 * pending with a confirmation mail; a pending one gets a new link unless one went out in the last
 * minutes; a confirmed one is left as it is. The caller answers the same in every case.
 */
export async function subscribe(
  db: DataSource,
  config: Config,
  request: { ip: string; now: Date },
  body: z.output<typeof subscribeBody>,
  audit: AuditRecorder,
): Promise<void> {
  const { now } = request;
  const automated = looksAutomated(body, now.getTime());
  const address = addressKey(request.ip).slice('address:'.length);
  const sender = await newsletterSender(db, config);
  const visit = attributionOf(body, body.page);
  await db.transaction(async (m) => {
    await countFormPost(m, `subscribe:${address}`, formWindow(config.limits), newsletterTexts.tooMany);
    if (automated) return audit.none('a robot’s sign-up is stored nowhere');
    const leave = newToken();
    // A new address is inserted; a known one (whatever its letter case) is locked and read.
    const [inserted] = await m.query<{ id: string }[]>(
      `INSERT INTO subscribers (email, page, pending_since, unsubscribe_token_hash, created_at, landing_page, source, campaign)
       VALUES ($1, $2, $3, $4, $3, $5, $6, $7)
       ON CONFLICT ((lower(email))) DO NOTHING RETURNING id`,
      [body.email, body.page ?? null, now, hashToken(leave), visit.landingPage, visit.source, visit.campaign],
    );
    const [known] = inserted
      ? []
      : await m.query<{ id: string; status: SubscriberStatus; recent: boolean }[]>(
          `SELECT id, status, coalesce(confirm_sent_at > $2::timestamptz - make_interval(mins => $3), false) AS recent
             FROM subscribers WHERE lower(email) = lower($1) FOR UPDATE`,
          [body.email, now, remailAfterMinutes],
        );
    if (known && (known.status === 'confirmed' || (known.status === 'pending' && known.recent))) {
      return audit.none('the address is subscribed already, or was sent its link minutes ago');
    }
    const id = inserted?.id ?? known.id;
    const confirm = newToken();
    await m.query(
      `UPDATE subscribers SET status = 'pending', pending_since = CASE WHEN status = 'pending' THEN pending_since ELSE $2 END,
              confirm_token_hash = $3, confirm_expires_at = $2::timestamptz + make_interval(hours => $4), confirm_sent_at = $2,
              unsubscribe_token_hash = $5, page = coalesce($6, page)
        WHERE id = $1`,
      [id, now, hashToken(confirm), confirmLinkHours, hashToken(leave), body.page ?? null],
    );
    const { link, headers } = unsubscribeHeaders(config, sender.mailbox, leave);
    await queueMail(m, {
      to: body.email,
      subject: `Confirm your subscription to the ${sender.company} newsletter`,
      text: confirmationText(sender.company, body.email, `${config.publicUrl}${confirmSubscriptionPath}?token=${confirm}`, link),
      headers,
    });
    // Sent by a visitor: no actor, as an enquiry from the contact form.
    await audit(m, {
      action: 'subscriber.signup',
      actor: null,
      target: target({ id, email: body.email }),
      changes: diff(known ? { status: known.status } : null, { status: 'pending', page: body.page ?? null }),
    });
  });
}

/** Confirms the sign-up whose link carries `token`, once, before it expires; false when it cannot. */
export async function confirmSubscription(db: DataSource, token: unknown, now: Date, audit: AuditRecorder): Promise<boolean> {
  const hash = hashOfLink(token);
  if (!hash) return false;
  return db.transaction(async (m) => {
    // TypeORM answers an UPDATE with its rows and their count.
    const [[row]] = await m.query<[{ id: string; email: string }[], number]>(
      `UPDATE subscribers SET status = 'confirmed', confirmed_at = $2, pending_since = NULL, unsubscribed_at = NULL,
              confirm_token_hash = NULL, confirm_expires_at = NULL
        WHERE confirm_token_hash = $1 AND status = 'pending' AND confirm_expires_at > $2
        RETURNING id, email`,
      [hash, now],
    );
    if (!row) return false;
    await audit(m, {
      action: 'subscriber.confirm',
      actor: null,
      target: target(row),
      changes: diff({ status: 'pending' }, { status: 'confirmed' }),
    });
    return true;
  });
}

/**
 * Unsubscribes the subscriber whose link (of the confirmation mail or of a newsletter) carries
 * `token`, at once; true also when already unsubscribed, false for a link that names nobody.
 */
export async function unsubscribe(db: DataSource, token: unknown, now: Date, audit: AuditRecorder): Promise<boolean> {
  const hash = hashOfLink(token);
  if (!hash) return false;
  return db.transaction(async (m) => {
    const [row] = await m.query<{ id: string; email: string; status: SubscriberStatus }[]>(
      `SELECT id, email, status FROM subscribers
        WHERE id = (SELECT id FROM subscribers WHERE unsubscribe_token_hash = $1
                    UNION ALL SELECT subscriber_id FROM newsletter_deliveries WHERE unsubscribe_token_hash = $1 LIMIT 1)
        FOR UPDATE`,
      [hash],
    );
    if (!row) return false;
    if (row.status === 'unsubscribed') {
      audit.none('unsubscribed already');
      return true;
    }
    await m.query(
      `UPDATE subscribers SET status = 'unsubscribed', unsubscribed_at = $2, pending_since = NULL,
              confirm_token_hash = NULL, confirm_expires_at = NULL
        WHERE id = $1`,
      [row.id, now],
    );
    await audit(m, {
      action: 'subscriber.unsubscribe',
      actor: null,
      target: target(row),
      changes: diff({ status: row.status }, { status: 'unsubscribed' }),
    });
    return true;
  });
}

/**
 * Deletes the sign-ups still unconfirmed `pendingKeptDays` after they were made, once per hour
 * slot across processes (an advisory lock, and a row per slot in the purge's transaction);
 * answers how many went (0 when another process has the slot).
 */
export async function purgePendingSubscribers(db: DataSource, now: Date): Promise<number> {
  const slot = now.toISOString().slice(0, 13);
  return db.transaction(async (m) => {
    const [{ locked }] = await m.query<[{ locked: boolean }]>(
      `SELECT pg_try_advisory_xact_lock(hashtext('kafue:subscriber-purge')) AS locked`,
    );
    if (!locked) return 0;
    const [done] = await m.query<[{ inserted: boolean }?]>(
      `INSERT INTO subscriber_purges (slot, purged) VALUES ($1, 0) ON CONFLICT (slot) DO NOTHING RETURNING true AS inserted`,
      [slot],
    );
    if (!done) return 0;
    const [, count] = await m.query<[unknown[], number]>(
      `DELETE FROM subscribers WHERE status = 'pending' AND pending_since <= $1::timestamptz - make_interval(days => $2)`,
      [now, pendingKeptDays],
    );
    await m.query(`UPDATE subscriber_purges SET purged = $2 WHERE slot = $1`, [slot, count]);
    if (count > 0) {
      await writeAudit(m, {
        action: 'subscriber.purge',
        actor: systemActor,
        target: { type: 'subscriber', id: null, label: `unconfirmed after ${pendingKeptDays} days` },
        changes: { deletedRows: { old: count, new: 0 } },
        address: null,
        userAgent: null,
      });
    }
    return count;
  });
}

/** Purges now and every 10 minutes (a slot is an hour: each is made once); answers the function that stops it. */
export function startSubscriberPurge(db: DataSource, onError: (message: string) => void): () => void {
  const run = () =>
    void purgePendingSubscribers(db, new Date()).catch((error: unknown) => onError(error instanceof Error ? error.message : String(error)));
  const timer = setInterval(run, 10 * 60_000);
  timer.unref();
  run();
  return () => clearInterval(timer);
}

const sortColumns: Record<string, string> = {
  createdAt: 'created_at',
  email: 'email',
  status: 'status',
  confirmedAt: 'confirmed_at',
};
function orderBy(sort: string): string {
  const descending = sort.startsWith('-');
  const column = sortColumns[descending ? sort.slice(1) : sort] ?? 'created_at';
  const direction = descending ? 'DESC' : 'ASC';
  return `${column} ${direction} NULLS LAST, id ${direction}`;
}

/** Escapes LIKE's wildcards, so that the words are looked for as typed. */
const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function whereOf(query: SubscriberListQuery): { sql: string; values: unknown[] } {
  const conditions = ['true'];
  const values: unknown[] = [];
  if (query.status) conditions.push(`status = $${values.push(query.status)}`);
  if (query.q) conditions.push(`email ILIKE $${values.push(likePattern(query.q))}`);
  return { sql: conditions.join(' AND '), values };
}

/** One page of the subscribers and the total it is part of. */
export async function listSubscribers(db: DataSource, query: SubscriberListQuery) {
  const { sql, values } = whereOf(query);
  const pool = poolOf(db);
  const [rows, count] = await Promise.all([
    pool.query<SubscriberRow>(
      `SELECT ${subscriberColumns} FROM subscribers WHERE ${sql} ORDER BY ${orderBy(query.sort)}
        LIMIT $${values.length + 1} OFFSET $${values.length + 2}`,
      [...values, query.pageSize, (query.page - 1) * query.pageSize],
    ),
    pool.query<{ total: number }>(`SELECT count(*)::int AS total FROM subscribers WHERE ${sql}`, values),
  ]);
  return { items: rows.rows.map(toSubscriber), total: count.rows[0].total, page: query.page, pageSize: query.pageSize };
}

const csvHeader = ['Email', 'Status', 'Source page', 'Signed up', 'Confirmed', 'Unsubscribed'];
const exportBatch = 1000;

/** Every subscriber the list's filters match, as CSV, read in batches along the sort. */
export function exportSubscribers(db: DataSource, query: SubscriberListQuery): Readable {
  async function* lines() {
    yield '\uFEFF' + csvHeader.map(csvCell).join(',') + '\r\n';
    for (let offset = 0; ; offset += exportBatch) {
      const { sql, values } = whereOf(query);
      const rows = await db.query<SubscriberRow[]>(
        `SELECT ${subscriberColumns} FROM subscribers WHERE ${sql} ORDER BY ${orderBy(query.sort)} LIMIT ${exportBatch} OFFSET ${offset}`,
        values,
      );
      yield rows
        .map(
          (r) =>
            [r.email, r.status, r.page, r.created_at, r.confirmed_at, r.unsubscribed_at]
              .map((v) => csvCell(v instanceof Date ? v.toISOString() : v))
              .join(',') + '\r\n',
        )
        .join('');
      if (rows.length < exportBatch) return;
    }
  }
  return Readable.from(lines());
}

/** Deletes a subscriber with its audit row; 404 when there is none. */
export async function deleteSubscriber(db: DataSource, id: string, audit: AuditRecorder): Promise<void> {
  await db.transaction(async (m) => {
    const [[row]] = await m.query<[SubscriberRow[], number]>(`DELETE FROM subscribers WHERE id = $1 RETURNING ${subscriberColumns}`, [id]);
    if (!row) throw notFound();
    const { _id, email, status, page } = toSubscriber(row);
    await audit(m, {
      action: 'subscriber.delete',
      target: { type: 'subscriber', id: _id, label: email },
      changes: diff({ email, status, page }, null),
    });
  });
}
