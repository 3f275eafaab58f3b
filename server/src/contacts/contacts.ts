/**
 * Contacts: the enquiries sent from one email address, whatever its case, are one person or firm.
 * Their list is kafue_derived.contacts, which triggers keep from the enquiries, replies and
 * contacts logged (migration ContactsRemindersReports): a contact is always what its enquiries
 * say. Spam stays out.
 */
import type { DataSource } from 'typeorm';
import type { TimelineEntry } from '@kafue/common/leads';
import type { ContactDetail, ContactSummary, WonValue, contactListQuery } from '@kafue/common/schemas';
import type { z } from 'zod';
import { poolOf } from '../db/data-source.js';
import { timelineSources } from '../enquiries/timeline.js';

type ListQuery = z.output<typeof contactListQuery>;

const sortColumns: Record<string, string> = {
  name: 'lower(name)',
  email: 'key',
  enquiries: 'enquiries',
  lastContactAt: 'last_contact_at',
};

function orderBy(sort: string): string {
  const descending = sort.startsWith('-');
  const direction = descending ? 'DESC' : 'ASC';
  return `${sortColumns[descending ? sort.slice(1) : sort] ?? 'last_contact_at'} ${direction}, key ${direction}`;
}

const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

interface ContactRow {
  key: string;
  name: string;
  email: string;
  phone: string | null;
  enquiries: number;
  last_contact_at: Date;
}

/** The accepted quotes' value per contact and currency. */
async function valuesWon(db: DataSource, keys: string[]): Promise<Map<string, WonValue[]>> {
  const rows = await db.query<{ key: string; currency: WonValue['currency']; once: string; monthly: string }[]>(
    `SELECT lower(e.email) AS key, q.currency, sum(q.total_once) AS once, sum(q.total_monthly) AS monthly
       FROM quotes q JOIN enquiries e ON e.id = q.enquiry_id
      WHERE q.status = 'accepted' AND lower(e.email) = ANY($1::text[]) AND e.status <> 'Spam'
      GROUP BY 1, 2 ORDER BY 2`,
    [keys],
  );
  const byKey = new Map<string, WonValue[]>();
  for (const r of rows)
    byKey.set(r.key, [...(byKey.get(r.key) ?? []), { currency: r.currency, once: Number(r.once), monthly: Number(r.monthly) }]);
  return byKey;
}

const toSummary = (r: ContactRow, won: Map<string, WonValue[]>): ContactSummary => ({
  key: r.key,
  name: r.name,
  email: r.email,
  phone: r.phone,
  enquiries: r.enquiries,
  lastContactAt: r.last_contact_at.toISOString(),
  valueWon: won.get(r.key) ?? [],
});

const contactColumns = `key, name, email, phone, enquiries, last_contact_at`;

/** One page of contacts, found by words in their name, email or phone (trigram index contacts_words). */
export async function listContacts(db: DataSource, query: ListQuery) {
  const values: unknown[] = query.q ? [likePattern(query.q)] : [];
  const where = query.q ? `(name || ' ' || key || ' ' || coalesce(phone, '')) ILIKE $1` : 'true';
  const n = values.length;
  const [{ rows }, [{ total }]] = await Promise.all([
    poolOf(db).query<ContactRow>(
      `SELECT ${contactColumns} FROM kafue_derived.contacts WHERE ${where} ORDER BY ${orderBy(query.sort)} LIMIT $${n + 1} OFFSET $${n + 2}`,
      [...values, query.pageSize, (query.page - 1) * query.pageSize],
    ),
    db.query<[{ total: number }]>(`SELECT count(*)::int AS total FROM kafue_derived.contacts WHERE ${where}`, values),
  ]);
  const won = await valuesWon(
    db,
    rows.map((r) => r.key),
  );
  return { items: rows.map((r) => toSummary(r, won)), total, page: query.page, pageSize: query.pageSize };
}

type Entry = TimelineEntry & { enquiryId: string };

/**
 * Every event of the enquiries `ids` (each enquiry's timeline), each with its enquiry, in time
 * order. Here each enquiry's message stands with its arrival: the enquiry's own view shows it above
 * its timeline, a contact's page nowhere else.
 */
async function timelineOf(db: DataSource, ids: string[]): Promise<Entry[]> {
  const messages = new Map(
    (await db.query<{ id: string; message: string }[]>(`SELECT id, message FROM enquiries WHERE id = ANY($1::uuid[])`, [ids])).map((r) => [
      r.id,
      r.message,
    ]),
  );
  const parts = await Promise.all(
    ids.flatMap((id) =>
      timelineSources.map(async (source) =>
        (await source(db, id)).map((e): Entry => ({ ...e, enquiryId: id, ...(e.kind === 'received' ? { text: messages.get(id) } : {}) })),
      ),
    ),
  );
  // Array.prototype.sort is stable: entries at one instant keep their enquiry's and source's order.
  return parts.flat().sort((a, b) => a.at.localeCompare(b.at));
}

/** A contact by its key (the address in lower case): its enquiries and everything that happened on them; undefined when none. */
export async function findContact(db: DataSource, key: string): Promise<ContactDetail | undefined> {
  const [row] = await db.query<ContactRow[]>(`SELECT ${contactColumns} FROM kafue_derived.contacts WHERE key = $1`, [key]);
  if (!row) return undefined;
  const enquiryList = await db.query<
    {
      id: string;
      created_at: Date;
      kind: ContactDetail['enquiryList'][number]['kind'];
      service: string | null;
      status: ContactDetail['enquiryList'][number]['status'];
      stage: ContactDetail['enquiryList'][number]['stage'];
    }[]
  >(
    `SELECT id, created_at, kind, service, status, stage FROM enquiries WHERE lower(email) = $1 AND status <> 'Spam' ORDER BY created_at, id`,
    [key],
  );
  const won = await valuesWon(db, [key]);
  return {
    ...toSummary(row, won),
    enquiryList: enquiryList.map((e) => ({
      _id: e.id,
      createdAt: e.created_at.toISOString(),
      kind: e.kind,
      service: e.service,
      status: e.status,
      stage: e.stage,
    })),
    timeline: await timelineOf(
      db,
      enquiryList.map((e) => e.id),
    ),
  };
}
