import { test as base, expect, type Page } from '@playwright/test';
import { defaultCompany, mapEmbedUrl } from '@kafue/common/company';
import { defaultHero } from '@kafue/common/hero';
import { axeViolations } from '../../scripts/axe.mjs';

const thirdParty = [new URL(defaultHero.videoUrl).host, new URL(mapEmbedUrl(defaultCompany)).host];

/**
 * Every test page: third-party media (hero video, map) answered locally so that tests do not
 * depend on the Internet, and every console error collected; a test fails on any console error
 * (a script error) other than the 404 document's own status.
 */
export const test = base.extend<{ consoleErrors: string[]; isPhone: boolean }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern; this one has none
  isPhone: async ({}, use, testInfo) => use(testInfo.project.name === 'phone'),
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      await page.route(
        (url) => thirdParty.includes(url.host),
        (route) =>
          route.request().resourceType() === 'document'
            ? route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Map</title><p>Map</p>' })
            : route.fulfill({ status: 204 }),
      );
      page.on('console', (m) => {
        if (m.type() !== 'error') return;
        if (m.text().includes('status of 404') && m.location().url.startsWith(page.url().split('#')[0])) return;
        errors.push(m.text());
      });
      page.on('pageerror', (e) => errors.push(e.message));
      await use(errors);
      expect(errors, 'console errors').toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };

/** Opens a path and waits until its script has run: the islands are ready to load on first use. */
export async function open(page: Page, path: string) {
  const response = await page.goto(path);
  await expect(page.locator('html[data-ready="true"]')).toHaveCount(1);
  return response;
}

/**
 * Installs Playwright's clock, stopped: page timers (setTimeout, requestIdleCallback...) then run
 * only when the test calls page.clock.runFor, so 5000 / 2000 / 100 ms are exact.
 */
export async function stopClock(page: Page) {
  await page.clock.install();
  await page.clock.pauseAt(new Date(Date.now() + 60_000));
}

/** axe (every rule of its default set) on the page as it stands. */
export async function expectNoAxeViolations(page: Page, label: string) {
  const violations = await axeViolations(page);
  const summary = violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
  expect(summary, label).toEqual([]);
}

/** Ends every scroll-reveal (waiting or mid-animation) so that axe sees the final colours. */
export async function revealAll(page: Page) {
  await page.evaluate(() => document.querySelectorAll('[data-rv]').forEach((el) => el.setAttribute('data-rv', 'static')));
  await page.waitForFunction(() => document.getAnimations().every((a) => !(a instanceof CSSTransition) || a.playState !== 'running'));
}

/**
 * Opens the pricing page's add-ons and waits for the panel to finish opening: a click on an Add to
 * Plan while the panel still grows can lose its mouseup to the page scrolling under it (scroll
 * anchoring), and then no click happens at all, for a test as for a hurried visitor.
 */
export async function showAddOns(page: Page) {
  await page.getByRole('button', { name: 'View Add-ons' }).click();
  await page.locator('#addons-panel[data-open="true"]').evaluate((panel) => Promise.all(panel.getAnimations().map((a) => a.finished)));
}

/**
 * A control's accessible name: its visible words, then the item it is for (read only by screen
 * readers, in a visually hidden span, which Chromium joins with or without a space).
 */
export const named = (words: string, item: string) => new RegExp(`^${words}\\s*:?\\s*${item.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
