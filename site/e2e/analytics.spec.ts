/**
 * The site's own visitor analytics as a visitor's browser meets it (issue 24): one beacon per page
 * view, in-site navigations included, the Web Vitals once the page is hidden, no cookie and no
 * localStorage key on any public page, and the visit's landing page and source sent with the forms.
 */
import type { Page, Request } from '@playwright/test';
import { attributionFields, attributionKey, collectPath, type Beacon } from '@kafue/common/analytics';
import { test, expect, open } from './fixtures';
import { contactForm, enquiriesMatching, visitor } from './visitor';

/** Every beacon the page sends, as sent. */
function beaconsOf(page: Page): Beacon[] {
  const beacons: Beacon[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname !== collectPath) return;
    expect(request.method()).toBe('POST');
    expect(request.headers()['content-type']).toMatch(/^text\/plain/);
    beacons.push(JSON.parse(request.postData()!) as Beacon);
  });
  return beacons;
}

const pageViews = (beacons: Beacon[]) => beacons.filter((b) => b.type === 'pageview').map((b) => b.path);

test('no public page sets a cookie or a localStorage key; each counts its page view', async ({ page, context }) => {
  test.setTimeout(180_000);
  const sitemap = await (await page.request.get('/sitemap.xml')).text();
  const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, loc]) => new URL(loc).pathname);
  expect(paths.length).toBeGreaterThan(20);
  const beacons = beaconsOf(page);
  for (const path of [...paths, '/no-such-page', '/search?q=cctv']) {
    await open(page, path);
    await expect.poll(() => pageViews(beacons), { message: path }).toContain(path);
    expect(await context.cookies(), path).toEqual([]);
    expect(await page.evaluate(() => Object.keys(localStorage)), path).toEqual([]);
    // The one thing kept, in the tab's session storage: where the visit landed and came from.
    expect(await page.evaluate(() => Object.keys(sessionStorage)), path).toEqual([attributionKey]);
  }
  expect(JSON.parse((await page.evaluate((key) => sessionStorage.getItem(key), attributionKey))!)).toEqual({
    landingPage: paths[0],
    source: 'direct',
  });
});

test('every page is a page view, and a hidden page sends its Web Vitals', async ({ page }) => {
  const beacons = beaconsOf(page);
  await open(page, '/?utm_source=Facebook&utm_medium=social&utm_campaign=launch');
  await expect.poll(() => pageViews(beacons)).toEqual(['/?utm_source=Facebook&utm_medium=social&utm_campaign=launch']);
  expect(beacons[0]).toEqual({
    type: 'pageview',
    path: '/?utm_source=Facebook&utm_medium=social&utm_campaign=launch',
    referrer: '',
    utm_source: 'Facebook',
    utm_medium: 'social',
    utm_campaign: 'launch',
    // The screen's width (the device class), not the window's.
    width: await page.evaluate(() => screen.width),
  });
  // A link of the site: the next page load counts itself. The site sends no referrer
  // (Referrer-Policy: no-referrer), which the server reads as it would its own address: no source.
  await page.locator('footer').getByRole('link', { name: 'About', exact: true }).click();
  await expect(page).toHaveURL(/\/about$/);
  await expect.poll(() => pageViews(beacons)).toEqual(['/?utm_source=Facebook&utm_medium=social&utm_campaign=launch', '/about']);
  expect(beacons.at(-1)).toMatchObject({ path: '/about', referrer: '' });
  expect(beacons.at(-1)).not.toHaveProperty('utm_source');

  // The tab hidden (as when the visitor switches away; a headless tab is never hidden by itself):
  // the Web Vitals go in a second beacon, for the page shown.
  const vitals = page.waitForRequest((r: Request) => r.url().endsWith(collectPath) && r.postData()?.includes('"vitals"') === true);
  // LCP is final after the visitor's first input or once the tab is hidden, events the browser
  // itself dispatches; the test's hiding is its own, so a key press ends LCP first (web-vitals
  // takes it in an idle callback).
  await page.keyboard.press('Shift');
  await page.evaluate(() => new Promise((done) => requestIdleCallback(done)));
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
  });
  const sent = JSON.parse((await vitals).postData()!) as Beacon;
  expect(sent.type).toBe('vitals');
  expect(sent.path).toBe('/about');
  expect(Object.keys(sent.vitals!)).toEqual(expect.arrayContaining(['TTFB', 'LCP', 'CLS']));
  expect(sent.vitals!.TTFB).toBeGreaterThan(0);
});

test('the contact form and the newsletter sign-up carry where the visit came from', async ({ page }) => {
  const who = await visitor(page);
  // The page's clock runs 10 s behind the server's: the form reads as filled in by a person.
  await page.clock.install({ time: Date.now() - 10_000 });
  await open(page, '/services?utm_source=facebook&utm_campaign=launch');
  await page.locator('footer').getByRole('link', { name: 'Contact', exact: true }).click();
  await expect(page).toHaveURL(/\/contact$/);
  const form = contactForm(page);
  await form.name.fill(who.name);
  await form.email.fill(who.email);
  await form.message.fill(`Where did I come from? ${who.tag}`);
  const posted = page.waitForRequest((r) => r.url().endsWith('/api/enquiries') && r.method() === 'POST');
  await form.send.click();
  expect(JSON.parse((await posted).postData()!)).toMatchObject({ landingPage: '/services', source: 'facebook', campaign: 'launch' });
  await expect(form.status).toHaveText("Message sent! We'll get back to you shortly.");
  const [enquiry] = await enquiriesMatching(who.tag);
  expect(enquiry).toMatchObject({ page: '/contact', landingPage: '/services', source: 'facebook', campaign: 'launch' });

  const signup = page.waitForRequest((r) => r.url().endsWith('/api/subscribers') && r.method() === 'POST');
  await page.locator('#newsletter-email').fill(`news-${who.email}`);
  await page.locator('footer').getByRole('button', { name: 'Subscribe' }).click();
  expect(JSON.parse((await signup).postData()!)).toMatchObject({ landingPage: '/services', source: 'facebook', campaign: 'launch' });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  test('the forms hold the attribution fields, blank, and nothing is counted or stored', async ({ page, context }) => {
    const beacons = beaconsOf(page);
    await page.goto('/contact?utm_source=facebook');
    for (const form of [page.locator('form.contact-form'), page.locator('form.newsletter')])
      for (const name of attributionFields) await expect(form.locator(`input[type="hidden"][name="${name}"]`)).toHaveValue('');
    expect(beacons).toEqual([]);
    expect(await context.cookies()).toEqual([]);
  });
});
