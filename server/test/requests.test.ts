/**
 * What a call to action asks for: the contact page's selection resolved against the published
 * catalogue (resolveSelection), the `request` of POST /api/enquiries resolved and stored as a
 * snapshot, refused when it names what the site does not show, and the form without JavaScript
 * carrying the selection of its address.
 */
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, messages } from '@kafue/common/contract';
import { maxSelectionItems } from '@kafue/common/requests';
import { requestUnreadable } from '@kafue/common/schemas';
import { repoRoot } from '../src/config.js';
import { resolveSelection } from '../src/enquiries/requests.js';
import { contactFormOf, startTestServer, type Client, type TestServer } from './helpers.js';

let t: TestServer;
let moderator: Client;
let moderatorEmail: string;
let addressCounter = 0;
/** A client address of its own per call, so that the per-address limit never bites here. */
const freshAddress = () => `192.0.2.${++addressCounter}`;

beforeAll(async () => {
  // With the site's build: the form without JavaScript answers the contact page.
  t = await startTestServer({
    configure: (c) => {
      c.trustProxy = true;
      c.siteDir = resolve(repoRoot, 'site/dist');
    },
  });
  ({ client: moderator, email: moderatorEmail } = await t.admin('Moderator'));
});
afterAll(() => t?.close());

const form = {
  fullName: 'Chipo Mwale',
  email: 'chipo@example.com',
  message: 'Please call me about this.',
  /** Shown a minute ago, as a person would have it. */
  startedAt: Date.now() - 60_000,
};

const send = (body: object) => t.client().post(api.enquiries, { ...form, ...body }, { 'x-forwarded-for': freshAddress() });

/** The newest enquiry as GET /api/enquiries/{id} answers it. */
async function newest() {
  const [{ id }] = await t.db.query<{ id: string }[]>(`SELECT id FROM enquiries ORDER BY created_at DESC, id DESC LIMIT 1`);
  const answer = await moderator.get(api.enquiryById(id));
  expect(answer.status).toBe(200);
  return answer.body;
}

/** Sets a published item's field, as a later edit in the console would. */
async function setField(collection: string, match: [string, string], field: string, value: string) {
  await t.db.query(
    `UPDATE content_items SET fields = jsonb_set(fields, $4, to_jsonb($5::text)) WHERE collection = $1 AND fields->>$2 = $3`,
    [collection, match[0], match[1], `{${field}}`, value],
  );
}

/** A published item's id by its collection and a field's value. */
async function itemId(collection: string, field: string, value: string): Promise<string> {
  const [row] = await t.db.query<{ id: string }[]>(`SELECT id FROM content_items WHERE collection = $1 AND fields->>$2 = $3`, [
    collection,
    field,
    value,
  ]);
  return row.id;
}

describe('resolveSelection (the contact page with a selection in its address)', () => {
  it('resolves a plan with add-ons, with the estimate per month', async () => {
    const resolved = await resolveSelection(t.db, { plan: 'Business', addons: ['Priority Support'] });
    expect(resolved).toEqual({
      selection: { plan: 'Business', addons: ['Priority Support'] },
      request: { plan: 'Business', addons: ['Priority Support'] },
      snapshot: {
        kind: 'quote',
        model: 'monthly',
        plan: { name: 'Business', price: '$99', period: '/month' },
        addons: [{ name: 'Priority Support', price: '$49/month' }],
        estimate: '$148/month',
      },
      dropped: [],
    });
  });

  it('resolves a service by its address (slug, or place on the site) to its id and its permanent address', async () => {
    for (const service of ['Security/secure-email-gateway', 'Security/1']) {
      const resolved = await resolveSelection(t.db, { service });
      expect(resolved.request).toEqual({ serviceId: await itemId('services', 'title', 'Secure Email Gateway') });
      expect(resolved.snapshot).toMatchObject({
        kind: 'service',
        title: 'Secure Email Gateway',
        price: '$39/mo',
        path: '/service/Security/secure-email-gateway',
      });
      expect(resolved.selection).toEqual({ service });
    }
    expect((await resolveSelection(t.db, { service: 'Web/secure-email-gateway' })).request).toBeNull();
  });

  it('resolves project items to their range and longest time', async () => {
    const resolved = await resolveSelection(t.db, {
      projects: [
        { group: 'web', title: 'Basic Website (5 pages)' },
        { group: 'web', title: 'E-commerce' },
      ],
    });
    expect(resolved.snapshot).toMatchObject({ kind: 'quote', model: 'project', estimate: '$1,498 - $3,298', longestTime: '2–4 weeks' });
    expect(resolved.request).toEqual({
      projects: [
        { group: 'web', title: 'Basic Website (5 pages)' },
        { group: 'web', title: 'E-commerce' },
      ],
    });
  });

  it('drops unknown items with a note each, never an error', async () => {
    const resolved = await resolveSelection(t.db, {
      service: 'Web/99',
      plan: 'Gold',
      addons: ['Priority Support', 'Jetpack'],
      projects: [{ group: 'web', title: 'Moon Base' }],
    });
    expect(resolved.dropped).toEqual([
      '"Web/99" is not one of our services, so it was left out.',
      '"Gold" is not one of our plans, so it was left out.',
      '"Jetpack" is not one of our add-ons, so it was left out.',
      '"Moon Base" is not one of our project prices, so it was left out.',
    ]);
    expect(resolved.request).toEqual({ addons: ['Priority Support'] });
    expect(resolved.snapshot).toMatchObject({ plan: null, estimate: '$49/month' });
  });

  it('keeps one kind: a service over a plan, over project items, over a topic', async () => {
    const resolved = await resolveSelection(t.db, {
      service: 'Web/0',
      plan: 'Starter',
      projects: [{ group: 'web', title: 'E-commerce' }],
      topic: 'consultation',
    });
    expect(resolved.selection).toEqual({ service: 'Web/0' });
    expect(resolved.dropped).toEqual([
      '"Starter" was left out: a request asks for one thing at a time.',
      '"E-commerce" was left out: a request asks for one thing at a time.',
      '"Free consultation" was left out: a request asks for one thing at a time.',
    ]);
    const projectsOverTopic = await resolveSelection(t.db, { projects: [{ group: 'web', title: 'E-commerce' }], topic: 'consultation' });
    expect(projectsOverTopic.snapshot).toMatchObject({ model: 'project' });
    expect((await resolveSelection(t.db, { topic: 'consultation' })).snapshot).toEqual({ kind: 'consultation' });
  });

  it('says "on request" for a price that is not an amount, and nothing for an empty selection', async () => {
    expect((await resolveSelection(t.db, { plan: 'Enterprise' })).snapshot).toMatchObject({ estimate: 'on request' });
    expect(await resolveSelection(t.db, {})).toEqual({ selection: {}, request: null, snapshot: null, dropped: [] });
  });

  it('leaves out what is not published', async () => {
    await t.db.query(`UPDATE content_items SET status = 'draft' WHERE collection = 'plans' AND fields->>'name' = 'Starter'`);
    try {
      const resolved = await resolveSelection(t.db, { plan: 'Starter' });
      expect(resolved.dropped).toEqual(['"Starter" is not one of our plans, so it was left out.']);
      expect(resolved.request).toBeNull();
    } finally {
      await t.db.query(`UPDATE content_items SET status = 'published' WHERE collection = 'plans' AND fields->>'name' = 'Starter'`);
    }
  });
});

describe('POST /api/enquiries with a request', () => {
  it('stores a service request as the published service shows, with its kind and page', async () => {
    const serviceId = await itemId('services', 'title', 'Cybersecurity Audit');
    expect((await send({ request: { serviceId }, page: '/service/Security/0' })).status).toBe(201);
    expect(await newest()).toMatchObject({
      kind: 'service',
      page: '/service/Security/0',
      request: {
        kind: 'service',
        serviceId,
        category: 'Security',
        title: 'Cybersecurity Audit',
        price: '$249',
        path: '/service/Security/cybersecurity-audit',
      },
    });
  });

  it('stores a quote of a plan with add-ons; a later price change leaves the stored snapshot as it was', async () => {
    expect((await send({ request: { plan: 'Business', addons: ['Priority Support'] }, page: '/projects' })).status).toBe(201);
    const before = await newest();
    const snapshot = {
      kind: 'quote',
      model: 'monthly',
      plan: { name: 'Business', price: '$99', period: '/month' },
      addons: [{ name: 'Priority Support', price: '$49/month' }],
      estimate: '$148/month',
    };
    expect(before).toMatchObject({ kind: 'quote', page: '/projects', request: snapshot });
    await setField('plans', ['name', 'Business'], 'price', '$109');
    try {
      expect((await moderator.get(api.enquiryById(before._id))).body.request).toEqual(snapshot);
      // A new request takes the new price.
      expect((await send({ request: { plan: 'Business', addons: ['Priority Support'] } })).status).toBe(201);
      expect((await newest()).request).toMatchObject({ plan: { price: '$109' }, estimate: '$158/month' });
    } finally {
      await setField('plans', ['name', 'Business'], 'price', '$99');
    }
  });

  it('stores add-ons alone, project items with their range, and a consultation', async () => {
    expect((await send({ request: { addons: ['Advanced Security', 'Custom Reporting'] } })).status).toBe(201);
    expect((await newest()).request).toEqual({
      kind: 'quote',
      model: 'monthly',
      plan: null,
      addons: [
        { name: 'Advanced Security', price: '$29/month' },
        { name: 'Custom Reporting', price: '$39/month' },
      ],
      estimate: '$68/month',
    });
    const projects = [
      { group: 'web', title: 'Basic Website (5 pages)' },
      { group: 'web', title: 'E-commerce' },
    ];
    expect((await send({ request: { projects } })).status).toBe(201);
    expect(await newest()).toMatchObject({
      kind: 'quote',
      page: null,
      request: {
        model: 'project',
        projects: [
          { group: 'web', groupName: 'Web Development', title: 'Basic Website (5 pages)', price: '$499-$799', time: '1–2 weeks' },
          { group: 'web', groupName: 'Web Development', title: 'E-commerce', price: '$999-$2,499', time: '2–4 weeks' },
        ],
        estimate: '$1,498 - $3,298',
        longestTime: '2–4 weeks',
      },
    });
    expect((await send({ request: { topic: 'consultation' } })).status).toBe(201);
    expect(await newest()).toMatchObject({ kind: 'consultation', request: { kind: 'consultation' } });
    expect((await send({})).status).toBe(201);
    expect(await newest()).toMatchObject({ kind: 'message', request: null, page: null });
  });

  it('says "on request" for a plan without a plain price', async () => {
    expect((await send({ request: { plan: 'Enterprise', addons: ['Priority Support'] } })).status).toBe(201);
    expect((await newest()).request).toMatchObject({ plan: { name: 'Enterprise', price: 'Custom' }, estimate: 'on request' });
  });

  it('refuses an unknown or unpublished item with a field error on request naming it, storing nothing', async () => {
    const [{ n: count }] = await t.db.query<{ n: number }[]>(`SELECT count(*)::int AS n FROM enquiries`);
    const refusal = async (request: object) => {
      const answer = await send({ request });
      expect(answer.status).toBe(400);
      expect(answer.body.message).toBe(messages.invalidInput);
      expect(Object.keys(answer.body.errors)).toEqual(['request']);
      return answer.body.errors.request as string;
    };
    expect(await refusal({ plan: 'Gold', addons: [] })).toBe('"Gold" is not one of our plans.');
    expect(await refusal({ plan: 'Business', addons: ['Priority Support', 'Jetpack'] })).toBe('"Jetpack" is not one of our add-ons.');
    expect(await refusal({ projects: [{ group: 'web', title: 'Moon Base' }] })).toBe('"Moon Base" is not one of our project prices.');
    expect(await refusal({ projects: [{ group: 'space', title: 'E-commerce' }] })).toBe('"E-commerce" is not one of our project prices.');
    expect(await refusal({ serviceId: '0b7f6a52-3c1d-4e2f-8a9b-1c2d3e4f5a6b' })).toBe('The service asked for is not one of our services.');
    expect(await refusal({ addons: [] })).toBe('Choose a plan or an add-on.');
    // Unpublished: a draft service and a draft add-on are as unknown.
    const draft = await itemId('services', 'title', 'CRM Integration');
    await t.db.query(
      `UPDATE content_items SET status = 'draft' WHERE id = $1 OR (collection = 'addons' AND fields->>'name' = 'Custom Reporting')`,
      [draft],
    );
    try {
      expect(await refusal({ serviceId: draft })).toBe('The service asked for is not one of our services.');
      expect(await refusal({ addons: ['Custom Reporting'] })).toBe('"Custom Reporting" is not one of our add-ons.');
    } finally {
      await t.db.query(
        `UPDATE content_items SET status = 'published' WHERE id = $1 OR (collection = 'addons' AND fields->>'name' = 'Custom Reporting')`,
        [draft],
      );
    }
    expect((await t.db.query<{ n: number }[]>(`SELECT count(*)::int AS n FROM enquiries`))[0].n).toBe(count);
  });

  it('refuses a malformed request on request itself, and never takes a price from the visitor', async () => {
    const malformed = [
      'Business',
      { serviceId: 'not-an-id' },
      { plan: 5, addons: [] },
      { plan: 'Business' },
      { plan: 'Business', addons: [], price: '$1' },
      { plan: 'x'.repeat(41), addons: [] },
      { addons: Array.from({ length: maxSelectionItems + 1 }, (_, i) => `Add-on ${i}`) },
      { projects: [] },
      { projects: [{ group: 'web' }] },
      { projects: [{ group: 'web', title: 'E-commerce', price: '$1' }] },
      { topic: 'sales' },
      { serviceId: '0b7f6a52-3c1d-4e2f-8a9b-1c2d3e4f5a6b', plan: 'Business', addons: [] },
    ];
    for (const request of malformed) {
      const answer = await send({ request, fullName: '' });
      expect(answer.status, JSON.stringify(request)).toBe(400);
      // The other fields are judged as ever.
      expect(answer.body.errors, JSON.stringify(request)).toEqual({ request: requestUnreadable, fullName: 'Please enter your full name.' });
    }
  });

  it('refuses a page that is not a path on this site', async () => {
    for (const page of ['https://evil.example/', '//evil.example/x', 'contact', '/contact\n?plan=Business', `/${'a'.repeat(500)}`]) {
      const answer = await send({ page });
      expect(answer.status, page).toBe(400);
      expect(Object.keys(answer.body.errors), page).toEqual(['page']);
    }
  });
});

describe('the inbox and the mail with requests', () => {
  it('filters the list by kind, with its total', async () => {
    const all = await moderator.get(`${api.enquiries}?pageSize=100`);
    const byKind = (kind: string) => all.body.items.filter((e: { kind: string }) => e.kind === kind).length;
    for (const kind of ['message', 'service', 'quote', 'consultation']) {
      const answer = await moderator.get(`${api.enquiries}?kind=${kind}&pageSize=100`);
      expect(answer.status).toBe(200);
      expect(answer.body.items.length).toBeGreaterThan(0);
      expect(answer.body.items.every((e: { kind: string }) => e.kind === kind)).toBe(true);
      expect(answer.body.items.length).toBe(byKind(kind));
      expect(answer.body.total).toBe(byKind(kind));
    }
    // With other filters: the total still from the tally, by kind.
    const quotesNew = await moderator.get(`${api.enquiries}?kind=quote&status=New&pageSize=1`);
    expect(quotesNew.body.total).toBe(byKind('quote'));
    expect((await moderator.get(`${api.enquiries}?kind=sales`)).status).toBe(400);
    // A change of status moves the enquiry in the tally within its kind.
    const [first] = (await moderator.get(`${api.enquiries}?kind=quote`)).body.items;
    expect((await moderator.put(api.enquiryById(first._id), { status: 'Closed' })).status).toBe(200);
    expect((await moderator.get(`${api.enquiries}?kind=quote&status=Closed`)).body.total).toBe(1);
    expect((await moderator.get(`${api.enquiries}?kind=quote&status=New`)).body.total).toBe(byKind('quote') - 1);
    expect((await moderator.get(`${api.enquiries}?kind=quote`)).body.total).toBe(byKind('quote'));
  });

  it('exports kind, request and page in the CSV', async () => {
    expect(
      (await send({ fullName: 'Csv Quote', request: { plan: 'Business', addons: ['Priority Support'] }, page: '/projects' })).status,
    ).toBe(201);
    const answer = await moderator.get(`${api.enquiriesExport}?q=Csv%20Quote`);
    const [header, row] = answer.text.trim().split(/\r?\n/);
    expect(header.split(',').slice(-3)).toEqual(['Kind', 'Request', 'Page']);
    expect(row).toMatch(/,Quote request,"Business plan, \$99\/month \+ Priority Support, \$49\/month, estimated \$148\/month",\/projects$/);
  });

  it('says the request in words in the new-enquiry mail', async () => {
    await t.db.query(`DELETE FROM mail_queue`);
    expect(
      (await send({ fullName: 'Mail Quote', request: { plan: 'Business', addons: ['Priority Support'] }, page: '/projects' })).status,
    ).toBe(201);
    const [mail] = await t.db.query<{ body: string }[]>(`SELECT body FROM mail_queue WHERE to_address = $1`, [moderatorEmail]);
    expect(mail.body).toContain(
      'Kind: Quote request\nRequest: Business plan, $99/month + Priority Support, $49/month, estimated $148/month\nSent from: /projects\n',
    );
    await t.db.query(`DELETE FROM mail_queue`);
    expect((await send({ fullName: 'Mail Message' })).status).toBe(201);
    const [plain] = await t.db.query<{ body: string }[]>(`SELECT body FROM mail_queue WHERE to_address = $1`, [moderatorEmail]);
    expect(plain.body).toContain('Kind: Message\n');
    expect(plain.body).not.toMatch(/^(Request|Sent from):/m);
  });

  it("shows the request in the staff portal's enquiries", async () => {
    const staff = await t.staff();
    expect((await send({ fullName: 'Staff Quote', request: { topic: 'consultation' }, page: '/' })).status).toBe(201);
    const enquiry = await newest();
    expect((await moderator.put(api.enquiryById(enquiry._id), { assigneeId: staff.id })).status).toBe(200);
    const mine = await staff.client.get(api.enquiries);
    expect(mine.body.items).toEqual([expect.objectContaining({ kind: 'consultation', request: { kind: 'consultation' }, page: '/' })]);
    expect((await staff.client.get(api.enquiryById(enquiry._id))).body).toMatchObject({ kind: 'consultation', page: '/' });
  });
});

describe('POST /contact?{selection} (the form without JavaScript)', () => {
  const post = (query: string, fields: Record<string, string> = {}) =>
    t.client().call('POST', `/contact${query}`, new URLSearchParams({ ...form, startedAt: String(form.startedAt), ...fields }).toString(), {
      'content-type': 'application/x-www-form-urlencoded',
      'x-forwarded-for': freshAddress(),
    });

  it('stores each kind the address names, with the page as posted', async () => {
    const cases: [string, object][] = [
      ['?plan=Business&addon=Priority%20Support', { kind: 'quote', request: { model: 'monthly', estimate: '$148/month' } }],
      [
        '?service=Security/0',
        { kind: 'service', request: { title: 'Cybersecurity Audit', path: '/service/Security/cybersecurity-audit' } },
      ],
      [
        '?project=web:E-commerce&project=web:Basic%20Website%20(5%20pages)',
        { kind: 'quote', request: { model: 'project', estimate: '$1,498 - $3,298' } },
      ],
      ['?topic=consultation', { kind: 'consultation', request: { kind: 'consultation' } }],
      ['', { kind: 'message', request: null, page: '/contact' }],
    ];
    for (const [query, stored] of cases) {
      const answer = await post(query);
      expect(answer.status, query).toBe(200);
      expect(await newest(), query).toMatchObject({ page: `/contact${query}`, ...stored });
    }
  });

  it('drops what the site does not show, as the page said, and stores the rest', async () => {
    expect((await post('?plan=Gold&addon=Priority%20Support')).status).toBe(200);
    expect(await newest()).toMatchObject({
      kind: 'quote',
      page: '/contact?plan=Gold&addon=Priority%20Support',
      request: { plan: null, addons: [{ name: 'Priority Support', price: '$49/month' }] },
    });
    expect((await post('?plan=Gold')).status).toBe(200);
    expect(await newest()).toMatchObject({ kind: 'message', request: null, page: '/contact?plan=Gold' });
  });

  it('refused, answers the page with the selection kept for the visitor to send again', async () => {
    const [{ n: count }] = await t.db.query<{ n: number }[]>(`SELECT count(*)::int AS n FROM enquiries`);
    const answer = await post('?plan=Business&addon=Priority%20Support', { email: 'not-an-email' });
    expect(answer.status).toBe(400);
    const refused = contactFormOf(answer.text);
    expect(refused.note).toMatchObject({ kind: 'error', text: expect.stringContaining('Email Address: Enter a valid email address.') });
    // Kept where the visitor sends it again: in the form's address (without JavaScript), in the
    // request its island sends, and shown above the form with its estimate.
    expect(refused.action).toBe('/contact?plan=Business&addon=Priority+Support');
    expect(JSON.parse(refused.request!)).toMatchObject({ plan: 'Business', addons: ['Priority Support'] });
    expect(refused.shows).toContain('$148/month');
    expect((await t.db.query<{ n: number }[]>(`SELECT count(*)::int AS n FROM enquiries`))[0].n).toBe(count);
    // Sent, the form starts afresh: no selection on the answer.
    const sent = await post('?plan=Business');
    expect(sent.status).toBe(200);
    expect(contactFormOf(sent.text)).toEqual({
      action: '/contact',
      request: undefined,
      shows: undefined,
      note: { kind: 'sent', text: messages.enquirySent },
    });
  });
});
