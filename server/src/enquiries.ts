/**
 * Enquiries (issue 11): the inbox's queries, shared by the admins' calls, the staff portal's and
 * the CSV export. Filters and sorts are built here from validated values only; every value goes
 * to PostgreSQL as a parameter.
 */
import { Readable } from 'node:stream';
import type { DataSource, EntityManager } from 'typeorm';
import { defaultGeneralSettings, type Enquiry, type EnquiryNote, type Timezone } from '@kafue/common/contract';
import type { enquiryListQuery } from '@kafue/common/schemas';
import type { z } from 'zod';
import { generalSettingsKey, storedGeneralSettings } from './backup-schedule.js';
import { poolOf } from './db/data-source.js';
import { readSetting } from './stored-settings.js';

export type ListQuery = z.output<typeof enquiryListQuery>;

export interface EnquiryRow {
  id: string;
  full_name: string;
  email: string;
  phone: string | null;
  service: string | null;
  message: string;
  status: Enquiry['status'];
  created_at: Date;
  read_at: Date | null;
  assignee_id: string | null;
  assignee_name: string | null;
}

export const enquiryColumns = `e.id, e.full_name, e.email, e.phone, e.service, e.message, e.status, e.created_at, e.read_at,
  s.id AS assignee_id, s.name AS assignee_name`;
export const enquiryFrom = `enquiries e LEFT JOIN staff_users s ON s.id = e.assignee_id`;

export const toEnquiry = (r: EnquiryRow): Enquiry => ({
  _id: r.id,
  fullName: r.full_name,
  email: r.email,
  phone: r.phone,
  service: r.service,
  message: r.message,
  status: r.status,
  assignee: r.assignee_id ? { _id: r.assignee_id, name: r.assignee_name ?? '' } : null,
  createdAt: r.created_at.toISOString(),
  readAt: r.read_at ? r.read_at.toISOString() : null,
});

interface NoteRow {
  id: string;
  text: string;
  created_at: Date;
  author_kind: 'admin' | 'staff';
  author_id: string;
  author_name: string;
}
export const noteColumns = `id, text, created_at, author_kind, author_id, author_name`;
export const toNote = (r: NoteRow): EnquiryNote => ({
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

/** ORDER BY for a validated sort value, with the id as tie-break so that pages never overlap. */
export function orderBy(sort: string): string {
  const descending = sort.startsWith('-');
  const column = sortColumns[descending ? sort.slice(1) : sort] ?? 'e.created_at';
  const direction = descending ? 'DESC' : 'ASC';
  return `${column} ${direction}, e.id ${direction}`;
}

/** Escapes LIKE's wildcards, so that the words are looked for as typed. */
const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Hours east of UTC of a timezone value such as 'UTC+8'. */
const offsetHours = (timezone: Timezone) => Number(timezone.slice(3));

/** The instant a day starts in the timezone (a day plus `days`). */
function dayStart(day: string, timezone: Timezone, days = 0): Date {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days) - offsetHours(timezone) * 3_600_000);
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
  if (assigneeId) conditions.push(`e.assignee_id = ${param(assigneeId)}`);
  else if (query.assignee === 'none') conditions.push(`e.assignee_id IS NULL`);
  else if (query.assignee) conditions.push(`e.assignee_id = ${param(query.assignee)}`);
  if (query.from || query.to) {
    const needsZone = [query.from, query.to].some((v) => v && isDay(v));
    const { timezone } = needsZone
      ? await readSetting(db, generalSettingsKey, storedGeneralSettings, defaultGeneralSettings)
      : defaultGeneralSettings;
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

/** One page of the list and the total it is part of (two queries at once, on two connections). */
export async function listEnquiries(db: DataSource, query: ListQuery, assigneeId?: string) {
  const where = await whereOf(db, query, assigneeId);
  const pool = poolOf(db);
  const n = where.values.length;
  const [rows, count] = await Promise.all([
    pool.query<EnquiryRow>(
      `SELECT ${enquiryColumns} FROM ${enquiryFrom} WHERE ${where.sql} ORDER BY ${orderBy(query.sort)}
        LIMIT $${n + 1} OFFSET $${n + 2}`,
      [...where.values, query.pageSize, (query.page - 1) * query.pageSize],
    ),
    pool.query<{ total: number }>(`SELECT count(*)::int AS total FROM enquiries e WHERE ${where.sql}`, where.values),
  ]);
  return { items: rows.rows.map(toEnquiry), total: count.rows[0].total, page: query.page, pageSize: query.pageSize };
}

/** An enquiry with its notes, or undefined; `assigneeId` restricts to that staff member's. */
export async function findEnquiry(db: DataSource | EntityManager, id: string, assigneeId?: string) {
  const rows = await db.query<EnquiryRow[]>(
    `SELECT ${enquiryColumns} FROM ${enquiryFrom} WHERE e.id = $1 ${assigneeId ? 'AND e.assignee_id = $2' : ''}`,
    assigneeId ? [id, assigneeId] : [id],
  );
  if (!rows[0]) return undefined;
  const notes = await db.query<NoteRow[]>(
    `SELECT ${noteColumns} FROM enquiry_notes WHERE enquiry_id = $1 ORDER BY created_at, id`,
    [id],
  );
  return { ...toEnquiry(rows[0]), notes: notes.map(toNote) };
}

/** Adds a note to an enquiry (restricted to a staff member's own with `assigneeId`); undefined when there is none. */
export async function addNote(
  m: EntityManager,
  id: string,
  text: string,
  author: { kind: 'admin' | 'staff'; id: string; name: string },
  assigneeId?: string,
): Promise<EnquiryNote | undefined> {
  const rows = await m.query<NoteRow[]>(
    `INSERT INTO enquiry_notes (enquiry_id, text, author_kind, author_id, author_name)
     SELECT id, $2, $3, $4, $5 FROM enquiries WHERE id = $1 ${assigneeId ? 'AND assignee_id = $6' : ''}
     RETURNING ${noteColumns}`,
    [id, text, author.kind, author.id, author.name.slice(0, 100), ...(assigneeId ? [assigneeId] : [])],
  );
  if (rows[0]) await m.query(`UPDATE enquiries SET updated_at = now() WHERE id = $1`, [id]);
  return rows[0] && toNote(rows[0]);
}

// ---------------------------------------------------------------------------------------------
// CSV export

/**
 * One CSV cell: text that a spreadsheet would run as a formula (leading =, +, -, @, or a tab or
 * carriage return before one) gets a leading apostrophe (OWASP's advice); then quoted when it
 * holds a comma, quote or line break.
 */
export function csvCell(value: string | null | undefined): string {
  let text = value ?? '';
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvHeader = ['Received', 'Full Name', 'Email', 'Phone', 'Service', 'Status', 'Assignee', 'Message', 'Read'];

const csvLine = (r: EnquiryRow) =>
  [
    r.created_at.toISOString(),
    r.full_name,
    r.email,
    r.phone,
    r.service,
    r.status,
    r.assignee_name,
    r.message,
    r.read_at ? r.read_at.toISOString() : '',
  ]
    .map(csvCell)
    .join(',') + '\r\n';

/**
 * Every enquiry the query matches, as CSV, read through a server-side cursor a batch at a time:
 * memory holds one batch, whatever the count. The connection is held (in one read-only
 * transaction, one snapshot) until the stream ends or is destroyed (the client went away).
 */
export async function exportCsv(db: DataSource, query: ListQuery, batch = 1000): Promise<Readable> {
  const where = await whereOf(db, query);
  const client = await poolOf(db).connect();
  let broken: unknown;
  async function* lines() {
    try {
      await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
      await client.query(
        `DECLARE enquiries_csv NO SCROLL CURSOR FOR
           SELECT ${enquiryColumns} FROM ${enquiryFrom} WHERE ${where.sql} ORDER BY ${orderBy(query.sort)}`,
        where.values,
      );
      yield '\uFEFF' + csvHeader.map(csvCell).join(',') + '\r\n';
      for (;;) {
        const { rows } = await client.query<EnquiryRow>(`FETCH ${batch} FROM enquiries_csv`);
        if (rows.length === 0) break;
        yield rows.map(csvLine).join('');
      }
      await client.query('COMMIT');
    } catch (error) {
      broken = error;
      throw error;
    } finally {
      // A stream destroyed midway leaves the transaction open: end it before the connection goes back.
      if (!broken) await client.query('ROLLBACK').catch((error: unknown) => (broken = error));
      client.release(broken instanceof Error ? broken : undefined);
    }
  }
  return Readable.from(lines(), { objectMode: false });
}

/** Removes per-address counters whose window has passed (they count for nothing any more). */
export async function purgeEnquiryRate(db: DataSource, windowMinutes: number): Promise<void> {
  await db.query(`DELETE FROM enquiry_rate WHERE window_start <= now() - make_interval(mins => $1)`, [windowMinutes]);
}
