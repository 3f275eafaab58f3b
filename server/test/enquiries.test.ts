/**
 * Enquiries: the contact form's call with its validation, spam defences and
 * per-address limit; the admins' inbox (list, detail, update, notes, delete, unread count, CSV);
 * the staff portal's calls on their own enquiries.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, messages } from '@kafue/common/contract';
import { noLineBreaks } from '@kafue/common/schemas';
import { restoreBackup } from '../src/backup/backup.js';
import { backupOf } from './backups.js';
import { createDatabase, startTestServer, type Client, type TestServer } from './helpers.js';
import { openDatabase } from '../src/db/data-source.js';

let t: TestServer;
let superAdmin: Client;
let moderator: Client;
let addressCounter = 0;
/** A client address of its own per test, so that the per-address limit only bites where tested. */
const freshAddress = () => `198.51.100.${++addressCounter}`;

beforeAll(async () => {
  t = await startTestServer({ configure: (c) => (c.trustProxy = true) });
  superAdmin = (await t.admin('Super Admin')).client;
  moderator = (await t.admin('Moderator')).client;
});
afterAll(() => t?.close());

const form = {
  fullName: '  Ada Lovelace ',
  phone: '',
  email: 'Ada@Example.COM',
  service: 'Web Development',
  message: 'We need a new website for our shop.',
  /** Shown a minute ago, as a person would have it. */
  startedAt: Date.now() - 60_000,
};

async function send(body: object, address = freshAddress(), headers: Record<string, string> = {}) {
  return t.client().post(api.enquiries, body, { 'x-forwarded-for': address, ...headers });
}

/** Rows of an RFC 4180 CSV text (quoted cells may hold commas, quotes and line breaks). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') cell += text[++i];
      else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += c;
  }
  if (cell || row.length) rows.push([...row, cell]);
  return rows;
}

/** Inserts an enquiry directly; answers its id. */
async function insert(
  values: Partial<Record<'full_name' | 'email' | 'message' | 'status' | 'service' | 'assignee_id' | 'phone', string | null>> & {
    created_at?: Date;
  } = {},
) {
  const row = {
    full_name: 'Someone',
    email: 'someone@example.com',
    message: 'Hello',
    status: 'New',
    service: null,
    assignee_id: null,
    phone: null,
    created_at: new Date(),
    ...values,
  };
  const [{ id }] = await t.db.query(
    `INSERT INTO enquiries (full_name, email, message, status, service, assignee_id, phone, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
    [row.full_name, row.email, row.message, row.status, row.service, row.assignee_id, row.phone, row.created_at],
  );
  return id as string;
}

describe('POST /api/enquiries', () => {
  it("stores the enquiry as New and answers 201 with the form's message", async () => {
    const answer = await send(form);
    expect(answer).toMatchObject({ status: 201, body: { message: messages.enquirySent } });
    const [row] = await t.db.query(`SELECT * FROM enquiries WHERE full_name = 'Ada Lovelace'`);
    expect(row).toMatchObject({ email: 'ada@example.com', phone: null, service: 'Web Development', status: 'New', read_at: null });
    expect(row.message).toBe(form.message);
  });

  it('refuses bad fields with one message per field and stores nothing', async () => {
    const before = (await t.db.query(`SELECT count(*)::int AS n FROM enquiries`))[0].n;
    const answer = await send({ fullName: ' ', email: 'not-an-email', service: 'Plumbing', message: '', phone: '1'.repeat(31) });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(messages.invalidInput);
    expect(Object.keys(answer.body.errors).sort()).toEqual(['email', 'fullName', 'message', 'phone', 'service']);
    const long = await send({ ...form, fullName: 'x'.repeat(101), message: 'y'.repeat(5001) });
    expect(Object.keys(long.body.errors).sort()).toEqual(['fullName', 'message']);
    expect((await send({ email: 'a@b.co' })).body.errors).toMatchObject({ fullName: 'Required.', message: 'Required.' });
    expect((await t.db.query(`SELECT count(*)::int AS n FROM enquiries`))[0].n).toBe(before);
    // At the limits, and the placeholder service, are fine.
    expect((await send({ ...form, fullName: 'x'.repeat(100), message: 'y'.repeat(5000), phone: '1'.repeat(30), service: '' })).status).toBe(
      201,
    );
  });

  it('refuses a line break in the name or the phone (it would forge a line of the mail) with a field error', async () => {
    const breaks = ['\r\n', '\n', '\r', '\u2028', '\u2029', '\u0085'];
    for (const field of ['fullName', 'phone'] as const) {
      for (const lineBreak of breaks) {
        const answer = await send({ ...form, [field]: `Eve${lineBreak}Bcc: victim@example.com` });
        expect(answer.status, `${field} with ${JSON.stringify(lineBreak)}`).toBe(400);
        expect(answer.body).toEqual({ message: messages.invalidInput, errors: { [field]: noLineBreaks } });
      }
    }
    expect(await t.db.query(`SELECT 1 FROM enquiries WHERE full_name LIKE 'Eve%' OR phone LIKE 'Eve%'`)).toEqual([]);
    // A line break at either end is trimmed away, as spaces are.
    expect((await send({ ...form, fullName: 'Trailing Break\r\n' })).status).toBe(201);
    expect(await t.db.query(`SELECT full_name FROM enquiries WHERE full_name LIKE 'Trailing%'`)).toEqual([{ full_name: 'Trailing Break' }]);
  });

  it('answers a filled honeypot, or a startedAt under 3 s ago, missing, unreadable or a minute ahead, the same, and stores it as Spam', async () => {
    const bot = await send({ ...form, fullName: 'Honey Bot', website: 'http://spam.example' });
    expect(bot).toMatchObject({ status: 201, body: { message: messages.enquirySent } });
    const fast = await send({ ...form, fullName: 'Fast Bot', startedAt: Date.now() - 1000 });
    expect(fast).toMatchObject({ status: 201, body: { message: messages.enquirySent } });
    const human = await send({ ...form, fullName: 'Slow Human', startedAt: Date.now() - 5000, website: '' });
    expect(human.status).toBe(201);
    const rows = await t.db.query(
      `SELECT full_name, status FROM enquiries WHERE full_name IN ('Honey Bot', 'Fast Bot', 'Slow Human') ORDER BY full_name`,
    );
    expect(rows).toEqual([
      { full_name: 'Fast Bot', status: 'Spam' },
      { full_name: 'Honey Bot', status: 'Spam' },
      { full_name: 'Slow Human', status: 'New' },
    ]);
    // Spam is left out of the inbox unless asked for.
    const inbox = await superAdmin.get(`${api.enquiries}?q=bot&pageSize=100`);
    expect(inbox.body.items).toEqual([]);
    const spam = await superAdmin.get(`${api.enquiries}?q=bot&status=Spam`);
    expect(spam.body.items.map((e: { fullName: string }) => e.fullName).sort()).toEqual(['Fast Bot', 'Honey Bot']);
    // A robot that leaves startedAt out, or sends one that is no time, or one in the future
    // (beyond a minute of clock skew), is answered as anyone and stored as Spam.
    const { startedAt: _shown, ...withoutStartedAt } = form;
    const timings: [string, object][] = [
      ['No Time Bot', withoutStartedAt],
      ['Null Time Bot', { ...form, startedAt: null }],
      ['Word Time Bot', { ...form, startedAt: 'soon' }],
      ['Empty Time Bot', { ...form, startedAt: '' }],
      ['Object Time Bot', { ...form, startedAt: { at: 1 } }],
      ['Future Time Bot', { ...form, startedAt: Date.now() + 61_000 }],
      ['Future Text Bot', { ...form, startedAt: String(Date.now() + 3_600_000) }],
      // A visitor's clock a little fast, or the time as the form without JavaScript sends it (text).
      ['Fast Clock Human', { ...form, startedAt: Date.now() + 30_000 }],
      ['Text Time Human', { ...form, startedAt: String(Date.now() - 10_000) }],
    ];
    for (const [fullName, body] of timings) {
      expect(await send({ ...body, fullName }), fullName).toMatchObject({ status: 201, body: { message: messages.enquirySent } });
    }
    const judged = await t.db.query(
      `SELECT full_name, status FROM enquiries WHERE full_name LIKE '% Time %' OR full_name LIKE '% Text %' OR full_name LIKE '% Clock %'`,
    );
    expect(Object.fromEntries(judged.map((r: { full_name: string; status: string }) => [r.full_name, r.status]))).toEqual({
      'No Time Bot': 'Spam',
      'Null Time Bot': 'Spam',
      'Word Time Bot': 'Spam',
      'Empty Time Bot': 'Spam',
      'Object Time Bot': 'Spam',
      'Future Time Bot': 'Spam',
      'Future Text Bot': 'Spam',
      'Fast Clock Human': 'New',
      'Text Time Human': 'New',
    });
  });

  it('takes 5 enquiries per address in 10 minutes, then answers 429; other addresses are not held up', async () => {
    const address = freshAddress();
    for (let i = 0; i < 5; i++) expect((await send({ ...form, fullName: `Limited ${i}` }, address)).status).toBe(201);
    const refused = await send({ ...form, fullName: 'Limited 5' }, address);
    expect(refused).toMatchObject({ status: 429, body: { message: messages.tooManyEnquiries } });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(500);
    expect((await send(form, freshAddress())).status).toBe(201);
    expect((await t.db.query(`SELECT count(*)::int AS n FROM enquiries WHERE full_name LIKE 'Limited %'`))[0].n).toBe(5);
    // Spam counts too: a robot cannot fill the table.
    const robot = freshAddress();
    for (let i = 0; i < 5; i++) expect((await send({ ...form, website: 'x' }, robot)).status).toBe(201);
    expect((await send({ ...form, website: 'x' }, robot)).status).toBe(429);
    // The window passed: accepted again.
    await t.db.query(`UPDATE enquiry_rate SET window_start = now() - interval '11 minutes' WHERE address = $1`, [address]);
    expect((await send(form, address)).status).toBe(201);
  });

  it('counts an IPv6 client by its /64, and shares the count between server processes', async () => {
    const second = await startTestServer({ databaseUrl: t.databaseUrl, configure: (c) => (c.trustProxy = true) });
    try {
      const post = (server: TestServer, address: string) => server.client().post(api.enquiries, form, { 'x-forwarded-for': address });
      for (let i = 1; i <= 5; i++) expect((await post(i % 2 ? t : second, `2001:db8:1:2::${i}`)).status).toBe(201);
      expect((await post(second, '2001:db8:1:2:ffff::1')).status).toBe(429);
      expect((await post(t, '2001:db8:1:3::1')).status).toBe(201);
    } finally {
      await second.close();
    }
  });

  it("refuses a post from another site's page", async () => {
    const answer = await send(form, freshAddress(), { origin: 'https://elsewhere.example' });
    expect(answer).toMatchObject({ status: 403, body: { message: messages.foreignOrigin } });
  });
});

describe('the inbox', () => {
  let staffId = '';
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    await t.db.query(`DELETE FROM enquiries`);
    staffId = (await t.staff()).id;
    const day = (d: string) => new Date(`${d}T12:00:00Z`);
    ids.a = await insert({
      full_name: 'Alice Banda',
      email: 'alice@zed.example',
      message: 'Need CCTV for the warehouse',
      service: 'Other',
      created_at: day('2026-01-05'),
    });
    ids.b = await insert({
      full_name: 'Bwalya Phiri',
      email: 'bwalya@example.com',
      message: 'Website please',
      service: 'Web Development',
      status: 'Open',
      assignee_id: staffId,
      created_at: day('2026-02-10'),
    });
    ids.c = await insert({
      full_name: 'Chanda Mulenga',
      email: 'chanda@example.com',
      message: 'Security audit of our WAREHOUSE network',
      service: 'Cybersecurity',
      status: 'Closed',
      created_at: day('2026-03-15'),
    });
    ids.d = await insert({
      full_name: 'Spam Bot',
      email: 'bot@example.com',
      message: 'warehouse deals',
      status: 'Spam',
      created_at: day('2026-03-16'),
    });
    ids.e = await insert({
      full_name: 'Dalitso 100%_off',
      email: 'dalitso@example.com',
      message: 'Literal 100%_off here',
      created_at: day('2026-03-20'),
    });
  });
  const names = (answer: { body: { items: { fullName: string }[] } }) => answer.body.items.map((e) => e.fullName);

  it('lists newest first, without Spam, with the total, the page and its size', async () => {
    const answer = await moderator.get(api.enquiries);
    expect(answer.status).toBe(200);
    expect(names(answer)).toEqual(['Dalitso 100%_off', 'Chanda Mulenga', 'Bwalya Phiri', 'Alice Banda']);
    expect(answer.body).toMatchObject({ total: 4, page: 1, pageSize: 25 });
    expect(answer.body.items[2]).toMatchObject({ assignee: { _id: staffId }, status: 'Open', readAt: null, phone: null });
  });

  it('searches name, email and message case-insensitively, wildcards taken literally', async () => {
    expect(names(await moderator.get(`${api.enquiries}?q=warehouse`))).toEqual(['Chanda Mulenga', 'Alice Banda']);
    expect(names(await moderator.get(`${api.enquiries}?q=ZED.EXAMPLE`))).toEqual(['Alice Banda']);
    expect(names(await moderator.get(`${api.enquiries}?q=phiri`))).toEqual(['Bwalya Phiri']);
    expect(names(await moderator.get(`${api.enquiries}?q=${encodeURIComponent('0%_o')}`))).toEqual(['Dalitso 100%_off']);
    expect((await moderator.get(`${api.enquiries}?q=${encodeURIComponent('%')}`)).body.total).toBe(1);
    // Sorted and paged like any list, the total that of all matches.
    expect(names(await moderator.get(`${api.enquiries}?q=warehouse&sort=fullName`))).toEqual(['Alice Banda', 'Chanda Mulenga']);
    const second = await moderator.get(`${api.enquiries}?q=warehouse&sort=-fullName&pageSize=1&page=2`);
    expect(second.body).toMatchObject({ total: 2, page: 2, pageSize: 1 });
    expect(names(second)).toEqual(['Alice Banda']);
    const beyond = await moderator.get(`${api.enquiries}?q=warehouse&page=9`);
    expect(beyond.body).toMatchObject({ items: [], total: 2 });
  });

  it('filters by status (several too), service, assignee and days', async () => {
    expect(names(await moderator.get(`${api.enquiries}?status=Open,Closed`))).toEqual(['Chanda Mulenga', 'Bwalya Phiri']);
    expect(names(await moderator.get(`${api.enquiries}?status=Spam`))).toEqual(['Spam Bot']);
    expect(names(await moderator.get(`${api.enquiries}?service=Cybersecurity`))).toEqual(['Chanda Mulenga']);
    expect(names(await moderator.get(`${api.enquiries}?service=none`))).toEqual(['Dalitso 100%_off']);
    expect(names(await moderator.get(`${api.enquiries}?assignee=${staffId}`))).toEqual(['Bwalya Phiri']);
    expect((await moderator.get(`${api.enquiries}?assignee=none`)).body.total).toBe(3);
    expect(names(await moderator.get(`${api.enquiries}?from=2026-02-10&to=2026-03-15`))).toEqual(['Chanda Mulenga', 'Bwalya Phiri']);
    expect(names(await moderator.get(`${api.enquiries}?to=2026-01-05`))).toEqual(['Alice Banda']);
    expect(names(await moderator.get(`${api.enquiries}?from=2026-03-15T12:00:01Z`))).toEqual(['Dalitso 100%_off']);
  });

  it('days are those of the configured timezone', async () => {
    // 2026-01-05 12:00 UTC is 2026-01-05 20:00 at UTC+8; an enquiry at 20:00 UTC is the next day there.
    const late = await insert({ full_name: 'Late Caller', created_at: new Date('2026-01-05T20:00:00Z') });
    try {
      expect(names(await moderator.get(`${api.enquiries}?from=2026-01-05&to=2026-01-05`))).toEqual(['Late Caller', 'Alice Banda']);
      await t.db.query(`INSERT INTO settings (key, value) VALUES ('general', '{"timezone":"UTC+8"}')`);
      expect(names(await moderator.get(`${api.enquiries}?from=2026-01-05&to=2026-01-05`))).toEqual(['Alice Banda']);
      expect(names(await moderator.get(`${api.enquiries}?from=2026-01-06&to=2026-01-06`))).toEqual(['Late Caller']);
    } finally {
      await t.db.query(`DELETE FROM settings WHERE key = 'general'`);
      await t.db.query(`DELETE FROM enquiries WHERE id = $1`, [late]);
    }
  });

  it('sorts by a column either way and pages without overlap', async () => {
    expect(names(await moderator.get(`${api.enquiries}?sort=fullName`))).toEqual([
      'Alice Banda',
      'Bwalya Phiri',
      'Chanda Mulenga',
      'Dalitso 100%_off',
    ]);
    expect(names(await moderator.get(`${api.enquiries}?sort=-email`))).toEqual([
      'Dalitso 100%_off',
      'Chanda Mulenga',
      'Bwalya Phiri',
      'Alice Banda',
    ]);
    expect(names(await moderator.get(`${api.enquiries}?sort=status&status=Open,Closed`))).toEqual(['Chanda Mulenga', 'Bwalya Phiri']);
    const first = await moderator.get(`${api.enquiries}?sort=createdAt&pageSize=3`);
    const second = await moderator.get(`${api.enquiries}?sort=createdAt&pageSize=3&page=2`);
    expect([...names(first), ...names(second)]).toEqual(['Alice Banda', 'Bwalya Phiri', 'Chanda Mulenga', 'Dalitso 100%_off']);
    expect(second.body).toMatchObject({ total: 4, page: 2, pageSize: 3 });
  });

  it('refuses a bad query: pageSize over 100, unknown status, sort or service, a bad date', async () => {
    for (const query of [
      'pageSize=101',
      'pageSize=0',
      'page=0',
      'status=Pending',
      'sort=message',
      'service=Plumbing',
      'from=yesterday',
      'assignee=nobody',
    ]) {
      const answer = await moderator.get(`${api.enquiries}?${query}`);
      expect(answer.status, query).toBe(400);
      expect(answer.body.message).toBe(messages.invalidInput);
    }
    expect((await moderator.get(`${api.enquiries}?pageSize=100`)).status).toBe(200);
  });

  it('the first admin to open one marks it read; staff reading does not; the unread count follows', async () => {
    const before = (await moderator.get(api.enquiriesUnreadCount)).body.count;
    expect(before).toBe(4);
    const first = await moderator.get(api.enquiryById(ids.a));
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ _id: ids.a, fullName: 'Alice Banda', notes: [] });
    expect(Date.parse(first.body.readAt)).toBeGreaterThan(Date.now() - 60_000);
    const again = await superAdmin.get(api.enquiryById(ids.a));
    expect(again.body.readAt).toBe(first.body.readAt);
    expect((await moderator.get(api.enquiriesUnreadCount)).body.count).toBe(3);
    // Spam never counts as unread.
    await moderator.get(api.enquiryById(ids.d));
    expect((await moderator.get(api.enquiriesUnreadCount)).body.count).toBe(3);
    expect((await moderator.get(api.enquiryById('0b7f6a52-3c1d-4e2f-8a9b-1c2d3e4f5a6b'))).status).toBe(404);
    expect((await moderator.get(api.enquiryById('not-an-id'))).status).toBe(404);
  });

  it('changes status and assignee (an Active staff member, or nobody)', async () => {
    const changed = await moderator.put(api.enquiryById(ids.a), { status: 'Open', assigneeId: staffId });
    expect(changed).toMatchObject({
      status: 200,
      body: { message: messages.enquiryUpdated, enquiry: { status: 'Open', assignee: { _id: staffId } } },
    });
    const statusOnly = await moderator.put(api.enquiryById(ids.a), { status: 'Closed' });
    expect(statusOnly.body.enquiry).toMatchObject({ status: 'Closed', assignee: { _id: staffId } });
    const inactive = (await t.staff({ status: 'Inactive' })).id;
    const refused = await moderator.put(api.enquiryById(ids.a), { assigneeId: inactive });
    expect(refused).toMatchObject({ status: 400, body: { errors: { assigneeId: messages.enquiryAssigneeInvalid } } });
    const unknown = await moderator.put(api.enquiryById(ids.a), { assigneeId: '0b7f6a52-3c1d-4e2f-8a9b-1c2d3e4f5a6b' });
    expect(unknown.status).toBe(400);
    expect((await moderator.put(api.enquiryById(ids.a), { status: 'Maybe' })).body.errors).toHaveProperty('status');
    const cleared = await moderator.put(api.enquiryById(ids.a), { assigneeId: null });
    expect(cleared.body.enquiry).toMatchObject({ status: 'Closed', assignee: null });
    expect((await moderator.put(api.enquiryById('0b7f6a52-3c1d-4e2f-8a9b-1c2d3e4f5a6b'), { status: 'Open' })).status).toBe(404);
  });

  it('refuses a field it does not know, naming it, and changes nothing (the stage has its own call)', async () => {
    const state = () => t.db.query(`SELECT status, stage, updated_at FROM enquiries WHERE id = $1`, [ids.b]);
    const before = await state();
    const refused = await moderator.put(api.enquiryById(ids.b), { status: 'Open', stage: 'won' });
    expect(refused).toMatchObject({ status: 400, body: { message: messages.invalidInput, errors: { stage: messages.unknownField } } });
    expect(Object.keys(refused.body.errors)).toEqual(['stage']);
    expect(await state()).toEqual(before);
  });

  it('keeps notes with their author', async () => {
    const added = await moderator.post(api.enquiryNotes(ids.c), { text: '  Called back, sending a quote.  ' });
    expect(added).toMatchObject({
      status: 201,
      body: { message: messages.enquiryNoteAdded, note: { text: 'Called back, sending a quote.', author: { kind: 'admin' } } },
    });
    await superAdmin.post(api.enquiryNotes(ids.c), { text: 'Quote sent.' });
    const detail = await moderator.get(api.enquiryById(ids.c));
    expect(detail.body.notes.map((n: { text: string }) => n.text)).toEqual(['Called back, sending a quote.', 'Quote sent.']);
    expect(detail.body.notes[0].author.name).toMatch(/^Moderator/);
    expect((await moderator.post(api.enquiryNotes(ids.c), { text: ' ' })).body.errors).toEqual({ text: 'Required.' });
    expect((await moderator.post(api.enquiryNotes(ids.c), { text: 'x'.repeat(5001) })).status).toBe(400);
    expect((await moderator.post(api.enquiryNotes('0b7f6a52-3c1d-4e2f-8a9b-1c2d3e4f5a6b'), { text: 'x' })).status).toBe(404);
  });

  it('only a Super Admin deletes, notes and all', async () => {
    const id = await insert({ full_name: 'To Delete' });
    await moderator.post(api.enquiryNotes(id), { text: 'gone soon' });
    expect((await moderator.delete(api.enquiryById(id))).status).toBe(403);
    expect(await superAdmin.delete(api.enquiryById(id))).toMatchObject({ status: 200, body: { message: messages.enquiryDeleted } });
    expect((await superAdmin.delete(api.enquiryById(id))).status).toBe(404);
    expect((await t.db.query(`SELECT count(*)::int AS n FROM enquiry_notes WHERE enquiry_id = $1`, [id]))[0].n).toBe(0);
  });
});

describe('GET /api/enquiries/export.csv', () => {
  it('streams every matching row as UTF-8 CSV with a header, formulas neutralised and cells quoted', async () => {
    await t.db.query(`DELETE FROM enquiries`);
    await insert({
      full_name: '=HYPERLINK("http://evil.example","click")',
      email: 'a@example.com',
      message: 'line one\nline "two", three',
      phone: '+260 97 1234567',
      created_at: new Date('2026-01-01T10:00:00Z'),
    });
    await insert({
      full_name: '@SUM(A1:A2)',
      email: 'b@example.com',
      message: '-2+3',
      service: 'Cybersecurity',
      created_at: new Date('2026-01-02T10:00:00Z'),
    });
    await insert({ full_name: 'Zoë Ñandú', email: 'c@example.com', message: '\tTabbed', created_at: new Date('2026-01-03T10:00:00Z') });
    await insert({ full_name: 'Spam', status: 'Spam' });
    const answer = await moderator.get(`${api.enquiriesExport}?sort=createdAt`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(answer.headers.get('content-disposition')).toMatch(/^attachment; filename="enquiries-\d{4}-\d{2}-\d{2}\.csv"$/);
    // UTF-8 with its byte order mark (for spreadsheets; fetch's text() drops it).
    const raw = await fetch(`${t.url}${api.enquiriesExport}`, { headers: { cookie: `kafue_session=${moderator.cookie}` } });
    expect([...new Uint8Array(await raw.arrayBuffer()).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = parseCsv(answer.text);
    expect(rows[0]).toEqual([
      'Received',
      'Full Name',
      'Email',
      'Phone',
      'Service',
      'Status',
      'Assignee',
      'Message',
      'Read',
      'Kind',
      'Request',
      'Page',
    ]);
    expect(rows.slice(1)).toEqual([
      [
        '2026-01-01T10:00:00.000Z',
        `'=HYPERLINK("http://evil.example","click")`,
        'a@example.com',
        "'+260 97 1234567",
        '',
        'New',
        '',
        'line one\nline "two", three',
        '',
        'Message',
        '',
        '',
      ],
      ['2026-01-02T10:00:00.000Z', "'@SUM(A1:A2)", 'b@example.com', '', 'Cybersecurity', 'New', '', "'-2+3", '', 'Message', '', ''],
      ['2026-01-03T10:00:00.000Z', 'Zoë Ñandú', 'c@example.com', '', '', 'New', '', "'\tTabbed", '', 'Message', '', ''],
    ]);
    // Quoted where needed, as written.
    expect(answer.text).toContain(`"'=HYPERLINK(""http://evil.example"",""click"")"`);
    expect(answer.text).toContain(`"line one\nline ""two"", three"`);
    // The list's filters apply.
    const filtered = await moderator.get(`${api.enquiriesExport}?q=zo%C3%AB&status=New,Spam`);
    expect(parseCsv(filtered.text).map((r) => r[1])).toEqual(['Full Name', 'Zoë Ñandú']);
    const read = await moderator.get(`${api.enquiriesExport}?from=2026-01-02&to=2026-01-02`);
    expect(parseCsv(read.text).map((r) => r[1])).toEqual(['Full Name', "'@SUM(A1:A2)"]);
  });

  it('exports many rows, in batches, in order', async () => {
    await t.db.query(`DELETE FROM enquiries`);
    await t.db.query(
      `INSERT INTO enquiries (full_name, email, message, created_at)
       SELECT 'Person ' || i, 'p' || i || '@example.com', 'm', timestamptz '2026-01-01' + i * interval '1 minute' FROM generate_series(1, 2500) i`,
    );
    const answer = await moderator.get(`${api.enquiriesExport}?sort=createdAt`);
    const rows = parseCsv(answer.text);
    expect(rows.length).toBe(2501);
    expect(rows[1][1]).toBe('Person 1');
    expect(rows[2500][1]).toBe('Person 2500');
    // A client that goes away midway ends the copy and frees its connection.
    const controller = new AbortController();
    const partial = await fetch(`${t.url}${api.enquiriesExport}`, {
      headers: { cookie: `kafue_session=${moderator.cookie}` },
      signal: controller.signal,
    });
    const reader = partial.body!.getReader();
    await reader.read();
    controller.abort();
    await new Promise((r) => setTimeout(r, 300));
    const copying = await t.db.query(
      `SELECT count(*)::int AS n FROM pg_stat_activity WHERE query LIKE 'COPY (SELECT%' AND state = 'active'`,
    );
    expect(copying[0].n).toBe(0);
    // The connection went back to the pool with no transaction left open.
    const open = await t.db.query(
      `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND state LIKE 'idle in transaction%'`,
    );
    expect(open[0].n).toBe(0);
  });
});

describe('the staff portal', () => {
  it('a staff member sees, reads, notes and closes only the enquiries assigned to them', async () => {
    await t.db.query(`DELETE FROM enquiries`);
    const mine = await t.staff();
    const other = await t.staff();
    const own = await insert({ full_name: 'For Me', assignee_id: mine.id });
    const own2 = await insert({ full_name: 'Also Mine', assignee_id: mine.id, status: 'Open' });
    const theirs = await insert({ full_name: 'For Them', assignee_id: other.id });
    await insert({ full_name: 'Nobody' });

    const list = await mine.client.get(api.enquiries);
    expect(list.status).toBe(200);
    expect(list.body.items.map((e: { fullName: string }) => e.fullName).sort()).toEqual(['Also Mine', 'For Me']);
    expect(list.body.total).toBe(2);
    expect((await mine.client.get(`${api.enquiries}?status=Open`)).body.items.map((e: { _id: string }) => e._id)).toEqual([own2]);
    // assignee in the query cannot widen it.
    expect((await mine.client.get(`${api.enquiries}?assignee=${other.id}`)).body.total).toBe(2);

    const detail = await mine.client.get(api.enquiryById(own));
    expect(detail.body).toMatchObject({ _id: own, readAt: null, notes: [] });
    const note = await mine.client.post(api.enquiryNotes(own), { text: 'On it' });
    expect(note).toMatchObject({ status: 201, body: { note: { author: { kind: 'staff', _id: mine.id } } } });
    const closed = await mine.client.put(api.enquiryById(own), { status: 'Closed' });
    expect(closed).toMatchObject({ status: 200, body: { message: messages.enquiryUpdated, enquiry: { status: 'Closed' } } });
    expect((await mine.client.put(api.enquiryById(own), { status: 'Spam' })).status).toBe(400);
    expect((await t.db.query(`SELECT status FROM enquiries WHERE id = $1`, [own]))[0].status).toBe('Closed');
    // An admin sees the staff member's note.
    expect((await moderator.get(api.enquiryById(own))).body.notes[0]).toMatchObject({
      text: 'On it',
      author: { kind: 'staff', _id: mine.id },
    });

    // Another person's enquiry, or one assigned to nobody: as if it did not exist.
    expect((await mine.client.get(api.enquiryById(theirs))).status).toBe(404);
    expect((await mine.client.put(api.enquiryById(theirs), { status: 'Closed' })).status).toBe(404);
    expect((await mine.client.post(api.enquiryNotes(theirs), { text: 'x' })).status).toBe(404);
    const [row] = await t.db.query(`SELECT status FROM enquiries WHERE id = $1`, [theirs]);
    expect(row.status).toBe('New');
    expect((await t.db.query(`SELECT count(*)::int AS n FROM enquiry_notes WHERE enquiry_id = $1`, [theirs]))[0].n).toBe(0);
    // Who works on an enquiry is the admins' choice, and so is spam: the same call refuses both
    // to staff and changes nothing. The unread count and the export are the admins' alone.
    const reassign = await mine.client.put(api.enquiryById(own2), { status: 'Closed', assigneeId: other.id });
    expect(reassign.status).toBe(403);
    expect((await mine.client.put(api.enquiryById(own2), { assigneeId: null })).status).toBe(403);
    const [kept] = await t.db.query(`SELECT status, assignee_id FROM enquiries WHERE id = $1`, [own2]);
    expect(kept).toEqual({ status: 'Open', assignee_id: mine.id });
    expect((await mine.client.get(api.enquiriesUnreadCount)).status).toBe(403);
    expect((await mine.client.get(api.enquiriesExport)).status).toBe(403);
  });

  it("reads the company's WhatsApp number ('' for none), and nothing else of the profile", async () => {
    const staff = await t.staff();
    const company = (await superAdmin.get(api.companySettings)).body;
    try {
      expect((await superAdmin.put(api.companySettings, { ...company, whatsapp: '' })).status).toBe(200);
      expect(await staff.client.get(api.staffMyCompanyWhatsapp)).toMatchObject({ status: 200, body: { whatsapp: '' } });
      expect((await superAdmin.put(api.companySettings, { ...company, whatsapp: '+260971234567' })).status).toBe(200);
      const answer = await staff.client.get(api.staffMyCompanyWhatsapp);
      expect(answer).toMatchObject({ status: 200 });
      expect(answer.body).toEqual({ whatsapp: '+260971234567' });
      expect((await staff.client.get(api.companySettings)).status).toBe(403);
    } finally {
      await superAdmin.put(api.companySettings, company);
    }
  });
});

describe('the totals the triggers keep', () => {
  const tally = () =>
    t.db.query(`SELECT status, service, assignee_id::text, n::int FROM kafue_derived.enquiry_tally WHERE n <> 0 ORDER BY 1, 2, 3`);
  const counted = () =>
    t.db.query(
      `SELECT status, coalesce(service, '') AS service, coalesce(assignee_id, '00000000-0000-0000-0000-000000000000')::text AS assignee_id, count(*)::int AS n
         FROM enquiries GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`,
    );

  it('match a count after inserts, changes, assignments, a staff member deleted, deletes; a backup leaves them out, a restore rebuilds them', async () => {
    await t.db.query(`DELETE FROM enquiries`);
    expect(await tally()).toEqual([]);
    const one = await t.staff();
    const two = await t.staff();
    await t.db.query(
      `INSERT INTO enquiries (full_name, email, message, status, service, assignee_id)
       SELECT 'P' || i, 'p@example.com', 'm', (ARRAY['New', 'Open', 'Closed', 'Spam'])[1 + i % 4],
              (ARRAY['Cybersecurity', 'Other', NULL])[1 + i % 3], CASE i % 3 WHEN 0 THEN $1::uuid WHEN 1 THEN $2::uuid END
         FROM generate_series(1, 300) i`,
      [one.id, two.id],
    );
    expect(await tally()).toEqual(await counted());
    await t.db.query(`UPDATE enquiries SET status = 'Closed' WHERE full_name LIKE 'P1%'`);
    await t.db.query(`UPDATE enquiries SET assignee_id = $1 WHERE full_name LIKE 'P2%'`, [two.id]);
    await t.db.query(`UPDATE enquiries SET service = NULL WHERE full_name LIKE 'P3%'`);
    expect(await tally()).toEqual(await counted());
    // Marking read changes no total.
    const before = await tally();
    await t.db.query(`UPDATE enquiries SET read_at = now()`);
    expect(await tally()).toEqual(before);
    // Deleting a staff member unassigns their enquiries (ON DELETE SET NULL).
    expect((await superAdmin.delete(api.staffById(two.id))).status).toBe(200);
    expect(await tally()).toEqual(await counted());
    await t.db.query(`DELETE FROM enquiries WHERE full_name LIKE 'P4%'`);
    expect(await tally()).toEqual(await counted());
    // The API's totals, from the tally.
    const [{ n: open }] = await t.db.query(`SELECT count(*)::int AS n FROM enquiries WHERE status = 'Open' AND service = 'Other'`);
    expect((await moderator.get(`${api.enquiries}?status=Open&service=Other`)).body.total).toBe(open);
    const [{ n: mine }] = await t.db.query(`SELECT count(*)::int AS n FROM enquiries WHERE assignee_id = $1 AND status <> 'Spam'`, [
      one.id,
    ]);
    expect((await one.client.get(api.enquiries)).body.total).toBe(mine);
    expect((await moderator.get(`${api.enquiries}?assignee=none&service=none`)).body.total).toBe(
      (await t.db.query(`SELECT count(*)::int AS n FROM enquiries WHERE assignee_id IS NULL AND service IS NULL AND status <> 'Spam'`))[0]
        .n,
    );

    const backup = await backupOf(t.db);
    expect(backup.tables).toContain('enquiries');
    expect(backup.tables.filter((name) => name.includes('tally'))).toEqual([]);
    const restored = await openDatabase({ databaseUrl: undefined, dataDir: '' }, () => undefined, await createDatabase('migrated'));
    try {
      await restoreBackup(restored.dataSource, backup);
      const again = await restored.dataSource.query(
        `SELECT status, service, assignee_id::text, n::int FROM kafue_derived.enquiry_tally WHERE n <> 0 ORDER BY 1, 2, 3`,
      );
      expect(again).toEqual(await counted());
    } finally {
      await restored.close();
    }
  });
});
