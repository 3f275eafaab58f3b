/**
 * Following leads up: contacts (the enquiries of one address, any case), reminders mailed at
 * their time once across processes, and the lead report's figures, against the real PostgreSQL
 * with the clock injected.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, messages } from '@kafue/common/contract';
import { reminderMessages } from '@kafue/common/schemas';
import { mailDueReminders } from '../src/reminders/reminders.js';
import { periodStarts } from '../src/reports/leads.js';
import { startTestServer, type Client, type TestServer } from './helpers.js';

let t: TestServer;
let other: TestServer;
let admin: { client: Client; id: string; email: string };
const missing = '0b7f6a52-3c1d-4e2f-8a9b-1c2d3e4f5a6b';

beforeAll(async () => {
  t = await startTestServer({ configure: (c) => ((c.trustProxy = true), (c.publicUrl = 'https://kafue.example')) });
  // A second server process on the same database.
  other = await startTestServer({ databaseUrl: t.databaseUrl });
  admin = await t.admin('Moderator');
});
afterAll(async () => {
  await other?.close();
  await t?.close();
});

/** An enquiry written straight into the table. */
async function enquiry(fields: { email: string; fullName?: string; at?: string; status?: string; assigneeId?: string; phone?: string }) {
  const [{ id }] = await t.db.query<[{ id: string }]>(
    `INSERT INTO enquiries (full_name, email, phone, message, status, assignee_id, created_at)
     VALUES ($1, $2, $3, 'Please call me.', $4, $5, coalesce($6::timestamptz, now())) RETURNING id`,
    [
      fields.fullName ?? 'Chanda Mwale',
      fields.email,
      fields.phone ?? null,
      fields.status ?? 'New',
      fields.assigneeId ?? null,
      fields.at ?? null,
    ],
  );
  return id;
}

/** A quote row (another part of the product makes them; the report and contacts read them). */
async function quote(
  enquiryId: string,
  q: { status: string; currency: string; once: number; monthly: number; sentAt?: string; acceptedAt?: string; seq: number },
) {
  await t.db.query(
    `INSERT INTO quotes (number, year, seq, enquiry_id, status, currency, lines, valid_until, total_once, total_monthly, sent_at, accepted_at, created_by_kind, created_by_id)
     VALUES ($1, 2026, $2, $3, $4, $5, '[]', '2026-12-31', $6, $7, $8, $9, 'admin', $10)`,
    [
      `Q-2026-${String(q.seq).padStart(4, '0')}`,
      q.seq,
      enquiryId,
      q.status,
      q.currency,
      q.once,
      q.monthly,
      q.sentAt ?? null,
      q.acceptedAt ?? null,
      admin.id,
    ],
  );
}

describe('contacts', () => {
  let first = '';
  beforeAll(async () => {
    first = await enquiry({ email: 'Mutale@Example.com', fullName: 'Mutale Banda', at: '2026-03-01T08:00:00Z', phone: '+260 97 111 2222' });
    const second = await enquiry({ email: 'mutale@example.COM', fullName: 'Mutale B. Banda', at: '2026-04-01T08:00:00Z' });
    await enquiry({ email: 'mutale@example.com', fullName: 'Spam Bot', at: '2026-05-01T08:00:00Z', status: 'Spam' });
    await enquiry({ email: 'zed@example.com', fullName: 'Zed Phiri', at: '2026-02-01T08:00:00Z' });
    await quote(first, {
      status: 'accepted',
      currency: 'USD',
      once: 1200,
      monthly: 50,
      seq: 901,
      sentAt: '2026-03-02T08:00:00Z',
      acceptedAt: '2026-03-03T08:00:00Z',
    });
    await quote(second, { status: 'accepted', currency: 'USD', once: 300, monthly: 0, seq: 902, acceptedAt: '2026-04-03T08:00:00Z' });
    await quote(second, { status: 'accepted', currency: 'ZMW', once: 5000, monthly: 0, seq: 903, acceptedAt: '2026-04-04T08:00:00Z' });
    await quote(second, { status: 'sent', currency: 'USD', once: 999, monthly: 0, seq: 904, sentAt: '2026-04-05T08:00:00Z' });
    await t.db.query(
      `INSERT INTO enquiry_notes (enquiry_id, text, author_kind, author_id, author_name, created_at) VALUES ($1, 'Asked for a call', 'admin', $2, 'Ann', '2026-03-01T09:00:00Z')`,
      [first, admin.id],
    );
    await t.db.query(
      `INSERT INTO enquiry_contacts (enquiry_id, channel, note, author_kind, author_id, author_name, created_at) VALUES ($1, 'phone', 'Called back', 'admin', $2, 'Ann', '2026-04-10T09:00:00Z')`,
      [second, admin.id],
    );
  });

  it('groups enquiries by address whatever its case, Spam left out, with the newest name, the value won per currency and the last contact', async () => {
    const list = await admin.client.get(`${api.contacts}?q=mutale`);
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ total: 1, page: 1 });
    expect(list.body.items[0]).toEqual({
      key: 'mutale@example.com',
      name: 'Mutale B. Banda',
      email: 'mutale@example.COM',
      phone: '+260 97 111 2222',
      enquiries: 2,
      // The contact logged on the second enquiry is the newest event.
      lastContactAt: '2026-04-10T09:00:00.000Z',
      valueWon: [
        { currency: 'USD', once: 1500, monthly: 50 },
        { currency: 'ZMW', once: 5000, monthly: 0 },
      ],
    });
  });

  it('sorts and pages on the server, and finds by phone', async () => {
    const byName = await admin.client.get(`${api.contacts}?sort=name&pageSize=1`);
    expect(byName.body.total).toBeGreaterThanOrEqual(2);
    expect(byName.body.items).toHaveLength(1);
    const names = [];
    for (let page = 1; page <= byName.body.total; page++)
      names.push((await admin.client.get(`${api.contacts}?sort=name&pageSize=1&page=${page}`)).body.items[0].name);
    expect(names).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    expect(
      (await admin.client.get(`${api.contacts}?q=${encodeURIComponent('97 111')}`)).body.items.map((c: { key: string }) => c.key),
    ).toEqual(['mutale@example.com']);
    expect((await admin.client.get(`${api.contacts}?sort=phone`)).status).toBe(400);
    expect((await admin.client.get(`${api.contacts}?q=nobody-at-all`)).body).toMatchObject({ items: [], total: 0 });
  });

  it('shows a contact with every enquiry, note, contact and quote in time order; an unknown one is 404', async () => {
    const detail = await admin.client.get(api.contactByKey('Mutale@example.com'));
    expect(detail.status).toBe(200);
    expect(detail.body.enquiryList).toHaveLength(2);
    expect(detail.body.timeline.map((e: { title: string }) => e.title)).toEqual([
      'Enquiry received from Mutale Banda',
      'Note added',
      'Quote Q-2026-0901 sent',
      'Quote Q-2026-0901 accepted',
      'Enquiry received from Mutale B. Banda',
      'Quote Q-2026-0902 accepted',
      'Quote Q-2026-0903 accepted',
      'Quote Q-2026-0904 sent',
      'Contact logged: Phone call',
      // Drafted today (the rows' created_at).
      'Quote Q-2026-0901 drafted',
      'Quote Q-2026-0902 drafted',
      'Quote Q-2026-0903 drafted',
      'Quote Q-2026-0904 drafted',
    ]);
    const times = detail.body.timeline.map((e: { at: string }) => e.at);
    expect(times).toEqual([...times].sort());
    expect(detail.body.timeline[0]).toMatchObject({ kind: 'received', enquiryId: first });
    expect((await admin.client.get(api.contactByKey('nobody@example.com'))).status).toBe(404);
  });

  it('marks a new enquiry from a known contact in the inbox and in the new-enquiry mail', async () => {
    const form = {
      fullName: 'Mutale Banda',
      email: 'MUTALE@example.com',
      message: 'Another project, please.',
      startedAt: Date.now() - 60_000,
    };
    expect((await t.client().post(api.enquiries, form, { 'x-forwarded-for': '198.51.100.201' })).status).toBe(201);
    const stranger = { ...form, fullName: 'New Person', email: 'new.person@example.com' };
    expect((await t.client().post(api.enquiries, stranger, { 'x-forwarded-for': '198.51.100.202' })).status).toBe(201);
    const list = await admin.client.get(`${api.enquiries}?q=Another%20project`);
    const known = Object.fromEntries(list.body.items.map((e: { fullName: string; knownContact: boolean }) => [e.fullName, e.knownContact]));
    expect(known).toEqual({ 'Mutale Banda': true, 'New Person': false });
    const mails = await t.db.query<{ subject: string; body: string }[]>(
      `SELECT subject, body FROM mail_queue WHERE subject LIKE '%New enquiry from%'`,
    );
    expect(mails.find((m) => m.subject.includes('Mutale'))?.body).toContain('Known contact: 2 earlier enquiries from this address');
    expect(mails.find((m) => m.subject.includes('New Person'))?.body).not.toContain('Known contact');
  });
});

describe('reminders', () => {
  const reminderMails = () =>
    t.db.query<{ to_address: string; subject: string; body: string }[]>(
      `SELECT to_address, subject, body FROM mail_queue WHERE subject LIKE '%Reminder:%' ORDER BY created_at`,
    );

  it('refuses a time in the past or no time, and an unknown enquiry', async () => {
    const id = await enquiry({ email: 'past@example.com' });
    const past = await admin.client.post(api.enquiryReminders(id), { at: new Date(Date.now() - 60_000).toISOString(), note: 'x' });
    expect(past).toMatchObject({ status: 400, body: { message: messages.invalidInput, errors: { at: reminderMessages.atInPast } } });
    expect((await admin.client.post(api.enquiryReminders(id), { note: 'x' })).status).toBe(400);
    expect((await admin.client.post(api.enquiryReminders(missing), { at: new Date(Date.now() + 60_000).toISOString() })).status).toBe(404);
  });

  it('mails the person who set it once at its time, with two processes at once; due on their list until done', async () => {
    await t.db.query(`DELETE FROM mail_queue`);
    const id = await enquiry({ email: 'due@example.com', fullName: 'Due Person' });
    const at = new Date(Date.now() + 3_600_000);
    const set = await admin.client.post(api.enquiryReminders(id), { at: at.toISOString(), note: 'Call about the shop' });
    expect(set).toMatchObject({
      status: 201,
      body: { message: reminderMessages.created, reminder: { due: false, note: 'Call about the shop' } },
    });
    const reminderId = set.body.reminder._id as string;

    // Not yet: a minute before its time.
    expect(await mailDueReminders(t.db, t.config.publicUrl, new Date(at.getTime() - 60_000))).toBe(0);
    // At its time, two processes at once: one mail.
    const passes = await Promise.all([mailDueReminders(t.db, t.config.publicUrl, at), mailDueReminders(other.db, t.config.publicUrl, at)]);
    expect(passes.sort()).toEqual([0, 1]);
    // A restart (a later pass by either) mails it no more.
    expect(await mailDueReminders(other.db, t.config.publicUrl, new Date(at.getTime() + 60_000))).toBe(0);
    const mails = await reminderMails();
    expect(mails).toHaveLength(1);
    expect(mails[0].to_address).toBe(admin.email);
    expect(mails[0].subject).toContain('Reminder: Due Person');
    expect(mails[0].body).toContain(`Open it: https://kafue.example/admin/enquiries?open=${id}\n`);
    expect(mails[0].body).toContain('> Call about the shop');

    t.clock.at = at.getTime() + 1000;
    try {
      const mine = await admin.client.get(api.reminders);
      expect(mine.body.find((r: { _id: string }) => r._id === reminderId)).toMatchObject({
        due: true,
        enquiry: { _id: id, fullName: 'Due Person' },
      });
      expect((await admin.client.get(api.enquiryReminders(id))).body).toHaveLength(1);

      // Snoozed: open again, mailed again at its new time.
      const later = new Date(at.getTime() + 86_400_000);
      const snoozed = await admin.client.post(api.reminderSnooze(reminderId), { at: later.toISOString() });
      expect(snoozed).toMatchObject({
        status: 200,
        body: { message: reminderMessages.snoozed, reminder: { due: false, at: later.toISOString() } },
      });
      expect(await mailDueReminders(t.db, t.config.publicUrl, later)).toBe(1);

      const done = await admin.client.post(api.reminderDone(reminderId));
      expect(done).toMatchObject({ status: 200, body: { message: reminderMessages.done, reminder: { due: false } } });
      expect((await admin.client.get(api.reminders)).body.some((r: { _id: string }) => r._id === reminderId)).toBe(false);
      expect((await admin.client.get(api.enquiryReminders(id))).body).toEqual([]);
      // Done: never mailed again, whatever the clock.
      expect(await mailDueReminders(t.db, t.config.publicUrl, new Date(later.getTime() + 86_400_000))).toBe(0);
    } finally {
      delete t.clock.at;
    }
    const audit = await t.db.query<{ action: string }[]>(`SELECT action FROM audit_log WHERE target_id = $1 ORDER BY at`, [id]);
    expect(audit.map((a) => a.action)).toEqual(['reminder.create', 'reminder.snooze', 'reminder.done']);
  });

  it('a staff member sets, lists and finishes reminders on their own enquiries only; the mail links to their portal', async () => {
    const staff = await t.staff();
    const otherStaff = await t.staff();
    const mine = await enquiry({ email: 'mine@example.com', assigneeId: staff.id });
    const theirs = await enquiry({ email: 'theirs@example.com', assigneeId: otherStaff.id });
    const at = new Date(Date.now() + 120_000).toISOString();
    expect((await staff.client.post(api.enquiryReminders(theirs), { at })).status).toBe(404);
    expect((await staff.client.get(api.enquiryReminders(theirs))).status).toBe(404);
    const set = await staff.client.post(api.enquiryReminders(mine), { at, note: '' });
    expect(set.status).toBe(201);
    const id = set.body.reminder._id as string;
    // An admin's reminder on the same enquiry is not the staff member's to finish.
    const adminsOwn = await admin.client.post(api.enquiryReminders(mine), { at });
    expect((await staff.client.post(api.reminderDone(adminsOwn.body.reminder._id))).status).toBe(404);
    expect((await otherStaff.client.post(api.reminderDone(id))).status).toBe(404);
    expect((await staff.client.get(api.reminders)).body.map((r: { _id: string }) => r._id)).toEqual([id]);

    await t.db.query(`DELETE FROM mail_queue`);
    expect(await mailDueReminders(t.db, t.config.publicUrl, new Date(Date.now() + 180_000))).toBe(2);
    const toStaff = (await reminderMails()).find((m) => m.to_address === staff.email);
    expect(toStaff?.body).toContain('https://kafue.example/staff/dashboard');

    expect((await staff.client.post(api.reminderSnooze(id), { at: new Date(Date.now() + 600_000).toISOString() })).status).toBe(200);
    expect((await staff.client.post(api.reminderDone(id))).status).toBe(200);
    // Reassigned away, the enquiry's reminders are no longer the staff member's to see.
    await staff.client.post(api.enquiryReminders(mine), { at });
    await t.db.query(`UPDATE enquiries SET assignee_id = $2 WHERE id = $1`, [mine, otherStaff.id]);
    expect((await staff.client.get(api.reminders)).body).toEqual([]);
  });
});

describe('the lead report', () => {
  let report: TestServer;
  let reporter: Client;
  beforeAll(async () => {
    // A database of its own, so that the other tests' enquiries do not count.
    report = await startTestServer();
    reporter = (await report.admin('Moderator')).client;
    const db = report.db;
    /** A wait for our reply: the enquiry's own, or a later client message's. */
    const wait = (id: string, since: string, due: string, answered: string | null) =>
      db.query(`INSERT INTO reply_waits (enquiry_id, since, due_at, answered_at) VALUES ($1, $2, $3, $4)`, [id, since, due, answered]);
    const add = async (
      at: string,
      fields: { kind?: string; service?: string; due?: string; first?: string; stage?: string; status?: string },
    ) => {
      const [{ id }] = await db.query<[{ id: string }]>(
        `INSERT INTO enquiries (full_name, email, message, kind, service, created_at, response_due_at, first_response_at, stage, status)
         VALUES ('R', 'r@example.com', 'm', $2, $3, $1, $4, $5, $6, $7) RETURNING id`,
        [
          at,
          fields.kind ?? 'message',
          fields.service ?? null,
          fields.due ?? null,
          fields.first ?? null,
          fields.stage ?? 'new',
          fields.status ?? 'New',
        ],
      );
      if (fields.due) await wait(id, at, fields.due, fields.first ?? null);
      return id;
    };
    // January (UTC+0): three enquiries, two answered (one in time after 30 min, one late after 300 min), one won, one lost;
    // the won one's client wrote again, answered in time after 60 min.
    const won = await add('2026-01-05T09:00:00Z', {
      kind: 'quote',
      service: 'Web Development',
      due: '2026-01-05T13:00:00Z',
      first: '2026-01-05T09:30:00Z',
      stage: 'won',
      status: 'Closed',
    });
    // The client wrote again on the 7th, answered in 60 min: a wait of its own.
    await wait(won, '2026-01-07T09:00:00Z', '2026-01-07T13:00:00Z', '2026-01-07T10:00:00Z');
    await add('2026-01-06T09:00:00Z', {
      kind: 'message',
      service: 'Web Development',
      due: '2026-01-06T13:00:00Z',
      first: '2026-01-06T14:00:00Z',
      stage: 'lost',
      status: 'Closed',
    });
    await add('2026-01-31T23:30:00Z', { kind: 'consultation', due: '2026-02-02T13:00:00Z' });
    await add('2026-01-20T09:00:00Z', { status: 'Spam' });
    // March: one.
    await add('2026-03-10T09:00:00Z', { kind: 'service', service: 'Mobile Apps' });
    await db.query(
      `INSERT INTO quotes (number, year, seq, enquiry_id, status, currency, lines, valid_until, total_once, total_monthly, sent_at, accepted_at, created_by_kind, created_by_id)
       VALUES ('Q-2026-0001', 2026, 1, $1, 'accepted', 'USD', '[]', '2026-12-31', 1000, 40, '2026-01-07T09:00:00Z', '2026-01-08T09:00:00Z', 'admin', $1),
              ('Q-2026-0002', 2026, 2, $1, 'sent', 'ZMW', '[]', '2026-12-31', 700, 0, '2026-03-01T09:00:00Z', NULL, 'admin', $1)`,
      [won],
    );
  });
  afterAll(() => report?.close());

  it('counts per month: kinds, services, answered in time, median minutes, quotes and value, win rate; empty months too', async () => {
    const answer = await reporter.get(`${api.leadReport}?from=2026-01-01&to=2026-03-31&by=month`);
    expect(answer.status).toBe(200);
    expect(answer.body.periods.map((p: { start: string }) => p.start)).toEqual(['2026-01-01', '2026-02-01', '2026-03-01']);
    const [january, february, march] = answer.body.periods;
    expect(january).toEqual({
      start: '2026-01-01',
      enquiries: 3,
      byKind: { message: 1, service: 0, quote: 1, consultation: 1, email: 0, whatsapp: 0 },
      byService: [
        { label: 'Web Development', count: 2 },
        { label: 'None', count: 1 },
      ],
      // Every client message counts: 2 of 4 waits answered by their due time; the median of 30, 60 and 300 min.
      answeredInTime: 2 / 4,
      medianMinutesToResponse: 60,
      quotesSent: 1,
      quotesAccepted: 1,
      valueAccepted: [{ currency: 'USD', once: 1000, monthly: 40 }],
      winRate: 0.5,
      // No payment in this report's months (payments.test.ts counts them).
      cashCollected: [],
    });
    expect(february).toMatchObject({ enquiries: 0, answeredInTime: null, medianMinutesToResponse: null, winRate: null, quotesSent: 0 });
    expect(march).toMatchObject({ enquiries: 1, byKind: { service: 1 }, quotesSent: 1, quotesAccepted: 0, valueAccepted: [] });
  });

  it('counts days in the General timezone: 23:30 UTC on 31 January is February in UTC+8', async () => {
    const setZone = (zone: string) =>
      report.db.query(
        `INSERT INTO settings (key, value) VALUES ('general', $1) ON CONFLICT (key) DO UPDATE SET value = settings.value || excluded.value`,
        [{ timezone: zone }],
      );
    await setZone('UTC+8');
    try {
      const answer = await reporter.get(`${api.leadReport}?from=2026-01-01&to=2026-02-28&by=month`);
      expect(answer.body.periods.map((p: { enquiries: number }) => p.enquiries)).toEqual([2, 1]);
    } finally {
      await setZone('UTC+0');
    }
  });

  it('groups by week from Monday', async () => {
    expect(periodStarts('2026-01-01', '2026-01-19', 'week')).toEqual(['2025-12-29', '2026-01-05', '2026-01-12', '2026-01-19']);
    const answer = await reporter.get(`${api.leadReport}?from=2026-01-05&to=2026-01-11&by=week`);
    expect(answer.body.periods).toHaveLength(1);
    expect(answer.body.periods[0]).toMatchObject({ start: '2026-01-05', enquiries: 2, quotesSent: 1 });
  });

  it('refuses a range backwards, too long, or days that are no days', async () => {
    for (const query of [
      'from=2026-02-01&to=2026-01-01',
      'from=2020-01-01&to=2026-01-01',
      'from=2026-13-01&to=2026-12-31',
      'to=2026-01-01',
      'from=2026-01-01&to=2026-01-31&by=day',
    ]) {
      expect((await reporter.get(`${api.leadReport}?${query}`)).status, query).toBe(400);
    }
  });
});
