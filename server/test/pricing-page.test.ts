/**
 * One source for every price: the pricing page's Detailed Plan Comparison and the contact page
 * with a selection follow a plan edited in the console, within the publishing timings (the
 * page shows the change within the 10 s `eventually` allows; the publish bench measures ~0.5 s).
 * And the contact page with a selection: rendered on demand, never an error, plain /contact
 * still from memory. And a Tech Insight's Read More leads to its article, whose address stays when its title changes.
 * Needs the site's SSR build (`npm run build -w site`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '@kafue/common/contract';
import { eventuallyServed, sitePage, startSiteTestServer, type Client, type TestServer } from './helpers.js';

let t: TestServer;
let editor: Client;

beforeAll(async () => {
  t = await startSiteTestServer();
  editor = (await t.admin('Editor')).client;
});
afterAll(() => t?.close());

const page = (path: string) => sitePage(t, path);
const eventually = (path: string, check: (html: string) => boolean) => eventuallyServed(t, path, check);

/** The comparison table's row `feature`, as the cells' text. */
function tableRow(html: string, feature: string): string[] {
  const table = /<table class="comparison">([\s\S]*?)<\/table>/.exec(html)![1];
  const row = new RegExp(`<tr><th scope="row">${feature}</th>([\\s\\S]*?)</tr>`).exec(table)![1];
  return [...row.matchAll(/<td>([\s\S]*?)<\/td>/g)].map((m) => m[1].replace(/<[^>]+>/g, '').trim());
}

describe('the Detailed Plan Comparison', () => {
  it('is the plans: a price, a row and a plan edited in the console show in the table once published', async () => {
    const before = (await page('/projects')).text;
    expect(tableRow(before, 'Monthly price')).toEqual(['$29', '$99', 'Custom']);
    expect(tableRow(before, 'Storage')).toEqual(['10GB', '50GB', 'Unlimited']);
    expect(tableRow(before, 'Dedicated account manager')).toEqual(['Not included', 'Not included', 'Included']);

    const plans = (await editor.get(api.content('plans'))).body as Array<Record<string, unknown> & { _id: string; name: string }>;
    const { _id, position: _p, updatedAt: _u, draft: _d, ...starter } = plans.find((p) => p.name === 'Starter')!;
    const comparison = (starter.comparison as string[]).map((row) => (row.startsWith('Storage:') ? 'Storage: 20GB' : row));
    const saved = await editor.put(api.contentItem('plans', _id), {
      ...starter,
      price: '$35',
      comparison: [...comparison, 'Dedicated account manager'],
    });
    expect(saved.status).toBe(200);

    const started = Date.now();
    const html = await eventually('/projects', (h) => tableRow(h, 'Monthly price')[0] === '$35');
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(tableRow(html, 'Storage')).toEqual(['20GB', '50GB', 'Unlimited']);
    expect(tableRow(html, 'Dedicated account manager')).toEqual(['Included', 'Not included', 'Included']);
    // The plan's card says the same price: one source.
    expect(html).toContain('<strong>$35</strong>');
  });
});

describe('the contact page with a selection', () => {
  it('shows the request resolved from the published plans, and a price change once published', async () => {
    const first = await page('/contact?plan=Business&addon=Priority%20Support');
    expect(first.status).toBe(200);
    expect(first.text).toContain('Business plan, $99/month + Priority Support, $49/month, estimated $148/month');
    expect(first.text).toContain('action="/contact?plan=Business&amp;addon=Priority+Support"');
    // The same selection written another way is the same page.
    const again = await page('/contact?addon=Priority+Support&plan=Business&utm_source=x');
    expect(first.headers.get('etag')).toBeTruthy();
    expect(again.headers.get('etag')).toBe(first.headers.get('etag'));

    const plans = (await editor.get(api.content('plans'))).body as Array<Record<string, unknown> & { _id: string; name: string }>;
    const { _id, position: _p, updatedAt: _u, draft: _d, ...business } = plans.find((p) => p.name === 'Business')!;
    expect((await editor.put(api.contentItem('plans', _id), { ...business, price: '$109' })).status).toBe(200);
    await eventually('/contact?plan=Business&addon=Priority%20Support', (h) =>
      h.includes('Business plan, $109/month + Priority Support, $49/month, estimated $158/month'),
    );
  });

  it('answers any address with the contact page: unknown items are notes, never an error', async () => {
    for (const query of [
      'service=..%2F..%2Fetc%2Fpasswd',
      'plan=%E2%80%AE',
      'project=%3A',
      'addon=' + 'x'.repeat(3000),
      'plan=Gold&service=Web%2F99',
    ]) {
      const answer = await page(`/contact?${query}`);
      expect(answer.status, query).toBe(200);
      expect(answer.text).toContain('Get in Touch');
    }
    expect((await page('/contact?plan=Gold')).text).toContain('&quot;Gold&quot; is not one of our plans, so it was left out.');
  });

  it('leaves plain /contact, and a query without a selection, to the page in memory', async () => {
    const plain = await page('/contact');
    const other = await page('/contact?utm_source=newsletter');
    expect(plain.headers.get('etag')).toBeTruthy();
    expect(other.headers.get('etag')).toBe(plain.headers.get('etag'));
    expect(plain.text).not.toContain('class="your-request"');
  });
});

describe("the home page's Read More", () => {
  it('leads to each article, newest first, at an address that stays when the title changes', async () => {
    const readMoreHrefs = (html: string) => [...html.matchAll(/<a href="([^"]*)" class="text-link">Read More/g)].map((m) => m[1]);
    const seeded = [
      '/insights/choosing-the-right-hosting-plan-for-your-business-website',
      '/insights/five-cybersecurity-habits-every-small-business-needs',
      '/insights/getting-found-on-google-local-seo-for-zambian-businesses',
    ];
    expect(readMoreHrefs((await page('/')).text)).toEqual(seeded);
    const insights = (await editor.get(api.content('insights'))).body as Array<Record<string, unknown> & { _id: string }>;
    const { _id, position: _p, updatedAt: _u, draft: _d, ...first } = insights[0];
    expect((await editor.put(api.contentItem('insights', _id), { ...first, title: 'Hosting plans, explained' })).status).toBe(200);
    const html = await eventually('/', (h) => h.includes('Hosting plans, explained'));
    expect(readMoreHrefs(html)).toEqual(seeded);
  });
});
