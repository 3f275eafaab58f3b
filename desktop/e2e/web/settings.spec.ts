import { expect, test, type Page } from '@playwright/test';
import { readBackupFile } from '../backup-file';
import { adminMenu, menuEntry } from './menu';
import { adminLoginPath } from '@kafue/common/brand';
import { defaultCompany } from '@kafue/common/company';
import { api, messages, type Admin, type BackupListAnswer, type GeneralSettings } from '@kafue/common/contract';
import {
  apiAs,
  choose,
  createAdmin,
  createStaff,
  pausedClock,
  readBack,
  runClockUntilVisible,
  signIn,
  superAdmin,
  toasts,
  unique,
} from './support';

const field = (page: Page, name: string) => page.getByRole('textbox', { name: new RegExp(`^${name}`) });

test.describe('Settings', () => {
  test('Admin Settings tabs follow the path; the index opens General', async ({ page }) => {
    await signIn(page, superAdmin, '/admin/settings');
    await expect(page).toHaveURL(/\/admin\/settings\/general$/);
    await expect(page.getByRole('heading', { name: 'Admin Settings' })).toBeVisible();
    const tabs = page.getByRole('tab');
    await expect(tabs).toHaveText([
      'General',
      'Company',
      'Security',
      'Notifications',
      'Backup',
      'Admin Management',
      'Audit Log',
      'Reply Times',
      'Payments',
      'Saved Replies',
    ]);
    await expect(page.getByRole('tab', { name: 'General' })).toHaveAttribute('aria-selected', 'true');
    await page.getByRole('tab', { name: 'Backup' }).click();
    await expect(page).toHaveURL(/\/admin\/settings\/backup$/);
    await expect(page.getByRole('tab', { name: 'Backup' })).toHaveAttribute('aria-selected', 'true');
    await page.goto('/admin/settings/unknown-tab');
    await expect(page.getByRole('tab', { name: 'General' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  });

  test('General: loads, validates, saves, and the saved values come back after a reload', { tag: '@alone' }, async ({ page }) => {
    await signIn(page, superAdmin, '/admin/settings/general');
    const before = (await (await page.request.get(api.generalSettings)).json()) as GeneralSettings;
    await expect(field(page, 'Site Name')).toHaveValue(before.siteName);

    await field(page, 'Site Name').fill('');
    await field(page, 'Admin Email').fill('not-an-email');
    let posted = 0;
    page.on('request', (r) => r.method() === 'POST' && r.url().endsWith(api.generalSettings) && posted++);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Required.')).toBeVisible();
    await expect(page.getByText('Enter a valid email address.')).toBeVisible();
    expect(posted).toBe(0);

    const siteName = unique('Kafue Site');
    await field(page, 'Site Name').fill(siteName);
    await field(page, 'Admin Email').fill('Office@Kafue.test');
    await choose(page, 'Timezone', 'UTC+8 (Singapore)');
    await page.getByRole('checkbox', { name: 'Maintenance Mode' }).check();
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toasts(page)).toContainText(messages.settingsUpdated);
    // Site Name names the console's window.
    await expect(page).toHaveTitle(`${siteName} Admin`);

    const held = (await (await page.request.get(api.generalSettings)).json()) as GeneralSettings;
    expect(held).toEqual({ siteName, adminEmail: 'office@kafue.test', timezone: 'UTC+8', maintenanceMode: true });

    await page.reload();
    await expect(field(page, 'Site Name')).toHaveValue(siteName);
    await expect(field(page, 'Admin Email')).toHaveValue('office@kafue.test');
    await expect(page.getByRole('combobox', { name: 'Timezone' })).toHaveValue('UTC+8 (Singapore)');
    await expect(page.getByRole('checkbox', { name: 'Maintenance Mode' })).toBeChecked();

    // Put maintenance mode back off for the rest of the run.
    await page.getByRole('checkbox', { name: 'Maintenance Mode' }).uncheck();
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toasts(page)).toContainText(messages.settingsUpdated);
    await expect
      .poll(async () => ((await (await page.request.get(api.generalSettings)).json()) as GeneralSettings).maintenanceMode)
      .toBe(false);
  });

  test(
    'Company: refuses a WhatsApp number not in international form, saves, and the public site shows the new phone',
    { tag: '@alone' },
    async ({ page }) => {
      await signIn(page, superAdmin, '/admin/settings/company');
      await expect(field(page, 'Phone number')).toHaveValue(defaultCompany.phone);
      await expect(page.getByText('In international form, e.g. +260971234567. Leave empty to hide the WhatsApp button.')).toBeVisible();

      let saved = 0;
      page.on('request', (r) => r.method() === 'PUT' && r.url().endsWith(api.companySettings) && saved++);
      await field(page, 'WhatsApp number').fill('097 123 4567');
      await field(page, 'Facebook page').fill('http://facebook.com/kafue');
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await expect(page.getByText('Enter the number in international form, e.g. +260971234567, or leave it empty.')).toBeVisible();
      await expect(page.getByText('Enter the full address starting with https://, or leave it empty.')).toBeVisible();
      expect(saved).toBe(0);

      await field(page, 'Phone number').fill('+260 96 765 4321');
      await field(page, 'WhatsApp number').fill('+260967654321');
      await field(page, 'Facebook page').fill(defaultCompany.facebook);
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await expect(toasts(page)).toContainText(messages.settingsUpdated);
      try {
        // Published as content is: the public pages show it within moments.
        await expect
          .poll(async () => (await (await page.request.get('/')).text()).includes('href="tel:+260967654321"'), { timeout: 10_000 })
          .toBe(true);
        await page.goto('/contact');
        await expect(page.locator('.topbar').getByRole('link', { name: '+260 96 765 4321' })).toHaveAttribute('href', 'tel:+260967654321');
        await expect(page.getByRole('link', { name: 'Chat on WhatsApp (opens in a new tab)' })).toHaveAttribute(
          'href',
          /^https:\/\/wa\.me\/260967654321\?/,
        );
        await page.goto('/admin/settings/company');
        await expect(field(page, 'Phone number')).toHaveValue('+260 96 765 4321');
      } finally {
        // The seed again, for the rest of the run.
        expect((await (await apiAs(superAdmin)).put(api.companySettings, { data: defaultCompany })).status()).toBe(200);
      }
    },
  );

  test('General: a network failure says Something went wrong., and toasts here close after 5000 ms', async ({ page }) => {
    await signIn(page, superAdmin, '/admin/settings/general');
    await field(page, 'Site Name').fill('Kafue');
    await field(page, 'Admin Email').fill('office@kafue.test');
    await page.route(`**${api.generalSettings}`, (route) =>
      route.request().method() === 'POST' ? route.abort('connectionrefused') : route.continue(),
    );
    await pausedClock(page);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    const toast = toasts(page).getByText(messages.settingsNetworkError, { exact: true });
    const shownAfter = await runClockUntilVisible(page, toast, 10);
    await page.clock.runFor(4900 - shownAfter);
    await expect(toast).toBeVisible();
    await page.clock.runFor(400);
    await page.clock.resume();
    await expect(toast).toBeHidden();
  });

  test('General: the fields wait, disabled, for the saved values, which would otherwise replace what was typed', async ({ page }) => {
    await signIn(page, superAdmin, '/admin/settings/general');
    const saved = await readBack<GeneralSettings>(page, api.generalSettings);
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(`**${api.generalSettings}`, async (route) => {
      if (route.request().method() === 'GET') await held;
      await route.continue();
    });
    await page.reload();
    await expect(page.getByRole('status').filter({ hasText: 'Loading settings...' })).toBeVisible();
    await expect(page.locator('form[aria-busy="true"]')).toBeVisible();
    for (const name of ['Site Name', 'Admin Email']) await expect(field(page, name)).toBeDisabled();
    await expect(page.getByRole('checkbox', { name: 'Maintenance Mode' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Save Changes' })).toBeDisabled();
    release();
    await expect(page.locator('form[aria-busy="false"]')).toBeVisible();
    await expect(field(page, 'Site Name')).toBeEnabled();
    await expect(field(page, 'Site Name')).toHaveValue(saved.siteName);
  });

  test('General: what was typed stays when the settings load again meanwhile (the network came back)', async ({ page, context }) => {
    await signIn(page, superAdmin, '/admin/settings/general');
    await expect(page.locator('form[aria-busy="false"]')).toBeVisible();
    const saved = await readBack<GeneralSettings>(page, api.generalSettings);
    await expect(field(page, 'Site Name')).toHaveValue(saved.siteName);
    await field(page, 'Admin Email').fill('typed-here@kafue.test');
    // Another admin renamed the site; the console loads the settings again when it is back online.
    await page.route(`**${api.generalSettings}`, (route) =>
      route.request().method() === 'GET' ? route.fulfill({ json: { ...saved, siteName: 'Renamed Elsewhere' } }) : route.continue(),
    );
    await context.setOffline(true);
    await context.setOffline(false);
    // The window's title reads the same settings: the new load has arrived.
    await expect(page).toHaveTitle('Renamed Elsewhere Admin');
    await expect(field(page, 'Admin Email')).toHaveValue('typed-here@kafue.test');
    await expect(field(page, 'Site Name')).toHaveValue(saved.siteName);
  });

  test('Security: mismatch sends nothing, a wrong current password is refused, then the password changes', async ({ page }) => {
    const editor = await createAdmin('Editor');
    await signIn(page, editor, '/admin/settings/security');
    for (const advice of [
      'Enable two-factor authentication for all admin accounts.',
      'Require password changes every 90 days.',
      'Limit login attempts.',
      'Review active admin sessions weekly.',
    ]) {
      await expect(page.getByText(advice)).toBeVisible();
    }
    const current = field(page, 'Current Password');
    const next = field(page, 'New Password');
    const confirm = field(page, 'Confirm New Password');
    await expect(next).toHaveAttribute('minlength', '8');
    let sent = 0;
    page.on('request', (r) => r.url().endsWith(api.changePassword) && sent++);

    await current.fill(editor.password);
    await next.fill('Brand-new-pass-1');
    await confirm.fill('Brand-new-pass-2');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await expect(page.getByText(messages.passwordsDoNotMatch)).toBeVisible();
    expect(sent).toBe(0);

    await current.fill('wrong-current-password');
    await confirm.fill('Brand-new-pass-1');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await expect(toasts(page)).toContainText(messages.currentPasswordWrong);
    expect(sent).toBe(1);

    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route(`**${api.changePassword}`, async (route) => {
      await held;
      await route.continue();
    });
    await current.fill(editor.password);
    await page.getByRole('button', { name: 'Update Password' }).click();
    await expect(page.getByRole('button', { name: 'Updating...' })).toBeDisabled();
    release();
    await expect(toasts(page)).toContainText(messages.passwordUpdated);
    await expect(current).toHaveValue('');

    // The server holds the new password: the old one no longer signs in, the new one does.
    const origin = { Origin: new URL(page.url()).origin };
    expect(
      (await page.request.post(api.adminLogin, { data: { email: editor.email, password: editor.password }, headers: origin })).status(),
    ).toBe(401);
    expect(
      (await page.request.post(api.adminLogin, { data: { email: editor.email, password: 'Brand-new-pass-1' }, headers: origin })).status(),
    ).toBe(200);
  });

  test('Notifications: the defaults, then Save saves them for this admin only (and a reload shows them)', async ({ page }) => {
    const moderator = await createAdmin('Moderator');
    await signIn(page, moderator, '/admin/settings/notifications');
    const email = page.getByRole('switch', { name: 'Email notifications' });
    await expect(page.getByText('Loading settings...')).toHaveCount(0);
    await expect(email).toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'New user registrations' })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'System alerts' })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'Maintenance notifications' })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'Marketing announcements' })).not.toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'New enquiries' })).toBeChecked();
    await expect(page.getByRole('combobox', { name: 'Email frequency' })).toHaveValue('Instant');

    await choose(page, 'Email frequency', 'Weekly Digest');
    await page.getByRole('checkbox', { name: 'Marketing announcements' }).check();
    await page.getByRole('checkbox', { name: 'New enquiries' }).uncheck();
    await page.getByRole('button', { name: 'Save Notification Settings' }).click();
    await expect(toasts(page)).toContainText(messages.notificationSettingsSaved);
    expect(await readBack(page, api.notificationSettings)).toEqual({
      emailEnabled: true,
      notificationTypes: { newUser: true, systemAlert: true, maintenance: true, marketing: true, newEnquiry: false },
      emailFrequency: 'weekly',
    });

    await email.uncheck({ force: true });
    await expect(page.getByRole('checkbox', { name: 'System alerts' })).toBeHidden();
    await expect(page.getByRole('combobox', { name: 'Email frequency' })).toBeHidden();
    await page.getByRole('button', { name: 'Save Notification Settings' }).click();
    await expect(toasts(page).getByText(messages.notificationSettingsSaved)).toHaveCount(2);

    await page.reload();
    await expect(page.getByText('Loading settings...')).toHaveCount(0);
    await expect(email).not.toBeChecked();
    await email.check({ force: true });
    await expect(page.getByRole('checkbox', { name: 'Marketing announcements' })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'New enquiries' })).not.toBeChecked();
    await expect(page.getByRole('combobox', { name: 'Email frequency' })).toHaveValue('Weekly Digest');

    // Another admin's settings are their own: still the defaults.
    const other = await apiAs(superAdmin);
    const theirs = (await (await other.get(api.notificationSettings)).json()) as { notificationTypes: { marketing: boolean } };
    await other.dispose();
    expect(theirs.notificationTypes.marketing).toBe(false);
  });

  test('Notifications: a refused save shows the server message and keeps the choices', async ({ page }) => {
    await signIn(page, superAdmin, '/admin/settings/notifications');
    await expect(page.getByText('Loading settings...')).toHaveCount(0);
    await page.route(`**${api.notificationSettings}`, (route) =>
      route.request().method() === 'PUT'
        ? route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ message: 'Database unavailable' }) })
        : route.continue(),
    );
    await page.getByRole('checkbox', { name: 'Marketing announcements' }).click();
    const marketing = await page.getByRole('checkbox', { name: 'Marketing announcements' }).isChecked();
    await page.getByRole('button', { name: 'Save Notification Settings' }).click();
    await expect(toasts(page)).toContainText('Database unavailable');
    expect(await page.getByRole('checkbox', { name: 'Marketing announcements' }).isChecked()).toBe(marketing);
  });

  test('Backup: Processing..., the server message, and a Download Backup link that downloads it', async ({ page }) => {
    const { staff } = await createStaff();
    await signIn(page, superAdmin, '/admin/settings/backup');
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route(`**${api.backup}`, async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('button', { name: 'Create Backup Now' }).click();
    await expect(page.getByRole('button', { name: 'Processing...' })).toBeDisabled();
    release();
    await expect(page.getByText(messages.backupCompleted)).toBeVisible();
    const link = page.getByRole('link', { name: 'Download Backup' });
    await expect(link).toHaveAttribute('href', /^\/api\/settings\/backups\//);
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    const backup = await readBackupFile(await download.path());
    expect(backup.header).toMatchObject({ format: 'kafue-backup' });
    // The file is a backup of the database as it is now: it holds the staff member just created.
    expect(backup.text).toContain(staff.email);
  });

  test('Backup: the automatic schedule saves and is there after a reload', { tag: '@alone' }, async ({ page }) => {
    await signIn(page, superAdmin, '/admin/settings/backup');
    await choose(page, 'Frequency', 'Weekly');
    await choose(page, 'Hour', '04:00');
    await choose(page, 'Day', 'Friday');
    await page.getByRole('textbox', { name: 'Scheduled backups to keep' }).fill('12');
    await page.getByRole('button', { name: 'Save Schedule' }).click();
    await expect(toasts(page)).toContainText(messages.settingsUpdated);
    expect(await readBack(page, api.backupSchedule)).toEqual({ frequency: 'weekly', hour: 4, weekday: 5, keep: 12 });

    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Frequency', exact: true })).toHaveValue('Weekly');
    await expect(page.getByRole('combobox', { name: 'Hour', exact: true })).toHaveValue('04:00');
    await expect(page.getByRole('combobox', { name: 'Day', exact: true })).toHaveValue('Friday');
    await expect(page.getByRole('textbox', { name: 'Scheduled backups to keep' })).toHaveValue('12');
    // Turned off again, so that no other test meets a scheduled backup; the day goes with weekly.
    await choose(page, 'Frequency', 'Off');
    await expect(page.getByRole('combobox', { name: 'Day', exact: true })).toHaveCount(0);
    await page.getByRole('button', { name: 'Save Schedule' }).click();
    await expect(toasts(page)).toContainText(messages.settingsUpdated);
    expect((await readBack<{ frequency: string }>(page, api.backupSchedule)).frequency).toBe('off');
  });

  test('Backup: a new backup appears in the list, made by its admin, and is deleted after confirmation', async ({ page }) => {
    const admin = await createAdmin('Super Admin');
    await signIn(page, admin, '/admin/settings/backup');
    await page.getByRole('button', { name: 'Create Backup Now' }).click();
    await expect(page.getByText(messages.backupCompleted)).toBeVisible();
    const { backups } = await readBack<BackupListAnswer>(page, `${api.backups}?pageSize=100`);
    const made = backups.find((b) => b.madeBy === admin.name)!;
    const row = page.getByRole('row').filter({ hasText: admin.name });
    await expect(row).toHaveCount(1);
    await expect(row.getByRole('cell').nth(1)).toHaveText(/^\d+(\.\d)? (B|KB|MB)$/);
    await expect(row.getByRole('link', { name: /^Download the backup of / })).toHaveAttribute('href', made.fileUrl);

    await row.getByRole('button', { name: /^Delete the backup of / }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Backup' });
    await expect(dialog).toContainText('Are you sure you want to delete the backup of');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(toasts(page)).toContainText(messages.backupDeleted);
    await expect(row).toHaveCount(0);
    expect((await page.request.get(made.fileUrl)).status()).toBe(404);
  });

  test('Admin Management: badges, invite, edit, delete, and no self-deletion', async ({ page }) => {
    const moderator = await createAdmin('Moderator');
    const editor = await createAdmin('Editor');
    await signIn(page, superAdmin, '/admin/settings/admins');
    for (const header of ['Name', 'Email', 'Role', 'Actions']) await expect(page.getByRole('columnheader', { name: header })).toBeVisible();
    const row = (email: string) => page.getByRole('row').filter({ hasText: email });
    const badgeColor = (email: string) =>
      row(email)
        .locator('.mantine-Badge-root')
        .evaluate((el) => getComputedStyle(el).backgroundColor);
    const red = await badgeColor(superAdmin.email);
    const yellow = await badgeColor(moderator.email);
    const green = await badgeColor(editor.email);
    expect(red).toMatch(/^rgb\((2[0-9]{2}), ([0-9]{1,2}), ([0-9]{1,2})\)$/);
    expect(new Set([red, yellow, green]).size).toBe(3);
    const [, r, g, b] = green.match(/rgb\((\d+), (\d+), (\d+)\)/)!.map(Number);
    expect(g).toBeGreaterThan(r);
    expect(g).toBeGreaterThan(b);

    // Invite: role Moderator by default; a server refusal shows its message.
    await page.getByRole('button', { name: 'Invite New Admin' }).click();
    const invite = page.getByRole('dialog', { name: 'Invite New Admin' });
    await expect(invite.getByRole('combobox', { name: 'Role' })).toHaveValue('Moderator');
    const slug = unique('invited');
    await invite.getByRole('textbox', { name: /^Name/ }).fill(`Invited ${slug}`);
    await invite.getByRole('textbox', { name: /^Email/ }).fill(editor.email);
    await invite.getByRole('textbox', { name: /^Password/ }).fill('Invited-pass-1');
    await invite.getByRole('button', { name: 'Invite' }).click();
    await expect(toasts(page)).toContainText(messages.emailTaken);
    await invite.getByRole('textbox', { name: /^Email/ }).fill(`${slug}@kafue.test`);
    await invite.getByRole('button', { name: 'Invite' }).click();
    await expect(toasts(page)).toContainText(messages.adminInvited);
    await expect(invite).toBeHidden();
    await expect(row(`${slug}@kafue.test`)).toContainText('Moderator');
    let admins = (await (await page.request.get(api.admins)).json()) as Admin[];
    expect(admins.find((a) => a.email === `${slug}@kafue.test`)).toMatchObject({ name: `Invited ${slug}`, role: 'Moderator' });
    // The form starts again empty, with role Moderator.
    await page.getByRole('button', { name: 'Invite New Admin' }).click();
    await expect(invite.getByRole('textbox', { name: /^Name/ })).toHaveValue('');
    await expect(invite.getByRole('combobox', { name: 'Role' })).toHaveValue('Moderator');
    await page.keyboard.press('Escape');

    // Edit: promote the invited admin to Editor.
    await row(`${slug}@kafue.test`).getByRole('button', { name: /^Edit/ }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Admin' });
    await expect(edit.getByRole('textbox', { name: /^Name/ })).toHaveValue(`Invited ${slug}`);
    await edit.getByRole('textbox', { name: /^Name/ }).fill(`Edited ${slug}`);
    await choose(edit, 'Role', 'Editor');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(toasts(page)).toContainText(messages.adminUpdated);
    await expect(row(`${slug}@kafue.test`)).toContainText(`Edited ${slug}`);
    admins = (await (await page.request.get(api.admins)).json()) as Admin[];
    expect(admins.find((a) => a.email === `${slug}@kafue.test`)).toMatchObject({ name: `Edited ${slug}`, role: 'Editor' });

    // Delete: confirm 'Delete Admin'.
    await row(`${slug}@kafue.test`)
      .getByRole('button', { name: /^Delete/ })
      .click();
    const confirm = page.getByRole('dialog', { name: 'Delete Admin' });
    await expect(confirm).toContainText('Are you sure you want to delete this admin? This action cannot be undone.');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(toasts(page)).toContainText(messages.adminDeleted);
    await expect(row(`${slug}@kafue.test`)).toHaveCount(0);
    admins = (await (await page.request.get(api.admins)).json()) as Admin[];
    expect(admins.some((a) => a.email === `${slug}@kafue.test`)).toBe(false);

    // Self-deletion: an alert, no dialog, no request.
    let deletes = 0;
    page.on('request', (r) => r.method() === 'DELETE' && deletes++);
    await row(superAdmin.email)
      .getByRole('button', { name: /^Delete/ })
      .click();
    await expect(page.getByRole('main').getByRole('alert')).toHaveText(messages.cannotDeleteSelf);
    await expect(page.getByRole('dialog')).toBeHidden();
    expect(deletes).toBe(0);
    admins = (await (await page.request.get(api.admins)).json()) as Admin[];
    expect(admins.some((a) => a.email === superAdmin.email)).toBe(true);
  });

  test('an admin whose session has ended is sent back to sign-in by the next call', async ({ page }) => {
    await signIn(page, superAdmin);
    await page.context().clearCookies();
    // A move inside the console (no reload): the settings call answers 401.
    await (await menuEntry(adminMenu(page), 'General')).click();
    await expect(page).toHaveURL(new RegExp(`${adminLoginPath}$`));
    expect(await page.evaluate(() => localStorage.getItem('admin'))).toBeNull();
  });
});
