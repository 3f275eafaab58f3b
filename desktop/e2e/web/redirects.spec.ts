/**
 * Links that never break: a visitor keeps a service's link, an editor moves the service to another
 * category in the console, and the old link still opens it; the Redirects screen lists the
 * automatic redirect with its reason, and a missing page the visitor met is redirected from the
 * missing pages list with "Redirect this".
 */
import { expect } from '@playwright/test';
import { messages } from '@kafue/common/contract';
import { axeAtBothWidths } from './axe';
import { apiAs, baseURL, choose, createAdmin, signIn, toasts, unique, test } from './support';

test('a service moved to another category is reached by its old link; a missing page is redirected from the Redirects screen', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const editor = await createAdmin('Editor');
  const key = unique('moved');
  const title = `Solar Backup ${key}`;
  const api = await apiAs(editor);
  const added = await api.post('/api/content/services', {
    data: { title, category: 'IT', price: '$450', description: 'Power through load-shedding.', features: [], status: 'published' },
  });
  expect(added.status(), await added.text()).toBe(201);
  await api.dispose();

  // A visitor finds it on the Services page and keeps its link (as one shared on WhatsApp).
  const visitor = await browser.newPage({ baseURL: baseURL() });
  await expect
    .poll(async () => (await visitor.goto('/services'))?.status() === 200 && (await visitor.content()).includes(title), { timeout: 15_000 })
    .toBe(true);
  // The category browser works once its code has loaded: a click before that changes nothing, so
  // the click is repeated until the category shows.
  const details = visitor.getByRole('link', { name: `View Details for ${title}` });
  await expect(async () => {
    await visitor.getByRole('button', { name: 'IT & Office', exact: true }).click();
    await expect(details).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await details.click();
  await expect(visitor.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const oldLink = new URL(visitor.url()).pathname;
  expect(oldLink).toMatch(/^\/service\/IT\/solar-backup-/);

  // The editor moves it to CCTV in the console.
  await signIn(page, editor, '/admin/manage-services');
  await page
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { name: title, exact: true }) })
    .getByRole('button', { name: `Edit ${title}` })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Edit Service' });
  await expect(dialog.getByRole('textbox', { name: /^Address/ })).toHaveValue(oldLink.split('/').pop()!);
  await choose(dialog, 'Category', 'CCTV');
  // The service is published: the move is saved as pending changes, then put live.
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(toasts(page)).toContainText(messages.draftSaved);
  await dialog.getByRole('alert').filter({ hasText: 'Pending changes' }).getByRole('button', { name: 'Publish changes' }).click();
  await expect(toasts(page)).toContainText(messages.draftPublished);
  await page.keyboard.press('Escape');

  // The old link opens the service at its new address.
  const newLink = oldLink.replace('/service/IT/', '/service/CCTV/');
  await expect
    .poll(
      async () => {
        await visitor.goto(oldLink);
        return new URL(visitor.url()).pathname;
      },
      { timeout: 15_000 },
    )
    .toBe(newLink);
  await expect(visitor.getByRole('heading', { level: 1, name: title })).toBeVisible();

  // The Redirects screen lists it, made by the site, with why.
  await page.goto('/admin/redirects');
  const row = page.getByRole('region', { name: 'Redirects' }).getByRole('row').filter({ hasText: oldLink });
  await expect(row).toContainText(newLink);
  await expect(row).toContainText(`Automatic: "${title}" moved from IT to CCTV`);
  await axeAtBothWidths(page, 'Redirects with an automatic redirect');

  // A missing page the visitor meets is listed (counts are written every few seconds), and redirected from there.
  const missing = `/flyer-${key}`;
  expect((await visitor.goto(missing))?.status()).toBe(404);
  const missingRows = page.getByRole('region', { name: 'Missing pages' }).getByRole('row');
  const missingRow = missingRows.filter({ hasText: missing });
  await expect
    .poll(
      async () => {
        await page.reload();
        // Once the list has loaded: a row under its header (a missing page, or the line saying there is none).
        await missingRows.nth(1).waitFor();
        return missingRow.count();
      },
      { timeout: 30_000 },
    )
    .toBe(1);
  await missingRow.getByRole('button', { name: `Redirect ${missing}` }).click();
  const form = page.locator('form').filter({ has: page.getByRole('heading', { name: 'Add a redirect' }) });
  await expect(form.getByRole('textbox', { name: /^Old address/ })).toHaveValue(missing);
  await expect(form.getByRole('textbox', { name: /^Send visitors to/ })).toBeFocused();
  // A page of the site cannot be redirected: the server's reason shows on the field.
  await form.getByRole('textbox', { name: /^Old address/ }).fill('/services');
  await form.getByRole('textbox', { name: /^Send visitors to/ }).fill(newLink);
  await form.getByRole('button', { name: 'Add Redirect' }).click();
  await expect(form.getByText('/services is a page of the site')).toBeVisible();
  await form.getByRole('textbox', { name: /^Old address/ }).fill(missing);
  await form.getByRole('button', { name: 'Add Redirect' }).click();
  await expect(toasts(page)).toContainText('Redirect saved.');
  await expect(missingRow).toContainText('Redirected');
  await axeAtBothWidths(page, 'Redirects with a missing page redirected');
  await expect
    .poll(
      async () => {
        await visitor.goto(missing);
        return new URL(visitor.url()).pathname;
      },
      { timeout: 15_000 },
    )
    .toBe(newLink);
  await visitor.close();
});
