/**
 * Quotes as the team and the enquirer meet them: a draft from a pricing request with its totals,
 * edited while draft, sent (the mailed link, its token stored hashed, the enquiry Quoted), the
 * public page (never indexed or cached) accepted once (the enquiry Won, the team mailed), refused
 * when expired or withdrawn, a question mailed to the assignee, the PDF, staff kept to their own
 * enquiries, and the audit rows of each change.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, messages } from '@kafue/common/contract';
import { linesFromRequest, totalsOf } from '@kafue/common/schemas';
import type { RequestSnapshot } from '@kafue/common/requests';
import { ClientNotes1795600000121 } from '../src/db/migrations/1795600000121-ClientNotes.js';
import { quoteEntries } from '../src/quotes/quotes.js';
import { startTestServer, type Client, type TestServer } from './helpers.js';

let t: TestServer;
let admin: Client;
let staff: { client: Client; id: string; email: string };
let other: { client: Client; id: string; email: string };

const snapshot: RequestSnapshot = {
  kind: 'quote',
  model: 'monthly',
  plan: { name: 'Business', price: '$99', period: '/month' },
  addons: [{ name: 'Priority Support', price: '$49/month' }],
  estimate: '$148/month',
};

async function enquiry(assigneeId: string | null = null, email = 'client@kafue.test'): Promise<string> {
  const [{ id }] = await t.db.query<[{ id: string }]>(
    `INSERT INTO enquiries (full_name, email, message, kind, request, status, assignee_id)
     VALUES ('Chanda Mwale', $1, 'We need a site.', 'quote', $2, 'New', $3) RETURNING id`,
    [email, snapshot, assigneeId],
  );
  return id;
}

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const formHeaders = (ip: string) => ({
  'content-type': 'application/x-www-form-urlencoded',
  origin: 'null',
  'sec-fetch-site': 'same-origin',
  'x-forwarded-for': ip,
});
let ipCount = 0;
const nextIp = () => `198.51.100.${++ipCount}`;

/** The link of the last mail to `to` and its token. */
async function mailedLink(to: string): Promise<{ link: string; token: string }> {
  const [row] = await t.db.query<{ body: string }[]>(`SELECT body FROM mail_queue WHERE to_address = $1 ORDER BY created_at DESC LIMIT 1`, [
    to,
  ]);
  const link = /https?:\/\/\S+\/quote\/([A-Za-z0-9_-]+)/.exec(row.body);
  if (!link) throw new Error(`no quote link in ${row.body}`);
  return { link: link[0], token: link[1] };
}

/** A quote's content, as PUT takes it; POST names its enquiry too (quoteBody). */
const quoteContent = () => ({
  currency: 'USD',
  lines: linesFromRequest(snapshot).concat([{ description: 'Set-up', quantity: 2, unitPrice: 150.5, period: 'once' }]),
  validUntil: '2099-12-31',
  notes: 'Hosting included.',
  vatRate: 16,
});
const quoteBody = (enquiryId: string) => ({ enquiryId, ...quoteContent() });

async function sentQuote(assigneeId: string | null = null, email = `c${++ipCount}@kafue.test`) {
  const enquiryId = await enquiry(assigneeId, email);
  const created = await admin.post('/api/quotes', quoteBody(enquiryId));
  expect(created.status).toBe(201);
  const sent = await admin.post(`/api/quotes/${created.body.quote._id}/send`);
  expect(sent.status).toBe(200);
  return { enquiryId, quote: sent.body.quote, ...(await mailedLink(email)) };
}

beforeAll(async () => {
  t = await startTestServer({ configure: (c) => (c.trustProxy = true) });
  admin = (await t.admin('Moderator')).client;
  staff = await t.staff();
  other = await t.staff();
});
afterAll(() => t?.close());

describe('the lines and totals', () => {
  it('a monthly plan request becomes monthly lines; VAT is shown apart for once and per month', () => {
    expect(linesFromRequest(snapshot)).toEqual([
      { description: 'Business plan', quantity: 1, unitPrice: 99, period: 'month' },
      { description: 'Priority Support', quantity: 1, unitPrice: 49, period: 'month' },
    ]);
    expect(
      totalsOf(
        [
          { quantity: 1, unitPrice: 99, period: 'month' },
          { quantity: 3, unitPrice: 0.1, period: 'once' },
        ],
        16,
      ),
    ).toEqual({ subtotalOnce: 0.3, subtotalMonthly: 99, vatOnce: 0.05, vatMonthly: 15.84, totalOnce: 0.35, totalMonthly: 114.84 });
    expect(linesFromRequest({ kind: 'consultation' })).toEqual([]);
  });
});

describe('a quote from the console', () => {
  it('is a numbered draft with totals, editable while draft, then sent by mail with a hashed token', async () => {
    const enquiryId = await enquiry(null, 'draft@kafue.test');
    const created = await admin.post('/api/quotes', quoteBody(enquiryId));
    expect(created.status).toBe(201);
    const quote = created.body.quote;
    expect(quote.number).toMatch(/^Q-\d{4}-\d{4}$/);
    expect(quote.status).toBe('draft');
    expect(quote.totals).toEqual({
      subtotalOnce: 301,
      subtotalMonthly: 148,
      vatOnce: 48.16,
      vatMonthly: 23.68,
      totalOnce: 349.16,
      totalMonthly: 171.68,
    });
    const [stored] = await t.db.query(`SELECT total_once, total_monthly FROM quotes WHERE id = $1`, [quote._id]);
    expect(stored).toEqual({ total_once: '349.16', total_monthly: '171.68' });

    const edited = await admin.put(`/api/quotes/${quote._id}`, { ...quoteContent(), currency: 'ZMW', vatRate: null });
    expect(edited.status).toBe(200);
    expect(edited.body.quote.totals.vatOnce).toBe(0);
    expect(edited.body.quote.currency).toBe('ZMW');

    const sent = await admin.post(`/api/quotes/${quote._id}/send`);
    expect(sent.status).toBe(200);
    expect(sent.body.quote.status).toBe('sent');
    const { link, token } = await mailedLink('draft@kafue.test');
    expect(link.startsWith(`${t.config.publicUrl}/quote/`)).toBe(true);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    const [row] = await t.db.query(`SELECT token_hash FROM quotes WHERE id = $1`, [quote._id]);
    expect(row.token_hash).toBe(createHash('sha256').update(token).digest('hex'));
    const [{ stage }] = await t.db.query(`SELECT stage FROM enquiries WHERE id = $1`, [enquiryId]);
    expect(stage).toBe('quoted');

    // Sent, it no longer changes, nor is it sent twice.
    expect((await admin.put(`/api/quotes/${quote._id}`, quoteContent())).status).toBe(409);
    expect((await admin.post(`/api/quotes/${quote._id}/send`)).status).toBe(409);
    const list = await admin.get(`/api/quotes?enquiryId=${enquiryId}`);
    expect(list.body.items.map((q: { number: string }) => q.number)).toEqual([quote.number]);
  });

  it('is not sent once its valid-until date has passed', async () => {
    const enquiryId = await enquiry();
    const created = await admin.post('/api/quotes', { ...quoteBody(enquiryId), validUntil: '2020-01-31' });
    const refused = await admin.post(`/api/quotes/${created.body.quote._id}/send`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('The valid-until date has passed: choose a later one before sending.');
    const [row] = await t.db.query(`SELECT status, token_hash FROM quotes WHERE id = $1`, [created.body.quote._id]);
    expect(row).toEqual({ status: 'draft', token_hash: null });
  });

  it("is read on its own (GET /api/quotes/{id}) as the enquiry's list answers it; an unknown one 404", async () => {
    const enquiryId = await enquiry();
    const created = await admin.post('/api/quotes', quoteBody(enquiryId));
    const read = await admin.get(`/api/quotes/${created.body.quote._id}`);
    expect(read.status).toBe(200);
    expect(read.body).toEqual(created.body.quote);
    const list = await admin.get(`/api/quotes?enquiryId=${enquiryId}`);
    expect(list.body.items).toEqual([read.body]);
    expect((await admin.get('/api/quotes/6f1c2b9a-1d2e-4f3a-9b8c-7d6e5f4a3b2c')).status).toBe(404);
  });

  it('refuses a field its call does not know, naming it: the enquiry of a quote is chosen once, on POST', async () => {
    const enquiryId = await enquiry();
    const created = await admin.post('/api/quotes', quoteBody(enquiryId));
    const other = await enquiry();
    const moved = await admin.put(`/api/quotes/${created.body.quote._id}`, { ...quoteBody(other), notes: 'Changed.' });
    expect(moved).toMatchObject({ status: 400, body: { errors: { enquiryId: messages.unknownField } } });
    expect((await admin.get(`/api/quotes/${created.body.quote._id}`)).body).toEqual(created.body.quote);
  });

  it('refuses a bad body with per-field errors', async () => {
    const enquiryId = await enquiry();
    const bad = await admin.post('/api/quotes', { ...quoteBody(enquiryId), currency: 'EUR', lines: [], validUntil: 'soon' });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['currency', 'lines', 'validUntil']);
  });

  it('numbers run on without gaps: Q-YYYY-0001, 0002, ...', async () => {
    const enquiryId = await enquiry();
    const made = await Promise.all(Array.from({ length: 8 }, () => admin.post('/api/quotes', quoteBody(enquiryId))));
    const seqs = (await t.db.query<{ seq: number }[]>(`SELECT seq FROM quotes ORDER BY seq`)).map((r) => r.seq);
    expect(seqs).toEqual(Array.from({ length: seqs.length }, (_, i) => i + 1));
    expect(new Set(made.map((m) => m.body.quote.number)).size).toBe(8);
  });

  it('gives its PDF', async () => {
    const enquiryId = await enquiry();
    const created = await admin.post('/api/quotes', quoteBody(enquiryId));
    const response = await fetch(`${t.url}/api/quotes/${created.body.quote._id}/pdf`, {
      headers: { cookie: `kafue_session=${admin.cookie}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(bytes.length).toBeGreaterThan(1000);
  });
});

describe('staff and quotes', () => {
  it('a staff member works the quotes of enquiries assigned to them; another’s answer 404', async () => {
    const mine = await enquiry(staff.id);
    const created = await staff.client.post('/api/quotes', quoteBody(mine));
    expect(created.status).toBe(201);
    const id = created.body.quote._id;
    expect((await staff.client.get(`/api/quotes?enquiryId=${mine}`)).body.items).toHaveLength(1);
    expect((await staff.client.put(`/api/quotes/${id}`, quoteContent())).status).toBe(200);
    const read = await staff.client.get(`/api/quotes/${id}`);
    expect(read).toMatchObject({ status: 200, body: { _id: id, enquiryId: mine } });

    expect((await other.client.post('/api/quotes', quoteBody(mine))).status).toBe(404);
    expect((await other.client.get(`/api/quotes?enquiryId=${mine}`)).status).toBe(404);
    expect((await other.client.get(`/api/quotes/${id}`)).status).toBe(404);
    expect((await other.client.put(`/api/quotes/${id}`, quoteContent())).status).toBe(404);
    expect((await other.client.post(`/api/quotes/${id}/send`)).status).toBe(404);
    expect((await other.client.post(`/api/quotes/${id}/withdraw`)).status).toBe(404);
    expect((await other.client.get(`/api/quotes/${id}/pdf`)).status).toBe(404);

    expect((await staff.client.post(`/api/quotes/${id}/send`)).status).toBe(200);
  });
});

describe('the public quote page', () => {
  it('shows the quote, never indexed nor cached, and is accepted once: the enquiry Won, the team mailed, audit rows', async () => {
    const { enquiryId, quote, token } = await sentQuote(staff.id);
    const page = await t.client().get(`/quote/${token}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('x-robots-tag')).toBe('noindex');
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(page.text).toContain('<meta name="robots" content="noindex">');
    expect(page.text).toContain(`Quote ${quote.number}`);
    expect(page.text).toContain('USD 171.68');
    expect(page.text).toContain('I accept this quote');
    expect(page.text).not.toContain('<script');

    // Without the tick: refused, nothing recorded, the name kept.
    const untick = await t.client().call('POST', `/quote/${token}/accept`, form({ name: 'Chanda Mwale' }), formHeaders(nextIp()));
    expect(untick.status).toBe(400);
    expect(untick.text).toContain('Tick &quot;I accept this quote&quot;.');
    expect(untick.text).toContain('value="Chanda Mwale"');

    const ip = nextIp();
    const accepted = await t
      .client()
      .call('POST', `/quote/${token}/accept`, form({ name: 'Chanda Mwale', accept: 'yes' }), formHeaders(ip));
    expect(accepted.status).toBe(200);
    expect(accepted.text).toContain('Thank you. Your acceptance is recorded');
    const [row] = await t.db.query(`SELECT status, accepted_name, accepted_address, accepted_at FROM quotes WHERE id = $1`, [quote._id]);
    expect(row).toMatchObject({ status: 'accepted', accepted_name: 'Chanda Mwale', accepted_address: ip });
    const [e] = await t.db.query(`SELECT stage, status FROM enquiries WHERE id = $1`, [enquiryId]);
    expect(e).toEqual({ stage: 'won', status: 'Closed' });
    const mails = await t.db.query<{ to_address: string; subject: string }[]>(
      `SELECT to_address, subject FROM mail_queue WHERE subject LIKE $1`,
      [`%Quote ${quote.number} accepted%`],
    );
    expect(mails.map((m) => m.to_address)).toContain(staff.email);
    const admins = await t.db.query<{ email: string }[]>(`SELECT email FROM admins`);
    for (const a of admins) expect(mails.map((m) => m.to_address)).toContain(a.email);

    // Single use: a second acceptance is refused and changes nothing.
    const again = await t
      .client()
      .call('POST', `/quote/${token}/accept`, form({ name: 'Someone Else', accept: 'yes' }), formHeaders(nextIp()));
    expect(again.status).toBe(409);
    expect(again.text).toContain('This quote was accepted.');
    const [still] = await t.db.query(`SELECT accepted_name FROM quotes WHERE id = $1`, [quote._id]);
    expect(still.accepted_name).toBe('Chanda Mwale');

    const audit = await t.db.query<{ action: string; actor_kind: string | null }[]>(
      `SELECT action, actor_kind FROM audit_log WHERE target_id = $1 ORDER BY at, id`,
      [quote._id],
    );
    expect(audit).toEqual([
      { action: 'quote.create', actor_kind: 'admin' },
      { action: 'quote.send', actor_kind: 'admin' },
      { action: 'quote.accept', actor_kind: null },
    ]);

    const timeline = await quoteEntries(t.db, enquiryId);
    expect(timeline.map((x) => x.title)).toEqual([
      `Quote ${quote.number} drafted`,
      `Quote ${quote.number} sent`,
      `Quote ${quote.number} accepted`,
    ]);
  });

  it('an expired quote says so and cannot be accepted', async () => {
    const { quote, token } = await sentQuote();
    await t.db.query(`UPDATE quotes SET valid_until = current_date - 2 WHERE id = $1`, [quote._id]);
    const page = await t.client().get(`/quote/${token}`);
    expect(page.text).toContain('This quote has expired');
    expect(page.text).not.toContain('name="accept"');
    const refused = await t.client().call('POST', `/quote/${token}/accept`, form({ name: 'Late', accept: 'yes' }), formHeaders(nextIp()));
    expect(refused.status).toBe(409);
    expect(refused.text).toContain('This quote has expired and can no longer be accepted.');
    const [row] = await t.db.query(`SELECT status FROM quotes WHERE id = $1`, [quote._id]);
    expect(row.status).toBe('sent');
  });

  it('a withdrawn quote says so and cannot be accepted', async () => {
    const { quote, token } = await sentQuote();
    const withdrawn = await admin.post(`/api/quotes/${quote._id}/withdraw`);
    expect(withdrawn.status).toBe(200);
    expect(withdrawn.body.quote.state).toBe('withdrawn');
    expect((await t.client().get(`/quote/${token}`)).text).toContain('This quote was withdrawn');
    const refused = await t.client().call('POST', `/quote/${token}/accept`, form({ name: 'X', accept: 'yes' }), formHeaders(nextIp()));
    expect(refused.status).toBe(409);
    expect(refused.text).toContain('This quote was withdrawn and can no longer be accepted.');
    expect((await admin.post(`/api/quotes/${quote._id}/withdraw`)).status).toBe(409);
  });

  it('an unknown link answers 404 with the page saying so', async () => {
    const page = await t.client().get(`/quote/${'A'.repeat(43)}`);
    expect(page.status).toBe(404);
    expect(page.text).toContain('This quote link is not valid.');
    expect((await t.client().get(`/quote/${'A'.repeat(43)}/pdf`)).status).toBe(404);
  });

  it('a question becomes a note on the enquiry by the client, and is mailed to the assignee only, replying to the enquirer', async () => {
    const { quote, token, enquiryId } = await sentQuote(staff.id, 'asker@kafue.test');
    const asked = await t
      .client()
      .call('POST', `/quote/${token}/question`, form({ name: 'Chanda', question: 'Does it include the domain?' }), formHeaders(nextIp()));
    expect(asked.status).toBe(200);
    expect(asked.text).toContain('Your question was sent');
    const mails = await t.db.query(`SELECT to_address, reply_to, body FROM mail_queue WHERE subject LIKE $1`, [
      `%question about quote ${quote.number}%`,
    ]);
    expect(mails).toEqual([expect.objectContaining({ to_address: staff.email, reply_to: 'asker@kafue.test' })]);
    expect(mails[0].body).toContain('> Does it include the domain?');
    // A note on the enquiry, written by the client, for the admins and for the assignee in their portal.
    const note = { text: 'Does it include the domain?', author: { kind: 'client', _id: null, name: 'Chanda' } };
    expect((await admin.get(`/api/enquiries/${enquiryId}`)).body.notes).toEqual([expect.objectContaining(note)]);
    expect((await staff.client.get(api.enquiryById(enquiryId))).body.notes).toEqual([expect.objectContaining(note)]);
    const listed = await admin.get(`/api/quotes?enquiryId=${enquiryId}`);
    expect(listed.body.items[0].questions).toEqual([expect.objectContaining({ name: 'Chanda', text: 'Does it include the domain?' })]);
    // Once on the timeline, as the question it is.
    const timeline = (await admin.get(`/api/enquiries/${enquiryId}/timeline`)).body.entries as { text?: string }[];
    expect(timeline.filter((x) => x.text === 'Does it include the domain?')).toEqual([
      {
        at: expect.any(String),
        kind: 'note',
        title: `Question about quote ${quote.number}`,
        text: 'Does it include the domain?',
        by: 'Chanda',
      },
    ]);
    const [audit] = await t.db.query(`SELECT action FROM audit_log WHERE target_id = $1 AND action = 'quote.question'`, [quote._id]);
    expect(audit).toBeDefined();
  });

  it('a question after our reply makes the enquiry await our reply again, from the question', async () => {
    const { token, enquiryId } = await sentQuote(staff.id, 'asks-again@kafue.test');
    // The quote's mail carried the enquiry's reference, and is recorded as a mail about it.
    const [quoteMail] = await t.db.query<{ subject: string }[]>(
      `SELECT q.subject FROM mail_queue q JOIN enquiry_mails m ON m.mail_id = q.id WHERE m.enquiry_id = $1 AND m.kind = 'quote'`,
      [enquiryId],
    );
    expect(quoteMail.subject).toMatch(new RegExp(`^\\[.+\\] Your quote Q-\\d{4}-\\d{4} \\[Ref ${enquiryId.slice(0, 8).toUpperCase()}\\]$`));
    expect((await admin.post(`/api/enquiries/${enquiryId}/replies`, { subject: 'Your quote', body: 'Here it is.' })).status).toBe(201);
    expect((await admin.get(`/api/enquiries/${enquiryId}`)).body.awaitingReplySince).toBeNull();
    const before = Date.now();
    const asked = await t
      .client()
      .call('POST', `/quote/${token}/question`, form({ name: 'Chanda', question: 'Can you start in May?' }), formHeaders(nextIp()));
    expect(asked.status).toBe(200);
    const enquiry = (await admin.get(`/api/enquiries/${enquiryId}`)).body;
    expect(Date.parse(enquiry.awaitingReplySince)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(enquiry.responseDueAt)).toBeGreaterThan(Date.parse(enquiry.awaitingReplySince));
    const awaiting = await admin.get(`/api/enquiries?awaiting=true&q=asks-again`);
    expect(awaiting.body.items.map((e: { _id: string }) => e._id)).toEqual([enquiryId]);
  });

  it('a question on an unassigned enquiry is mailed to the admins', async () => {
    const { quote, token } = await sentQuote();
    const asked = await t
      .client()
      .call('POST', `/quote/${token}/question`, form({ name: 'Mwila', question: 'Can we pay monthly?' }), formHeaders(nextIp()));
    expect(asked.status).toBe(200);
    const to = await t.db.query<{ to_address: string }[]>(`SELECT to_address FROM mail_queue WHERE subject LIKE $1 ORDER BY to_address`, [
      `%question about quote ${quote.number}%`,
    ]);
    const admins = await t.db.query<{ email: string }[]>(`SELECT email FROM admins ORDER BY email`);
    expect(to.map((r) => r.to_address)).toEqual(admins.map((a) => a.email));
  });

  it('the page gives the PDF', async () => {
    const { token, quote } = await sentQuote();
    const response = await fetch(`${t.url}/quote/${token}/pdf`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toContain(`${quote.number}.pdf`);
    expect(
      Buffer.from(await response.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
  });

  it('posts from one address are limited (429), however they end', async () => {
    const { token } = await sentQuote();
    const ip = nextIp();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      statuses.push((await t.client().call('POST', `/quote/${token}/question`, form({ name: '', question: '' }), formHeaders(ip))).status);
    }
    expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

describe('the questions kept before they were notes', () => {
  it("move to the enquiry as the client's notes with the migration, and back without it", async () => {
    const { quote, token, enquiryId } = await sentQuote();
    const asked = await t
      .client()
      .call('POST', `/quote/${token}/question`, form({ name: 'Bupe', question: 'Is hosting extra?' }), formHeaders(nextIp()));
    expect(asked.status).toBe(200);
    const notes = () =>
      t.db.query(`SELECT text, author_kind, author_id, author_name, quote_id, client_address FROM enquiry_notes WHERE enquiry_id = $1`, [
        enquiryId,
      ]);
    const asNote = await notes();
    expect(asNote).toEqual([
      {
        text: 'Is hosting extra?',
        author_kind: 'client',
        author_id: null,
        author_name: 'Bupe',
        quote_id: quote._id,
        client_address: expect.any(String),
      },
    ]);
    const runner = t.db.createQueryRunner();
    try {
      await new ClientNotes1795600000121().down(runner);
      expect(await t.db.query(`SELECT text FROM enquiry_notes WHERE enquiry_id = $1`, [enquiryId])).toEqual([]);
      expect(await t.db.query(`SELECT quote_id, name, text FROM quote_questions WHERE quote_id = $1`, [quote._id])).toEqual([
        { quote_id: quote._id, name: 'Bupe', text: 'Is hosting extra?' },
      ]);
    } finally {
      await new ClientNotes1795600000121().up(runner);
      await runner.release();
    }
    expect(await notes()).toEqual(asNote);
    // A note by the client must name its quote and address and no author id; the team's the reverse.
    await expect(
      t.db.query(`INSERT INTO enquiry_notes (enquiry_id, text, author_kind, author_name) VALUES ($1, 'x', 'client', 'Bupe')`, [enquiryId]),
    ).rejects.toThrow(/enquiry_notes_client/);
  });
});
