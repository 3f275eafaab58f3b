/**
 * Links that never break, as a visitor and an editor meet them: a service's permanent address
 * (/service/{category}/{slug}, slugs made from the title, unique, kept), the positional address
 * still answering with its canonical link on the permanent one, the automatic 301s of a moved
 * service, the 410 of a deleted one, redirects made by hand (chains collapse, loops and redirects
 * from a page refused, answered from memory by every process) and the missing pages counted.
 * Needs the site's SSR build (`npm run build -w site`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '@kafue/common/contract';
import { redirectMessages } from '@kafue/common/redirects';
import { serviceSlugRule } from '@kafue/common/service-addresses';
import { serviceSlugTaken } from '../src/content/articles.js';
import { eventuallyServed, sitePage, startSiteTestServer, startTestServer, type Client, type TestServer } from './helpers.js';
import { repoRoot } from '../src/config.js';
import { resolve } from 'node:path';

let t: TestServer;
let editor: Client;

beforeAll(async () => {
  t = await startSiteTestServer();
  editor = (await t.admin('Editor')).client;
});
afterAll(() => t?.close());

const service = (fields: Record<string, unknown> = {}) => ({
  title: 'Solar Backup Power',
  category: 'IT',
  price: '$450',
  description: 'Keep the office running through load-shedding.',
  features: ['Inverter sizing', 'Battery installation'],
  status: 'published',
  ...fields,
});

type Item = { _id: string; slug: string; category: string; title: string; status: string };
type Redirect = { _id: string; from: string; to: string; status: number; reason: string | null };

async function addService(fields: Record<string, unknown> = {}): Promise<Item> {
  const added = await editor.post(api.content('services'), service(fields));
  expect(added.status).toBe(201);
  return added.body.item as Item;
}

const canonicalOf = (html: string) => /<link rel="canonical" href="([^"]+)">/.exec(html)?.[1];
const redirects = async () => (await editor.get('/api/redirects')).body as Redirect[];
/**
 * Waits until this process answers `path` with `status`, and with `location` when given (the
 * table follows a NOTIFY: a redirect whose target changed answers its old one for a moment).
 */
async function answers(
  path: string,
  status: number,
  { location, server = t }: { location?: string; server?: Pick<TestServer, 'client'> } = {},
) {
  const until = Date.now() + 10_000;
  for (;;) {
    const answer = await sitePage(server, path);
    const to = answer.headers.get('location');
    if (answer.status === status && (location === undefined || to === location)) return answer;
    if (Date.now() > until) throw new Error(`${path} answered ${answer.status} ${to ?? ''}, not ${status} ${location ?? ''}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('a service slug', () => {
  it('is backfilled for every seeded service by the migration, unique, from its title', async () => {
    const list = (await editor.get(api.content('services'))).body as Item[];
    expect(list).toHaveLength(18);
    expect(list.find((s) => s.title === 'Website Creation')?.slug).toBe('website-creation');
    expect(list.find((s) => s.title === 'Domain & Email Hosting')?.slug).toBe('domain-email-hosting');
    expect(new Set(list.map((s) => s.slug)).size).toBe(18);
    const [{ missing }] = await t.db.query(
      `SELECT count(*)::int AS missing FROM content_revisions r JOIN content_items i ON i.id = r.item_id
        WHERE i.collection = 'services' AND NOT (r.snapshot->'fields' ? 'slug')`,
    );
    expect(missing).toBe(0);
  });

  it('is made from the title when left empty, with -2 when taken, kept when the title changes, refused when taken or digits', async () => {
    const first = await addService();
    expect(first.slug).toBe('solar-backup-power');
    const second = await addService({ category: 'Web' });
    expect(second.slug).toBe('solar-backup-power-2');
    const renamed = await editor.put(api.contentItem('services', first._id), service({ title: 'Solar Power', slug: first.slug }));
    expect(renamed.body.item.slug).toBe('solar-backup-power');
    const taken = await editor.put(api.contentItem('services', second._id), service({ slug: 'solar-backup-power' }));
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe(serviceSlugTaken);
    const digits = await editor.post(api.content('services'), service({ slug: '365' }));
    expect(digits.status).toBe(400);
    expect(digits.body.errors.slug).toBe(serviceSlugRule);
    const fromDigits = await addService({ title: '365' });
    expect(fromDigits.slug).toBe('365-2');
    for (const s of [first, second, fromDigits]) await t.db.query(`DELETE FROM content_items WHERE id = $1`, [s._id]);
  });
});

describe('the service page', () => {
  it('answers at its permanent address, which the category browser, search, sitemap and canonical link use', async () => {
    const page = await sitePage(t, '/service/Web/website-creation');
    expect(page.status).toBe(200);
    expect(page.text).toContain('<h1 id="service-title">Website Creation</h1>');
    expect(canonicalOf(page.text)).toMatch(/\/service\/Web\/website-creation$/);
    expect((await sitePage(t, '/services')).text).toContain('href="/service/Web/domain-email-hosting"');
    const sitemap = (await sitePage(t, '/sitemap.xml')).text;
    expect(sitemap).toContain('/service/CCTV/remote-surveillance-setup</loc>');
    expect(sitemap).not.toMatch(/\/service\/\w+\/\d+<\/loc>/);
    const search = await sitePage(t, '/search?q=surveillance');
    expect(search.text).toContain('href="/service/CCTV/remote-surveillance-setup"');
    // The request button carries the slug, which the contact page resolves.
    expect(page.text).toContain('href="/contact?service=Web%2Fwebsite-creation"');
    expect((await sitePage(t, '/contact?service=Web%2Fwebsite-creation')).text).toContain('Website Creation');
  });

  it('still answers at its position (the specification), with its canonical link on the permanent address', async () => {
    const page = await sitePage(t, '/service/CCTV/2');
    expect(page.status).toBe(200);
    expect(page.text).toContain('<h1 id="service-title">Remote Surveillance Setup</h1>');
    expect(canonicalOf(page.text)).toMatch(/\/service\/CCTV\/remote-surveillance-setup$/);
    const missing = await sitePage(t, '/service/CCTV/9');
    expect(missing.status).toBe(404);
    expect(missing.text).toContain('Service not found. Please go back and try again.');
    expect((await sitePage(t, '/service/CCTV/no-such-service')).status).toBe(404);
  });
});

describe('automatic redirects', () => {
  it('send every address a service had to its new one when its slug changes or it moves category, collapsed, with a reason', async () => {
    const s = await addService({ title: 'Fibre Links' });
    await answers('/service/IT/fibre-links', 200);
    await editor.put(api.contentItem('services', s._id), service({ title: 'Fibre Links', slug: 'fibre-internet' }));
    const first = await answers('/service/IT/fibre-links', 301);
    expect(first.headers.get('location')).toBe('/service/IT/fibre-internet');
    await editor.put(api.contentItem('services', s._id), service({ title: 'Fibre Links', slug: 'fibre-internet', category: 'Growth' }));
    await answers('/service/IT/fibre-internet', 301);
    // Both old addresses lead straight to the new one: no chain.
    for (const old of ['/service/IT/fibre-links', '/service/IT/fibre-internet']) {
      const answer = await sitePage(t, `${old}?utm_source=flyer`);
      expect(answer.status).toBe(301);
      expect(answer.headers.get('location')).toBe('/service/Growth/fibre-internet?utm_source=flyer');
    }
    expect((await sitePage(t, '/service/Growth/fibre-internet')).text).toContain('<h1 id="service-title">Fibre Links</h1>');
    const listed = (await redirects()).filter((r) => r.from.startsWith('/service/IT/fibre'));
    expect(listed.map((r) => [r.from, r.to, r.status, r.reason]).sort()).toEqual([
      ['/service/IT/fibre-internet', '/service/Growth/fibre-internet', 301, '"Fibre Links" moved from IT to Growth'],
      ['/service/IT/fibre-links', '/service/Growth/fibre-internet', 301, '"Fibre Links" got a new address'],
    ]);
    // Back to its first address: the redirect from there goes (it is a page again), no loop.
    await editor.put(api.contentItem('services', s._id), service({ title: 'Fibre Links', slug: 'fibre-links' }));
    await answers('/service/IT/fibre-links', 200);
    const back = await answers('/service/Growth/fibre-internet', 301);
    expect(back.headers.get('location')).toBe('/service/IT/fibre-links');
    expect((await redirects()).some((r) => r.from === '/service/IT/fibre-links')).toBe(false);
    await editor.delete(api.contentItem('services', s._id));
  });

  it('leave 410 Gone at a deleted service address, with the not-found text and a link to its category', async () => {
    const s = await addService({ title: 'Printer Leasing', category: 'Design' });
    await answers('/service/Design/printer-leasing', 200);
    await editor.delete(api.contentItem('services', s._id));
    const gone = await answers('/service/Design/printer-leasing', 410);
    expect(gone.text).toContain('Service not found. Please go back and try again.');
    expect(gone.text).toContain('href="/services?category=Design#services">See our Design &amp; Development</a>');
    const entry = (await redirects()).find((r) => r.from === '/service/Design/printer-leasing')!;
    expect(entry).toMatchObject({ status: 410, reason: '"Printer Leasing" was deleted' });
    // The owner sends it somewhere instead: then it redirects.
    const replaced = await editor.put(`/api/redirects/${entry._id}`, { from: entry.from, to: '/services', status: 301 });
    expect(replaced.status).toBe(200);
    expect(replaced.body.redirect.reason).toBeNull();
    expect((await answers('/service/Design/printer-leasing', 301)).headers.get('location')).toBe('/services');
    await editor.delete(`/api/redirects/${entry._id}`);
  });

  it('leave nothing when a service is reordered: its permanent address stays, its old position shows what is there now', async () => {
    const before = (await sitePage(t, '/service/Web/0')).text;
    expect(before).toContain('<h1 id="service-title">Website Creation</h1>');
    const list = (await editor.get(api.content('services'))).body as Item[];
    const ids = list.map((s) => s._id);
    const [a, b] = [
      ids.indexOf(list.find((s) => s.slug === 'website-creation')!._id),
      ids.indexOf(list.find((s) => s.slug === 'domain-email-hosting')!._id),
    ];
    [ids[a], ids[b]] = [ids[b], ids[a]];
    expect((await editor.put(`${api.content('services')}/order`, { ids })).status).toBe(200);
    await eventuallyServed(t, '/service/Web/0', (html) => html.includes('<h1 id="service-title">Domain &amp; Email Hosting</h1>'));
    expect((await sitePage(t, '/service/Web/website-creation')).status).toBe(200);
    [ids[a], ids[b]] = [ids[b], ids[a]];
    await editor.put(`${api.content('services')}/order`, { ids });
    expect((await redirects()).some((r) => r.from.startsWith('/service/Web/'))).toBe(false);
  });
});

describe('redirects made by hand', () => {
  it('redirect from a missing path with 301 or 302, keep the query, and write audit rows', async () => {
    const created = await editor.post('/api/redirects', { from: '/old-prices/', to: '/projects', status: 302 });
    expect(created.status).toBe(201);
    expect(created.body.redirect).toMatchObject({ from: '/old-prices', to: '/projects', status: 302, reason: null });
    const answer = await answers('/old-prices', 302);
    expect(answer.headers.get('location')).toBe('/projects');
    expect((await sitePage(t, '/old-prices/?ref=wa')).headers.get('location')).toBe('/projects?ref=wa');
    const id = created.body.redirect._id as string;
    const moved = await editor.put(`/api/redirects/${id}`, { from: '/old-prices', to: 'https://example.com/prices', status: 301 });
    expect(moved.status).toBe(200);
    expect((await answers('/old-prices', 301)).headers.get('location')).toBe('https://example.com/prices');
    expect((await editor.delete(`/api/redirects/${id}`)).status).toBe(200);
    await answers('/old-prices', 404);
    const audit = await t.db.query(`SELECT action, changes FROM audit_log WHERE target_id = $1 ORDER BY at`, [id]);
    expect(audit.map((a: { action: string }) => a.action)).toEqual(['redirect.create', 'redirect.update', 'redirect.delete']);
    expect(audit[1].changes).toEqual({ to: { old: '/projects', new: 'https://example.com/prices' }, status: { old: 302, new: 301 } });
  });

  it('collapse chains both ways: A->B then B->C makes A->C; C->D then makes A and B lead to D', async () => {
    const ab = (await editor.post('/api/redirects', { from: '/chain-a', to: '/chain-b' })).body.redirect as Redirect;
    const bc = (await editor.post('/api/redirects', { from: '/chain-b', to: '/chain-c' })).body.redirect as Redirect;
    expect(bc.to).toBe('/chain-c');
    const created = await editor.post('/api/redirects', { from: '/chain-z', to: '/chain-a' });
    expect(created.body.redirect.to).toBe('/chain-c');
    let list = await redirects();
    expect(list.find((r) => r._id === ab._id)?.to).toBe('/chain-c');
    await editor.post('/api/redirects', { from: '/chain-c', to: '/about' });
    list = await redirects();
    expect(
      list
        .filter((r) => r.from.startsWith('/chain-'))
        .map((r) => `${r.from}>${r.to}`)
        .sort(),
    ).toEqual(['/chain-a>/about', '/chain-b>/about', '/chain-c>/about', '/chain-z>/about']);
    // /chain-a answered 301 before (to /chain-c): its new target is what shows the change served.
    await answers('/chain-a', 301, { location: '/about' });
    for (const r of list.filter((r) => r.from.startsWith('/chain-'))) await editor.delete(`/api/redirects/${r._id}`);
  });

  it('refuse a loop, a redirect to itself, one from a page of the site, a duplicate and a console or API path, with a clear message', async () => {
    const ab = (await editor.post('/api/redirects', { from: '/loop-a', to: '/loop-b' })).body.redirect as Redirect;
    const loop = await editor.post('/api/redirects', { from: '/loop-b', to: '/loop-a' });
    expect(loop.status).toBe(400);
    expect(loop.body.message).toBe(redirectMessages.loop('/loop-b', '/loop-a'));
    expect(loop.body.errors.to).toBe(loop.body.message);
    const itself = await editor.post('/api/redirects', { from: '/loop-c', to: '/loop-c?x=1' });
    expect(itself.body.message).toBe(redirectMessages.toItself);
    for (const page of [
      '/services',
      '/service/Web/website-creation',
      '/service/Web/0',
      '/insights/five-cybersecurity-habits-every-small-business-needs',
      '/favicon.svg',
    ]) {
      const hidden = await editor.post('/api/redirects', { from: page, to: '/about' });
      expect(hidden.status, page).toBe(400);
      expect(hidden.body.message).toBe(redirectMessages.existingPage(page));
    }
    const twin = await editor.post('/api/redirects', { from: '/loop-a', to: '/about' });
    expect(twin.status).toBe(409);
    expect(twin.body.message).toBe(redirectMessages.duplicate('/loop-a'));
    for (const from of ['/admin/x', '/api/x', '/staff/x']) {
      expect((await editor.post('/api/redirects', { from, to: '/about' })).body.message).toBe(redirectMessages.notSitePath);
    }
    const bad = await editor.post('/api/redirects', { from: 'no-slash', to: 'http://insecure.example', status: 307 });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['from', 'status', 'to']);
    const [{ count }] = await t.db.query(`SELECT count(*)::int AS count FROM site_redirects WHERE from_path LIKE '/loop-%'`);
    expect(count).toBe(1);
    await editor.delete(`/api/redirects/${ab._id}`);
  });

  it('are answered by every process: a second server on the database follows a change at once', async () => {
    const second = await startTestServer({
      databaseUrl: t.databaseUrl,
      configure: (c) => void (c.siteDir = resolve(repoRoot, 'site/dist')),
    });
    try {
      await answers('/two-process', 404, { server: second });
      const created = (await editor.post('/api/redirects', { from: '/two-process', to: '/contact' })).body.redirect as Redirect;
      await answers('/two-process', 301, { location: '/contact', server: second });
      await editor.delete(`/api/redirects/${created._id}`);
      await answers('/two-process', 404, { server: second });
    } finally {
      await second.close();
    }
  });
});

describe('the missing pages', () => {
  it('counts every 404 on a public path by path and referrer (without its query), and lists the most requested', async () => {
    await t.site.misses.flush();
    await t.db.query(`DELETE FROM not_found_hits`);
    for (let i = 0; i < 3; i++) await sitePage(t, '/old-brochure.pdf', { referer: 'https://facebook.com/post/1?fbclid=secret' });
    await sitePage(t, '/old-brochure.pdf');
    await sitePage(t, '/service/Web/99');
    await sitePage(t, '/services'); // a page: not counted
    await editor.get('/api/no-such-call'); // the API's 404: not a public path
    await t.site.misses.flush();
    const list = await editor.get('/api/not-found');
    expect(list.status).toBe(200);
    expect(list.body.paths.map((p: { path: string; hits: number }) => [p.path, p.hits])).toEqual([
      ['/old-brochure.pdf', 4],
      ['/service/Web/99', 1],
    ]);
    expect(list.body.paths[0].referrers).toEqual([
      { referrer: 'https://facebook.com/post/1', hits: 3 },
      { referrer: '', hits: 1 },
    ]);
    const stored = JSON.stringify(await t.db.query(`SELECT * FROM not_found_hits`));
    expect(stored).not.toContain('fbclid');
    expect(stored).not.toContain('127.0.0.1');
    // A period without the day of the hits lists nothing; a reversed one is refused.
    expect((await editor.get('/api/not-found?from=2020-01-01&to=2020-01-31')).body.paths).toEqual([]);
    expect((await editor.get('/api/not-found?from=2020-02-01&to=2020-01-31')).status).toBe(400);
  });

  it('adds a flush to the counts already written, and a redirect stops the counting of its path', async () => {
    await t.site.misses.flush();
    await t.db.query(`DELETE FROM not_found_hits`);
    await sitePage(t, '/gone-page');
    await t.site.misses.flush();
    await sitePage(t, '/gone-page');
    await t.site.misses.flush();
    const [{ hits }] = await t.db.query(`SELECT hits FROM not_found_hits WHERE path = '/gone-page'`);
    expect(hits).toBe(2);
    const r = (await editor.post('/api/redirects', { from: '/gone-page', to: '/' })).body.redirect as Redirect;
    // Until the redirect is live on this process the path still answers 404, and counts: read the
    // count once it redirects, then ask again.
    await answers('/gone-page', 301);
    await t.site.misses.flush();
    const [{ hits: live }] = await t.db.query(`SELECT hits FROM not_found_hits WHERE path = '/gone-page'`);
    await answers('/gone-page', 301);
    await t.site.misses.flush();
    const [{ hits: after }] = await t.db.query(`SELECT hits FROM not_found_hits WHERE path = '/gone-page'`);
    expect(after).toBe(live);
    await editor.delete(`/api/redirects/${r._id}`);
  });
});
