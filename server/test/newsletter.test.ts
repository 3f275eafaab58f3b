/**
 * The newsletter with double opt-in, end to end through a real SMTP server in this process: the
 * sign-up's one answer, the confirmation mail and its link (the page's GET never confirms, the
 * POST does, once, within 48 hours), one-click unsubscribe (RFC 8058), the spam defences of the
 * contact form, the purge of unconfirmed sign-ups once per slot, the console's list, export and
 * delete, and an article sent to 1,000 subscribers through the queue with SMTP down and back.
 */
import { resolve } from 'node:path';
import { pino } from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { api, messages } from '@kafue/common/contract';
import { newsletterTexts } from '@kafue/common/newsletter';
import { repoRoot } from '../src/config.js';
import { MailSender } from '../src/mail/sender.js';
import { purgePendingSubscribers } from '../src/newsletter/subscribers.js';
import { startTestServer, type Client, type TestServer } from './helpers.js';
import { decoded, headerOf, Smtp } from './smtp.js';

const smtp = new Smtp();
let t: TestServer;
let sender: MailSender;
let editor: Client;
const silent = pino({ level: 'silent' });
let visitor = 0;
/** Each sign-up from its own client address, under the per-address limit. */
const signUp = (body: object, address = `198.51.100.${++visitor}`) =>
  t
    .client()
    .post(api.subscribers, { startedAt: (t.clock.at ?? Date.now()) - 60_000, page: '/about', ...body }, { 'x-forwarded-for': address });

/** A form post as a browser or a mail program sends it (RFC 8058: the one-click body). */
const postForm = (path: string, body = 'List-Unsubscribe=One-Click') => t.client().postForm(path, body);
/** The path and query of the link in a mail that starts with the public URL and `path`. */
const linkIn = (raw: string, path: string) => {
  const match = new RegExp(`${t.config.publicUrl.replace(/[.]/g, '\\.')}(${path.replace('/', '\\/')}\\?token=[A-Za-z0-9_-]{43})`).exec(
    decoded(raw),
  );
  expect(match, `a ${path} link in the mail`).not.toBeNull();
  return match![1];
};
const status = async (email: string) =>
  (await t.db.query<{ status: string }[]>(`SELECT status FROM subscribers WHERE lower(email) = lower($1)`, [email]))[0]?.status;

async function delivered(to: string, count = 1) {
  await sender.deliverDue();
  expect(smtp.to(to).length).toBe(count);
  return smtp.to(to)[count - 1].raw;
}

beforeAll(async () => {
  await smtp.start();
  t = await startTestServer({
    configure: (c) => {
      c.smtpUrl = `smtp://127.0.0.1:${smtp.port}`;
      c.mailFrom = 'news@acme.test';
      c.publicUrl = 'https://www.acme.test';
      c.trustProxy = true;
      c.siteDir = resolve(repoRoot, 'site/dist');
    },
  });
  editor = (await t.admin('Editor')).client;
  sender = new MailSender(t.db, t.config, silent, { pollMs: 60_000, batch: 50 });
});
afterEach(async () => {
  t.clock.at = undefined;
  await t.db.query(`DELETE FROM mail_queue`);
  smtp.received = [];
});
afterAll(async () => {
  await sender?.stop();
  await t?.close();
  await smtp.stop();
});

describe('double opt-in', () => {
  it('mails a link whose page confirms only by its POST, once, with List-Unsubscribe and one-click headers', async () => {
    const answer = await signUp({ email: 'Reader.One@Example.test' });
    expect(answer).toMatchObject({ status: 200, body: { message: newsletterTexts.checkInbox } });
    expect(await status('reader.one@example.test')).toBe('pending');
    const mail = await delivered('reader.one@example.test');
    expect(headerOf(mail, 'List-Unsubscribe')).toMatch(
      /^<https:\/\/www\.acme\.test\/unsubscribe\?token=[A-Za-z0-9_-]{43}>, <mailto:[^>]+\?subject=Unsubscribe>$/,
    );
    expect(headerOf(mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    const confirm = linkIn(mail, '/subscribe/confirm');
    // The token is stored hashed only.
    const token = confirm.split('token=')[1];
    const stored = await t.db.query(`SELECT 1 FROM subscribers WHERE confirm_token_hash = $1 OR unsubscribe_token_hash = $1`, [token]);
    expect(stored).toEqual([]);

    // A mail scanner following the link: the page with its one button, nothing confirmed.
    const page = await t.client().get(confirm);
    expect(page.status).toBe(200);
    expect(page.text).toContain(`>${newsletterTexts.confirmButton}</button>`);
    expect(page.text).toMatch(/<form method="post">/);
    expect(page.text).toContain('<meta name="robots" content="noindex">');
    expect(await status('reader.one@example.test')).toBe('pending');

    const confirmed = await postForm(confirm, '');
    expect(confirmed.status).toBe(200);
    expect(confirmed.text).toContain(newsletterTexts.confirmed);
    expect(await status('reader.one@example.test')).toBe('confirmed');
    // Single use.
    const again = await postForm(confirm, '');
    expect(again.status).toBe(400);
    expect(again.text).toContain(newsletterTexts.confirmExpired);
  });

  it('answers the same for a known address (any letter case), and mails it nothing more', async () => {
    const first = await signUp({ email: 'known@example.test' });
    await delivered('known@example.test');
    await t.db.query(`UPDATE subscribers SET status = 'confirmed' WHERE email = 'known@example.test'`);
    const unknown = await signUp({ email: 'never.seen@example.test' });
    const known = await signUp({ email: 'KNOWN@example.test' });
    for (const a of [first, unknown, known])
      expect({ status: a.status, body: a.body }).toEqual({ status: 200, body: { message: newsletterTexts.checkInbox } });
    await sender.deliverDue();
    expect(smtp.to('known@example.test').length).toBe(1);
    expect(smtp.to('KNOWN@example.test').length).toBe(0);
    expect((await t.db.query(`SELECT count(*)::int AS n FROM subscribers WHERE lower(email) = 'known@example.test'`))[0].n).toBe(1);
    // Pending and asked again within minutes: no second mail either.
    await signUp({ email: 'never.seen@example.test' });
    await sender.deliverDue();
    expect(smtp.to('never.seen@example.test').length).toBe(1);
  });

  it('a link expires after 48 hours (the server clock)', async () => {
    const start = Date.parse('2026-11-02T08:00:00Z');
    t.clock.at = start;
    await signUp({ email: 'late@example.test' });
    const confirm = linkIn(await delivered('late@example.test'), '/subscribe/confirm');
    t.clock.at = start + 48 * 3600_000 + 1000;
    const late = await postForm(confirm, '');
    expect(late.status).toBe(400);
    expect(late.text).toContain(newsletterTexts.confirmExpired);
    expect(await status('late@example.test')).toBe('pending');
    t.clock.at = start + 47 * 3600_000;
    expect((await postForm(confirm, '')).status).toBe(200);
    expect(await status('late@example.test')).toBe('confirmed');
  });

  it('the contact form’s defences: a robot is answered the same and stored nowhere; an address past the limit gets 429', async () => {
    const honeypot = await signUp({ email: 'bot1@example.test', website: 'http://spam.test' });
    const quick = await signUp({ email: 'bot2@example.test', startedAt: Date.now() - 500 });
    const { startedAt: _none, ...noTime } = { email: 'bot3@example.test', startedAt: 0 };
    const timeless = await t.client().post(api.subscribers, noTime, { 'x-forwarded-for': '198.51.100.250' });
    for (const a of [honeypot, quick, timeless]) expect(a).toMatchObject({ status: 200, body: { message: newsletterTexts.checkInbox } });
    expect(await t.db.query(`SELECT email FROM subscribers WHERE email LIKE 'bot%'`)).toEqual([]);
    expect(await sender.deliverDue()).toBe(0);

    const address = '198.51.100.251';
    for (let i = 0; i < t.config.limits.enquiriesPerAddress; i++)
      expect((await signUp({ email: `many${i}@example.test` }, address)).status).toBe(200);
    const refused = await signUp({ email: 'one.more@example.test' }, address);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(newsletterTexts.tooMany);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await status('one.more@example.test')).toBeUndefined();
    // A bad address is refused on its field.
    expect(await signUp({ email: 'not-an-address' })).toMatchObject({ status: 400, body: { errors: { email: expect.any(String) } } });
  });

  it('without JavaScript: POST /subscribe answers the page with the same note, keeping the source page', async () => {
    const form = { email: 'form@example.test', website: '', startedAt: String(Date.now() - 60_000), page: '/services' };
    const answer = await t.client().postForm('/subscribe', form, { 'x-forwarded-for': '198.51.100.240' });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^text\/html/);
    expect(answer.text).toContain(newsletterTexts.checkInbox);
    expect((await t.db.query(`SELECT page, status FROM subscribers WHERE email = 'form@example.test'`))[0]).toEqual({
      page: '/services',
      status: 'pending',
    });
    const bad = await t.client().postForm('/subscribe', 'email=nope', { 'x-forwarded-for': '198.51.100.241' });
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('Enter a valid email address.');
  });
});

describe('unsubscribe', () => {
  it('one click: the RFC 8058 POST to the link unsubscribes at once; the GET only shows the button', async () => {
    await signUp({ email: 'leaver@example.test' });
    const mail = await delivered('leaver@example.test');
    await postForm(linkIn(mail, '/subscribe/confirm'), '');
    const link = linkIn(mail, '/unsubscribe');
    const page = await t.client().get(link);
    expect(page.status).toBe(200);
    expect(page.text).toContain(`>${newsletterTexts.unsubscribeButton}</button>`);
    expect(await status('leaver@example.test')).toBe('confirmed');
    // As a mail program sends it: no cookie, no Origin, the one-click body.
    const oneClick = await postForm(link);
    expect(oneClick.status).toBe(200);
    expect(oneClick.text).toContain(newsletterTexts.unsubscribed);
    expect(await status('leaver@example.test')).toBe('unsubscribed');
    // Again: the same answer; a link naming nobody: 400.
    expect((await postForm(link)).status).toBe(200);
    const unknown = await postForm(`/unsubscribe?token=${'x'.repeat(43)}`);
    expect(unknown.status).toBe(400);
    expect(unknown.text).toContain(newsletterTexts.unsubscribeUnknown);
  });
});

describe('purge of unconfirmed sign-ups', () => {
  it('deletes sign-ups pending for 7 days, once per slot across processes, and keeps the rest', async () => {
    const start = Date.parse('2026-10-01T10:00:00Z');
    t.clock.at = start;
    await signUp({ email: 'forgot@example.test' });
    await signUp({ email: 'kept@example.test' });
    await t.db.query(`UPDATE subscribers SET status = 'confirmed' WHERE email = 'kept@example.test'`);
    const second = await startTestServer({ databaseUrl: t.databaseUrl });
    try {
      expect(await purgePendingSubscribers(t.db, new Date(start + 7 * 86400_000 - 3600_000))).toBe(0);
      expect(await status('forgot@example.test')).toBe('pending');
      const at = new Date(start + 7 * 86400_000 + 60_000);
      const counts = await Promise.all([purgePendingSubscribers(t.db, at), purgePendingSubscribers(second.db, at)]);
      expect(counts.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1);
      expect((await t.db.query(`SELECT purged FROM subscriber_purges WHERE slot = $1`, [at.toISOString().slice(0, 13)]))[0].purged).toBe(
        counts.reduce((a, b) => a + b, 0),
      );
      // The slot is made: the same hour again changes nothing.
      expect(await purgePendingSubscribers(t.db, at)).toBe(0);
    } finally {
      await second.close();
    }
    expect(await status('forgot@example.test')).toBeUndefined();
    expect(await status('kept@example.test')).toBe('confirmed');
    const [row] = await t.db.query(`SELECT actor_kind, changes FROM audit_log WHERE action = 'subscriber.purge' ORDER BY at DESC LIMIT 1`);
    expect(row.actor_kind).toBe('system');
  });
});

describe('the console', () => {
  it('lists subscribers paged, searched and filtered by the server; exports CSV; only a Super Admin deletes', async () => {
    await t.db.query(
      `INSERT INTO subscribers (email, status, page, unsubscribe_token_hash, created_at)
       SELECT 'list' || i || '@paged.test', CASE WHEN i % 2 = 0 THEN 'confirmed' ELSE 'pending' END, '/', md5(i::text) || md5('p' || i),
              now() - make_interval(mins => i)
         FROM generate_series(1, 30) AS i`,
    );
    const page = await editor.get(`${api.subscribers}?q=paged.test&status=confirmed&pageSize=10&page=2&sort=-createdAt`);
    expect(page.status).toBe(200);
    expect(page.body.total).toBe(15);
    expect(page.body.items.map((s: { email: string }) => s.email)).toEqual([22, 24, 26, 28, 30].map((i) => `list${i}@paged.test`));
    const csv = await editor.get(`${api.subscribersExport}?q=paged.test&status=pending`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    const lines = csv.text.trim().split('\r\n');
    expect(lines[0]).toBe('"Email","Status","Source page","Signed up","Confirmed","Unsubscribed"');
    expect(lines.length).toBe(16);
    expect((await editor.get(`${api.subscribers}?sort=nonsense`)).status).toBe(400);

    const id = page.body.items[0]._id as string;
    expect((await editor.delete(`${api.subscribers}/${id}`)).status).toBe(403);
    const boss = (await t.admin('Super Admin')).client;
    expect(await boss.delete(`${api.subscribers}/${id}`)).toMatchObject({ status: 200, body: { message: messages.subscriberDeleted } });
    expect((await boss.delete(`${api.subscribers}/${id}`)).status).toBe(404);
  });
});

describe('send to subscribers', () => {
  it('mails a published article to 1,000 confirmed subscribers through the queue: SMTP down and back, two processes, each mail once', async () => {
    await t.db.query(`DELETE FROM subscribers`);
    await t.db.query(
      `INSERT INTO subscribers (email, status, confirmed_at, unsubscribe_token_hash)
       SELECT 'reader' || i || '@many.test', 'confirmed', now(), md5(i::text) || md5('s' || i) FROM generate_series(1, 1000) AS i`,
    );
    // Not mailed: pending and unsubscribed addresses.
    await t.db.query(
      `INSERT INTO subscribers (email, status, unsubscribe_token_hash) VALUES ('waiting@many.test', 'pending', md5('w') || md5('w2')),
              ('gone@many.test', 'unsubscribed', md5('g') || md5('g2'))`,
    );
    const [article] = await t.db.query(
      `INSERT INTO content_items (collection, status, fields) VALUES ('insights', 'published', $1) RETURNING id`,
      [{ slug: 'cctv-for-shops', title: 'CCTV for small shops', description: 'What to buy and where to put it.', category: 'Security' }],
    );
    const [draft] = await t.db.query(
      `INSERT INTO content_items (collection, status, fields) VALUES ('insights', 'draft', $1) RETURNING id`,
      [{ slug: 'draft', title: 'Draft', description: 'Not yet.' }],
    );
    expect((await editor.post(api.insightNewsletter(draft.id))).status).toBe(400);
    expect((await editor.get(api.insightNewsletter(article.id))).body).toEqual({ confirmed: 1000, send: null });

    const port = smtp.port;
    await smtp.stop();
    const started = Date.now();
    const [sent, twice] = await Promise.all([
      editor.post(api.insightNewsletter(article.id)),
      editor.post(api.insightNewsletter(article.id)),
    ]);
    const queueMs = Date.now() - started;
    const ok = sent.status === 200 ? sent : twice;
    expect([sent.status, twice.status].sort()).toEqual([200, 409]);
    expect(ok.body.send).toMatchObject({ recipients: 1000, queued: 1000, sent: 0 });
    expect((await t.db.query(`SELECT count(*)::int AS n FROM mail_queue`))[0].n).toBe(1000);
    console.log(`queued 1,000 newsletter mails in ${queueMs} ms`);

    // SMTP away: every attempt fails, nothing is lost.
    const second = await startTestServer({ databaseUrl: t.databaseUrl, configure: (c) => (c.smtpUrl = t.config.smtpUrl) });
    const senders = [sender, new MailSender(second.db, second.config, silent, { pollMs: 60_000, batch: 50 })];
    try {
      await Promise.all(senders.map((s) => s.deliverDue()));
      const progress = (await editor.get(api.insightNewsletter(article.id))).body.send;
      expect(progress.queued).toBe(1000);
      expect(progress.failing).toBeGreaterThan(0);
      await smtp.start(port);
      await t.db.query(`UPDATE mail_queue SET next_attempt_at = now()`);
      for (let round = 0; round < 100 && (await t.db.query(`SELECT 1 FROM mail_queue LIMIT 1`)).length; round++) {
        const counts = await Promise.all(senders.map((s) => s.deliverDue()));
        if (counts.every((n) => n === 0)) await t.db.query(`UPDATE mail_queue SET next_attempt_at = now()`);
      }
    } finally {
      await senders[1].stop();
      await second.close();
    }
    expect(smtp.received.length).toBe(1000);
    expect(new Set(smtp.received.flatMap((r) => r.to)).size).toBe(1000);
    expect(smtp.to('waiting@many.test').length + smtp.to('gone@many.test').length).toBe(0);
    expect((await editor.get(api.insightNewsletter(article.id))).body.send).toMatchObject({
      recipients: 1000,
      sent: 1000,
      queued: 0,
      failing: 0,
    });

    const mail = smtp.to('reader7@many.test')[0].raw;
    expect(headerOf(mail, 'Subject')).toBe('CCTV for small shops');
    expect(decoded(mail)).toContain('https://www.acme.test/insights/cctv-for-shops');
    expect(headerOf(mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    // Its own link unsubscribes that reader, at once.
    const link = linkIn(mail, '/unsubscribe');
    expect(headerOf(mail, 'List-Unsubscribe')).toContain(`https://www.acme.test${link}`);
    expect((await postForm(link)).status).toBe(200);
    expect(await status('reader7@many.test')).toBe('unsubscribed');
    expect((await editor.get(api.insightNewsletter(article.id))).body.confirmed).toBe(999);
  }, 120_000);
});
