/**
 * An article is written in the console beside its live preview (side by side on a wide screen,
 * Write and Preview tabs on a phone), published, and served at /insights/{slug}.
 */
import { expect, request } from '@playwright/test';
import { expectNoViolations } from './axe';
import { baseURL, createAdmin, signIn, toasts, unique, test } from './support';

test('an article is written beside its live preview and published at its address, unsafe links left out', async ({ page }) => {
  test.setTimeout(90_000);
  const editor = await createAdmin('Editor');
  const title = `Backups that work ${unique('article')}`;
  await signIn(page, editor, '/admin/site-content');
  await page.getByRole('tab', { name: 'Articles' }).click();
  await page.getByRole('button', { name: 'Add Article' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Article' });
  await dialog.getByRole('textbox', { name: /^Title/ }).fill(title);
  await dialog.getByRole('textbox', { name: /^Category/ }).fill('Security');
  await dialog.getByRole('textbox', { name: /^Description/ }).fill('Three copies, two places, one tested restore.');
  await dialog.getByLabel(/^Date/).fill('2026-11-20');
  await dialog.getByRole('textbox', { name: /^Author/ }).fill('Mutale Banda');
  await dialog
    .getByRole('textbox', { name: /^Article text/ })
    .fill('## Why\n\nA **backup** you never restored is a hope. [Ask us](/contact) or [not this](javascript:alert(1)).');
  const preview = dialog.getByRole('region', { name: 'Article text: preview' });
  await expect(preview.getByRole('heading', { level: 2, name: 'Why' })).toBeVisible();
  await expect(preview.getByRole('link', { name: 'Ask us' })).toHaveAttribute('href', '/contact');
  await expect(preview.getByRole('link', { name: 'not this' })).toHaveCount(0);
  await expectNoViolations(page, 'the article editor with its preview');
  await dialog.getByRole('switch', { name: 'Published' }).check({ force: true });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(toasts(page)).toContainText('Saved');

  const slug = title.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  const visitor = await request.newContext({ baseURL: baseURL() });
  await expect.poll(async () => (await visitor.get(`/insights/${slug}`)).status(), { timeout: 15_000 }).toBe(200);
  const html = await (await visitor.get(`/insights/${slug}`)).text();
  expect(html).toContain('<h2>Why</h2>');
  expect(html).not.toContain('href="javascript:');
  await visitor.dispose();
});

test('on a phone the article text and its preview are two tabs', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const editor = await createAdmin('Editor');
  await signIn(page, editor, '/admin/site-content');
  await page.getByRole('tab', { name: 'Articles' }).click();
  await page.getByRole('button', { name: 'Add Article' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Article' });
  await dialog.getByRole('textbox', { name: /^Article text/ }).fill('Plain **words**.');
  await expect(dialog.getByRole('region', { name: 'Article text: preview' })).toHaveCount(0);
  const views = dialog.getByRole('tablist', { name: 'Article text' });
  await views.getByRole('tab', { name: 'Preview' }).click();
  await expect(dialog.getByRole('region', { name: 'Article text: preview' }).locator('strong')).toHaveText('words');
  await views.getByRole('tab', { name: 'Write' }).click();
  await expect(dialog.getByRole('textbox', { name: /^Article text/ })).toHaveValue('Plain **words**.');
  await expectNoViolations(page, 'the article editor on a phone');
});
