/**
 * Editing safely and sharing before publishing (issue 23, items 6 and 4): unsaved edits are not
 * lost to Escape, pending changes are discarded only after asking, and a share link made in the
 * editor opens the page to someone signed out until it is revoked. Every new state passes axe.
 */
import { expect, type Page } from '@playwright/test';
import { messages } from '@kafue/common/contract';
import { axeAtBothWidths, expectNoViolations } from './axe';
import { adminMenu, menuEntry } from './menu';
import { apiAs, baseURL, createAdmin, signIn, toasts, unique, type Credentials, test } from './support';

async function publishedService(creds: Credentials, title: string): Promise<void> {
  const api = await apiAs(creds);
  const res = await api.post('/api/content/services', {
    data: { category: 'Web', title, price: '$10', description: 'Made by the test.', features: [], status: 'published' },
  });
  expect(res.status(), await res.text()).toBe(201);
  await api.dispose();
}

async function openEditor(page: Page, title: string) {
  await page.goto('/admin/manage-services');
  const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name: title, exact: true }) });
  await card.getByRole('button', { name: `Edit ${title}` }).click();
  return { card, dialog: page.getByRole('dialog', { name: 'Edit Service' }) };
}

test('unsaved edits ask before the editor closes; pending changes are discarded only after asking', async ({ page }) => {
  // Several axe runs on a shared machine.
  test.setTimeout(90_000);
  const editor = await createAdmin('Editor');
  const title = `Careful Hosting ${unique('svc')}`;
  await publishedService(editor, title);
  await signIn(page, editor);
  const { card, dialog } = await openEditor(page, title);
  const price = dialog.getByRole('textbox', { name: /^Price/ });
  await price.fill('$12');

  // Escape with an unsaved edit: asked, and staying keeps the edit.
  await page.keyboard.press('Escape');
  const leaving = page.getByRole('dialog', { name: 'Unsaved changes' });
  await expect(leaving).toContainText('Your changes are not saved. Leave without saving them?');
  await expectNoViolations(page, 'the unsaved changes question');
  await leaving.getByRole('button', { name: 'Cancel' }).click();
  await expect(leaving).toBeHidden();
  await expect(price).toHaveValue('$12');

  // Saved as pending changes, then discarded after asking: the published price stays.
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(toasts(page)).toContainText(messages.draftSaved);
  await expect(dialog.getByRole('alert').filter({ hasText: 'Pending changes' })).toBeVisible();
  await expectNoViolations(page, 'the editor with pending changes');
  await dialog.getByRole('button', { name: 'Discard changes' }).click();
  const discard = page.getByRole('dialog', { name: 'Discard changes' });
  await expect(discard).toContainText('The published version stays as it is.');
  await discard.getByRole('button', { name: 'Discard changes' }).click();
  await expect(toasts(page)).toContainText(messages.draftDiscarded);
  await expect(price).toHaveValue('$10');
  await expect(dialog.getByRole('alert').filter({ hasText: 'Pending changes' })).toHaveCount(0);

  // Cancel with an unsaved edit: asked; leaving closes and drops it.
  await price.fill('$13');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('dialog', { name: 'Unsaved changes' }).getByRole('button', { name: 'Leave without saving' }).click();
  await expect(dialog).toBeHidden();
  await expect(card).toContainText('$10');
  await expect(card).not.toContainText('Pending changes');
});

test('going Back in the console with unsaved edits asks first: staying keeps the editor and the edit, leaving goes back', async ({
  page,
}) => {
  const editor = await createAdmin('Editor');
  const title = `Backward Hosting ${unique('svc')}`;
  await publishedService(editor, title);
  await signIn(page, editor);
  // Into Manage Services by the console's own menu, so that Back stays in the console.
  await (await menuEntry(adminMenu(page), 'Manage Services')).click();
  await expect(page).toHaveURL(/\/admin\/manage-services$/);
  const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name: title, exact: true }) });
  await card.getByRole('button', { name: `Edit ${title}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Service' });
  const price = dialog.getByRole('textbox', { name: /^Price/ });
  await price.fill('$14');

  await page.goBack();
  const leaving = page.getByRole('dialog', { name: 'Unsaved changes' });
  await expect(leaving).toContainText('Your changes are not saved. Leave without saving them?');
  await expectNoViolations(page, 'the unsaved changes question on Back');
  // Escape answers the question alone (stay): the editor under it neither closes nor asks again.
  await page.keyboard.press('Escape');
  await expect(leaving).toBeHidden();
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/manage-services$/);
  await expect(price).toHaveValue('$14');

  await page.goBack();
  await leaving.getByRole('button', { name: 'Leave without saving' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(dialog).toBeHidden();
  // Nothing was saved: the published price stays, with no pending changes.
  await page.goto('/admin/manage-services');
  await expect(card).toContainText('$10');
  await expect(card).not.toContainText('Pending changes');
});

test('a share link made in the editor opens the pending changes signed out, with the banner, until revoked; one pinned to a version shows it', async ({
  page,
}) => {
  // Several axe runs on a shared machine.
  test.setTimeout(90_000);
  const editor = await createAdmin('Editor');
  const title = `Shared Hosting ${unique('svc')}`;
  await publishedService(editor, title);
  await signIn(page, editor);
  const { dialog } = await openEditor(page, title);
  await dialog.getByRole('textbox', { name: /^Price/ }).fill('$4,444');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(toasts(page)).toContainText(messages.draftSaved);

  await dialog.getByRole('tab', { name: 'Share' }).click();
  await expect(dialog.getByText('None yet.')).toBeVisible();
  await expectNoViolations(page, 'the Share tab with no link');
  await dialog.getByRole('button', { name: 'Create share link' }).click();
  const field = dialog.getByRole('textbox', { name: 'New share link' });
  await expect(field).toHaveValue(/\/preview\/[A-Za-z0-9_-]{43}$/);
  await expect(dialog.getByRole('list', { name: 'Share links' }).getByRole('listitem')).toHaveCount(1);
  await axeAtBothWidths(page, 'the Share tab with a new link');
  const path = new URL(await field.inputValue()).pathname;

  // Someone without an account: the page as it would look, the pending price, the banner.
  const visitor = await page.context().browser()!.newContext({ baseURL: baseURL() });
  const outside = await visitor.newPage();
  const answer = await outside.goto(path);
  expect(answer?.status()).toBe(200);
  expect(answer?.headers()['x-robots-tag']).toBe('noindex, nofollow');
  await expect(outside.getByText(messages.previewBanner)).toBeVisible();
  await expect(outside.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(outside.getByText('$4,444').first()).toBeVisible();

  // Revoked in the console: the link opens nothing any more.
  await dialog.getByRole('button', { name: /^Revoke the link made on / }).click();
  await expect(toasts(page)).toContainText(messages.shareLinkRevoked);
  await expect(dialog.getByText('None yet.')).toBeVisible();
  const after = await outside.goto(path);
  expect(after?.status()).toBe(404);
  await expect(outside.getByText(messages.shareLinkNotFound)).toBeVisible();

  // A link pinned to a version from the history shows that version, not the pending changes.
  await dialog.getByRole('combobox', { name: 'Link shows', exact: true }).click();
  await page.getByRole('option', { name: /^The version of / }).click();
  await dialog.getByRole('button', { name: 'Create share link' }).click();
  await expect(dialog.getByRole('list', { name: 'Share links' }).getByText(/^Shows the version of /)).toBeVisible();
  await outside.goto(new URL(await field.inputValue()).pathname);
  await expect(outside.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(outside.getByText('$10').first()).toBeVisible();
  await expect(outside.getByText('$4,444')).toHaveCount(0);
  await visitor.close();
});
