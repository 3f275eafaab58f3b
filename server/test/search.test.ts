/**
 * The site's search (/search?q=...): what it finds (published services, FAQ answers, articles,
 * plans, add-ons, project prices), in which order, with what marked, and that its index follows
 * publishing. Needs the site's SSR build (`npm run build -w site`).
 */
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '@kafue/common/contract';
import { maxSearchResults } from '@kafue/common/search';
import { notifyContentChanged } from '../src/content/published.js';
import { searchSite } from '../src/search/search.js';
import { SitePublisher } from '../src/site/publisher.js';
import { startSiteTestServer, type Client, type TestServer } from './helpers.js';

let t: TestServer;
let editor: Client;

beforeAll(async () => {
  t = await startSiteTestServer();
  editor = (await t.admin('Editor')).client;
});
afterAll(() => t?.close());

/** Articles as the articles task stores them (slug, Markdown body), published the way every change is: in a transaction that notifies. */
async function insertArticles(articles: { title: string; description: string; body: string; slug: string; status?: string }[]) {
  await t.db.transaction(async (m) => {
    for (const [i, a] of articles.entries()) {
      const { status = 'published', ...fields } = a;
      await m.query(`INSERT INTO content_items (collection, status, position, fields) VALUES ('insights', $1, $2, $3)`, [
        status,
        100 + i,
        JSON.stringify({ category: 'Guides', date: '2026-11-01', link: '#', ...fields }),
      ]);
    }
    await notifyContentChanged(m, 'insights');
  });
}

const titles = async (q: string) => (await searchSite(t.db, q)).results.map((r) => r.title);
const page = (q: string) => t.client().get(`/search?q=${encodeURIComponent(q)}`, { 'accept-encoding': 'identity' });

describe('search finds', () => {
  it('services, FAQ answers, plans, add-ons and project prices by words in their titles and texts, each linking to its page', async () => {
    const cctv = await searchSite(t.db, 'cctv');
    expect(cctv.results.slice(0, 2).map((r) => [r.title, r.url])).toEqual([
      ['CCTV Installation', '/service/CCTV/cctv-installation'],
      ['CCTV Maintenance', '/service/CCTV/cctv-maintenance'],
    ]);
    // A word of an FAQ's answer only.
    const faq = (await searchSite(t.db, 'timeline')).results.find((r) => r.kind === 'faq');
    expect(faq).toMatchObject({ title: 'How long does a typical project take?', url: '/services' });
    expect((await searchSite(t.db, 'Business')).results).toContainEqual(
      expect.objectContaining({ kind: 'plan', title: 'Business', url: '/projects#plans-heading' }),
    );
    // An add-on and a project price open /projects in the state that shows them (the add-ons open, the group open).
    expect((await searchSite(t.db, 'priority support')).results[0]).toMatchObject({
      kind: 'addon',
      title: 'Priority Support',
      url: '/projects?view=addons#addon-priority-support',
    });
    expect((await searchSite(t.db, 'e-commerce')).results[0]).toMatchObject({
      kind: 'project',
      title: 'E-commerce',
      url: '/projects?view=project#project-web',
    });
    // A service's features and details count, as stems: "recording" finds "records", "installations".
    expect(await titles('phishing')).toEqual(expect.arrayContaining(['Secure Email Gateway', 'Cybersecurity Audit']));
  });

  it('articles by their title, description and Markdown body (as plain words), at /insights/{slug}', async () => {
    await insertArticles([
      {
        title: 'Backups that survive load shedding',
        slug: 'backups-load-shedding',
        description: 'Keep copies safe.',
        body: '## Why\n\nA **generator** keeps the *router* up; [read more](https://example.com/ups).',
      },
    ]);
    const { results } = await searchSite(t.db, 'generator router');
    expect(results[0]).toMatchObject({
      kind: 'article',
      title: 'Backups that survive load shedding',
      url: '/insights/backups-load-shedding',
    });
    // The body's words without its Markdown.
    expect(results[0].snippet).toContain('A generator keeps the router up; read more');
    expect(results[0].snippet).not.toMatch(/[*#\]]/);
  });

  it('short and misspelled words through trigrams', async () => {
    // The Security category's services (its heading, "Security Solutions", is part of their text).
    expect(await titles('secrity')).toEqual(
      expect.arrayContaining(['Cloud Storage & Security', 'Cybersecurity Audit', 'Secure Email Gateway']),
    );
    expect((await titles('instalation'))[0]).toBe('CCTV Installation');
    expect((await titles('cctc')).slice(0, 2)).toEqual(expect.arrayContaining(['CCTV Installation', 'CCTV Maintenance']));
    // "it" is an English stop word: the trigram fallback finds the IT services, titles first.
    const it = await titles('it');
    expect(it.length).toBeGreaterThan(0);
    expect(it[0]).toMatch(/^IT /);
  });

  it('nothing for a query of no words, and nothing unpublished', async () => {
    expect((await searchSite(t.db, '  !!  ')).results).toEqual([]);
    await insertArticles([
      { title: 'Zanzibar draft notes', slug: 'zanzibar', description: 'Not yet.', body: 'Zanzibar.', status: 'draft' },
    ]);
    expect(await titles('zanzibar')).toEqual([]);
  });
});

describe('search ranks', () => {
  it('the words in a title above the same words in a text, and every word above some of them', async () => {
    await insertArticles([
      { title: 'Solar power for offices', slug: 'solar-offices', description: 'Panels.', body: 'Inverters and batteries.' },
      { title: 'Office moves', slug: 'office-moves', description: 'Cabling.', body: 'Think about solar panels when you move.' },
      { title: 'Solar inverter care', slug: 'solar-inverter', description: 'Keep it cool.', body: 'Dust kills inverters.' },
    ]);
    const solar = await titles('solar');
    expect(solar.indexOf('Solar power for offices')).toBeLessThan(solar.indexOf('Office moves'));
    expect(solar.indexOf('Solar inverter care')).toBeLessThan(solar.indexOf('Office moves'));
    // Both words (in any field) before one of them.
    const both = await titles('solar inverter');
    expect(both.slice(0, 2).sort()).toEqual(['Solar inverter care', 'Solar power for offices']);
    expect(both.indexOf('Office moves')).toBeGreaterThan(1);
  });

  it('at most 20 results', async () => {
    await insertArticles(
      Array.from({ length: 30 }, (_, i) => ({
        title: `Kafue river guide ${i}`,
        slug: `kafue-river-${i}`,
        description: 'River.',
        body: 'River.',
      })),
    );
    expect((await searchSite(t.db, 'river')).results).toHaveLength(maxSearchResults);
  });
});

describe('the search index follows publishing', () => {
  it('a service edited, unpublished and published again is found by its new words, then not, then again', async () => {
    const services = (await editor.get(api.content('services'))).body as Array<Record<string, unknown> & { _id: string; title: string }>;
    const { _id, updatedAt: _u, draft: _d, ...service } = services.find((s) => s.title === 'CCTV Maintenance')!;
    await editor.put(api.contentItem('services', _id), {
      ...service,
      description: 'Keep your cameras recording with quarterly Lusakaproof checks.',
    });
    expect(await titles('lusakaproof')).toEqual(['CCTV Maintenance']);
    await editor.put(api.contentItem('services', _id), { ...service, status: 'draft' });
    expect(await titles('lusakaproof')).toEqual([]);
    await editor.put(api.contentItem('services', _id), { ...service, status: 'published' });
    expect(await titles('maintenance cctv')).toContain('CCTV Maintenance');
  });

  it('publishing one article among many rewrites its entry alone', async () => {
    const before = await t.db.query<{ key: string; source: string }[]>(`SELECT key, source FROM search_entries ORDER BY key`);
    await insertArticles([{ title: 'One more article', slug: 'one-more', description: 'Only this.', body: 'Only this.' }]);
    const after = await t.db.query<{ key: string; source: string }[]>(`SELECT key, source FROM search_entries ORDER BY key`);
    expect(after.length).toBe(before.length + 1);
    expect(after.filter((a) => !before.some((b) => b.key === a.key && b.source === a.source))).toHaveLength(1);
  });

  it('a start-up with the content unchanged writes no row of the index', async () => {
    // A row's xmin is the transaction that wrote it: any row written again, added or deleted shows.
    const rows = async () =>
      (
        await t.db.query<{ row: string }[]>(
          `SELECT 'entry ' || key || ' ' || xmin AS row FROM search_entries UNION ALL SELECT 'word ' || word || ' ' || xmin FROM search_words
            ORDER BY row`,
        )
      ).map((r) => r.row);
    const before = await rows();
    expect(before.length).toBeGreaterThan(100);
    // Another server process starting on this database: it brings the index up to date at start-up.
    const started = await SitePublisher.open({ db: t.db, logger: pino({ level: 'silent' }), siteDir: t.config.siteDir });
    await started.close();
    expect(await rows()).toEqual(before);
    // The check can fail: an entry whose item changed while no process ran is written again at start-up.
    await t.db.query(`UPDATE content_items SET updated_at = now() WHERE fields->>'slug' = 'one-more'`);
    const again = await SitePublisher.open({ db: t.db, logger: pino({ level: 'silent' }), siteDir: t.config.siteDir });
    await again.close();
    const changed = (await rows()).filter((row) => !before.includes(row));
    expect(changed).toHaveLength(1);
    expect(changed[0]).toMatch(/^entry /);
  });
});

describe('the search page', () => {
  it('is rendered by the server for the query: its title, a GET search box, results as links with the words marked, canonical /search', async () => {
    const { status, text } = await page('cctv installation');
    expect(status).toBe(200);
    expect(text).toContain('<title>Search: cctv installation | Kafue Technologies</title>');
    // One page for search engines whatever the query: crawlable (Lighthouse's SEO), canonical without the query.
    expect(text).toMatch(/<link rel="canonical" href="https?:\/\/[^"/]+\/search">/);
    expect(text).not.toContain('noindex');
    expect(text).toContain('<form role="search" class="search-form" action="/search" method="get">');
    expect(text).toContain('value="cctv installation"');
    expect(text).toContain('<a href="/service/CCTV/cctv-installation"><mark>CCTV</mark> <mark>Installation</mark></a>');
  });

  it('escapes what the query and the content hold before marking', async () => {
    await insertArticles([
      {
        title: 'Tags like <script>alert(1)</script> in titles',
        slug: 'tags',
        description: 'x',
        body: 'Write `<img src=x onerror=alert(1)>` as text.',
      },
    ]);
    const { text } = await page('<script>alert(1)</script> onerror');
    expect(text).not.toMatch(/<script>alert|<img src=x/);
    expect(text).toContain('Tags like &lt;<mark>script</mark>&gt;<mark>alert</mark>(<mark>1</mark>)&lt;/<mark>script</mark>&gt; in titles');
  });

  it('says "No results" with help when nothing matches, and shows the box alone without a query', async () => {
    const none = await page('qwxzv');
    expect(none.text).toContain('<h2>No results</h2>');
    expect(none.text).toContain('Try fewer or other words');
    const empty = await t.client().get('/search', { 'accept-encoding': 'identity' });
    expect(empty.status).toBe(200);
    expect(empty.text).toContain('<h1 id="search-title">Search</h1>');
    expect(empty.text).not.toContain('No results');
  });
});
