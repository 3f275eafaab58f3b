/**
 * Articles (the `insights` collection) as a visitor and an editor meet them: each at
 * /insights/{slug} with its Markdown body rendered on the server to safe HTML (an XSS list),
 * slugs unique and stable, the RSS feed read by a real RSS parser, /insights newest first with
 * category filters and paging, every article in the sitemap, Article JSON-LD and Open Graph.
 * Needs the site's SSR build (`npm run build -w site`).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import Parser from 'rss-parser';
import { api } from '@kafue/common/contract';
import { articlesPerPage } from '@kafue/common/articles';
import { repoRoot, type Config } from '../src/config.js';
import { slugTaken } from '../src/content/articles.js';
import { startTestServer, type Client, type TestServer } from './helpers.js';

let t: TestServer;
let editor: Client;

beforeAll(async () => {
  t = await startTestServer({
    configure: (config: Config) => {
      config.siteDir = resolve(repoRoot, 'site/dist');
    },
  });
  editor = (await t.admin('Editor')).client;
});
afterAll(() => t?.close());
// Each test starts from the seeded articles (all by Kafue Technologies).
afterEach(async () => {
  await t.db.query(`DELETE FROM content_items WHERE collection = 'insights' AND fields->>'author' <> 'Kafue Technologies'`);
  await t.db.query(`SELECT pg_notify('content_changed', 'insights')`);
  await new Promise((r) => setTimeout(r, 50));
  await t.site.settled();
});

const page = (path: string) => t.client().get(path, { 'accept-encoding': 'identity' });

async function eventually(path: string, check: (html: string, status: number) => boolean): Promise<string> {
  const until = Date.now() + 10_000;
  for (;;) {
    const answer = await page(path);
    if (check(answer.text, answer.status)) return answer.text;
    if (Date.now() > until) throw new Error(`${path} never showed the change; last answer ${answer.status}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const article = (fields: Record<string, unknown> = {}) => ({
  category: 'Cloud',
  title: 'Moving your files to the cloud',
  description: 'What to move first, and what to keep.',
  date: '2026-11-01',
  author: 'Mutale Banda',
  body: 'Start with **email**.',
  status: 'published',
  ...fields,
});

/** The article's body as the page shows it. */
const bodyOf = (html: string) => /<div class="article-body">([\s\S]*?)<\/div>/.exec(html)![1];

describe('an article page', () => {
  it('is every seeded insight, with its title as h1, date, author, body, related articles and a call to the contact page', async () => {
    const answer = await page('/insights/five-cybersecurity-habits-every-small-business-needs');
    expect(answer.status).toBe(200);
    const html = answer.text;
    expect(html).toMatch(/<h1 id="article-title">Five cybersecurity habits every small business needs<\/h1>/);
    expect(html).toContain('<time dateTime="2026-09-30">30 September 2026</time>');
    expect(html).toContain(' · By Kafue Technologies</p>');
    expect(bodyOf(html)).toContain('<li><strong>Turn on two-step sign-in</strong>');
    expect(html).toContain('<h2 id="related-heading">Related articles</h2>');
    expect(html).toContain('href="/insights/choosing-the-right-hosting-plan-for-your-business-website"');
    expect(html).toMatch(/<a href="\/contact" class="btn btn-accent btn-lg">Contact Us<\/a>/);
  });

  it('has its canonical link, Open Graph article tags and Article JSON-LD', async () => {
    const html = (await page('/insights/getting-found-on-google-local-seo-for-zambian-businesses')).text;
    expect(html).toContain(
      '<link rel="canonical" href="https://www.kafue.example/insights/getting-found-on-google-local-seo-for-zambian-businesses">',
    );
    expect(html).toContain('<meta property="og:type" content="article">');
    expect(html).toContain('<meta property="article:published_time" content="2026-09-12">');
    const ld = [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map(
      (m) => JSON.parse(m[1]) as Record<string, unknown>,
    );
    expect(ld.find((x) => x['@type'] === 'Article')).toMatchObject({
      headline: 'Getting found on Google: local SEO for Zambian businesses',
      datePublished: '2026-09-12',
      author: { '@type': 'Person', name: 'Kafue Technologies' },
      mainEntityOfPage: 'https://www.kafue.example/insights/getting-found-on-google-local-seo-for-zambian-businesses',
    });
  });

  it('loads no script of its own: the same entry script as every page, and no Markdown code in the bundle', async () => {
    const scripts = (html: string) => [...html.matchAll(/<script[^>]*\ssrc="([^"]+)"/g)].map((m) => m[1]);
    const home = (await page('/')).text;
    const articlePage = (await page('/insights/five-cybersecurity-habits-every-small-business-needs')).text;
    expect(scripts(articlePage)).toEqual(scripts(home));
    expect(scripts(articlePage)).toHaveLength(1);
    const assets = join(repoRoot, 'site/dist/assets');
    for (const file of readdirSync(assets).filter((f) => f.endsWith('.js'))) {
      expect(readFileSync(join(assets, file), 'utf8'), file).not.toContain('validateLink');
    }
  });

  it('answers 404 for an article that does not exist or is a draft', async () => {
    expect((await page('/insights/no-such-article')).status).toBe(404);
    const draft = await editor.post(api.content('insights'), article({ title: 'Draft thoughts', status: 'draft' }));
    expect(draft.status).toBe(201);
    expect((await page('/insights/draft-thoughts')).status).toBe(404);
    await editor.delete(api.contentItem('insights', draft.body.item._id));
  });
});

/** Attacks a body may carry; none may reach the page as markup or a live link. */
const xssList = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '<svg onload=alert(1)>',
  '<iframe src="https://evil.example"></iframe>',
  '<a href="javascript:alert(1)">raw link</a>',
  '[js](javascript:alert(1))',
  '[upper](JAVASCRIPT:alert(1))',
  '[spaced]( javascript:alert(1))',
  '[entity](jav&#x09;ascript:alert(1))',
  '[encoded](javascript%3Aalert(1))',
  '[vb](vbscript:msgbox(1))',
  '[data](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
  '[proto](//evil.example/x)',
  '![img](javascript:alert(1))',
  '<javascript:alert(1)>',
  '[title](https://ok.example "x\\" onmouseover=\\"alert(1)")',
  '</div><script>alert(1)</script>',
  '<style>body{display:none}</style>',
  '`<script>alert(1)</script>`',
];

describe('Markdown bodies', () => {
  it('never reach the page as raw HTML or unsafe links (an XSS list), while safe Markdown renders', async () => {
    const body = [...xssList, '[safe](https://ok.example/a)', '[site](/pricing)', '[mail](mailto:hello@kafue.example)', '# A heading'].join(
      '\n\n',
    );
    const created = await editor.post(api.content('insights'), article({ title: 'Attack surface', body }));
    expect(created.status).toBe(201);
    const html = await eventually('/insights/attack-surface', (_, status) => status === 200);
    const shown = bodyOf(html);
    // Every element is Markdown's own, with no attribute but a link's address and title.
    const tags = [...shown.matchAll(/<(\w+)((?:\s[^>]*)?)>/g)];
    expect(new Set(tags.map((m) => m[1]))).toEqual(new Set(['p', 'a', 'code', 'h2']));
    const attributes = tags.flatMap((m) => [...m[2].matchAll(/\s([\w-]+)="[^"]*"/g)].map((a) => a[1]));
    expect(new Set(attributes)).toEqual(new Set(['href', 'title']));
    const hrefs = [...shown.matchAll(/\shref="([^"]*)"/g)].map((m) => m[1]);
    for (const href of hrefs) expect(href, href).toMatch(/^(https:\/\/|\/(?!\/)|mailto:)/);
    expect(hrefs).toEqual(expect.arrayContaining(['https://ok.example/a', '/pricing', 'mailto:hello@kafue.example']));
    // The page's one h1 is the title: the body's headings start at h2.
    expect(html.match(/<h1\b/g)).toHaveLength(1);
    expect(shown).toContain('<h2>A heading</h2>');
    // Nor inside any script element of the page (its JSON-LD names the article).
    for (const [, script] of html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)) expect(script).not.toContain('alert(1)');
    await editor.delete(api.contentItem('insights', created.body.item._id));
  });
});

describe('slugs', () => {
  it('are made from the title when left empty, made unique, and kept when the title changes', async () => {
    const first = await editor.post(api.content('insights'), article({ title: 'Backups that work' }));
    const second = await editor.post(api.content('insights'), article({ title: 'Backups that work!' }));
    expect(first.body.item.slug).toBe('backups-that-work');
    expect(second.body.item.slug).toBe('backups-that-work-2');
    const { _id, status: _s, position: _p, updatedAt: _u, draft: _d, ...fields } = first.body.item;
    const renamed = await editor.put(api.contentItem('insights', _id), { ...fields, title: 'Backups that really work' });
    expect(renamed.body.item.slug).toBe('backups-that-work');
    await eventually('/insights/backups-that-work', (html) => html.includes('Backups that really work'));
    // Cleared, it is made again from the (new) title.
    const remade = await editor.put(api.contentItem('insights', _id), { ...fields, slug: '', title: 'Backups that really work' });
    expect(remade.body.item.slug).toBe('backups-that-really-work');
    // A link kept to its old address leads to the new one (a 301 written with the change).
    await eventually('/insights/backups-that-work', (_, status) => status === 301);
    expect((await page('/insights/backups-that-work')).headers.get('location')).toBe('/insights/backups-that-really-work');
    for (const id of [_id, second.body.item._id]) await editor.delete(api.contentItem('insights', id));
  });

  it('are unique in the collection, drafts included: a taken one is refused with 409', async () => {
    const draft = await editor.post(api.content('insights'), article({ slug: 'cloud-costs', status: 'draft' }));
    expect(draft.status).toBe(201);
    const taken = await editor.post(api.content('insights'), article({ slug: 'cloud-costs' }));
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe(slugTaken);
    const other = await editor.post(api.content('insights'), article({ slug: 'cloud-savings' }));
    const { _id, status: _s, position: _p, updatedAt: _u, draft: _d, ...fields } = other.body.item;
    expect((await editor.put(api.contentItem('insights', _id), { ...fields, slug: 'cloud-costs' })).status).toBe(409);
    // Its own slug is no conflict.
    expect((await editor.put(api.contentItem('insights', _id), { ...fields, description: 'Changed.' })).status).toBe(200);
    for (const id of [_id, draft.body.item._id]) await editor.delete(api.contentItem('insights', id));
  });

  it('stay unique when an old revision is restored: its slug, since taken by another article, is refused with 409', async () => {
    const first = await editor.post(api.content('insights'), article({ slug: 'power-cuts' }));
    const { _id, status: _s, position: _p, updatedAt: _u, draft: _d, ...fields } = first.body.item;
    const [oldRevision] = (await editor.get(api.contentRevisions('insights', _id))).body;
    expect(oldRevision.item.slug).toBe('power-cuts');
    expect((await editor.put(api.contentItem('insights', _id), { ...fields, slug: 'power-cuts-and-ups' })).status).toBe(200);
    const second = await editor.post(api.content('insights'), article({ slug: 'power-cuts', title: 'Power cuts, again' }));
    expect(second.status).toBe(201);

    const refused = await editor.post(api.contentRestore('insights', _id, oldRevision._id), {});
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(slugTaken);
    // Nothing changed: the first keeps its new slug, the second its page.
    expect((await editor.get(api.contentRevisions('insights', _id))).body).toHaveLength(2);
    await eventually('/insights/power-cuts', (html) => html.includes('<h1 id="article-title">Power cuts, again</h1>'));
    expect((await page('/insights/power-cuts-and-ups')).status).toBe(200);

    // Once the slug is free again, the same revision restores with it.
    await editor.delete(api.contentItem('insights', second.body.item._id));
    const restored = await editor.post(api.contentRestore('insights', _id, oldRevision._id), {});
    expect(restored.status).toBe(200);
    expect(restored.body.item.slug).toBe('power-cuts');
    await eventually('/insights/power-cuts', (html) => html.includes('<h1 id="article-title">Moving your files to the cloud</h1>'));
    await editor.delete(api.contentItem('insights', _id));
  });

  it('follow their rule: lower-case a-z, digits and single dashes, never a list page word', async () => {
    for (const slug of ['Upper', 'two--dashes', '-lead', 'spa ce', 'dot.ted', 'page', 'category', 'x'.repeat(81)]) {
      const answer = await editor.post(api.content('insights'), article({ slug }));
      expect(answer.status, slug).toBe(400);
      expect(Object.keys(answer.body.errors), slug).toEqual(['slug']);
    }
    const cover = await editor.post(api.content('insights'), article({ cover: 'https://img.example/a.jpg' }));
    expect(cover.status).toBe(400);
    expect(Object.keys(cover.body.errors)).toEqual(['coverAlt']);
  });
});

describe('the RSS feed', () => {
  it('is valid RSS 2.0 as a real parser reads it: the newest articles, each linking to its page', async () => {
    const answer = await page('/insights/feed.xml');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/rss+xml; charset=utf-8');
    const feed = await new Parser().parseString(answer.text);
    expect(feed.title).toBe('Kafue Technologies: Tech Insights');
    expect(feed.link).toBe('https://www.kafue.example/insights');
    expect(feed.items.map((i) => i.link)).toEqual([
      'https://www.kafue.example/insights/choosing-the-right-hosting-plan-for-your-business-website',
      'https://www.kafue.example/insights/five-cybersecurity-habits-every-small-business-needs',
      'https://www.kafue.example/insights/getting-found-on-google-local-seo-for-zambian-businesses',
    ]);
    expect(feed.items[0]).toMatchObject({
      title: 'Choosing the right hosting plan for your business website',
      guid: 'https://www.kafue.example/insights/choosing-the-right-hosting-plan-for-your-business-website',
      isoDate: '2026-10-14T12:00:00.000Z',
      creator: 'Kafue Technologies',
      categories: ['Web Hosting'],
    });
  });
});

describe('/insights', () => {
  it('lists the articles newest first, a page at a time, with category filters, all in the sitemap', async () => {
    const count = 2 * articlesPerPage + 3;
    const rows = Array.from({ length: count }, (_, i) => {
      const day = String(1 + (i % 28)).padStart(2, '0');
      return {
        slug: `paged-${i}`,
        category: i % 2 ? 'Odd Things' : 'Even Things',
        title: `Paged article ${i}`,
        description: 'One of many.',
        date: `2025-${String(1 + Math.floor(i / 28)).padStart(2, '0')}-${day}`,
        author: 'Bench',
        body: 'Text.',
      };
    });
    await t.db.query(
      `INSERT INTO content_items (collection, status, position, fields)
       SELECT 'insights', 'published', 100 + ordinality, value FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY`,
      [JSON.stringify(rows)],
    );
    await t.db.query(`SELECT pg_notify('content_changed', 'insights')`);
    const total = count + 3;
    const pages = Math.ceil(total / articlesPerPage);
    const first = await eventually(`/insights/page/${pages}`, (_, status) => status === 200);
    const cardLinks = (html: string) => [...html.matchAll(/<a href="(\/insights\/[^"]+)" class="text-link">/g)].map((m) => m[1]);
    expect(cardLinks(first)).toHaveLength(total - (pages - 1) * articlesPerPage);
    const one = (await page('/insights')).text;
    // Newest first: the seeded ones (2026) before the added (2025), the latest added first among those.
    expect(cardLinks(one).slice(0, 3)).toEqual([
      '/insights/choosing-the-right-hosting-plan-for-your-business-website',
      '/insights/five-cybersecurity-habits-every-small-business-needs',
      '/insights/getting-found-on-google-local-seo-for-zambian-businesses',
    ]);
    expect(cardLinks(one)).toHaveLength(articlesPerPage);
    expect(cardLinks(one)[3]).toBe(`/insights/paged-${count - 1}`);
    expect(one).toContain('href="/insights/page/2" rel="next">Older articles</a>');
    expect(one).toContain(`Page 1 of ${pages}`);
    const two = (await page('/insights/page/2')).text;
    expect(two).toContain('href="/insights" rel="prev">Newer articles</a>');
    expect(new Set([...cardLinks(one), ...cardLinks(two)]).size).toBe(2 * articlesPerPage);
    for (const missing of ['/insights/page/1', `/insights/page/${pages + 1}`, '/insights/page/x', '/insights/category/none']) {
      expect((await page(missing)).status, missing).toBe(404);
    }
    // A category's list: its articles only, its filter link marked current.
    const odd = (await page('/insights/category/odd-things')).text;
    expect(odd).toContain('<a href="/insights/category/odd-things" class="tag" aria-current="page">Odd Things</a>');
    expect(cardLinks(odd).every((href) => Number(href.split('-').at(-1)) % 2 === 1)).toBe(true);
    expect((await page('/insights/category/odd-things/page/2')).status).toBe(200);
    const sitemap = (await page('/sitemap.xml')).text;
    for (const path of [
      '/insights',
      '/insights/page/2',
      '/insights/category/odd-things',
      '/insights/paged-0',
      `/insights/paged-${count - 1}`,
    ]) {
      expect(sitemap).toContain(`<loc>https://www.kafue.example${path}</loc>`);
    }
    // An article's page is rendered on its first request, and follows its article's change.
    expect((await page('/insights/paged-5')).text).toContain('<h1 id="article-title">Paged article 5</h1>');
    await t.db.query(`UPDATE content_items SET fields = jsonb_set(fields, '{title}', '"Paged five"') WHERE fields->>'slug' = 'paged-5'`);
    await t.db.query(`SELECT pg_notify('content_changed', 'insights')`);
    await eventually('/insights/paged-5', (html) => html.includes('<h1 id="article-title">Paged five</h1>'));
    await t.db.query(`DELETE FROM content_items WHERE fields->>'slug' LIKE 'paged-%'`);
    await t.db.query(`SELECT pg_notify('content_changed', 'insights')`);
    await eventually('/insights/paged-5', (_, status) => status === 404);
  });
});
