/**
 * The audit log and maintenance mode as an administrator meets them: a change made on a screen is
 * read back in Settings > Audit Log (filtered, its changes opened); maintenance mode turned on
 * shows the console's banner, and the public site answers the maintenance page, which axe accepts.
 */
import { expect, test, type Page } from '@playwright/test';
import { brand } from '@kafue/common/brand';
import { api, messages } from '@kafue/common/contract';
import { apiAs, expectNoViolations, signIn, superAdmin, toasts, unique } from './support';

const general = (siteName: string, maintenanceMode: boolean) => ({
  siteName,
  adminEmail: 'office@kafue.test',
  timezone: 'UTC+0',
  maintenanceMode,
});

/** Changes General settings on their screen (site name and/or the maintenance checkbox). */
async function saveGeneral(page: Page, change: { siteName?: string; maintenanceMode?: boolean }): Promise<void> {
  await page.goto('/admin/settings/general');
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  if (change.siteName !== undefined) await page.getByRole('textbox', { name: /^Site Name/ }).fill(change.siteName);
  if (change.maintenanceMode !== undefined)
    await page.getByRole('checkbox', { name: 'Maintenance Mode' }).setChecked(change.maintenanceMode);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toasts(page).getByText(messages.settingsUpdated)).toBeVisible();
}

test('a change made on a screen is read back in the Audit Log, with its old and new values', async ({ page }) => {
  const su = await apiAs(superAdmin);
  expect((await su.post(api.generalSettings, { data: general('Kafue Before', false) })).status()).toBe(200);
  await su.dispose();
  const renamed = unique('Kafue After');
  await signIn(page, superAdmin);
  await saveGeneral(page, { siteName: renamed });

  await page.getByRole('navigation', { name: 'Admin menu' }).getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('link', { name: 'Audit Log' }).click();
  await expect(page).toHaveURL(/\/admin\/settings\/audit$/);
  await page.getByRole('textbox', { name: /^Action/ }).fill('settings.update');
  await page.getByRole('textbox', { name: /^Actor/ }).fill(superAdmin.email);
  await page.getByRole('button', { name: 'Apply Filters' }).click();
  const rows = page.getByRole('region', { name: 'Audit log entries' }).getByRole('row');
  await expect(rows.nth(1)).toContainText('settings.update');
  await expect(rows.nth(1)).toContainText(superAdmin.email);
  await expect(rows.nth(1)).toContainText('settings: General');
  await expectNoViolations(page, 'Audit Log, filtered');

  await rows
    .nth(1)
    .getByRole('button', { name: /details of settings\.update/ })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Audit entry' });
  await expect(dialog).toBeVisible();
  const change = dialog.getByRole('table', { name: 'Changes' }).getByRole('row', { name: /siteName/ });
  await expect(change).toContainText('Kafue Before');
  await expect(change).toContainText(renamed);
  await expectNoViolations(page, 'an entry opened');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // Filters that match nothing, then the export of the same filters.
  await page.getByRole('textbox', { name: /^Action/ }).fill('nothing.like.this');
  await page.getByRole('button', { name: 'Apply Filters' }).click();
  await expect(page.getByText('No entries match.')).toBeVisible();
  await page.getByRole('button', { name: 'Clear' }).click();
  await expect(rows.nth(1)).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export CSV' }).click();
  expect((await download).suggestedFilename()).toMatch(/^audit-log-\d{4}-\d{2}-\d{2}\.csv$/);
});

test('maintenance mode: the console shows a banner, the public site the maintenance page (axe passes)', async ({
  page,
  request,
  browser,
}) => {
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
});
