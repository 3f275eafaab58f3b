/**
 * Stages and the reply clock as the team meets them: due times set at intake from the company's
 * hours in the General timezone (the clock injected), the acknowledgement to the visitor, the two
 * reminder mails once each across two processes, the stage call (reasons, closing, staff on their
 * own only), the inbox's stage filter and time-left order, the reply targets setting and the
 * dashboard's reply figures.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { api, messages } from '@kafue/common/contract';
import { defaultCompany } from '@kafue/common/company';
import { addBusinessMinutes, defaultBusinessHours } from '@kafue/common/reply-clock';
import { clientMessage, replyTimes, runReplyReminders, startOldClocks, startReplyClock } from '../src/enquiries/clock.js';
import { startTestServer, type Client, type TestServer } from './helpers.js';

let t: TestServer;
let admin: { client: Client; id: string; email: string };
const targetsPath = '/api/admin/settings/reply-targets';

beforeAll(async () => {
  t = await startTestServer({ configure: (c) => void (c.limits.enquiriesPerAddress = 1000) });
  admin = await t.admin('Super Admin');
  await t.db.query(`INSERT INTO settings (key, value) VALUES ('general', '{"siteName":"Acme Zambia","timezone":"UTC+2"}')`);
});
afterAll(() => t?.close());
beforeEach(async () => {
  await t.db.query(`DELETE FROM mail_queue`);
  await t.db.query(`DELETE FROM enquiry_acknowledgements`);
});

const form = (fullName: string, email: string) => ({
  fullName,
  email,
  message: 'Please call me about a website.',
  startedAt: Date.now() - 60_000,
});

/** An enquiry written straight into the table, received at `receivedAt`, with its clock started there. */
async function enquiryAt(fullName: string, receivedAt: string, assigneeId: string | null = null): Promise<string> {
  const [{ id }] = await t.db.query<[{ id: string }]>(
    `INSERT INTO enquiries (full_name, email, message, assignee_id, created_at) VALUES ($1, $2, 'Hello.', $3, $4) RETURNING id`,
    [fullName, `${fullName.toLowerCase().replace(/\W+/g, '.')}@visitor.test`, assigneeId, receivedAt],
  );
  await t.db.transaction((m) => startReplyClock(m, id, new Date(receivedAt)));
  return id;
}

const clockOf = async (id: string) =>
  (
    await t.db.query<[{ response_due_at: Date; remind_at: Date }]>(`SELECT response_due_at, remind_at FROM enquiries WHERE id = $1`, [id])
  )[0];

const mails = () =>
  t.db.query<
    { id: string; to_address: string; subject: string; body: string; reply_to: string | null; headers: Record<string, string> | null }[]
  >(`SELECT id, to_address, subject, body, reply_to, headers FROM mail_queue ORDER BY created_at, id`);

describe('due times', () => {
  it("count 4 business hours from receipt, across nights and Sundays, on the General timezone's clock", async () => {
    // Lusaka (UTC+2), Mon-Sat 09:00-18:00. Tuesday 10:00 there: due 14:00, reminder at 12:00.
    const morning = await clockOf(await enquiryAt('Tuesday Morning', '2026-11-24T08:00:00Z'));
    expect(morning.response_due_at.toISOString()).toBe('2026-11-24T12:00:00.000Z');
    expect(morning.remind_at.toISOString()).toBe('2026-11-24T10:00:00.000Z');
    // Tuesday 22:00: the night does not count, due Wednesday 13:00.
    expect((await clockOf(await enquiryAt('Tuesday Night', '2026-11-24T20:00:00Z'))).response_due_at.toISOString()).toBe(
      '2026-11-25T11:00:00.000Z',
    );
    // Saturday 17:00: one hour Saturday, Sunday closed, due Monday 12:00.
    expect((await clockOf(await enquiryAt('Saturday Evening', '2026-11-28T15:00:00Z'))).response_due_at.toISOString()).toBe(
      '2026-11-30T10:00:00.000Z',
    );
    // Another timezone: the same instant is 03:00 in New York, before opening; due 13:00 there.
    await t.db.query(`UPDATE settings SET value = value || '{"timezone":"UTC-5"}' WHERE key = 'general'`);
    try {
      expect((await clockOf(await enquiryAt('New York Night', '2026-11-24T08:00:00Z'))).response_due_at.toISOString()).toBe(
        '2026-11-24T18:00:00.000Z',
      );
    } finally {
      await t.db.query(`UPDATE settings SET value = value || '{"timezone":"UTC+2"}' WHERE key = 'general'`);
    }
  });

  it("follow the company profile's opening hours and the reply targets setting", async () => {
    expect((await admin.client.put(api.companySettings, { ...defaultCompany, openingHours: 'Mon - Fri, 8am - 5pm' })).status).toBe(200);
    try {
      // Friday 27 Nov 16:00 in Lusaka: 1 hour Friday, Saturday and Sunday closed, due Monday 11:00.
      expect((await clockOf(await enquiryAt('Friday Late', '2026-11-27T14:00:00Z'))).response_due_at.toISOString()).toBe(
        '2026-11-30T09:00:00.000Z',
      );
    } finally {
      expect((await admin.client.put(api.companySettings, defaultCompany)).status).toBe(200);
    }
    expect((await admin.client.get(targetsPath)).body).toEqual({ targetHours: 2, maxHours: 4 });
    const refused = await admin.client.put(targetsPath, { targetHours: 5, maxHours: 4 });
    expect(refused).toMatchObject({ status: 400, body: { errors: { targetHours: 'The target must not be later than the most.' } } });
    expect((await admin.client.put(targetsPath, { targetHours: 1, maxHours: 3 })).body).toEqual({
      message: messages.settingsUpdated,
      targets: { targetHours: 1, maxHours: 3 },
    });
    try {
      const c = await clockOf(await enquiryAt('Short Targets', '2026-11-24T08:00:00Z'));
      expect([c.remind_at.toISOString(), c.response_due_at.toISOString()]).toEqual([
        '2026-11-24T09:00:00.000Z',
        '2026-11-24T11:00:00.000Z',
      ]);
    } finally {
      await admin.client.put(targetsPath, { targetHours: 2, maxHours: 4 });
    }
  });
});

describe("a visitor's enquiry", () => {
  it('is stored with its due time and acknowledged, as automatic, with a reference and the due time in words, once a day per address', async () => {
    expect((await t.client().post(api.enquiries, form('Jane Phiri', 'Jane.Phiri@visitor.test'))).status).toBe(201);
    const [stored] = await t.db.query<{ id: string; created_at: Date; response_due_at: Date; stage: string }[]>(
      `SELECT id, created_at, response_due_at, stage FROM enquiries WHERE full_name = 'Jane Phiri'`,
    );
    expect(stored.stage).toBe('new');
    expect(stored.response_due_at).toEqual(addBusinessMinutes(stored.created_at, 240, defaultBusinessHours, 'UTC+2'));
    // Addresses are kept in lower case.
    const acknowledgements = (await mails()).filter((m) => m.to_address === 'jane.phiri@visitor.test');
    expect(acknowledgements).toHaveLength(1);
    const [ack] = acknowledgements;
    const reference = stored.id.slice(0, 8).toUpperCase();
    expect(ack.subject).toBe(`Acme Zambia: we received your enquiry [Ref ${reference}]`);
    expect(ack.headers).toEqual({ 'Auto-Submitted': 'auto-replied' });
    // Recorded as a mail about the enquiry: a client's answer naming its Message-ID finds it.
    expect(await t.db.query(`SELECT enquiry_id, kind FROM enquiry_mails WHERE mail_id = $1`, [ack.id])).toEqual([
      { enquiry_id: stored.id, kind: 'acknowledgement' },
    ]);
    expect(ack.reply_to).toBe(defaultCompany.email);
    expect(ack.body).toContain(`its reference is ${reference}`);
    expect(ack.body).toMatch(/We will reply by \w+day \d{1,2} \w+ \d{4} at \d\d:\d\d \(UTC\+2\)\./);
    // Every link in it absolute.
    expect(ack.body).toContain(`Our site: ${t.config.publicUrl}/`);
    expect(ack.body).not.toMatch(/(^|\s)\/\w/);

    // The same address again within the day (any case): stored, not mailed again.
    expect((await t.client().post(api.enquiries, form('Jane Phiri', 'jane.phiri@VISITOR.test'))).status).toBe(201);
    expect((await mails()).filter((m) => m.to_address === 'jane.phiri@visitor.test')).toHaveLength(1);
    await t.db.query(`UPDATE enquiry_acknowledgements SET sent_at = sent_at - interval '23 hours'`);
    expect((await t.client().post(api.enquiries, form('Jane Phiri', 'jane.phiri@visitor.test'))).status).toBe(201);
    expect((await mails()).filter((m) => m.to_address === 'jane.phiri@visitor.test')).toHaveLength(1);
    // A day on, it is.
    await t.db.query(`UPDATE enquiry_acknowledgements SET sent_at = sent_at - interval '61 minutes'`);
    expect((await t.client().post(api.enquiries, form('Jane Phiri', 'jane.phiri@visitor.test'))).status).toBe(201);
    expect((await mails()).filter((m) => m.to_address === 'jane.phiri@visitor.test')).toHaveLength(2);
  });

  it('that is Spam gets no due time and no mail', async () => {
    expect((await t.client().post(api.enquiries, { ...form('Spam Bot', 'bot@visitor.test'), website: 'x' })).status).toBe(201);
    const [row] = await t.db.query<{ response_due_at: Date | null; status: string }[]>(
      `SELECT response_due_at, status FROM enquiries WHERE full_name = 'Spam Bot'`,
    );
    expect(row).toEqual({ response_due_at: null, status: 'Spam' });
    expect((await mails()).filter((m) => m.to_address === 'bot@visitor.test')).toEqual([]);
  });
});

describe('reminders', () => {
  it('one at the target and one when overdue, each once with two processes; none once responded', async () => {
    // The enquiries of the tests before are out of this one's way.
    await t.db.query(`UPDATE enquiries SET first_response_at = now(), awaiting_reply_since = NULL`);
    const staff = await t.staff();
    const assigned = await enquiryAt('Waiting Assigned', '2026-12-01T08:00:00Z', staff.id);
    const unassigned = await enquiryAt('Waiting Unassigned', '2026-12-01T08:00:00Z');
    const answered = await enquiryAt('Already Answered', '2026-12-01T08:00:00Z');
    await t.db.query(`UPDATE enquiries SET first_response_at = '2026-12-01T08:30:00Z', awaiting_reply_since = NULL WHERE id = $1`, [
      answered,
    ]);
    // An admin who asked for no new-enquiry mail hears of none.
    const quiet = await t.admin('Editor');
    await t.db.query(`INSERT INTO admin_notification_settings (admin_id, value) VALUES ($1, $2)`, [
      quiet.id,
      JSON.stringify({ notificationTypes: { newEnquiry: false } }),
    ]);
    const admins = await t.db.query<{ email: string }[]>(`SELECT email FROM admins WHERE id <> $1`, [quiet.id]);

    const second = await startTestServer({ databaseUrl: t.databaseUrl });
    /** A pass by both processes at once: how many enquiries they reminded of between them. */
    const bothProcesses = async (at: Date) =>
      (await Promise.all([t.db, second.db].map((db) => runReplyReminders(db, t.config.publicUrl, at)))).reduce((a, b) => a + b);
    try {
      // Before the target (12:00 Lusaka = 10:00 UTC): nothing.
      expect(await runReplyReminders(t.db, t.config.publicUrl, new Date('2026-12-01T09:59:00Z'))).toBe(0);
      const atTarget = new Date('2026-12-01T10:01:00Z');
      expect(await bothProcesses(atTarget)).toBe(2);
      expect(await runReplyReminders(second.db, t.config.publicUrl, new Date('2026-12-01T11:00:00Z'))).toBe(0);
      let sent = await mails();
      expect(sent.filter((m) => m.to_address === staff.email).map((m) => m.subject)).toEqual([
        '[Acme Zambia] Reply soon: Waiting Assigned is waiting',
      ]);
      const [toStaff] = sent.filter((m) => m.to_address === staff.email);
      expect(toStaff.body).toContain(
        'has waited 2 business hours without a response. It is due by Tuesday 1 December 2026 at 14:00 (UTC+2).',
      );
      expect(toStaff.body).toContain(`Open it: ${t.config.publicUrl}/staff/dashboard`);
      for (const a of admins) {
        expect(sent.filter((m) => m.to_address === a.email).map((m) => m.body.match(/Open it: (\S+)/)?.[1])).toEqual([
          `${t.config.publicUrl}/admin/enquiries?open=${unassigned}`,
        ]);
      }
      expect(sent.filter((m) => m.to_address === quiet.email)).toEqual([]);
      expect(sent.some((m) => m.body.includes('Already Answered'))).toBe(false);

      // Overdue (14:00 Lusaka): once more each, once across both processes.
      await t.db.query(`DELETE FROM mail_queue`);
      const overdue = new Date('2026-12-01T12:00:01Z');
      expect(await bothProcesses(overdue)).toBe(2);
      expect(await runReplyReminders(t.db, t.config.publicUrl, new Date('2026-12-02T12:00:00Z'))).toBe(0);
      sent = await mails();
      expect(sent.filter((m) => m.to_address === staff.email).map((m) => m.subject)).toEqual([
        '[Acme Zambia] Overdue: no response yet to Waiting Assigned',
      ]);
      expect(sent.filter((m) => m.to_address === admins[0].email)).toHaveLength(1);
      const [row] = await t.db.query<{ reminded_at: Date; overdue_reminded_at: Date }[]>(
        `SELECT reminded_at, overdue_reminded_at FROM enquiries WHERE id = $1`,
        [assigned],
      );
      expect(row).toEqual({ reminded_at: atTarget, overdue_reminded_at: overdue });
    } finally {
      await second.close();
    }
  });

  it('an enquiry found only once overdue gets the overdue mail alone', async () => {
    const late = await enquiryAt('Found Late', '2026-12-03T08:00:00Z');
    expect(await runReplyReminders(t.db, t.config.publicUrl, new Date('2026-12-03T13:00:00Z'))).toBe(1);
    expect(await runReplyReminders(t.db, t.config.publicUrl, new Date('2026-12-03T13:01:00Z'))).toBe(0);
    const subjects = (await mails()).filter((m) => m.to_address === admin.email).map((m) => m.subject);
    expect(subjects).toEqual(['[Acme Zambia] Overdue: no response yet to Found Late']);
    // The overdue mail stands for the first one too: both marked sent.
    const [row] = await t.db.query<{ reminded_at: Date; overdue_reminded_at: Date }[]>(
      `SELECT reminded_at, overdue_reminded_at FROM enquiries WHERE id = $1`,
      [late],
    );
    expect(row).toEqual({ reminded_at: new Date('2026-12-03T13:00:00Z'), overdue_reminded_at: new Date('2026-12-03T13:00:00Z') });
  });
});

describe('stages', () => {
  it('lost needs a reason and other its words; won and lost close the enquiry, moving back reopens it', async () => {
    const id = await enquiryAt('Stage Walk', '2026-11-24T08:00:00Z');
    const stage = (body: object) => admin.client.put(`${api.enquiryById(id)}/stage`, body);
    expect(await stage({ stage: 'lost' })).toMatchObject({ status: 400, body: { errors: { lostReason: 'Choose why it was lost.' } } });
    expect(await stage({ stage: 'lost', lostReason: 'other' })).toMatchObject({
      status: 400,
      body: { errors: { lostReasonText: 'Say why it was lost.' } },
    });
    expect(await stage({ stage: 'gone' })).toMatchObject({ status: 400 });
    const lost = await stage({ stage: 'lost', lostReason: 'other', lostReasonText: 'Moved abroad' });
    expect(lost).toMatchObject({
      status: 200,
      body: {
        message: messages.enquiryUpdated,
        enquiry: { stage: 'lost', lostReason: 'other', lostReasonText: 'Moved abroad', status: 'Closed' },
      },
    });
    const [row] = await t.db.query<{ changes: Record<string, unknown> }[]>(
      `SELECT changes FROM audit_log WHERE action = 'enquiry.stage' AND target_id = $1`,
      [id],
    );
    expect(row.changes).toMatchObject({ stage: { old: 'new', new: 'lost' }, status: { old: 'New', new: 'Closed' } });
    // Back to contacted: open again, the reason gone.
    expect((await stage({ stage: 'contacted', lostReason: 'price' })).body.enquiry).toMatchObject({
      stage: 'contacted',
      lostReason: null,
      lostReasonText: null,
      status: 'Open',
    });
    expect((await stage({ stage: 'won' })).body.enquiry).toMatchObject({ stage: 'won', status: 'Closed' });
    const detail = (await admin.client.get(api.enquiryById(id))).body;
    expect(detail).toMatchObject({ stage: 'won', responseDueAt: '2026-11-24T12:00:00.000Z', firstResponseAt: null });
    expect((await admin.client.put(`${api.enquiryById('0b7f6a52-3c1d-4e2f-8a9b-1c2d3e4f5a6b')}/stage`, { stage: 'won' })).status).toBe(404);
  });

  it('staff move the stages of their own enquiries only', async () => {
    const mine = await t.staff();
    const other = await t.staff();
    const id = await enquiryAt('Staff Stage', '2026-11-24T08:00:00Z', mine.id);
    expect((await other.client.put(`${api.enquiryById(id)}/stage`, { stage: 'quoted' })).status).toBe(404);
    expect((await mine.client.put(`${api.enquiryById(id)}/stage`, { stage: 'quoted' })).body.enquiry).toMatchObject({ stage: 'quoted' });
    expect((await mine.client.get(api.enquiryById(id))).body).toMatchObject({ stage: 'quoted' });
  });
});

describe('the inbox', () => {
  it('filters by stage and sorts by time left: waiting ones first, soonest due first', async () => {
    await t.db.query(`DELETE FROM enquiries`);
    const late = await enquiryAt('Due Late', '2026-11-25T08:00:00Z');
    const soon = await enquiryAt('Due Soon', '2026-11-24T08:00:00Z');
    const answered = await enquiryAt('Answered', '2026-11-23T08:00:00Z');
    await t.db.query(`UPDATE enquiries SET first_response_at = now(), awaiting_reply_since = NULL, stage = 'contacted' WHERE id = $1`, [
      answered,
    ]);
    const list = await admin.client.get(`${api.enquiries}?sort=responseDueAt`);
    expect(list.body.items.map((e: { _id: string }) => e._id)).toEqual([soon, late, answered]);
    expect(list.body.items[0]).toMatchObject({ responseDueAt: '2026-11-24T12:00:00.000Z', firstResponseAt: null, stage: 'new' });
    const byStage = await admin.client.get(`${api.enquiries}?stage=contacted`);
    expect(byStage.body).toMatchObject({ total: 1, items: [{ _id: answered, stage: 'contacted' }] });
    // Words too: the stage holds with them.
    expect(
      (await admin.client.get(`${api.enquiries}?stage=new&q=Due&sort=responseDueAt`)).body.items.map((e: { _id: string }) => e._id),
    ).toEqual([soon, late]);
    expect((await admin.client.get(`${api.enquiries}?stage=closed`)).status).toBe(400);
  });
});

describe('a message from the client', () => {
  const stateOf = async (id: string) =>
    (
      await t.db.query<
        {
          awaiting_reply_since: Date | null;
          response_due_at: Date;
          first_response_at: Date | null;
          status: string;
          stage: string;
          reminded_at: Date | null;
        }[]
      >(`SELECT awaiting_reply_since, response_due_at, first_response_at, status, stage, reminded_at FROM enquiries WHERE id = $1`, [id])
    )[0];
  const message = (id: string, at: string) => t.db.transaction((m) => clientMessage(m, id, new Date(at)));
  const reply = async (id: string) =>
    expect((await admin.client.post(`${api.enquiries}/${id}/replies`, { subject: 'Re: your enquiry', body: 'Thank you.' })).status).toBe(
      201,
    );

  it('after our reply makes the enquiry await a reply again, due from the message, reminded again; the next reply answers it', async () => {
    await t.db.query(`UPDATE enquiries SET first_response_at = now(), awaiting_reply_since = NULL`);
    const id = await enquiryAt('Writes Again', '2026-12-07T07:00:00Z');
    expect((await stateOf(id)).awaiting_reply_since).toEqual(new Date('2026-12-07T07:00:00Z'));
    await reply(id);
    const answered = await stateOf(id);
    expect(answered).toMatchObject({ awaiting_reply_since: null, stage: 'contacted' });
    expect(answered.first_response_at).not.toBeNull();
    expect((await admin.client.get(`${api.enquiries}/${id}`)).body).toMatchObject({ awaitingReplySince: null });

    // Tuesday 8 December, 10:00 Lusaka: due 14:00, the reminder at 12:00, as for a new enquiry.
    await message(id, '2026-12-08T08:00:00Z');
    const waiting = await stateOf(id);
    expect(waiting).toMatchObject({
      awaiting_reply_since: new Date('2026-12-08T08:00:00Z'),
      response_due_at: new Date('2026-12-08T12:00:00Z'),
    });
    // The first response stays the first (the reports measure it).
    expect(waiting.first_response_at).toEqual(answered.first_response_at);
    expect((await admin.client.get(`${api.enquiries}/${id}`)).body).toMatchObject({
      awaitingReplySince: '2026-12-08T08:00:00.000Z',
      responseDueAt: '2026-12-08T12:00:00.000Z',
    });
    // A second message before our reply keeps the first one's due time.
    await message(id, '2026-12-08T09:00:00Z');
    expect((await stateOf(id)).response_due_at).toEqual(new Date('2026-12-08T12:00:00Z'));

    await t.db.query(`DELETE FROM mail_queue`);
    expect(await runReplyReminders(t.db, t.config.publicUrl, new Date('2026-12-08T10:01:00Z'))).toBe(1);
    const [reminder] = await mails();
    expect(reminder.subject).toBe('[Acme Zambia] Reply soon: Writes Again is waiting');
    expect(reminder.body).toContain('Waiting since: Tuesday 8 December 2026 at 10:00 (UTC+2).');

    await reply(id);
    expect((await stateOf(id)).awaiting_reply_since).toBeNull();
    await t.db.query(`DELETE FROM mail_queue`);
    expect(await runReplyReminders(t.db, t.config.publicUrl, new Date('2026-12-08T12:01:00Z'))).toBe(0);
  });

  it('reopens a Closed enquiry (its stage stays) and leaves Spam as it is; the inbox filters those awaiting our reply', async () => {
    await t.db.query(`DELETE FROM enquiries`);
    const won = await enquiryAt('Won Client', '2026-12-01T08:00:00Z');
    await reply(won);
    await t.db.query(`UPDATE enquiries SET stage = 'won', status = 'Closed' WHERE id = $1`, [won]);
    const spam = await enquiryAt('Spammer', '2026-12-01T08:00:00Z');
    await t.db.query(`UPDATE enquiries SET status = 'Spam', awaiting_reply_since = NULL WHERE id = $1`, [spam]);
    const fresh = await enquiryAt('Fresh One', '2026-12-02T08:00:00Z');
    const answered = await enquiryAt('Answered One', '2026-12-02T08:00:00Z');
    await reply(answered);

    await message(won, '2026-12-09T08:00:00Z');
    await message(spam, '2026-12-09T08:00:00Z');
    expect(await stateOf(won)).toMatchObject({ status: 'Open', stage: 'won', awaiting_reply_since: new Date('2026-12-09T08:00:00Z') });
    expect(await stateOf(spam)).toMatchObject({ status: 'Spam', awaiting_reply_since: null });

    const awaiting = await admin.client.get(`${api.enquiries}?awaiting=true&sort=responseDueAt`);
    expect(awaiting.status).toBe(200);
    expect(awaiting.body).toMatchObject({ total: 2 });
    expect(awaiting.body.items.map((e: { _id: string }) => e._id)).toEqual([fresh, won]);
    expect((await admin.client.get(`${api.enquiries}?awaiting=true&q=Won`)).body).toMatchObject({ total: 1, items: [{ _id: won }] });
    expect((await admin.client.get(`${api.enquiries}?awaiting=false`)).body.total).toBe(3);
    expect((await admin.client.get(`${api.enquiries}?awaiting=yes`)).status).toBe(400);
  });
});

describe('the dashboard', () => {
  it('shows the share answered in time and the median business minutes to the first response', async () => {
    await t.db.query(`DELETE FROM enquiries`);
    // Received Tuesday 3 Nov 10:00 Lusaka, due 14:00.
    const a = await enquiryAt('Fast', '2026-11-03T08:00:00Z');
    const b = await enquiryAt('Slow', '2026-11-03T08:00:00Z');
    const c = await enquiryAt('Overnight', '2026-11-03T15:00:00Z');
    await enquiryAt('Never', '2026-11-03T08:00:00Z');
    // 30 business minutes; 6 hours (late); 17:00 to 10:00 next day: 1 + 1 = 120 minutes (in time: due 12:00).
    await t.db.query(
      `UPDATE enquiries SET first_response_at = CASE id WHEN $1 THEN '2026-11-03T08:30:00Z'::timestamptz
         WHEN $2 THEN '2026-11-03T14:00:00Z'::timestamptz ELSE '2026-11-04T08:00:00Z'::timestamptz END WHERE id IN ($1, $2, $3)`,
      [a, b, c],
    );
    const figures = await replyTimes(
      t.db,
      new Date('2026-10-31T22:00:00Z'),
      new Date('2026-11-30T22:00:00Z'),
      new Date('2026-11-20T00:00:00Z'),
    );
    // Four counted (Never is past due), two answered in time; minutes 30, 120, 360.
    expect(figures).toEqual({ counted: 4, answeredInTime: 50, medianMinutes: 120 });
    expect(await replyTimes(t.db, new Date('2026-09-30T22:00:00Z'), new Date('2026-10-31T22:00:00Z'), new Date())).toEqual({
      counted: 0,
      answeredInTime: null,
      medianMinutes: null,
    });
    const dashboard = await admin.client.get(api.dashboard);
    expect(dashboard.body.replyTimes).toHaveLength(2);
  });
});

describe('enquiries without a due time', () => {
  /** An enquiry written straight into the table as one from before the reply clock: no due time. */
  async function oldEnquiry(fullName: string, fields: { status?: string; stage?: string } = {}): Promise<string> {
    const [{ id }] = await t.db.query<[{ id: string }]>(
      `INSERT INTO enquiries (full_name, email, message, status, stage, created_at)
       VALUES ($1, 'old@visitor.test', 'Hello.', $2, $3, '2026-11-24T08:00:00Z') RETURNING id`,
      [fullName, fields.status ?? 'New', fields.stage ?? 'new'],
    );
    return id;
  }
  const clocks = () =>
    t.db.query<
      { full_name: string; response_due_at: Date | null; reminded_at: Date | null; overdue_reminded_at: Date | null; xmin: string }[]
    >(`SELECT full_name, response_due_at, reminded_at, overdue_reminded_at, xmin::text FROM enquiries ORDER BY full_name`);

  it('get one at start-up, once across two processes, from their receipt; reminders already past are not mailed', async () => {
    await t.db.query(`DELETE FROM enquiries`);
    await oldEnquiry('Old New');
    await oldEnquiry('Old Open', { status: 'Open', stage: 'contacted' });
    await oldEnquiry('Old Spam', { status: 'Spam' });
    await oldEnquiry('Old Closed', { status: 'Closed' });
    await oldEnquiry('Old Lost', { status: 'Open', stage: 'lost' });
    await enquiryAt('Clocked', '2026-11-25T08:00:00Z');
    // Tuesday 24 Nov, 13:00 in Lusaka: the reminder's time (12:00) has passed, the due time (14:00) not yet.
    const now = new Date('2026-11-24T11:00:00Z');
    const second = await startTestServer({ databaseUrl: t.databaseUrl });
    try {
      const both = await Promise.all([startOldClocks(t.db, now), startOldClocks(second.db, now)]);
      expect(both.sort()).toEqual([0, 2]);
    } finally {
      await second.close();
    }
    const due = addBusinessMinutes(new Date('2026-11-24T08:00:00Z'), 240, defaultBusinessHours, 'UTC+2');
    expect(due.toISOString()).toBe('2026-11-24T12:00:00.000Z');
    const rows = await clocks();
    expect(rows.map(({ xmin: _, ...r }) => r)).toEqual([
      { full_name: 'Clocked', response_due_at: new Date('2026-11-25T12:00:00Z'), reminded_at: null, overdue_reminded_at: null },
      { full_name: 'Old Closed', response_due_at: null, reminded_at: null, overdue_reminded_at: null },
      { full_name: 'Old Lost', response_due_at: null, reminded_at: null, overdue_reminded_at: null },
      { full_name: 'Old New', response_due_at: due, reminded_at: now, overdue_reminded_at: null },
      { full_name: 'Old Open', response_due_at: due, reminded_at: now, overdue_reminded_at: null },
      { full_name: 'Old Spam', response_due_at: null, reminded_at: null, overdue_reminded_at: null },
    ]);
    // The inbox sorts them by it: both waiting (due at the same time, so in either order), due
    // before the one received a day later.
    const list = await admin.client.get(`${api.enquiries}?sort=responseDueAt`);
    const names = list.body.items.slice(0, 3).map((e: { fullName: string }) => e.fullName);
    expect([names.slice(0, 2).sort(), names[2]]).toEqual([['Old New', 'Old Open'], 'Clocked']);
    // The passed reminder is not mailed late; the overdue one goes at its time.
    expect(await runReplyReminders(t.db, t.config.publicUrl, now)).toBe(0);
    expect(await runReplyReminders(t.db, t.config.publicUrl, new Date('2026-11-24T12:01:00Z'))).toBe(2);
    expect((await mails()).map((m) => m.subject)).toContain('[Acme Zambia] Overdue: no response yet to Old New');
    // Nothing left to do: nothing written.
    const before = await clocks();
    expect(await startOldClocks(t.db, now)).toBe(0);
    expect(await clocks()).toEqual(before);
  });

  it('get one when they leave Spam or are reopened', async () => {
    const spam = await oldEnquiry('Was Spam', { status: 'Spam' });
    const lost = await oldEnquiry('Was Lost', { status: 'Closed', stage: 'lost' });
    const out = await admin.client.put(api.enquiryById(spam), { status: 'Open' });
    expect(out.body.enquiry).toMatchObject({ status: 'Open', responseDueAt: '2026-11-24T12:00:00.000Z' });
    const reopened = await admin.client.put(`${api.enquiryById(lost)}/stage`, { stage: 'contacted' });
    expect(reopened.body.enquiry).toMatchObject({ status: 'Open', stage: 'contacted' });
    expect((await admin.client.get(api.enquiryById(lost))).body).toMatchObject({ responseDueAt: '2026-11-24T12:00:00.000Z' });
    // Back into Spam and out again: the due time it has stays.
    await t.db.query(`UPDATE enquiries SET response_due_at = '2026-11-24T13:00:00Z' WHERE id = $1`, [spam]);
    await admin.client.put(api.enquiryById(spam), { status: 'Spam' });
    expect((await admin.client.put(api.enquiryById(spam), { status: 'New' })).body.enquiry.responseDueAt).toBe('2026-11-24T13:00:00.000Z');
  });
});
