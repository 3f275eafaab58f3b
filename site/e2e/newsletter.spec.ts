import { linkInOutbox } from '../../scripts/outbox.mjs';
import { newsletterTexts } from '@kafue/common/newsletter';
import { dataDir } from '../playwright.config';
import { expect, expectNoAxeViolations, open, test } from './fixtures';
import type { Page, TestInfo } from '@playwright/test';

/** The path of the confirmation link in the last mail to `email`, once the mail queue delivered it. */
async function confirmationLink(email: string): Promise<string> {
  let path: string | undefined;
  await expect
    .poll(async () => (path = await linkInOutbox(dataDir, email, /https?:\/\/[^\s/]+(\/subscribe\/confirm\?token=[\w-]+)/)), {
      message: `the confirmation mail to ${email}`,
      timeout: 15_000,
    })
    .toBeTruthy();
  return path!;
}

/** A reader of this test alone (address and connection), so that the per-address limit counts each apart. */
async function reader(page: Page, info: TestInfo, n: number): Promise<string> {
  await page.setExtraHTTPHeaders({ 'X-Forwarded-For': `198.51.100.${n + (info.project.name === 'phone' ? 100 : 0)}` });
  return `reader.${n}.${info.project.name}.${Date.now()}@kafue.test`;
}

/** Fills the footer's form as a person does: some seconds after the page appeared (robots are faster). */
async function subscribe(page: Page, email: string) {
  const footer = page.locator('footer');
  await page.waitForTimeout(3_100);
  await footer.getByRole('textbox', { name: 'Email address' }).fill(email);
  await footer.getByRole('button', { name: 'Subscribe' }).click();
}

/**
 * Opens the mailed link: the page asks, and only its button (a POST) confirms, once. `axe`: checks
 * the pages (it needs the page's JavaScript).
 */
async function confirmFromMail(page: Page, email: string, axe: boolean) {
  const link = await confirmationLink(email);
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: newsletterTexts.confirmHeading })).toBeVisible();
  if (axe) await expectNoAxeViolations(page, 'the confirmation page');
  await page.getByRole('button', { name: newsletterTexts.confirmButton }).click();
  await expect(page.getByRole('status').filter({ hasText: newsletterTexts.confirmed })).toBeVisible();
  if (axe) await expectNoAxeViolations(page, 'the confirmed page');
  // The link is used up: the same button's post again says so.
  const again = await page.request.post(link, { form: {} });
  expect(again.status()).toBe(400);
  expect(await again.text()).toContain(newsletterTexts.confirmExpired);
}

test('subscribe from the footer and confirm from the captured mail', { tag: '@layout' }, async ({ page }, info) => {
  const email = await reader(page, info, 1);
  await open(page, '/');
  await subscribe(page, email);
  await expect(page.locator('footer').getByRole('status')).toHaveText(newsletterTexts.checkInbox);
  await expect(page.locator('footer').getByRole('link', { name: newsletterTexts.privacyLink })).toHaveAttribute('href', '/privacy');
  await confirmFromMail(page, email, true);
  await open(page, '/subscribe');
  await expectNoAxeViolations(page, 'the subscribe page');
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the footer form posts to /subscribe, whose page answers; the mailed link confirms', async ({ page }, info) => {
    const email = await reader(page, info, 2);
    await page.goto('/services');
    await subscribe(page, email);
    await expect(page).toHaveURL(/\/subscribe$/);
    await expect(page.getByRole('status').filter({ hasText: newsletterTexts.checkInbox })).toBeVisible();
    await confirmFromMail(page, email, false);
  });
});
