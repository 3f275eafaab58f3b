/**
 * The home page's hero as visitors on dear data meet it: a phone gets the poster only, well under
 * 200 KB for the whole page; a desktop plays the video (a small local fixture stands in for the
 * configured address); and each way a browser says "save my data" or "no motion" means no video.
 */
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { defaultHero } from '@kafue/common/hero';
import { test, expect, expectNoAxeViolations, open, revealAll, stopClock } from './fixtures';
import poster from '../src/content/hero-poster.json' with { type: 'json' };

const videoFixture = fileURLToPath(new URL('./files/hero.webm', import.meta.url));
const phone = { width: 390, height: 844 };
const desktop = { width: 1366, height: 768 };

/** Answers the hero's video address with the fixture; answers every media request the page makes. */
async function watchVideo(page: Page): Promise<string[]> {
  const asked: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'media' || /\.(mp4|webm)(\?|$)/.test(r.url())) asked.push(r.url());
  });
  await page.route(defaultHero.videoUrl, (route) => route.fulfill({ path: videoFixture, contentType: 'video/webm' }));
  return asked;
}

/** Every response's bytes on the wire (headers and body as sent, compressed), by URL. */
function countBytes(page: Page): Map<string, number> {
  const bytes = new Map<string, number>();
  page.on('requestfinished', async (request) => {
    const sizes = await request.sizes();
    bytes.set(request.url(), (bytes.get(request.url()) ?? 0) + sizes.responseHeadersSize + sizes.responseBodySize);
  });
  return bytes;
}

const heroVideo = (page: Page) => page.locator('video.hero-video');

/**
 * The hero after load and 5 s of the page's time (its clock, stopped by the test, run on here):
 * the idle callback that would give the video its address (2 s at most) has had its turn.
 */
async function expectNoVideo(page: Page, asked: string[], label: string) {
  await page.clock.runFor(5000);
  expect(await heroVideo(page).evaluate((v: HTMLVideoElement) => v.getAttribute('src')), label).toBeNull();
  expect(asked, label).toEqual([]);
}

test('on a 390x844 phone: the poster, no video, at most 200 KB in all by 5 s after load, axe clean', async ({ page }) => {
  await page.setViewportSize(phone);
  const asked = await watchVideo(page);
  const bytes = countBytes(page);
  await page.goto('/', { waitUntil: 'load' });
  await page.waitForTimeout(5000);
  const total = [...bytes.values()].reduce((a, b) => a + b, 0);
  const list = [...bytes].map(([url, n]) => `${new URL(url).pathname} ${n}`).join('\n');
  test.info().annotations.push({ type: 'phone bytes', description: `${total} B\n${list}` });
  console.log(`home on a phone: ${total} bytes\n${list}`);
  expect(asked).toEqual([]);
  expect(total, list).toBeLessThanOrEqual(200 * 1024);
  // The picture the phone chose: the portrait crop, AVIF, small.
  const img = page.locator('.hero picture img');
  await expect(img).toHaveAttribute('width', '1280');
  await expect(img).toHaveAttribute('height', '720');
  const chosen = await img.evaluate((i: HTMLImageElement) => i.currentSrc);
  expect(chosen).toMatch(new RegExp(`${poster.dir}/poster-portrait-\\d+\\.avif$`));
  expect(bytes.get(chosen)).toBeLessThanOrEqual(60 * 1024);
  expect(await img.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth > 0)).toBe(true);
  await expect(heroVideo(page)).toHaveText('Your browser does not support the video tag.');
  await revealAll(page);
  await expectNoAxeViolations(page, 'home on a phone');
});

test('every rendition of the poster exists in AVIF, WebP and JPEG, a phone’s at most 60 KB', async ({ request }) => {
  for (const shape of ['landscape', 'portrait'] as const) {
    for (const width of poster[shape].widths) {
      for (const [format, type] of [
        ['avif', 'image/avif'],
        ['webp', 'image/webp'],
        ['jpg', 'image/jpeg'],
      ]) {
        const res = await request.get(`${poster.dir}/poster-${shape}-${width}.${format}`);
        expect(res.status()).toBe(200);
        expect(res.headers()['content-type']).toBe(type);
        if (shape === 'portrait' && format !== 'jpg') expect((await res.body()).length).toBeLessThanOrEqual(60 * 1024);
      }
    }
  }
});

test('on a 1366x768 desktop the video plays over the poster after load, and pauses on request; axe clean', async ({ page }) => {
  await page.setViewportSize(desktop);
  const asked = await watchVideo(page);
  await open(page, '/');
  const video = heroVideo(page);
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.getAttribute('src'))).toBe(defaultHero.videoUrl);
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 10_000 }).toBeGreaterThan(0.2);
  expect(await video.evaluate((v: HTMLVideoElement) => v.muted && !v.paused)).toBe(true);
  await expect(video).toHaveAttribute('data-playing', 'true');
  await expect(video).toHaveCSS('opacity', '1');
  expect(asked).toContain(defaultHero.videoUrl);
  expect(await page.locator('.hero picture img').evaluate((i: HTMLImageElement) => i.currentSrc)).toMatch(/poster-landscape-\d+\.avif$/);
  await page.getByRole('button', { name: 'Pause background video' }).click();
  expect(await video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
  await expect(page.getByRole('button', { name: 'Play background video' })).toBeFocused();
  await revealAll(page);
  await expectNoAxeViolations(page, 'home on a desktop with the video');
});

test('the video waits for load and idle time', async ({ page }) => {
  await page.setViewportSize(desktop);
  await watchVideo(page);
  await stopClock(page);
  await open(page, '/');
  const video = heroVideo(page);
  expect(await video.evaluate((v: HTMLVideoElement) => v.getAttribute('src'))).toBeNull();
  // The load event has fired; the idle callback (2 s timeout) sets the address.
  await page.clock.runFor(2000);
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.getAttribute('src'))).toBe(defaultHero.videoUrl);
});

/** Each signal, on a desktop that would otherwise play the video. */
const noVideoWhen: { name: string; prepare: (page: Page) => Promise<unknown> }[] = [
  {
    name: 'the Save-Data request header',
    prepare: (page) => page.setExtraHTTPHeaders({ 'Save-Data': 'on' }),
  },
  {
    name: 'navigator.connection.saveData',
    prepare: (page) =>
      page.addInitScript(() =>
        Object.defineProperty(Navigator.prototype, 'connection', { get: () => ({ saveData: true, effectiveType: '4g' }) }),
      ),
  },
  ...['2g', '3g', 'slow-2g'].map((type) => ({
    name: `an effectiveType of ${type}`,
    prepare: (page: Page) =>
      page.addInitScript(
        (effectiveType) => Object.defineProperty(Navigator.prototype, 'connection', { get: () => ({ saveData: false, effectiveType }) }),
        type,
      ),
  })),
  {
    name: 'prefers-reduced-motion',
    prepare: (page) => page.emulateMedia({ reducedMotion: 'reduce' }),
  },
  {
    name: 'a screen narrower than 1024 px (a tablet held upright)',
    prepare: (page) => page.setViewportSize({ width: 1023, height: 1366 }),
  },
];

for (const { name, prepare } of noVideoWhen) {
  test(`no video for ${name}`, async ({ page }) => {
    await page.setViewportSize(desktop);
    const asked = await watchVideo(page);
    await prepare(page);
    await stopClock(page);
    await open(page, '/');
    await expectNoVideo(page, asked, name);
    // The poster stays, whole.
    expect(await page.locator('.hero picture img').evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth > 0)).toBe(true);
  });
}

test('the server marks the page for Save-Data, and says that the page varies with it', async ({ request }) => {
  const plain = await request.get('/');
  expect(plain.headers()['vary']).toMatch(/Save-Data/);
  expect(await plain.text()).not.toContain('data-save-data');
  const saving = await request.get('/', { headers: { 'Save-Data': 'on' } });
  expect(await saving.text()).toMatch(/<html data-save-data="" lang="en"/);
  expect(saving.headers()['etag']).not.toBe(plain.headers()['etag']);
});
