/**
 * The audit log and maintenance mode as an administrator meets them: a change made on a screen is
 * read back in Settings > Audit Log (filtered, its changes opened); maintenance mode turned on
 * shows the console's banner, and the public site answers the maintenance page, which axe accepts.
 */
import { expect, request, type Page } from '@playwright/test';
import { brand } from '@kafue/common/brand';
import { api, messages } from '@kafue/common/contract';
import { expectNoViolations } from './axe';
import { adminMenu, menuEntry } from './menu';
import { apiAs, baseURL, choose, createAdmin, signIn, superAdmin, toasts, unique, test } from './support';

const servicesPath = api.content('services');

const general = (siteName: string, maintenanceMode: boolean) => ({
  siteName,
  adminEmail: 'office@kafue.test',
  timezone: 'UTC+0',
  maintenanceMode,
});

/** Changes General settings on their screen (site name and/or the maintenance checkbox). */
async function saveGeneral(page: Page, change: { siteName?: string; maintenanceMode?: boolean }): Promise<void> {
  await page.goto('/admin/settings/general');
  // The form once loaded (aria-busy false), not merely no busy element: right after the
  // navigation there is none yet, and an edit made before the values arrive is replaced by them.
  await expect(page.locator('form[aria-busy="false"]')).toBeVisible();
  if (change.siteName !== undefined) await page.getByRole('textbox', { name: /^Site Name/ }).fill(change.siteName);
  if (change.maintenanceMode !== undefined)
    await page.getByRole('checkbox', { name: 'Maintenance Mode' }).setChecked(change.maintenanceMode);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toasts(page).getByText(messages.settingsUpdated)).toBeVisible();
}

test('a change made on a screen is read back in the Audit Log, with its old and new values', { tag: '@alone' }, async ({ page }) => {
  const su = await apiAs(superAdmin);
  expect((await su.post(api.generalSettings, { data: general('Kafue Before', false) })).status()).toBe(200);
  await su.dispose();
  const renamed = unique('Kafue After');
  await signIn(page, superAdmin);
  await saveGeneral(page, { siteName: renamed });

  await (await menuEntry(adminMenu(page), 'Audit Log')).click();
  await expect(page).toHaveURL(/\/admin\/settings\/audit$/);
  await page.getByRole('textbox', { name: /^Person/ }).fill(superAdmin.email);
  await choose(page, 'Kind of change', 'Settings');
  await page.getByRole('button', { name: 'Apply Filters' }).click();
  const rows = page.getByRole('region', { name: 'Audit log entries' }).getByRole('row');
  // The first Super Admin is named Administrator (design.md).
  await expect(rows.nth(1)).toContainText(`Administrator changed the site name in the General settings from Kafue Before to ${renamed}.`);
  await expect(rows.nth(1)).not.toContainText('settings.update');
  await expectNoViolations(page, 'Audit Log, filtered');

  await rows
    .nth(1)
    .getByRole('button', { name: /^Details: / })
    .click();
  const details = page.getByRole('dialog', { name: 'Audit entry' });
  await expect(details).toBeVisible();
  await expect(details).toContainText('Done by Administrator, an admin.');
  await expect(details.getByRole('row', { name: /^Technical name/ })).toHaveCount(0);
  await details.getByRole('button', { name: 'Technical details' }).click();
  await expect(details.getByRole('row', { name: /^Technical name/ })).toContainText('settings.update');
  const change = details.getByRole('table', { name: 'Changes' }).getByRole('row', { name: /site name/ });
  await expect(change).toContainText('Kafue Before');
  await expect(change).toContainText(renamed);
  await expectNoViolations(page, 'an entry opened');
  await page.keyboard.press('Escape');
  await expect(details).toBeHidden();

  // Filters that match nothing, then the export of the same filters, technical names kept.
  await page.getByRole('textbox', { name: /^Person/ }).fill('nobody-like-this');
  await page.getByRole('button', { name: 'Apply Filters' }).click();
  await expect(page.getByText('No entries match.')).toBeVisible();
  await page.getByRole('button', { name: 'Clear' }).click();
  await expect(rows.nth(1)).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export CSV' }).click();
  expect((await download).suggestedFilename()).toMatch(/^audit-log-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await (await (await download).createReadStream()).toArray();
  expect(Buffer.concat(csv).toString()).toContain('"settings.update"');
});

test('the Audit Log says a price change in a sentence, finds it by person and by date, and groups failed sign-ins', async ({ page }) => {
  test.setTimeout(90_000);
  const person = unique('Mary Banda');
  const editor = await createAdmin('Editor', person);
  const title = `Website Creation ${unique('audit')}`;
  const client = await apiAs(editor);
  const created = await client.post(servicesPath, { data: { title, category: 'Web', price: '$499', description: 'Sites.', features: [] } });
  expect(created.status(), await created.text()).toBe(201);
  const { item } = (await created.json()) as { item: { _id: string; position: number } };
  const body = { title, category: 'Web', price: '$549', description: 'Sites.', features: [], status: 'draft', position: item.position };
  expect((await client.put(`${servicesPath}/${item._id}`, { data: body })).status()).toBe(200);
  await client.dispose();
  // Three wrong passwords for one account, one after another.
  const tried = `${unique('owner')}@kafue.test`;
  const visitor = await request.newContext({ baseURL: baseURL(), extraHTTPHeaders: { Origin: baseURL() } });
  for (let i = 0; i < 3; i += 1)
    expect((await visitor.post(api.adminLogin, { data: { email: tried, password: 'wrong-password-1' } })).status()).toBe(401);
  await visitor.dispose();

  await signIn(page, superAdmin, '/admin/settings/audit');
  const rows = page.getByRole('region', { name: 'Audit log entries' }).getByRole('row');
  const status = page.getByRole('status').filter({ hasText: /entr/ });

  // By person: the start of the name, in any case.
  await page.getByRole('textbox', { name: /^Person/ }).fill(person.slice(0, 14).toLowerCase());
  await page.getByRole('button', { name: 'Apply Filters' }).click();
  await expect(status).toHaveText('3 entries');
  await expect(rows.nth(1)).toHaveText(new RegExp(`${person} changed the price of ${title} from \\$499 to \\$549\\.`));
  await expect(rows.nth(1)).toContainText('127.0.0.1');
  await expect(rows.nth(1)).not.toContainText('::ffff:');
  await expect(rows.nth(2)).toContainText(`${person} added the service ${title}.`);
  await expect(rows.nth(3)).toContainText(`${person} signed in.`);

  // By date: nothing from tomorrow on; today's both.
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  await page.getByRole('textbox', { name: /^From/ }).fill(day(1));
  await page.getByRole('button', { name: 'Apply Filters' }).click();
  await expect(page.getByText('No entries match.')).toBeVisible();
  await page.getByRole('textbox', { name: /^From/ }).fill(day(-1));
  await page.getByRole('textbox', { name: /^To/ }).fill(day(1));
  await page.getByRole('button', { name: 'Apply Filters' }).click();
  await expect(status).toHaveText('3 entries');

  // The detail view says who and what by name, and keeps the technical name and every field behind its fold.
  await rows
    .nth(1)
    .getByRole('button', { name: /^Details: / })
    .click();
  const details = page.getByRole('dialog', { name: 'Audit entry' });
  await expect(details).toContainText(`Done by ${person}, an admin.`);
  await expect(details).toContainText(`It concerns the service ${title}.`);
  await details.getByRole('button', { name: 'Technical details' }).click();
  await expect(details.getByRole('row', { name: /^Technical name/ })).toContainText('service.update');
  await expect(details.getByRole('row', { name: /^Who/ })).toContainText(editor.email);
  await expect(details.getByRole('table', { name: 'Changes' }).getByRole('row', { name: /price/ })).toContainText('$499');
  await page.keyboard.press('Escape');

  // Failed sign-ins: one sentence for the three.
  await page.getByRole('button', { name: 'Clear' }).click();
  await choose(page, 'Kind of change', 'Failed sign-ins');
  await page.getByRole('textbox', { name: /^What was changed/ }).fill(tried);
  await page.getByRole('button', { name: 'Apply Filters' }).click();
  await expect(status).toHaveText('3 entries');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText(`Someone tried to sign in as ${tried} with a wrong password, 3 times.`);
  await rows
    .nth(1)
    .getByRole('button', { name: /^Details: / })
    .click();
  const folds = details.getByRole('button', { name: 'Technical details' });
  await expect(folds).toHaveCount(3);
  // One at a time: a fold opening above moves the next one down while it animates.
  for (const fold of await folds.all()) {
    await fold.click();
    await expect(fold).toHaveAttribute('aria-expanded', 'true');
  }
  await expect(details.getByRole('row', { name: /^Technical name/ })).toHaveCount(3);
  await expectNoViolations(page, 'a group of failed sign-ins opened');
});

test(
  'maintenance mode: the console shows a banner, the public site the maintenance page (axe passes)',
  { tag: '@alone' },
  async ({ page, request, browser }) => {
    await signIn(page, superAdmin);
    await expect(page.getByTestId('maintenance-banner')).toHaveCount(0);
    try {
      await saveGeneral(page, { maintenanceMode: true });
      const banner = page.getByTestId('maintenance-banner');
      await expect(banner).toContainText('Maintenance mode is on');
      await page.goto('/admin/users');
      await expect(banner).toBeVisible();
      await expectNoViolations(page, 'console with the maintenance banner');

      const answer = await request.get('/');
      expect(answer.status()).toBe(503);
      expect(answer.headers()['retry-after']).toBe('300');
      const visitorContext = await browser.newContext();
      const visitor = await visitorContext.newPage();
      await visitor.goto('/services');
      await expect(visitor.getByRole('heading', { level: 1 })).toHaveText("We'll be back soon");
      await expect(visitor.getByText(messages.maintenance)).toBeVisible();
      await expect(visitor.getByText(brand.company, { exact: true })).toBeVisible();
      await expectNoViolations(visitor, 'the maintenance page');
      // Staff sign-in screen (a console page, still served) shows the server's refusal.
      await visitor.goto('/staff-login');
      await visitor.getByRole('textbox', { name: /^Email/ }).fill('someone@kafue.test');
      await visitor.getByRole('textbox', { name: /^Password/ }).fill('whatever it is');
      await visitor.getByRole('button', { name: 'Login' }).click();
      await expect(visitor.getByText(messages.maintenance)).toBeVisible();
      await visitorContext.close();
      expect((await request.post(api.staffLogin, { data: { email: 'x@kafue.test', password: 'whatever it is' } })).status()).toBe(503);
    } finally {
      const su = await apiAs(superAdmin);
      const current = (await (await su.get(api.generalSettings)).json()) as ReturnType<typeof general>;
      await su.post(api.generalSettings, { data: { ...current, maintenanceMode: false } });
      await su.dispose();
    }
    await page.goto('/admin/users');
    await expect(page.getByRole('heading', { name: 'Staff User Management' })).toBeVisible();
    await expect(page.getByTestId('maintenance-banner')).toHaveCount(0);
    expect((await request.get('/')).status()).not.toBe(503);
  },
);
