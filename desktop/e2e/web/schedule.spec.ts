/**
 * Scheduling as the owner meets it: a new price typed in a service's editor and scheduled for a
 * few seconds ahead stays off the public site until then and is live on it within moments of its
 * time; the editor warns when an edit would be replaced by it; the Schedule screen lists what is
 * coming (and a month's calendar), with Cancel.
 */
import { expect, request, test, type Page } from '@playwright/test';
import { axeAtBothWidths, expectNoViolations } from './axe';
import { apiAs, baseURL, choose, createAdmin, signIn, toasts, unique } from './support';

/** The public Services page as a visitor gets it. */
async function servicesPage(): Promise<string> {
  const visitor = await request.newContext({ baseURL: baseURL() });
  const html = await (await visitor.get('/services')).text();
  await visitor.dispose();
  return html;
}

/** The value of a datetime-local field for an instant, on this machine's clock (the browser's), to the second. */
const localInput = (ms: number) => new Date(ms - new Date(ms).getTimezoneOffset() * 60_000).toISOString().slice(0, 19);

async function openEditor(page: Page, title: string) {
  await page.goto('/admin/manage-services');
  await choose(page, 'Filter by category', 'Web & Hosting');
  await page.getByRole('button', { name: `Edit ${title}` }).click();
  return page.getByRole('dialog', { name: 'Edit Service' });
}

test('a price scheduled 5 seconds ahead goes live on the public page at its time; the Schedule screen lists what is coming', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const editor = await createAdmin('Editor');
  const title = `Scheduled Hosting ${unique('sch')}`;
  const api = await apiAs(editor);
  const created = await api.post('/api/content/services', {
    data: {
      category: 'Web',
      title,
      price: '$10/mo',
      description: 'Hosting with a price change coming.',
      features: [],
      status: 'published',
    },
  });
  expect(created.status()).toBe(201);
  const { item } = (await created.json()) as { item: { _id: string } };
  await signIn(page, editor);

  const dialog = await openEditor(page, title);
  await dialog.getByRole('textbox', { name: /^Price/ }).fill('$12/mo');
  await dialog.getByRole('button', { name: 'Schedule...' }).click();
  const scheduling = page.getByRole('dialog', { name: `Schedule a change to ${title}` });
  await expect(scheduling.getByRole('radio', { name: /Apply the changes in the form/ })).toBeChecked();
  const due = Date.now() + 5_000;
  await scheduling.getByLabel('Goes live at').fill(localInput(due));
  await scheduling.getByRole('button', { name: 'Schedule', exact: true }).click();
  await expect(toasts(page)).toContainText('Change scheduled');
  await expect(scheduling).toBeHidden();

  // The editor lists it, and its form is back to the saved price; typing another price warns.
  await expect(dialog.getByRole('region', { name: 'Scheduled changes' })).toContainText('Apply changes: Price');
  await expect(dialog.getByRole('region', { name: 'Scheduled changes' })).toContainText(`set by ${editor.name}`);
  await expect(dialog.getByRole('textbox', { name: /^Price/ })).toHaveValue('$10/mo');
  await dialog.getByRole('textbox', { name: /^Price/ }).fill('$11/mo');
  await expect(dialog.getByRole('alert')).toContainText('A scheduled change will replace this edit');

  // Before its time, visitors see today's price; at it, the new one.
  expect(Date.now()).toBeLessThan(due);
  const before = await servicesPage();
  expect(before).toContain('$10/mo');
  expect(before).not.toContain('$12/mo');
  await expect.poll(async () => (await servicesPage()).includes('$12/mo'), { timeout: 15_000, intervals: [100] }).toBe(true);
  const liveAfter = Date.now() - due;
  test.info().annotations.push({ type: 'live after its time', description: `${liveAfter} ms` });
  expect(liveAfter).toBeLessThan(3_000);
  await page.keyboard.press('Escape');

  // The Schedule screen: a change set for next week, listed by day and on the month's calendar, then cancelled.
  const nextWeek = new Date(Date.now() + 7 * 86_400_000).toISOString();
  expect((await api.post(`/api/content/services/${item._id}/schedule`, { data: { at: nextWeek, action: 'unpublish' } })).status()).toBe(
    201,
  );
  await api.dispose();
  await page.goto('/admin/schedule');
  const row = page.getByRole('listitem').filter({ hasText: title });
  await expect(row).toContainText('Unpublish');
  await expect(row).toContainText(`Set by ${editor.name}`);
  await axeAtBothWidths(page, 'Schedule');
  await page.getByText('Month', { exact: true }).click();
  await expect(page.getByRole('table', { name: /Scheduled changes in/ })).toBeVisible();
  await expectNoViolations(page, 'Schedule, month');
  await page.getByText('List', { exact: true }).click();
  await row.getByRole('button', { name: /^Cancel the change to/ }).click();
  await expect(toasts(page)).toContainText('Scheduled change cancelled');
  await expect(page.getByRole('listitem').filter({ hasText: title })).toHaveCount(0);
});
