/**
 * The legal pages (/privacy, /terms, /cookies): three fixed items of the `legalPages` collection,
 * seeded with what the site really collects, rendered from Markdown on the server, published
 * like any content and in the sitemap. Needs the site's SSR build (`npm run build -w site`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '@kafue/common/contract';
import { PrivacyAnalytics1795600000190 } from '../src/db/migrations/1795600000190-PrivacyAnalytics.js';
import { eventuallyServed, sitePage, startSiteTestServer, type Client, type TestServer } from './helpers.js';

let t: TestServer;
let editor: Client;

beforeAll(async () => {
  t = await startSiteTestServer();
  editor = (await t.admin('Editor')).client;
});
afterAll(() => t?.close());

const page = (path: string) => sitePage(t, path);
type LegalItem = Record<string, unknown> & { _id: string; key: string; title: string; body: string; needsReview?: boolean };
const legalItems = async () => (await editor.get(api.content('legalPages'))).body as LegalItem[];
const fieldsOf = ({ _id, updatedAt: _u, position: _p, draft: _d, ...fields }: LegalItem) => fields;

const eventually = (path: string, check: (html: string, status: number) => boolean) => eventuallyServed(t, path, check);

describe('the legal pages', () => {
  it('are three published items, each marked as needing the company’s review', async () => {
    const items = await legalItems();
    expect(items.map((i) => [i.key, i.title, i.status, i.needsReview])).toEqual([
      ['privacy', 'Privacy Policy', 'published', true],
      ['terms', 'Terms of Service', 'published', true],
      ['cookies', 'Cookie Policy', 'published', true],
    ]);
  });

  it('are pages with their title, last-updated date and Markdown body as HTML, in the sitemap', async () => {
    const privacy = await page('/privacy');
    expect(privacy.status).toBe(200);
    expect(privacy.text).toContain('<title>Privacy Policy | Kafue Technologies</title>');
    expect(privacy.text).toContain('<h1 id="legal-title">Privacy Policy</h1>');
    expect(privacy.text).toContain('<time dateTime="2026-11-25">25 November 2026</time>');
    expect(privacy.text).toContain('<h2>What we collect</h2>');
    expect(privacy.text).toContain('<link rel="canonical"');
    // What the site really collects, and the law it answers to.
    for (const words of [
      'full name',
      'email address',
      'phone number',
      'the service you chose',
      'IP address',
      'double opt-in',
      'Data Protection Act',
      // What the visitor analytics keeps (issue 24), and what it never does.
      'The site sets no cookies and keeps nothing in your browser’s local storage.',
      'a salted hash) for that one day',
      'We never store your internet address or your browser’s name for this.',
      'The record of each page view is kept for 30 days, then deleted.',
      'Daily totals',
    ])
      expect(privacy.text).toContain(words);
    expect(privacy.text).toContain('<a href="mailto:info@kafue.example">');
    expect((await page('/cookies')).text).toContain('no advertising trackers');
    expect((await page('/terms')).text).toContain('<h1 id="legal-title">Terms of Service</h1>');
    const sitemap = (await page('/sitemap.xml')).text;
    for (const path of ['/privacy', '/terms', '/cookies']) expect(sitemap).toContain(`${path}</loc>`);
  });

  it('change when an edit is published: raw HTML shown as text, unsafe links refused, the review marker cleared', async () => {
    const terms = (await legalItems()).find((i) => i.key === 'terms')!;
    const body = '## Changed terms\n\n<script>alert(1)</script> [click](javascript:alert(1)) and [privacy](/privacy).';
    const saved = await editor.put(api.contentItem('legalPages', terms._id), {
      ...fieldsOf(terms),
      body,
      updated: '2026-12-01',
      needsReview: false,
    });
    expect(saved.status).toBe(200);
    const html = await eventually('/terms', (h) => h.includes('Changed terms'));
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).not.toContain('href="javascript:');
    expect(html).toContain('<a href="/privacy">privacy</a>');
    expect(html).toContain('<time dateTime="2026-12-01">1 December 2026</time>');
    expect((await legalItems()).find((i) => i.key === 'terms')!.needsReview).toBe(false);
    // Its history keeps the seeded text.
    const revisions = (await editor.get(api.contentRevisions('legalPages', terms._id))).body as unknown[];
    expect(revisions).toHaveLength(2);
  });

  it('a draft leaves the page as published; the preview shows the draft on its own page', async () => {
    const cookies = (await legalItems()).find((i) => i.key === 'cookies')!;
    await editor.put(api.contentItem('legalPages', cookies._id), { ...fieldsOf(cookies), status: 'draft', body: 'Draft words only.' });
    const preview = await editor.get(api.contentPreview('legalPages', cookies._id));
    expect(preview.text).toContain('Draft words only.');
    expect(preview.text).toContain('<h1 id="legal-title">Cookie Policy</h1>');
    // Unpublished, the page is gone (404, and from the sitemap) until published again.
    await eventually('/cookies', (h, status) => status === 404 && h.includes('Page Not Found'));
    expect((await page('/sitemap.xml')).text).not.toContain('/cookies</loc>');
    await editor.put(api.contentItem('legalPages', cookies._id), { ...fieldsOf(cookies), status: 'published' });
    await eventually('/cookies', (h) => h.includes('no advertising trackers'));
  });

  it('are never added, deleted or moved to another page', async () => {
    const [privacy] = await legalItems();
    const refused = 'The legal pages are fixed: edit the Privacy Policy, Terms of Service or Cookie Policy that are there.';
    const added = await editor.post(api.content('legalPages'), { ...fieldsOf(privacy), status: 'published' });
    expect([added.status, added.body.message]).toEqual([409, refused]);
    const deleted = await editor.delete(api.contentItem('legalPages', privacy._id));
    expect([deleted.status, deleted.body.message]).toEqual([409, refused]);
    const moved = await editor.put(api.contentItem('legalPages', privacy._id), { ...fieldsOf(privacy), key: 'terms' });
    expect([moved.status, moved.body.message]).toEqual([409, refused]);
    expect((await legalItems()).map((i) => i.key)).toEqual(['privacy', 'terms', 'cookies']);
  });

  it('are linked from every page’s footer, and the contact form links to the privacy page', async () => {
    const home = (await page('/')).text;
    expect(home).toContain(
      '<li><a href="/privacy">Privacy Policy</a></li><li><a href="/terms">Terms of Service</a></li><li><a href="/cookies">Cookie Policy</a></li>',
    );
    expect((await page('/contact')).text).toContain(
      'We use your details only to answer your enquiry. See our<!-- --> <a href="/privacy">Privacy Policy</a>.',
    );
  });
});

describe('the privacy text of the visitor analytics (migration PrivacyAnalytics)', () => {
  it('replaces the seeded text with its seed revision, and never a text the company wrote', async () => {
    const migration = new PrivacyAnalytics1795600000190();
    const runner = t.db.createQueryRunner();
    const privacy = async () => (await legalItems()).find((i) => i.key === 'privacy')!;
    const revisionsOf = async (id: string) =>
      ((await editor.get(api.contentRevisions('legalPages', id))).body as { item: LegalItem }[]).map((r) => r.item.body);
    try {
      const current = await privacy();
      expect([current.updated, current.body]).toEqual(['2026-11-25', expect.stringContaining('salted hash')]);
      await migration.down(runner);
      const seeded = await privacy();
      expect([seeded.updated, seeded.body.includes('salted hash')]).toEqual(['2026-11-24', false]);
      expect(await revisionsOf(current._id)).toEqual([seeded.body]);
      await migration.up(runner);
      expect(await privacy()).toMatchObject({ updated: '2026-11-25', body: current.body });
      expect(await revisionsOf(current._id)).toEqual([current.body]);

      await migration.down(runner);
      const own = `${seeded.body}\n\nOur own words.`;
      expect((await editor.put(api.contentItem('legalPages', current._id), { ...fieldsOf(seeded), body: own })).status).toBe(200);
      await migration.up(runner);
      expect(await privacy()).toMatchObject({ updated: '2026-11-24', body: own });
    } finally {
      await runner.release();
    }
  });
});
