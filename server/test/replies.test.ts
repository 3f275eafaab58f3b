/**
 * Answering enquiries from the console: replies mailed through the queue to a real SMTP server
 * (From the Site Name, Reply-To the company's email, threaded by Message-ID, In-Reply-To and
 * References), contacts logged, both stopping the reply clock; the timeline with each reply's
 * delivery; staff only on their own enquiries; saved replies.
 */
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultCompany } from '@kafue/common/company';
import { api, messages } from '@kafue/common/contract';
import { fillSavedReply } from '@kafue/common/schemas';
import { messageIdOf } from '../src/mail/queue.js';
import { MailSender } from '../src/mail/sender.js';
import { startTestServer, type Client, type TestServer } from './helpers.js';
import { headerOf, Smtp } from './smtp.js';

const smtp = new Smtp();
let t: TestServer;
let moderator: Client;
let sender: MailSender;

beforeAll(async () => {
  await smtp.start();
  t = await startTestServer({
    configure: (c) => {
      c.smtpUrl = `smtp://127.0.0.1:${smtp.port}`;
      c.mailFrom = 'office@acme.test';
    },
  });
  moderator = (await t.admin('Moderator')).client;
  await t.db.query(`INSERT INTO settings (key, value) VALUES ('general', $1), ('company', $2)`, [
    JSON.stringify({ siteName: 'Acme Zambia', adminEmail: 'boss@acme.test', timezone: 'UTC+8', maintenanceMode: false }),
    JSON.stringify({ ...defaultCompany, email: 'sales@acme.test' }),
  ]);
  sender = new MailSender(t.db, t.config, pino({ level: 'silent' }), { pollMs: 60_000 });
});
afterAll(async () => {
  await sender?.stop();
  await t?.close();
  await smtp.stop();
});

const enquiry = async (fullName: string, assigneeId: string | null = null) =>
  (
    await t.db.query<[{ id: string }]>(
      `INSERT INTO enquiries (full_name, email, message, assignee_id, created_at)
       VALUES ($1, $2, 'Please quote for CCTV.', $3, now() - interval '1 hour') RETURNING id`,
      [fullName, `${fullName.split(' ')[0].toLowerCase()}@visitor.test`, assigneeId],
    )
  )[0].id;

const stateOf = async (id: string) =>
  (
    await t.db.query<[{ stage: string; first_response_at: Date | null }]>(`SELECT stage, first_response_at FROM enquiries WHERE id = $1`, [
      id,
    ])
  )[0];

describe('replies', () => {
  it('mails the enquirer from the company; later replies thread on the earlier ones', async () => {
    const id = await enquiry('Mwila Tembo');
    const first = await moderator.post(api.enquiryReplies(id), { subject: 'Re: your enquiry', body: 'Thank you, we can help.' });
    expect(first.status).toBe(201);
    expect(first.body.message).toBe(messages.enquiryReplySent);
    expect(first.body.entries.map((e: { kind: string }) => e.kind)).toEqual(['received', 'reply']);
    expect(first.body.entries[1]).toMatchObject({ title: 'Reply sent: Re: your enquiry', state: 'Waiting to send' });
    // The first response stops the clock and moves the lead on.
    const answered = await stateOf(id);
    expect(answered.stage).toBe('contacted');
    expect(answered.first_response_at).not.toBeNull();

    expect(await sender.deliverDue()).toBe(1);
    const second = await moderator.post(api.enquiryReplies(id), { subject: 'Your quote', body: 'Here it is.' });
    expect(second.status).toBe(201);
    expect(await sender.deliverDue()).toBe(1);
    const third = await moderator.post(api.enquiryReplies(id), { subject: 'Following up', body: 'Any questions?' });
    expect(third.status).toBe(201);
    expect(await sender.deliverDue()).toBe(1);

    const mails = smtp.to('mwila@visitor.test');
    expect(mails).toHaveLength(3);
    const rows = await t.db.query<{ mail_id: string; message_id: string }[]>(
      `SELECT mail_id, message_id FROM enquiry_replies WHERE enquiry_id = $1 ORDER BY created_at`,
      [id],
    );
    expect(rows.map((r) => r.message_id)).toEqual(rows.map((r) => messageIdOf(r.mail_id, 'office@acme.test')));
    const [a, b, c] = mails.map((m) => m.raw);
    expect(headerOf(a, 'From')).toBe('Acme Zambia <office@acme.test>');
    expect(headerOf(a, 'Reply-To')).toBe('sales@acme.test');
    // The enquiry's reference in every subject, for mail programs that drop the threading headers.
    expect(headerOf(a, 'Subject')).toBe(`Re: your enquiry [Ref ${id.slice(0, 8).toUpperCase()}]`);
    // Each recorded as a mail about the enquiry: a client's answer naming it finds the enquiry.
    expect(
      await t.db.query(`SELECT mail_id, kind FROM enquiry_mails WHERE enquiry_id = $1 AND kind = 'reply' ORDER BY created_at`, [id]),
    ).toEqual(rows.map((r) => ({ mail_id: r.mail_id, kind: 'reply' })));
    // The Message-ID stored is the one the mail carried.
    expect(headerOf(a, 'Message-ID')).toBe(rows[0].message_id);
    expect(headerOf(a, 'In-Reply-To')).toBeUndefined();
    expect(headerOf(b, 'Message-ID')).toBe(rows[1].message_id);
    expect(headerOf(b, 'In-Reply-To')).toBe(rows[0].message_id);
    expect(headerOf(b, 'References')).toBe(rows[0].message_id);
    expect(headerOf(c, 'In-Reply-To')).toBe(rows[1].message_id);
    expect(headerOf(c, 'References')).toBe(`${rows[0].message_id} ${rows[1].message_id}`);
    expect(a).toContain('Thank you, we can help.');

    // The first response stays the first.
    expect((await stateOf(id)).first_response_at).toEqual(answered.first_response_at);
  });

  it("shows each reply's delivery on the timeline: waiting, failing, delivered", async () => {
    const id = await enquiry('Bwalya Mulenga');
    await moderator.post(api.enquiryReplies(id), { subject: 'One', body: 'Delivered.' });
    await sender.deliverDue();
    await moderator.post(api.enquiryReplies(id), { subject: 'Two', body: 'Failing.' });
    await t.db.query(`UPDATE mail_queue SET attempts = 2 WHERE to_address = 'bwalya@visitor.test'`);
    await moderator.post(api.enquiryReplies(id), { subject: 'Three', body: 'Waiting.' });
    const timeline = await moderator.get(api.enquiryTimeline(id));
    expect(timeline.status).toBe(200);
    expect(timeline.body.entries.map((e: { title: string; state?: string }) => [e.title, e.state])).toEqual([
      ['Enquiry received from Bwalya Mulenga', undefined],
      ['Reply sent: One', 'Delivered'],
      ['Reply sent: Two', 'Failed, retrying'],
      ['Reply sent: Three', 'Waiting to send'],
    ]);
    await t.db.query(`DELETE FROM mail_queue`);
  });

  it('refuses what no mail may carry, and an enquiry that does not exist', async () => {
    const id = await enquiry('Chanda Phiri');
    const bad = await moderator.post(api.enquiryReplies(id), { subject: 'Bcc: x@y\r\nOops', body: '' });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['body', 'subject']);
    expect((await moderator.post(api.enquiryReplies('0b7f6a52-3c1d-4e2f-8a9b-1c2d3e4f5a6b'), { subject: 'Hi', body: 'x' })).status).toBe(
      404,
    );
    expect(await t.db.query(`SELECT 1 FROM enquiry_replies WHERE enquiry_id = $1`, [id])).toEqual([]);
    expect((await stateOf(id)).stage).toBe('new');
  });
});

describe('contacts logged', () => {
  it('records the channel and note, stops the clock and shows on the timeline in time order', async () => {
    const id = await enquiry('Daliso Banda');
    await moderator.post(api.enquiryNotes(id), { text: 'Asked for a call.' });
    const logged = await moderator.post(api.enquiryContacts(id), { channel: 'phone', note: 'Called, will visit Monday.' });
    expect(logged.status).toBe(201);
    expect(logged.body.message).toBe(messages.enquiryContactLogged);
    expect((await stateOf(id)).stage).toBe('contacted');
    expect(logged.body.entries.map((e: { kind: string; title: string; text?: string }) => [e.kind, e.title, e.text])).toEqual([
      ['received', 'Enquiry received from Daliso Banda', undefined],
      ['note', 'Note added', 'Asked for a call.'],
      ['contact', 'Contact logged: Phone call', 'Called, will visit Monday.'],
    ]);
    expect((await moderator.post(api.enquiryContacts(id), { channel: 'fax', note: '' })).status).toBe(400);
  });

  it('a quoted or won lead stays where it is', async () => {
    const id = await enquiry('Esther Zulu');
    await t.db.query(`UPDATE enquiries SET stage = 'quoted' WHERE id = $1`, [id]);
    expect((await moderator.post(api.enquiryContacts(id), { channel: 'meeting' })).status).toBe(201);
    expect((await stateOf(id)).stage).toBe('quoted');
  });
});

describe('staff on their own enquiries', () => {
  it('reply, log and read the timeline of those assigned to them; another person’s answers 404', async () => {
    const mine = await t.staff();
    const other = await t.staff();
    const id = await enquiry('Febby Mwanza', mine.id);
    const reply = await mine.client.post(api.enquiryReplies(id), { subject: 'Re: your enquiry', body: 'Coming Tuesday.' });
    expect(reply.status).toBe(201);
    expect(reply.body.entries.at(-1)).toMatchObject({ kind: 'reply', by: expect.stringMatching(/^Staff /) });
    expect((await mine.client.post(api.enquiryContacts(id), { channel: 'whatsapp', note: 'Sent the address.' })).status).toBe(201);
    expect((await mine.client.get(api.enquiryTimeline(id))).body.entries).toHaveLength(3);

    expect((await other.client.post(api.enquiryReplies(id), { subject: 'Hi', body: 'x' })).status).toBe(404);
    expect((await other.client.post(api.enquiryContacts(id), { channel: 'phone', note: '' })).status).toBe(404);
    expect((await other.client.get(api.enquiryTimeline(id))).status).toBe(404);
    expect(await t.db.query(`SELECT 1 FROM enquiry_replies WHERE enquiry_id = $1`, [id])).toHaveLength(1);
    expect(await t.db.query(`SELECT 1 FROM enquiry_contacts WHERE enquiry_id = $1`, [id])).toHaveLength(1);
    await t.db.query(`DELETE FROM mail_queue`);
  });
});

describe('saved replies', () => {
  it('are kept by editors, read by every admin and staff, and filled from the enquiry', async () => {
    const editor = (await t.admin('Editor')).client;
    const body = {
      name: 'Quote follows',
      subject: 'Your request: {request}',
      body: 'Dear {name},\n\nThank you for asking about {request}.',
    };
    const created = await editor.post(api.savedReplies, body);
    expect(created.status).toBe(201);
    const id = created.body.savedReply._id as string;
    expect((await editor.put(api.savedReplyById(id), { ...body, name: 'Quote on its way' })).status).toBe(200);
    expect((await moderator.get(api.savedReplies)).body).toEqual([expect.objectContaining({ _id: id, name: 'Quote on its way' })]);
    expect((await (await t.staff()).client.get(api.savedReplies)).body).toHaveLength(1);
    expect((await editor.post(api.savedReplies, { ...body, name: '' })).status).toBe(400);

    const snapshot = {
      kind: 'service',
      serviceId: 's1',
      category: 'Security',
      title: 'CCTV Installation',
      price: '$299',
      path: '/',
    } as const;
    expect(fillSavedReply(body.body, { fullName: 'Mwila Tembo', request: snapshot, service: null })).toBe(
      'Dear Mwila Tembo,\n\nThank you for asking about CCTV Installation ($299).',
    );
    expect(fillSavedReply(body.subject, { fullName: 'Mwila', request: null, service: 'Web Development' })).toBe(
      'Your request: Web Development',
    );

    expect((await editor.delete(api.savedReplyById(id))).status).toBe(200);
    expect((await editor.delete(api.savedReplyById(id))).status).toBe(404);
    expect((await moderator.get(api.savedReplies)).body).toEqual([]);
  });
});
