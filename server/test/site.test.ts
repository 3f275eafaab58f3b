/**
 * Publishing: the public pages are rendered from the database with the site's SSR
 * build (site/dist-ssr: run `npm run build -w site` first) and served from memory; a published
 * change is served by this process and by another on the same database; drafts are not;
 * unpublishing and deleting remove; markup in a title stays text; restoring a backup re-renders.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolve } from 'node:path';
import { defaultCompany } from '@kafue/common/company';
import { seedContent } from '@kafue/common/content-seed';
import { api } from '@kafue/common/contract';
import { restoreBackup } from '../src/backup/backup.js';
import { backupOf } from './backups.js';
import { repoRoot, type Config } from '../src/config.js';
import {
  eventuallyServed,
  expectPreviewHeaders,
  sampleService as service,
  sitePage,
  startTestServer,
  type Client,
  type TestServer,
} from './helpers.js';

const withSite = (config: Config) => {
  config.siteDir = resolve(repoRoot, 'site/dist');
};

let t: TestServer;
let second: TestServer;
let editor: Client;
let visitor: Client;

beforeAll(async () => {
  t = await startTestServer({ configure: withSite });
  second = await startTestServer({ configure: withSite, databaseUrl: t.databaseUrl });
  editor = (await t.admin('Editor')).client;
  visitor = t.client();
});
afterAll(async () => {
  await second?.close();
  await t?.close();
});

describe('the pages served from memory', () => {
  it('are the seeded site: every page, its content in it, precompressed, with ETag and 304', async () => {
    const home = await sitePage(t, '/');
    expect(home.status).toBe(200);
    expect(home.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(home.text).toContain('Chanda Mwale');
    expect(home.text).toContain(`href="/insights/${seedContent.insights[0].slug}"`);
    // Its data stays on the server: no script in the browser reads it.
    expect(home.text).not.toContain('application/json');
    const br = await t.client().get('/services', { 'accept-encoding': 'gzip, br' });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.text).toContain('Website Creation');
    const gz = await t.client().get('/services', { 'accept-encoding': 'gzip' });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    const etag = gz.headers.get('etag')!;
    expect(etag).toMatch(/^"[\w-]+-gz"$/);
    // (fetch adds "Cache-Control: no-cache" to conditional requests unless one is given.)
    const again = await t.client().get('/services', { 'accept-encoding': 'gzip', 'if-none-match': etag, 'cache-control': 'max-age=0' });
    expect(again.status).toBe(304);
    expect((await sitePage(t, '/service/CCTV/1')).text).toContain('CCTV Maintenance');
    // The sitemap lists a service at its permanent address (the positional one is not a page of its own).
    const sitemap = (await sitePage(t, '/sitemap.xml')).text;
    expect(sitemap).toContain('/service/CCTV/remote-surveillance-setup</loc>');
    expect(sitemap).not.toContain('/service/CCTV/2</loc>');
  });

  it('answer a known page before Koa with what Koa answers: headers, body and log line', async () => {
    // '/services/' names the same page but is not its exact path: Koa's way (web/known-pages.ts).
    const answers = async (method: string, path: string, encoding: string) => {
      const answer = await t.client().call(method, path, undefined, { 'accept-encoding': encoding });
      const headers = Object.fromEntries([...answer.headers].filter(([name]) => name !== 'date'));
      const line = JSON.parse(t.logs.findLast((l) => l.includes(`"path":"${path}"`))!) as Record<string, unknown>;
      return { status: answer.status, text: answer.text, headers, line: { ...line, path: undefined, ms: undefined, time: undefined } };
    };
    for (const method of ['GET', 'HEAD'])
      for (const encoding of ['gzip, deflate, br', 'gzip', 'identity']) {
        const koa = await answers(method, '/services/', encoding);
        expect(koa.headers['content-security-policy']).toBeDefined();
        expect(await answers(method, '/services', encoding)).toEqual(koa);
      }
  });

  it('answer unknown paths, and service pages past the last, with the 404 page and 404', async () => {
    for (const path of ['/this/does/not/exist', '/service/Web/3', '/service/Nope/0', '/index.html']) {
      const answer = await sitePage(t, path);
      expect(answer.status, path).toBe(404);
      expect(answer.text).toContain('<meta name="robots" content="noindex">');
    }
    // The build's other files are still served.
    expect((await t.client().get('/favicon.svg')).status).toBe(200);
  });

  it("answer a service that does not exist with 404 and the service page's own not-found text and back link, in the served HTML", async () => {
    for (const path of ['/service/Web/99', '/service/Web/3', '/service/Nope/0', '/service/Web/x', '/service/Web/99/']) {
      const answer = await sitePage(t, path);
      expect(answer.status, path).toBe(404);
      expect(answer.headers.get('content-type')).toBe('text/html; charset=utf-8');
      // As a browser gets it before any script runs: the service page, not the generic 404 page.
      expect(answer.text).toContain('data-page="serviceDetail"');
      expect(answer.text).toMatch(/<h1 id="service-missing">Service not found\. Please go back and try again\.<\/h1>/);
      expect(answer.text).toMatch(/<a href="\/services#services" class="back-link">/);
      expect(answer.text).not.toContain('class="nf-code"');
      expect(answer.text).not.toContain('rel="canonical"');
      expect(answer.text).toContain('<meta name="robots" content="noindex">');
    }
    // Compressed alike, and every other unknown path keeps the site's 404 page.
    const compressed = await t.client().get('/service/Web/99', { 'accept-encoding': 'br' });
    expect([compressed.status, compressed.headers.get('content-encoding')]).toEqual([404, 'br']);
    const other = await sitePage(t, '/services/Web/99');
    expect(other.status).toBe(404);
    expect(other.text).toContain('class="nf-code"');
    expect(other.text).not.toContain('Service not found');
  });
});

describe('publishing', () => {
  it('serves a published service on its page, /services and the sitemap, here and on another process', async () => {
    const { item } = (await editor.post(api.content('services'), { ...service, status: 'published' })).body;
    await eventuallyServed(t, '/service/Web/3', (html, status) => status === 200 && html.includes('Website Care Plan'));
    expect((await sitePage(t, '/services')).text).toContain('Website Care Plan');
    expect((await sitePage(t, '/sitemap.xml')).text).toContain('/service/Web/website-care-plan</loc>');
    await eventuallyServed(second, '/service/Web/3', (html, status) => status === 200 && html.includes('Website Care Plan'));

    // Unpublished: gone from every page, here and there.
    await editor.put(api.contentItem('services', item._id), { ...service, status: 'draft' });
    await eventuallyServed(t, '/service/Web/3', (_, status) => status === 404);
    await eventuallyServed(second, '/services', (html) => !html.includes('Website Care Plan'));
    expect((await sitePage(t, '/sitemap.xml')).text).not.toContain('/service/Web/website-care-plan</loc>');

    // Published again, then deleted.
    await editor.put(api.contentItem('services', item._id), { ...service, status: 'published' });
    await eventuallyServed(second, '/service/Web/3', (_, status) => status === 200);
    await editor.delete(api.contentItem('services', item._id));
    await eventuallyServed(t, '/service/Web/3', (_, status) => status === 404);
    await eventuallyServed(second, '/service/Web/3', (_, status) => status === 404);
  });

  it('never shows a draft', async () => {
    const { item } = (await editor.post(api.content('faqs'), { page: 'services', question: 'Do you work weekends?', answer: 'Yes.' })).body;
    // A published change after it: once that is live, the draft's chance has passed too.
    const [faq] = (await editor.get(api.content('faqs'))).body;
    await editor.put(api.contentItem('faqs', faq._id), { page: 'services', question: faq.question, answer: 'Usually 2-4 weeks.' });
    await eventuallyServed(t, '/services', (html) => html.includes('Usually 2-4 weeks.'));
    expect((await sitePage(t, '/services')).text).not.toContain('Do you work weekends?');
    await t.site.settled();
    expect((await sitePage(t, '/services')).text).not.toContain('Do you work weekends?');
    await editor.delete(api.contentItem('faqs', item._id));
  });

  it('shows a title with markup as text: </script> in the data is inert', async () => {
    const title = 'Evil </script><b>bold</b> & "quoted"';
    const { item } = (await editor.post(api.content('services'), { ...service, title, status: 'published' })).body;
    const html = await eventuallyServed(t, '/services', (h) => h.includes('Evil'));
    expect(html).not.toContain('<b>bold</b>');
    expect(html).toContain('Evil &lt;/script&gt;&lt;b&gt;bold&lt;/b&gt; &amp; ');
    const detail = await eventuallyServed(t, '/service/Web/3', (_, status) => status === 200);
    expect(detail).toMatch(/<h1[^>]*>Evil &lt;\/script&gt;&lt;b&gt;bold&lt;\/b&gt; &amp; (&quot;|")quoted(&quot;|")<\/h1>/);
    expect(detail).toContain('<title>Evil &lt;/script&gt;&lt;b&gt;bold&lt;/b&gt;');
    await editor.delete(api.contentItem('services', item._id));
    await eventuallyServed(t, '/service/Web/3', (_, status) => status === 404);
  });

  it('coalesces a burst: one render at a time, the last change wins', async () => {
    const [plan] = (await editor.get(api.content('plans'))).body;
    const { _id, status, position, updatedAt, draft: _d, ...fields } = plan;
    await Promise.all(Array.from({ length: 8 }, (_, i) => editor.put(api.contentItem('plans', _id), { ...fields, price: `$${30 + i}` })));
    const final = (await editor.get(api.content('plans'))).body.find((p: { _id: string }) => p._id === _id).price as string;
    await eventuallyServed(t, '/projects', (html) => html.includes(`<strong>${final}</strong>`));
    await t.site.settled();
    expect(t.site.status()).toMatchObject({ lastPublishedAt: expect.any(String), pagesRendered: expect.any(Number) });
    expect([status, position, typeof updatedAt]).toEqual(['published', 0, 'string']);
    await editor.put(api.contentItem('plans', _id), fields);
  });

  it('reports its state at /api/site/status', async () => {
    const [addon] = (await editor.get(api.content('addons'))).body;
    const { _id, status, position, updatedAt, draft: _d, ...fields } = addon;
    await editor.put(api.contentItem('addons', _id), { ...fields, price: '$50/month' });
    await eventuallyServed(t, '/projects', (html) => html.includes('$50/month'));
    // Idle once the renders that notifications of earlier changes may still ask for are done.
    let answer = await editor.get(api.siteStatus);
    for (let i = 0; i < 200 && answer.body.state !== 'idle'; i++) {
      await new Promise((r) => setTimeout(r, 50));
      answer = await editor.get(api.siteStatus);
    }
    expect(answer.body).toEqual({
      state: 'idle',
      lastPublishedAt: expect.any(String),
      lastDurationMs: expect.any(Number),
      pagesRendered: expect.any(Number),
    });
    expect(answer.body.pagesRendered).toBeGreaterThan(0);
    expect([status, position, typeof updatedAt]).toEqual(['published', 0, 'string']);
  });

  it('renders one change at a time and keeps at most one waiting: ten requests at once, two renders', async () => {
    await t.site.settled();
    const before = t.site.publishes;
    for (let i = 0; i < 10; i++) t.site.request(i % 2 ? 'plans' : 'faqs');
    expect(t.site.status().state).toBe('rendering');
    await t.site.settled();
    expect(t.site.publishes - before).toBe(2);
  });
});

describe('the company profile', () => {
  it('saved in the console, is on every page (top bar, footer, JSON-LD, its data) here and on another process, as content is', async () => {
    const superAdmin = (await t.admin('Super Admin')).client;
    const company = { ...defaultCompany, phone: '+260 96 123 4567', email: 'hello@kafue.test', whatsapp: '+260971234567', x: '' };
    const saved = Date.now();
    expect((await superAdmin.put(api.companySettings, company)).status).toBe(200);
    const shows = (html: string) => html.includes('href="tel:+260961234567"') && html.includes('"telephone":"+260 96 123 4567"');
    for (const path of ['/', '/about', '/service/Web/0', '/contact']) await eventuallyServed(second, path, shows);
    await eventuallyServed(t, '/no-such-page', (html, status) => status === 404 && shows(html));
    // Within the bound every published change is held to (the eventually above), on both processes.
    expect(Date.now() - saved).toBeLessThan(10_000);
    const html = await eventuallyServed(t, '/contact', shows);
    expect(html).toContain(`href="https://wa.me/${company.whatsapp.replace('+', '')}`);
    expect(html).toContain(`href="${company.facebook}"`);
    expect(html).not.toContain(defaultCompany.x);
    const jsonLd = JSON.parse(/<script type="application\/ld\+json">([^<]*)<\/script>/.exec(html)![1]) as Record<string, unknown>;
    expect(jsonLd).toMatchObject({ telephone: company.phone, email: company.email, sameAs: [company.facebook, company.linkedin] });
    expect(html).toContain('href="mailto:hello@kafue.test"');
    expect(html).not.toContain(defaultCompany.phone);
    // Back to the seed: the other tests read the pages as seeded.
    expect((await superAdmin.put(api.companySettings, defaultCompany)).status).toBe(200);
    await eventuallyServed(second, '/', (page) => page.includes(`"telephone":"${defaultCompany.phone}"`));
  });
});

describe('a new order', () => {
  it('renders once when published items move, never when only drafts do', async () => {
    type Listed = { _id: string; name: string };
    const listed = async () => (await editor.get(api.content('testimonials'))).body as Listed[];
    const published = await listed();
    const reversed = [...published].reverse();
    await t.site.settled();
    const renders = t.site.publishes;
    expect((await editor.put(api.contentOrder('testimonials'), { ids: reversed.map((i) => i._id) })).status).toBe(200);
    // The carousel's testimonials in the order shown: each one's name under its avatar.
    const names = (html: string) =>
      [...html.matchAll(/<figcaption><span class="avatar"[^>]*>[^<]*<\/span><span><strong>([^<]*)<\/strong>/g)].map((m) => m[1]);
    await eventuallyServed(t, '/', (html) => names(html).join() === reversed.map((i) => i.name).join());
    await t.site.settled();
    expect(t.site.publishes - renders).toBe(1);

    // Two drafts change places: nothing visitors see changes, so nothing is rendered.
    const body = { rating: 5, quote: 'Quiet draft.', title: 'Owner', company: 'Draft Co', avatarInitial: 'D' };
    const drafts = [];
    for (const name of ['Draft One', 'Draft Two'])
      drafts.push((await editor.post(api.content('testimonials'), { ...body, name })).body.item as Listed);
    await t.site.settled();
    const quiet = t.site.publishes;
    const ids = [...reversed, ...drafts.reverse()].map((i) => i._id);
    const moved = await editor.put(api.contentOrder('testimonials'), { ids });
    expect(moved.body.map((i: Listed) => i._id)).toEqual(ids);
    await new Promise((r) => setTimeout(r, 500));
    await t.site.settled();
    expect(t.site.publishes).toBe(quiet);

    for (const draft of drafts) await editor.delete(api.contentItem('testimonials', draft._id));
    await editor.put(api.contentOrder('testimonials'), { ids: published.map((i) => i._id) });
    await eventuallyServed(t, '/', (html) => names(html).join() === published.map((i) => i.name).join());
  });
});

describe('preview', () => {
  it('renders a draft on the page it would appear on, for signed-in admins only, never cached or indexed, as a sandbox', async () => {
    const { item } = (await editor.post(api.content('services'), { ...service, title: 'Draft Only Service' })).body;
    const moderator = (await t.admin('Moderator')).client;
    const preview = await moderator.get(api.contentPreview('services', item._id));
    expect(preview.status).toBe(200);
    // A sandbox (no scripts, a unique origin) under the site's own directives.
    await expectPreviewHeaders(t, preview);
    expect(preview.text).toContain('<h1 id="service-title">Draft Only Service</h1>');
    expect((await visitor.get(api.contentPreview('services', item._id))).status).toBe(401);
    expect((await sitePage(t, '/service/Web/3')).status).toBe(404);

    const [testimonial] = (await editor.get(api.content('testimonials'))).body;
    const home = await editor.get(api.contentPreview('testimonials', testimonial._id));
    expect(home.text).toContain(testimonial.quote);
    expect((await editor.get(api.contentPreview('faqs', item._id))).status).toBe(404);
    await editor.delete(api.contentItem('services', item._id));
  });
});

describe('restoring a backup', () => {
  it('renders the site again, as the backup has it', async () => {
    const [insight] = (await editor.get(api.content('insights'))).body;
    const { _id, status, position, updatedAt, draft: _d, ...fields } = insight;
    await editor.put(api.contentItem('insights', _id), { ...fields, title: 'Backed-up headline' });
    await eventuallyServed(t, '/', (html) => html.includes('Backed-up headline'));
    const backup = await backupOf(t.db);
    const fresh = await startTestServer({ configure: withSite });
    try {
      expect((await sitePage(fresh, '/')).text).not.toContain('Backed-up headline');
      await restoreBackup(fresh.db, backup);
      await eventuallyServed(fresh, '/', (html) => html.includes('Backed-up headline'));
    } finally {
      await fresh.close();
    }
    expect([status, position, typeof updatedAt]).toEqual(['published', 0, 'string']);
  });
});
