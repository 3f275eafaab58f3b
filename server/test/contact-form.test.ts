/**
 * The contact form without JavaScript: POST /contact with the browser's
 * application/x-www-form-urlencoded body stores the enquiry as the JSON call does, and answers
 * the contact page rendered by the server with the sent note, or the refusal with the text kept.
 */
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactFieldSpecs as f, type ContactField } from '@kafue/common/contact-form';
import { messages } from '@kafue/common/contract';
import { noLineBreaks } from '@kafue/common/schemas';
import { repoRoot } from '../src/config.js';
import { contactFormOf, startTestServer, type TestServer } from './helpers.js';

let t: TestServer;
let addressCounter = 0;
const freshAddress = () => `203.0.113.${++addressCounter}`;

beforeAll(async () => {
  // With the site's build: the answer is the contact page, rendered with its note.
  t = await startTestServer({
    configure: (c) => {
      c.trustProxy = true;
      c.siteDir = resolve(repoRoot, 'site/dist');
    },
  });
});
afterAll(() => t?.close());

/** As the page posts it: startedAt is the page's hidden field (when the server rendered it), here a minute ago. */
const form = {
  fullName: 'Mutale Banda',
  phone: '+260 97 555 0101',
  email: 'Mutale@Example.com',
  service: 'Cybersecurity',
  message: 'Please audit our network.',
  website: '',
  startedAt: String(Date.now() - 60_000),
};

function post(fields: Record<string, string>, address = freshAddress(), contentType = 'application/x-www-form-urlencoded') {
  return t
    .client()
    .call('POST', '/contact', new URLSearchParams(fields).toString(), { 'content-type': contentType, 'x-forwarded-for': address });
}

const noteOf = (html: string) => contactFormOf(html).note;
const sentNote = { kind: 'sent', text: messages.enquirySent };
/** The error note: the message, then each refused field's label and message. */
const errorNote = (message: string, errors: Partial<Record<ContactField, string>> = {}) => ({
  kind: 'error',
  text: [message, ...Object.entries(errors).map(([field, text]) => `${f[field as ContactField].label}: ${text}`)].join(' '),
});

/** The value of the form's hidden startedAt field in a page's HTML. */
function hiddenStartedAt(html: string): string | undefined {
  return /<input type="hidden" name="startedAt" value="(\d+)"\/?>/.exec(html)?.[1];
}

describe('POST /contact (the form without JavaScript)', () => {
  it('stores the enquiry as the JSON call does and answers the contact page with the sent note and an empty form', async () => {
    const answer = await post(form);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^text\/html; charset=utf-8/);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(answer.text).toContain('<h1');
    expect(answer.text).not.toContain('value="Mutale Banda"');
    expect(noteOf(answer.text)).toEqual(sentNote);
    const rows = await t.db.query(
      `SELECT full_name, email, phone, service, message, status FROM enquiries WHERE full_name = 'Mutale Banda'`,
    );
    expect(rows).toEqual([
      {
        full_name: 'Mutale Banda',
        email: 'mutale@example.com',
        phone: '+260 97 555 0101',
        service: 'Cybersecurity',
        message: 'Please audit our network.',
        status: 'New',
      },
    ]);
  });

  it('keeps the honeypot: a filled-in website field is stored as Spam, with the same sent note', async () => {
    const answer = await post({ ...form, fullName: 'Robot Form', website: 'https://spam.example' });
    expect(answer.status).toBe(200);
    expect(noteOf(answer.text)).toEqual(sentNote);
    expect(await t.db.query(`SELECT status FROM enquiries WHERE full_name = 'Robot Form'`)).toEqual([{ status: 'Spam' }]);
  });

  it('refuses bad fields with the page showing the message, each field message, and the text kept; stores nothing', async () => {
    const answer = await post({ ...form, fullName: 'Kept Text', email: 'not-an-email', phone: '1'.repeat(31) });
    expect(answer.status).toBe(400);
    const note = noteOf(answer.text)!;
    expect(note.kind).toBe('error');
    // The message, then the two refused fields, each by its label with its own message.
    expect(note.text.startsWith(`${messages.invalidInput} `)).toBe(true);
    for (const field of ['phone', 'email'] as const) expect(note.text).toMatch(new RegExp(`${f[field].label}: \\S`));
    for (const field of ['fullName', 'message', 'service'] as const) expect(note.text).not.toContain(`${f[field].label}:`);
    expect(answer.text).toContain('value="not-an-email"');
    expect(answer.text).toContain('value="Kept Text"');
    expect(answer.text).toContain('Please audit our network.</textarea>');
    expect(await t.db.query(`SELECT 1 FROM enquiries WHERE full_name = 'Kept Text'`)).toEqual([]);
  });

  it('counts toward the same per-address limit as the JSON call: the sixth answers 429 with its message', async () => {
    const address = freshAddress();
    for (let i = 0; i < 5; i++) expect((await post({ ...form, fullName: `Limit ${i}` }, address)).status).toBe(200);
    const answer = await post({ ...form, fullName: 'Limit 5' }, address);
    expect(answer.status).toBe(429);
    expect(answer.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(noteOf(answer.text)).toEqual(errorNote(messages.tooManyEnquiries));
    expect(answer.text).toContain('value="Limit 5"');
  });

  it("carries when the page was rendered as the hidden startedAt: the page's own value is New, none or a future one Spam", async () => {
    const page = await t.client().call('GET', '/contact', undefined, { 'accept-encoding': 'identity' });
    expect(page.status).toBe(200);
    const startedAt = hiddenStartedAt(page.text);
    expect(startedAt).toBeDefined();
    expect(Number(startedAt)).toBeLessThanOrEqual(Date.now());
    // A person takes more than 3 s to fill the form in after the page was rendered.
    await new Promise((done) => setTimeout(done, Math.max(0, Number(startedAt) + 3100 - Date.now())));
    expect((await post({ ...form, fullName: 'Page Time', startedAt: startedAt! })).status).toBe(200);
    const { startedAt: _shown, ...withoutStartedAt } = form;
    const bot = await post({ ...withoutStartedAt, fullName: 'No Time Form' });
    expect(bot.status).toBe(200);
    expect(noteOf(bot.text)).toEqual(sentNote);
    expect((await post({ ...form, fullName: 'Future Form', startedAt: String(Date.now() + 120_000) })).status).toBe(200);
    const rows = await t.db.query(
      `SELECT full_name, status FROM enquiries WHERE full_name IN ('Page Time', 'No Time Form', 'Future Form') ORDER BY full_name`,
    );
    expect(rows).toEqual([
      { full_name: 'Future Form', status: 'Spam' },
      { full_name: 'No Time Form', status: 'Spam' },
      { full_name: 'Page Time', status: 'New' },
    ]);
    // The page answering a post is rendered then: its startedAt is that moment's.
    const refused = await post({ ...form, email: 'not-an-email' });
    expect(Number(hiddenStartedAt(refused.text))).toBeGreaterThan(Number(startedAt));
  });

  it("refuses a line break in the name or the phone with the field's message, the text kept", async () => {
    for (const field of ['fullName', 'phone'] as const) {
      const answer = await post({ ...form, [field]: 'Eve\r\nBcc: victim@example.com' });
      expect(answer.status).toBe(400);
      expect(noteOf(answer.text)).toEqual(errorNote(messages.invalidInput, { [field]: noLineBreaks }));
    }
    expect(await t.db.query(`SELECT 1 FROM enquiries WHERE full_name LIKE 'Eve%' OR phone LIKE 'Eve%'`)).toEqual([]);
  });

  it('refuses a page elsewhere posting the form (Origin), and a body that is not a form', async () => {
    const foreign = await t.client().call('POST', '/contact', new URLSearchParams({ ...form, fullName: 'Foreign' }).toString(), {
      'content-type': 'application/x-www-form-urlencoded',
      origin: 'https://evil.example',
      'x-forwarded-for': freshAddress(),
    });
    expect(foreign.status).toBe(403);
    expect(noteOf(foreign.text)?.kind).toBe('error');
    expect(await t.db.query(`SELECT 1 FROM enquiries WHERE full_name = 'Foreign'`)).toEqual([]);
    expect((await post(form, freshAddress(), 'text/plain')).status).toBe(415);
  });

  it('accepts the form a browser posts from this site under Referrer-Policy no-referrer (Origin "null", Sec-Fetch-Site same-origin), and only that', async () => {
    const send = (fullName: string, headers: Record<string, string>) =>
      t.client().call('POST', '/contact', new URLSearchParams({ ...form, fullName }).toString(), {
        'content-type': 'application/x-www-form-urlencoded',
        'x-forwarded-for': freshAddress(),
        origin: 'null',
        ...headers,
      });
    expect((await send('Null Same', { 'sec-fetch-site': 'same-origin' })).status).toBe(200);
    expect((await send('Null Cross', { 'sec-fetch-site': 'cross-site' })).status).toBe(403);
    expect((await send('Null Bare', {})).status).toBe(403);
    const stored = await t.db.query(`SELECT full_name FROM enquiries WHERE full_name LIKE 'Null %'`);
    expect(stored).toEqual([{ full_name: 'Null Same' }]);
  });
});
