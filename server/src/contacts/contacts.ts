/**
 * Contacts: the enquiries sent from one email address, whatever its case, are one person or firm.
 * Their list is kafue_derived.contacts, which triggers keep from the enquiries, replies and
 * contacts logged (migration ContactsRemindersReports): a contact is always what its enquiries
 * say. Spam stays out.
 */
import type { DataSource } from 'typeorm';
import { contactChannelLabels, type ContactChannel, type QuoteStatus, type TimelineEntry } from '@kafue/common/leads';
import type { ContactDetail, ContactSummary, WonValue, contactListQuery } from '@kafue/common/schemas';
import type { z } from 'zod';
import { poolOf } from '../db/data-source.js';
import { reminderEntries } from '../reminders/reminders.js';

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

const author = (r: { author_name: string }) => ({ by: r.author_name });

/** A reply's delivery, read from its mail_queue row (gone once delivered). */
const deliveryState = (attempts: number | null) =>
  attempts === null ? 'Delivered' : attempts > 0 ? 'Failed, retrying' : 'Waiting to send';

const quoteTitles: Record<'created' | 'sent' | 'accepted', (n: string) => string> = {
  created: (n) => `Quote ${n} drafted`,
  sent: (n) => `Quote ${n} sent`,
  accepted: (n) => `Quote ${n} accepted`,
};

/** Every event of the enquiries `ids`, each with its enquiry. */
async function timelineOf(db: DataSource, ids: string[]): Promise<Entry[]> {
  const [received, notes, replies, contacts, quotes] = await Promise.all([
    db.query<{ id: string; created_at: Date; message: string; full_name: string }[]>(
      `SELECT id, created_at, message, full_name FROM enquiries WHERE id = ANY($1::uuid[])`,
      [ids],
    ),
    db.query<{ enquiry_id: string; created_at: Date; text: string; author_name: string }[]>(
      `SELECT enquiry_id, created_at, text, author_name FROM enquiry_notes WHERE enquiry_id = ANY($1::uuid[])`,
      [ids],
    ),
    db.query<{ enquiry_id: string; created_at: Date; subject: string; body: string; author_name: string; attempts: number | null }[]>(
      `SELECT r.enquiry_id, r.created_at, r.subject, r.body, r.author_name, q.attempts
         FROM enquiry_replies r LEFT JOIN mail_queue q ON q.id = r.mail_id WHERE r.enquiry_id = ANY($1::uuid[])`,
      [ids],
    ),
    db.query<{ enquiry_id: string; created_at: Date; channel: ContactChannel; note: string; author_name: string }[]>(
      `SELECT enquiry_id, created_at, channel, note, author_name FROM enquiry_contacts WHERE enquiry_id = ANY($1::uuid[])`,
      [ids],
    ),
    db.query<
      { enquiry_id: string; number: string; status: QuoteStatus; created_at: Date; sent_at: Date | null; accepted_at: Date | null }[]
    >(
      `SELECT enquiry_id, number, status, created_at, sent_at, accepted_at FROM quotes WHERE enquiry_id = ANY($1::uuid[]) ORDER BY created_at, number`,
      [ids],
    ),
  ]);
  const entries: Entry[] = [
    ...received.map((e): Entry => ({
      enquiryId: e.id,
      at: e.created_at.toISOString(),
      kind: 'received',
      title: `Enquiry received from ${e.full_name}`,
      text: e.message,
    })),
    ...notes.map((n): Entry => ({
      enquiryId: n.enquiry_id,
      at: n.created_at.toISOString(),
      kind: 'note',
      title: 'Note',
      text: n.text,
      ...author(n),
    })),
    ...replies.map((r): Entry => ({
      enquiryId: r.enquiry_id,
      at: r.created_at.toISOString(),
      kind: 'reply',
      title: `Reply sent: ${r.subject}`,
      text: r.body,
      state: deliveryState(r.attempts),
      ...author(r),
    })),
    ...contacts.map((c): Entry => ({
      enquiryId: c.enquiry_id,
      at: c.created_at.toISOString(),
      kind: 'contact',
      title: `Contact logged: ${contactChannelLabels[c.channel]}`,
      ...(c.note ? { text: c.note } : {}),
      ...author(c),
    })),
    ...quotes.flatMap((q) =>
      (
        [
          ['created', q.created_at],
          ['sent', q.sent_at],
          ['accepted', q.accepted_at],
        ] as const
      ).flatMap(([step, at]): Entry[] =>
        at ? [{ enquiryId: q.enquiry_id, at: at.toISOString(), kind: 'quote', title: quoteTitles[step](q.number) }] : [],
      ),
    ),
  ];
  for (const id of ids) entries.push(...(await reminderEntries(db, id)).map((e) => ({ ...e, enquiryId: id })));
  return entries.sort((a, b) => a.at.localeCompare(b.at));
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
