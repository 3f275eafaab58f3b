/**
 * Settings › Company › Home page video, as the owner meets it: the address the home page plays,
 * the note that recommends a light file, a refused address that never reaches the server, and a
 * saved one that the public home page carries moments later.
 */
import { expect } from '@playwright/test';
import { api, messages } from '@kafue/common/contract';
import { defaultHero, heroVideoAdvice } from '@kafue/common/hero';
import { expectNoViolations } from './axe';
import { apiAs, signIn, superAdmin, toasts, test } from './support';

test(
  'Home page video: the recommendation, a refused address, a saved one on the public home page; fits a phone, axe clean',
  { tag: '@alone' },
  async ({ page }) => {
    // Three axe passes on a shared machine.
    test.setTimeout(120_000);
    await signIn(page, superAdmin, '/admin/settings/company');
    const panel = page.getByRole('form', { name: 'Home page video' });
    const address = panel.getByRole('textbox', { name: /^Video address/ });
    // The screen's code loads on first visit: on a shared machine that can take a while.
    await expect(address).toHaveValue(defaultHero.videoUrl, { timeout: 20_000 });
    await expect(panel.getByText(heroVideoAdvice, { exact: false })).toBeVisible();
    await expectNoViolations(page, 'company settings with the home page video');
    // On a phone too: nothing scrolls sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoViolations(page, 'company settings at 390 px');
    await page.setViewportSize({ width: 1366, height: 768 });

    let saved = 0;
    page.on('request', (r) => r.method() === 'PUT' && r.url().endsWith(api.heroSettings) && saved++);
    await address.fill('http://videos.example/hero.mp4');
    await panel.getByRole('button', { name: 'Save Video' }).click();
    await expect(panel.getByText('Enter the full address starting with https://, or a path of this site starting with /.')).toBeVisible();
    expect(saved).toBe(0);
    await expectNoViolations(page, 'home page video refused');

    try {
      await address.fill('/media/hero-720p.mp4');
      await panel.getByRole('button', { name: 'Save Video' }).click();
      await expect(toasts(page)).toContainText(messages.settingsUpdated);
      expect(saved).toBe(1);
      // Published with the home page: its hero video names the new address within moments.
      await expect
        .poll(async () => (await (await page.request.get('/')).text()).includes('data-url="/media/hero-720p.mp4"'), { timeout: 10_000 })
        .toBe(true);
      await page.reload();
      await expect(page.getByRole('form', { name: 'Home page video' }).getByRole('textbox', { name: /^Video address/ })).toHaveValue(
        '/media/hero-720p.mp4',
      );
    } finally {
      // The seed again, for the rest of the run.
      expect((await (await apiAs(superAdmin)).put(api.heroSettings, { data: defaultHero })).status()).toBe(200);
    }
  },
);
