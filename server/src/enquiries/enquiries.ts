/**
 * Enquiries: the contact form's intake, the inbox's queries and changes, shared by the admins'
 * calls, the staff portal's and the CSV export (export.ts). Filters and sorts are built here from
 * validated values only; every value goes to PostgreSQL as a parameter.
 */
import type { DataSource, EntityManager } from 'typeorm';
import { defaultGeneralSettings, type Enquiry, type EnquiryNote, type Timezone } from '@kafue/common/contract';
import { messages } from '@kafue/common/contract';
import { describeSnapshot } from '@kafue/common/requests';
import type { enquiryBody, enquiryListQuery, NoteAuthorKind } from '@kafue/common/schemas';
import { fromLocalClock } from '@kafue/common/time';
import type { z } from 'zod';
import { diff, type AuditRecorder } from '../audit/audit.js';
import { attributionOf } from '../analytics/attribution.js';
import { addressKey } from '../auth/limiter.js';
import type { Config, Limits } from '../config.js';
import { poolOf } from '../db/data-source.js';
import { HttpError, notFound } from '../http/errors.js';
import { enquiryAssigned, enquiryReceived } from '../mail/notify.js';
import { readGeneralSettings } from '../settings/settings.js';
import { acknowledgeEnquiry, startMissingClocks, startReplyClock } from './clock.js';
import { resolveRequest } from './requests.js';

export type ListQuery = z.output<typeof enquiryListQuery>;

/** An enquiry in the audit log: named by its sender (the message itself stays out of the log). */
export const enquiryTarget = (e: { _id: string; fullName: string }) => ({ type: 'enquiry', id: e._id, label: e.fullName });

interface EnquiryRow {
  id: string;
  full_name: string;
  email: string | null;
  phone: string | null;
  service: string | null;
  message: string;
  kind: Enquiry['kind'];
  request: Enquiry['request'];
  page: string | null;
  landing_page: string | null;
  source: string | null;
  campaign: string | null;
  status: Enquiry['status'];
  created_at: Date;
  read_at: Date | null;
  assignee_id: string | null;
  assignee_name: string | null;
  stage: Enquiry['stage'];
  lost_reason: Enquiry['lostReason'];
  lost_reason_text: string | null;
  response_due_at: Date | null;
  first_response_at: Date | null;
  awaiting_reply_since: Date | null;
  known_contact: boolean;
}

// known_contact: an earlier enquiry (not Spam) came from the same address, any case (index enquiries_contact).
const enquiryColumns = `e.id, e.full_name, e.email, e.phone, e.service, e.message, e.kind, e.request, e.page, e.landing_page, e.source, e.campaign, e.status, e.created_at, e.read_at,
  s.id AS assignee_id, s.name AS assignee_name,
  e.stage, e.lost_reason, e.lost_reason_text, e.response_due_at, e.first_response_at, e.awaiting_reply_since,
  EXISTS (SELECT 1 FROM enquiries p WHERE lower(p.email) = lower(e.email) AND p.created_at < e.created_at AND p.status <> 'Spam') AS known_contact`;
export const enquiryFrom = `enquiries e LEFT JOIN staff_users s ON s.id = e.assignee_id`;

const toEnquiry = (r: EnquiryRow): Enquiry => ({
  _id: r.id,
  fullName: r.full_name,
  email: r.email,
  phone: r.phone,
  service: r.service,
  message: r.message,
  kind: r.kind,
  request: r.request,
  page: r.page,
  landingPage: r.landing_page,
  source: r.source,
  campaign: r.campaign,
  status: r.status,
  assignee: r.assignee_id ? { _id: r.assignee_id, name: r.assignee_name ?? '' } : null,
  createdAt: r.created_at.toISOString(),
  readAt: r.read_at ? r.read_at.toISOString() : null,
  stage: r.stage,
  lostReason: r.lost_reason,
  lostReasonText: r.lost_reason_text,
  responseDueAt: r.response_due_at ? r.response_due_at.toISOString() : null,
  firstResponseAt: r.first_response_at ? r.first_response_at.toISOString() : null,
  awaitingReplySince: r.awaiting_reply_since ? r.awaiting_reply_since.toISOString() : null,
  knownContact: r.known_contact,
});

interface NoteRow {
  id: string;
  text: string;
  created_at: Date;
  author_kind: NoteAuthorKind;
  author_id: string | null;
  author_name: string;
}
const noteColumns = `id, text, created_at, author_kind, author_id, author_name`;
const toNote = (r: NoteRow): EnquiryNote => ({
  _id: r.id,
  text: r.text,
  createdAt: r.created_at.toISOString(),
  author: { kind: r.author_kind, _id: r.author_id, name: r.author_name },
});

const sortColumns: Record<string, string> = {
  createdAt: 'e.created_at',
  fullName: 'e.full_name',
  email: 'e.email',
  status: 'e.status',
  service: 'e.service',
};

/**
 * Time left: the enquiries awaiting our reply first (false sorts before true), soonest due first;
 * the order of the enquiries_time_left index (migration AwaitingReply).
 */
const waitingLast = `(e.awaiting_reply_since IS NULL OR e.response_due_at IS NULL OR e.status = 'Closed')`;

/** ORDER BY for a validated sort value, with the id as tie-break so that pages never overlap. */
export function orderBy(sort: string): string {
  const descending = sort.startsWith('-');
  const field = descending ? sort.slice(1) : sort;
  const direction = descending ? 'DESC' : 'ASC';
  if (field === 'responseDueAt') return `${waitingLast} ${direction}, e.response_due_at ${direction}, e.id ${direction}`;
  const column = sortColumns[field] ?? 'e.created_at';
  return `${column} ${direction}, e.id ${direction}`;
}

/** Escapes LIKE's wildcards, so that the words are looked for as typed. */
const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The instant a day starts in the timezone (a day plus `days`). */
function dayStart(day: string, timezone: Timezone, days = 0): Date {
  const [y, m, d] = day.split('-').map(Number);
  return fromLocalClock(Date.UTC(y, m - 1, d + days), timezone);
}

const isDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);

export interface Where {
  sql: string;
  values: unknown[];
}

/**
 * The WHERE clause of a list query. `assigneeId`, when given, restricts to one staff member's
 * enquiries (the staff portal), whatever the query says. Spam is left out unless the statuses
 * name it.
 */
export async function whereOf(db: DataSource, query: ListQuery, assigneeId?: string): Promise<Where> {
  const conditions: string[] = [];
  const values: unknown[] = [];
  const param = (value: unknown) => {
    values.push(value);
    return `$${values.length}`;
  };
  if (query.status.length === 1) conditions.push(`e.status = ${param(query.status[0])}`);
  else if (query.status.length > 1) conditions.push(`e.status = ANY(${param(query.status)}::varchar[])`);
  else conditions.push(`e.status <> 'Spam'`);
  if (query.q) {
    const p = param(likePattern(query.q));
    conditions.push(`(e.full_name ILIKE ${p} OR e.email ILIKE ${p} OR e.message ILIKE ${p})`);
  }
  if (query.service === 'none') conditions.push(`e.service IS NULL`);
  else if (query.service) conditions.push(`e.service = ${param(query.service)}`);
  if (query.kind) conditions.push(`e.kind = ${param(query.kind)}`);
  if (query.stage) conditions.push(`e.stage = ${param(query.stage)}`);
  // Spam and Closed enquiries await nothing (index enquiries_awaiting).
  if (query.awaiting) conditions.push(`e.awaiting_reply_since IS NOT NULL AND e.status NOT IN ('Spam', 'Closed')`);
  if (assigneeId) conditions.push(`e.assignee_id = ${param(assigneeId)}`);
  else if (query.assignee === 'none') conditions.push(`e.assignee_id IS NULL`);
  else if (query.assignee) conditions.push(`e.assignee_id = ${param(query.assignee)}`);
  if (query.from || query.to) {
    const needsZone = [query.from, query.to].some((v) => v && isDay(v));
    const { timezone } = needsZone ? await readGeneralSettings(db) : defaultGeneralSettings;
    if (query.from) conditions.push(`e.created_at >= ${param(isDay(query.from) ? dayStart(query.from, timezone) : new Date(query.from))}`);
    // A day given as `to` is included whole.
    if (query.to) {
      conditions.push(
        isDay(query.to) ? `e.created_at < ${param(dayStart(query.to, timezone, 1))}` : `e.created_at <= ${param(new Date(query.to))}`,
      );
    }
  }
  return { sql: conditions.join(' AND '), values };
}

const noneId = '00000000-0000-0000-0000-000000000000';

/**
 * The total of a list filtered on status, service, kind and assignee only, from the tally the
 * triggers keep (migration EnquiryTally): a sum over a few dozen rows, whatever the count.
 */
async function tallyTotal(db: DataSource, query: ListQuery, assigneeId?: string): Promise<number> {
  const conditions: string[] = [];
  const values: unknown[] = [];
  const param = (value: unknown) => {
    values.push(value);
    return `$${values.length}`;
  };
  if (query.status.length) conditions.push(`status = ANY(${param(query.status)}::varchar[])`);
  else conditions.push(`status <> 'Spam'`);
  if (query.service) conditions.push(`service = ${param(query.service === 'none' ? '' : query.service)}`);
  if (query.kind) conditions.push(`kind = ${param(query.kind)}`);
  const assignee = assigneeId ?? (query.assignee === 'none' ? noneId : query.assignee);
  if (assignee) conditions.push(`assignee_id = ${param(assignee)}`);
  const { rows } = await poolOf(db).query<{ total: number }>(
    `SELECT coalesce(sum(n), 0)::int AS total FROM kafue_derived.enquiry_tally WHERE ${conditions.join(' AND ')}`,
    values,
  );
  return rows[0].total;
}

/**
 * One page of the list and the total it is part of. Without words or days, the page comes
 * along an index in the order asked for and the total from the tally. With words (`q`), the
 * trigram indexes find the matches once, and the page and the total come from that one scan.
 * With days only, the total is counted along the created_at index.
 */
export async function listEnquiries(db: DataSource, query: ListQuery, assigneeId?: string) {
  const where = await whereOf(db, query, assigneeId);
  const pool = poolOf(db);
  const n = where.values.length;
  const pageValues = [...where.values, query.pageSize, (query.page - 1) * query.pageSize];
  const answer = (rows: EnquiryRow[], total: number) => ({
    items: rows.map(toEnquiry),
    total,
    page: query.page,
    pageSize: query.pageSize,
  });
  if (query.q) {
    // MATERIALIZED: the matches are found through the trigram indexes, never by walking the
    // whole table in date order and testing each message.
    // Only the sort columns are kept for the matches (not the messages); the page's rows are
    // then read by id.
    const { rows } = await pool.query<EnquiryRow & { total: number }>(
      `WITH matched AS MATERIALIZED (
         SELECT e.id, e.created_at, e.full_name, e.email, e.status, e.service, e.awaiting_reply_since, e.response_due_at
           FROM enquiries e WHERE ${where.sql}),
       page AS (
         SELECT e.id, count(*) OVER ()::int AS total FROM matched e
          ORDER BY ${orderBy(query.sort)} LIMIT $${n + 1} OFFSET $${n + 2})
       SELECT ${enquiryColumns}, page.total FROM page JOIN ${enquiryFrom} ON e.id = page.id
        ORDER BY ${orderBy(query.sort)}`,
      pageValues,
    );
    if (rows.length || query.page === 1) return answer(rows, rows[0]?.total ?? 0);
    const count = await pool.query<{ total: number }>(`SELECT count(*)::int AS total FROM enquiries e WHERE ${where.sql}`, where.values);
    return answer(rows, count.rows[0].total);
  }
  const [rows, total] = await Promise.all([
    pool.query<EnquiryRow>(
      `SELECT ${enquiryColumns} FROM ${enquiryFrom} WHERE ${where.sql} ORDER BY ${orderBy(query.sort)}
        LIMIT $${n + 1} OFFSET $${n + 2}`,
      pageValues,
    ),
    query.from || query.to || query.stage || query.awaiting
      ? pool
          .query<{ total: number }>(`SELECT count(*)::int AS total FROM enquiries e WHERE ${where.sql}`, where.values)
          .then((r) => r.rows[0].total)
      : tallyTotal(db, query, assigneeId),
  ]);
  return answer(rows.rows, total);
}

/** An enquiry with its notes, or undefined; `assigneeId` restricts to that staff member's. */
export async function findEnquiry(db: DataSource | EntityManager, id: string, assigneeId?: string) {
  const rows = await db.query<EnquiryRow[]>(
    `SELECT ${enquiryColumns} FROM ${enquiryFrom} WHERE e.id = $1 ${assigneeId ? 'AND e.assignee_id = $2' : ''}`,
    assigneeId ? [id, assigneeId] : [id],
  );
  if (!rows[0]) return undefined;
  const notes = await db.query<NoteRow[]>(`SELECT ${noteColumns} FROM enquiry_notes WHERE enquiry_id = $1 ORDER BY created_at, id`, [id]);
  return { ...toEnquiry(rows[0]), notes: notes.map(toNote) };
}

/** A note's author: a member of the team, or the client asking on a quote's page (from an address). */
export type NoteAuthor =
  { kind: 'admin' | 'staff'; id: string; name: string } | { kind: 'client'; name: string; quoteId: string; address: string };

/** Adds a note to an enquiry in the caller's transaction (restricted to a staff member's own with `assigneeId`); undefined when there is none. */
export async function insertNote(
  m: EntityManager,
  id: string,
  text: string,
  author: NoteAuthor,
  assigneeId?: string,
): Promise<EnquiryNote | undefined> {
  const client = author.kind === 'client';
  const rows = await m.query<NoteRow[]>(
    `INSERT INTO enquiry_notes (enquiry_id, text, author_kind, author_id, author_name, quote_id, client_address)
     SELECT id, $2, $3, $4, $5, $6, $7 FROM enquiries WHERE id = $1 ${assigneeId ? 'AND assignee_id = $8' : ''}
     RETURNING ${noteColumns}`,
    [
      id,
      text,
      author.kind,
      client ? null : author.id,
      author.name.slice(0, 100),
      client ? author.quoteId : null,
      client ? author.address.slice(0, 64) : null,
      ...(assigneeId ? [assigneeId] : []),
    ],
  );
  if (rows[0]) await m.query(`UPDATE enquiries SET updated_at = now() WHERE id = $1`, [id]);
  return rows[0] && toNote(rows[0]);
}

/** Adds a team member's note to an enquiry (a staff member's own only, with `assigneeId`); 404 when there is none. */
export async function addNote(
  db: DataSource,
  id: string,
  text: string,
  author: NoteAuthor,
  assigneeId: string | undefined,
  audit: AuditRecorder,
): Promise<EnquiryNote> {
  return db.transaction(async (m) => {
    const added = await insertNote(m, id, text, author, assigneeId);
    if (!added) throw notFound();
    await audit(m, {
      action: 'enquiry.note',
      target: enquiryTarget((await readEnquiry(m, id)) as Enquiry),
      changes: { note: { new: added.text } },
    });
    return added;
  });
}

/** How many enquiries no admin has opened yet (Spam left out). */
export async function unreadCount(db: DataSource): Promise<number> {
  const [{ count }] = await db.query<[{ count: number }]>(
    `SELECT count(*)::int AS count FROM enquiries WHERE read_at IS NULL AND status <> 'Spam'`,
  );
  return count;
}

/** Marks an enquiry read, if no admin opened it before. */
export async function markRead(db: DataSource, id: string): Promise<void> {
  await db.query(`UPDATE enquiries SET read_at = now() WHERE id = $1 AND read_at IS NULL`, [id]);
}

/** An enquiry without its notes, in the transaction `m`; undefined when there is none. */
export async function readEnquiry(m: EntityManager, id: string): Promise<Enquiry | undefined> {
  const [row] = await m.query<EnquiryRow[]>(`SELECT ${enquiryColumns} FROM ${enquiryFrom} WHERE e.id = $1`, [id]);
  return row && toEnquiry(row);
}

/** The fields a change of an enquiry can touch, as the audit log compares them. */
const tracked = (e: Enquiry) => ({ status: e.status, assignee: e.assignee, email: e.email });

/**
 * Changes an enquiry's status and assignment (an assignee given as undefined stays as it is), and
 * gives one without an address the address its client gave later (one it has is kept: 409),
 * restricted to a staff member's own with `assigneeId`; 404 when there is none, 400 when the new
 * assignee is no Active staff member. A new assignee is mailed; an enquiry leaving Spam or reopened
 * gets a due time if it had none. Answers the enquiry changed.
 */
export async function updateEnquiry(
  db: DataSource,
  id: string,
  change: { status?: Enquiry['status']; assigneeId?: string | null; email?: string },
  publicUrl: string,
  assigneeId: string | undefined,
  audit: AuditRecorder,
): Promise<Enquiry> {
  return db.transaction(async (m) => {
    const [locked] = await m.query<unknown[]>(
      `SELECT 1 FROM enquiries WHERE id = $1 ${assigneeId ? 'AND assignee_id = $2' : ''} FOR UPDATE`,
      assigneeId ? [id, assigneeId] : [id],
    );
    const before = locked ? await readEnquiry(m, id) : undefined;
    if (!before) throw notFound();
    if (change.email && before.email && change.email.toLowerCase() !== before.email.toLowerCase()) {
      throw new HttpError(409, messages.enquiryEmailKept);
    }
    if (change.assigneeId) {
      // FOR SHARE: the staff member cannot be deleted or change status until this commits.
      const active = await m.query<unknown[]>(`SELECT 1 FROM staff_users WHERE id = $1 AND status = 'Active' FOR SHARE`, [
        change.assigneeId,
      ]);
      if (!active.length) throw new HttpError(400, messages.invalidInput, { assigneeId: messages.enquiryAssigneeInvalid });
    }
    await m.query(
      `UPDATE enquiries SET status = coalesce($2, status), email = coalesce(email, $5),
              assignee_id = CASE WHEN $3::boolean THEN $4::uuid ELSE assignee_id END, updated_at = now()
        WHERE id = $1`,
      [id, change.status ?? null, change.assigneeId !== undefined, change.assigneeId ?? null, change.email ?? null],
    );
    if (change.assigneeId && change.assigneeId !== before.assignee?._id) await enquiryAssigned(m, id, change.assigneeId, publicUrl);
    // Out of Spam (or reopened): its clock runs from its receipt, if it never did.
    if (change.status) await startMissingClocks(m, new Date(), id);
    const after = (await readEnquiry(m, id)) as Enquiry;
    await audit(m, { action: 'enquiry.update', target: enquiryTarget(after), changes: diff(tracked(before), tracked(after)) });
    return after;
  });
}

/** Deletes an enquiry (its notes with it); 404 when there is none. */
export async function deleteEnquiry(db: DataSource, id: string, audit: AuditRecorder): Promise<void> {
  await db.transaction(async (m) => {
    const before = await readEnquiry(m, id);
    // TypeORM answers a DELETE with its rows and their count. Payments on its quotes restrict it
    // (foreign keys): money received keeps its record.
    const [[gone]] = await m
      .query<[{ id: string }[], number]>(`DELETE FROM enquiries WHERE id = $1 RETURNING id`, [id])
      .catch((error: unknown) => {
        // restrict_violation (ON DELETE RESTRICT), or foreign_key_violation should one be NO ACTION.
        if (['23001', '23503'].includes((error as { code?: string }).code ?? '')) throw new HttpError(409, messages.enquiryHasPayments);
        throw error;
      });
    if (!gone || !before) throw notFound();
    const { fullName, email, phone, service, status, assignee } = before;
    await audit(m, {
      action: 'enquiry.delete',
      target: enquiryTarget(before),
      changes: diff({ fullName, email, phone, service, status, assignee }, null),
    });
  });
}

/** The public forms' window per client address (the contact form's, the newsletter's). */
export const formWindow = (limits: Limits) => ({ minutes: limits.enquiryWindowMinutes, max: limits.enquiriesPerAddress });

/** Removes per-address counters whose window has passed (they count for nothing any more). */
export async function purgeEnquiryRate(db: DataSource, windowMinutes: number): Promise<void> {
  await db.query(`DELETE FROM enquiry_rate WHERE window_start <= now() - make_interval(mins => $1)`, [windowMinutes]);
}

/** A form filled in faster than this is a robot's. */
const minimumFillMs = 3000;
/** How far ahead of this server's clock `startedAt` may be: the clock that set it may run fast. */
const startedAtSkewMs = 60_000;

/**
 * A robot's post, judged by the spam defences: the honeypot filled, or `startedAt` (when the
 * form was shown) missing, unreadable, under 3 s ago, or in the future beyond the clock skew.
 */
export function looksAutomated(body: Pick<z.output<typeof enquiryBody>, 'website' | 'startedAt'>, now = Date.now()): boolean {
  if (body.website?.trim()) return true;
  const { startedAt } = body;
  const shownAt = typeof startedAt === 'string' && /^\d{1,16}$/.test(startedAt.trim()) ? Number(startedAt) : startedAt;
  if (typeof shownAt !== 'number' || !Number.isFinite(shownAt)) return true;
  const elapsed = now - shownAt;
  return elapsed < -startedAtSkewMs || (elapsed >= 0 && elapsed < minimumFillMs);
}

/**
 * Counts a post of a public form from a client address (`key`: the address, prefixed for a form
 * other than the contact form) in one atomic statement, so that several server processes share
 * the count, and throws 429 with `refusal` past `window.max` within `window.minutes`. Run in
 * the post's transaction: a refused or failed post rolls back and does not count.
 */
export async function countFormPost(
  m: EntityManager,
  key: string,
  window: { minutes: number; max: number },
  refusal: string,
): Promise<void> {
  const [{ hits, retry }] = await m.query<[{ hits: number; retry: number }]>(
    `INSERT INTO enquiry_rate (address, hits, window_start) VALUES ($1, 1, now())
     ON CONFLICT (address) DO UPDATE SET
       hits = CASE WHEN enquiry_rate.window_start > now() - make_interval(mins => $2) THEN enquiry_rate.hits + 1 ELSE 1 END,
       window_start = CASE WHEN enquiry_rate.window_start > now() - make_interval(mins => $2)
                           THEN enquiry_rate.window_start ELSE now() END
     RETURNING hits, ceil(extract(epoch FROM window_start + make_interval(mins => $2) - now()))::int AS retry`,
    [key, window.minutes],
  );
  if (hits > window.max) {
    throw new HttpError(429, refusal, undefined, { 'Retry-After': String(Math.max(1, retry)) });
  }
}

/**
 * Stores an enquiry from the contact form (the JSON call and the form posted without
 * JavaScript alike), with the snapshot of its request (resolveRequest: 400 when it names what the
 * site does not show): Spam when looksAutomated (the sender cannot tell); otherwise New, mailing
 * the admins who asked for it. At most `enquiriesPerAddress` per client address within the
 * window (429), counted in one atomic statement, so that several server processes share the
 * count; a refused one rolls back and does not count.
 */
export async function receiveEnquiry(
  db: DataSource,
  { limits, publicUrl }: Pick<Config, 'limits' | 'publicUrl'>,
  ip: string,
  body: z.output<typeof enquiryBody>,
  audit: AuditRecorder,
): Promise<void> {
  const spam = looksAutomated(body);
  const snapshot = body.request ? await resolveRequest(db, body.request) : null;
  const kind = snapshot?.kind ?? 'message';
  const address = addressKey(ip).slice('address:'.length);
  const visit = attributionOf(body, body.page);
  await db.transaction(async (m) => {
    await countFormPost(m, address, formWindow(limits), messages.tooManyEnquiries);
    const status = spam ? 'Spam' : 'New';
    const [row] = await m.query<[{ id: string; created_at: Date }]>(
      `INSERT INTO enquiries (full_name, email, phone, service, message, kind, request, request_summary, page, status, client_address,
                              landing_page, source, campaign)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14) RETURNING id, created_at`,
      [
        body.fullName,
        body.email,
        body.phone || null,
        body.service || null,
        body.message,
        kind,
        snapshot,
        snapshot && describeSnapshot(snapshot),
        body.page ?? null,
        status,
        address,
        visit.landingPage,
        visit.source,
        visit.campaign,
      ],
    );
    if (!spam) {
      const dueAt = await startReplyClock(m, row.id, row.created_at);
      await enquiryReceived(m, row.id, publicUrl);
      await acknowledgeEnquiry(m, { id: row.id, fullName: body.fullName, email: body.email, receivedAt: row.created_at, dueAt }, publicUrl);
    }
    // Sent by a visitor: no actor; the message itself stays out of the log.
    await audit(m, {
      action: 'enquiry.create',
      actor: null,
      target: enquiryTarget({ _id: row.id, fullName: body.fullName }),
      changes: diff(null, {
        fullName: body.fullName,
        email: body.email,
        phone: body.phone || null,
        service: body.service || null,
        kind,
        status,
      }),
    });
  });
}
