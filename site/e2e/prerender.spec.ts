import { brand } from '@kafue/common/brand';
import { defaultCompany } from '@kafue/common/company';
import { test, expect } from './fixtures';
import { servicesByCategory, serviceDetailPaths } from '../src/content/seed';
import { routeMeta } from '../src/content/meta';
import { siteConfig } from '../src/content/site';
import { notFound } from '../src/content/pages';
import { serviceDetail } from '../src/content/services-page';

/** What search engines and people without JavaScript get: the prerendered HTML itself. */
test.describe('prerendered HTML', () => {
  const pages = [
    {
      path: '/',
      meta: routeMeta.home,
      texts: [
        'Explore Our Services',
        'Why Choose Us',
        '200+',
        'Happy Clients',
        'What Our Clients Say',
        'Tech Insights',
        'Your browser does not support the video tag.',
        `id="about-${brand.slug}"`,
      ],
    },
    {
      path: '/services',
      meta: routeMeta.services,
      texts: [
        '50+ Successful Projects',
        'Web &amp; Hosting Services',
        'Website Creation',
        'Discovery &amp; Consultation',
        'id="services"',
        'id="faq"',
      ],
    },
    {
      path: '/projects',
      meta: routeMeta.pricing,
      texts: [
        'Simple, Transparent Pricing',
        '30-Day Money Back Guarantee',
        'Monthly Plans',
        'Most Popular',
        'Save $200/year',
        'Detailed Plan Comparison',
        'Optional Add-ons',
        'id="faq"',
      ],
    },
    { path: '/about', meta: routeMeta.about, texts: ['Zambian-owned digital innovation hub'] },
    {
      path: '/contact',
      meta: routeMeta.contact,
      texts: ['Get in Touch', 'Send us a Message', 'Quick Response Guarantee', 'class="map-frame"'],
    },
  ];

  for (const { path, meta, texts } of pages) {
    test(`${path} has its content, title, description, canonical, Open Graph and JSON-LD before any script runs`, async ({ request }) => {
      const res = await request.get(path);
      expect(res.status()).toBe(200);
      expect(res.headers()['content-type']).toContain('text/html');
      const html = await res.text();
      const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
      expect(html).toContain(`<title>${esc(meta.title)}</title>`);
      expect(html).toContain(`<meta name="description" content="${esc(meta.description)}">`);
      const url = new URL(path, siteConfig.siteUrl).href;
      expect(html).toContain(`<link rel="canonical" href="${url}">`);
      expect(html).toContain(`<meta property="og:url" content="${url}">`);
      expect(html).toContain(`<meta property="og:title" content="${esc(meta.title)}">`);
      expect(html).toContain('<meta property="og:image"');
      const ld = JSON.parse(html.match(/<script type="application\/ld\+json">(.*?)<\/script>/s)![1]);
      expect(ld).toMatchObject({ '@type': 'LocalBusiness', address: { addressLocality: 'Lusaka' } });
      expect(ld.openingHoursSpecification[0]).toMatchObject({ opens: '09:00', closes: '18:00' });
      expect(ld.openingHoursSpecification[0].dayOfWeek).toEqual(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']);
      for (const t of texts) expect(html).toContain(t);
      // Header and footer are part of every page.
      expect(html).toContain(defaultCompany.openingHours);
      expect(html).toContain(`Operating since ${brand.foundedYear}.`);
      // Nothing is hidden for scroll-reveal in the HTML: that happens only once the page's script runs.
      expect(html).not.toMatch(/ data-rv="/);
    });
  }

  test('all 18 service detail pages are prerendered with their title, price and features', async ({ request }) => {
    const paths = serviceDetailPaths();
    expect(paths).toHaveLength(18);
    for (const [category, list] of Object.entries(servicesByCategory)) {
      for (const [i, s] of list.entries()) {
        const res = await request.get(`/service/${category}/${i}`);
        expect(res.status()).toBe(200);
        const html = await res.text();
        const esc = (x: string) => x.replace(/&/g, '&amp;');
        expect(html).toContain(`<h1 id="service-title">${esc(s.title)}</h1>`);
        expect(html).toContain(`<strong>${s.price}</strong>`);
        for (const f of s.features) expect(html).toContain(esc(f));
        // At its position as the specification has it, canonical on its permanent address.
        expect(html).toContain(`<link rel="canonical" href="${siteConfig.siteUrl}/service/${category}/${s.slug}">`);
        expect((await request.get(`/service/${category}/${s.slug}`)).status()).toBe(200);
        expect(html).toContain('Request This Service');
      }
    }
  });

  test('unknown paths answer the 404 page with status 404, without a canonical link; an unknown service its own', async ({ request }) => {
    for (const path of ['/no-such-page', '/services/extra', '/service/Web/9', '/service/Nope/0']) {
      const res = await request.get(path);
      expect(res.status(), path).toBe(404);
      const html = await res.text();
      if (path.startsWith('/service/')) {
        expect(html).toContain(serviceDetail.notFound);
        expect(html).toContain('href="/services#services"');
        expect(html).not.toContain(notFound.text);
      } else {
        expect(html).toContain(notFound.text);
        expect(html).toContain('Go back Home');
      }
      expect(html).toContain('<meta name="robots" content="noindex">');
      expect(html).not.toContain('rel="canonical"');
    }
  });

  test('sitemap.xml lists every public page; robots.txt points to it', async ({ request }) => {
    const xml = await (await request.get('/sitemap.xml')).text();
    const locs = [...xml.matchAll(/<loc>(.*?)<\/loc>/g)].map((m) => m[1]);
    // The routes, the services' pages, the articles' (/insights, its three categories, three
    // articles) and the three legal pages; the newsletter's pages are reached from mails, not listed.
    expect(locs).toHaveLength(5 + 18 + 7 + 3);
    for (const p of [
      '/',
      '/services',
      '/projects',
      '/about',
      '/contact',
      '/service/CCTV/remote-surveillance-setup',
      '/insights',
      '/insights/category/security',
      '/privacy',
    ])
      expect(locs).toContain(new URL(p, siteConfig.siteUrl).href);
    const robots = await (await request.get('/robots.txt')).text();
    expect(robots).toContain('User-agent: *');
    expect(robots).toContain(`Sitemap: ${siteConfig.siteUrl}/sitemap.xml`);
  });

  test('hashed assets are cached for a year, HTML is revalidated, no web font or third-party script', async ({ request }) => {
    const res = await request.get('/');
    expect(res.headers()['cache-control']).toBe('no-cache');
    const html = await res.text();
    const scripts = [...html.matchAll(/<script[^>]*src="([^"]+)"/g)].map((m) => m[1]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const src of scripts) {
      expect(src).toMatch(/^\/assets\/.+-[\w-]{8}\.js$/);
      const asset = await request.get(src);
      expect(asset.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    }
    expect(html).not.toMatch(/@font-face|fonts\.googleapis|<link[^>]+\.woff/);
    expect(html).not.toMatch(/<script[^>]+src="https?:/);
    // The stylesheet is inlined: no render-blocking request.
    expect(html).not.toMatch(/<link rel="stylesheet"/);
    // The hero video's address is only in data (its island's): no element fetches it before the page has loaded.
    expect(html).toMatch(/<video class="hero-video" muted="" loop="" playsInline="" preload="none"/);
    expect(html).not.toMatch(/<(video|source)[^>]+src=|<link[^>]+as="video"/);
    expect(html).toMatch(/<img class="hero-poster" src="\/media\/hero\/poster-landscape-1280\.jpg"/);
    expect((await request.get(siteConfig.ogImage)).status()).toBe(200);
    expect((await request.get('/favicon.svg')).status()).toBe(200);
  });
});

test('without JavaScript every section is visible', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto('/services');
  const step = page.getByRole('heading', { name: 'Launch & Support' });
  await step.scrollIntoViewIfNeeded();
  await expect(step).toBeVisible();
  expect(await step.evaluate((el) => getComputedStyle(el.closest('[data-reveal]')!).opacity)).toBe('1');
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Tech Insights' })).toBeVisible();
  await context.close();
});
