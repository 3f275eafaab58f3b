import { expect, type Page } from '@playwright/test';
import { api, messages, type Admin, type GeneralSettings, type StaffUser } from '@kafue/common/contract';
import { choose, createAdmin, createStaff, signIn, superAdmin, toasts, unique, test } from './support';

/** design.md, "Who may do what": what an Editor and a Moderator may and may not do, as the console shows it. */

const staffOnServer = async (page: Page) => (await (await page.request.get(api.staff)).json()) as StaffUser[];
const adminsOnServer = async (page: Page) => (await (await page.request.get(api.admins)).json()) as Admin[];
const settingsOnServer = async (page: Page) => (await (await page.request.get(api.generalSettings)).json()) as GeneralSettings;

async function addStaffThroughScreen(page: Page, name: string, email: string) {
  await page.goto('/admin/users');
  await expect(page.getByText('Loading...')).toBeHidden();
  await page.getByRole('button', { name: 'Add Staff' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Staff' });
  await dialog.getByRole('textbox', { name: /^Full Name/ }).fill(name);
  await dialog.getByRole('textbox', { name: /^Email/ }).fill(email);
  await dialog.getByRole('button', { name: 'Save' }).click();
}

async function saveGeneral(page: Page, siteName: string) {
  await page.goto('/admin/settings/general');
  await expect(page.getByRole('textbox', { name: /^Site Name/ })).toBeEnabled();
  await expect(page.getByText('Loading settings...')).toBeHidden();
  await page.getByRole('textbox', { name: /^Site Name/ }).fill(siteName);
  await page.getByRole('textbox', { name: /^Admin Email/ }).fill('roles@kafue.test');
  await page.getByRole('button', { name: 'Save Changes' }).click();
}

async function inviteAdmin(page: Page, email: string) {
  await page.goto('/admin/settings/admins');
  await page.getByRole('button', { name: 'Invite New Admin' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite New Admin' });
  await dialog.getByRole('textbox', { name: /^Name/ }).fill('Refused Invite');
  await dialog.getByRole('textbox', { name: /^Email/ }).fill(email);
  await dialog.getByRole('textbox', { name: /^Password/ }).fill('Refused-pass-1');
  await dialog.getByRole('button', { name: 'Invite' }).click();
}

test.describe('an Editor', () => {
  test('manages staff, reads settings and admins, and is refused settings changes, backups and admin management', async ({ page }) => {
    const editor = await createAdmin('Editor');
    const other = await createAdmin('Moderator');
    await signIn(page, editor);
    await expect(page.getByTestId('admin-role')).toHaveText('Editor');

    const email = `${unique('by-editor')}@kafue.test`;
    await addStaffThroughScreen(page, 'Added By Editor', email);
    await expect(toasts(page)).toContainText(messages.staffAdded);
    await expect(page.getByRole('dialog', { name: 'One-time password' })).toBeVisible();
    expect((await staffOnServer(page)).some((s) => s.email === email)).toBe(true);

    const before = await settingsOnServer(page);
    await saveGeneral(page, 'Renamed By Editor');
    await expect(toasts(page)).toContainText(messages.forbidden);
    expect(await settingsOnServer(page)).toEqual(before);

    await page.goto('/admin/settings/backup');
    await page.getByRole('button', { name: 'Create Backup Now' }).click();
    await expect(page.getByRole('main').getByText(messages.forbidden)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Download Backup' })).toHaveCount(0);

    const refused = `${unique('refused')}@kafue.test`;
    await inviteAdmin(page, refused);
    await expect(toasts(page)).toContainText(messages.forbidden);
    await page.keyboard.press('Escape');
    await page
      .getByRole('row')
      .filter({ hasText: other.email })
      .getByRole('button', { name: /^Delete/ })
      .click();
    await page.getByRole('dialog', { name: 'Delete Admin' }).getByRole('button', { name: 'Delete' }).click();
    await expect(toasts(page).getByText(messages.forbidden)).toHaveCount(2);
    const admins = await adminsOnServer(page);
    expect(admins.some((a) => a.email === refused)).toBe(false);
    expect(admins.some((a) => a.email === other.email)).toBe(true);
  });
});

test.describe('a Moderator', () => {
  test('reads staff and admins, and is refused every staff change with the server message', async ({ page }) => {
    const moderator = await createAdmin('Moderator');
    const { staff } = await createStaff({ role: 'Executive' });
    const second = (await createStaff()).staff;
    await signIn(page, moderator);
    await expect(page.getByTestId('admin-role')).toHaveText('Moderator');

    const email = `${unique('by-moderator')}@kafue.test`;
    await addStaffThroughScreen(page, 'Added By Moderator', email);
    const addToast = toasts(page).locator('.mantine-Notification-root', { hasText: messages.staffSaveFailed });
    await expect(addToast).toContainText(messages.forbidden);
    await expect(page.getByRole('dialog', { name: 'Add Staff' })).toBeVisible();
    await page.keyboard.press('Escape');
    expect((await staffOnServer(page)).some((s) => s.email === email)).toBe(false);

    await page.getByRole('button', { name: `Edit ${staff.name}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Staff' });
    await choose(edit, 'Status', 'Suspended');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(toasts(page).locator('.mantine-Notification-root', { hasText: messages.staffSaveFailed })).toHaveCount(2);
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: `Delete ${staff.name}` }).click();
    await page.getByRole('dialog', { name: 'Confirm Deletion' }).getByRole('button', { name: 'Delete' }).click();
    await expect(toasts(page).locator('.mantine-Notification-root', { hasText: messages.staffDeleteFailed })).toContainText(
      messages.forbidden,
    );
    await expect(page.getByRole('row').filter({ hasText: staff.name })).toBeVisible();

    await page.getByRole('checkbox', { name: `Select ${staff.name}` }).check();
    await page.getByRole('checkbox', { name: `Select ${second.name}` }).check();
    await page.getByRole('button', { name: 'Delete Selected (2)' }).click();
    await page.getByRole('dialog', { name: 'Confirm Deletion' }).getByRole('button', { name: 'Delete' }).click();
    await expect(toasts(page).locator('.mantine-Notification-root', { hasText: messages.staffBulkDeleteFailed })).toContainText(
      messages.forbidden,
    );
    await expect(page.getByRole('checkbox', { name: `Select ${staff.name}` })).toBeChecked();

    const held = await staffOnServer(page);
    expect(held.find((s) => s._id === staff._id)).toMatchObject({ status: 'Active', role: 'Executive' });
    expect(held.some((s) => s._id === second._id)).toBe(true);
  });

  test('is refused settings changes, backups and admin management, and cannot delete themselves', async ({ page }) => {
    const moderator = await createAdmin('Moderator');
    await signIn(page, moderator);
    const before = await settingsOnServer(page);
    await saveGeneral(page, 'Renamed By Moderator');
    await expect(toasts(page)).toContainText(messages.forbidden);
    expect(await settingsOnServer(page)).toEqual(before);

    await page.goto('/admin/settings/backup');
    await page.getByRole('button', { name: 'Create Backup Now' }).click();
    await expect(page.getByRole('main').getByText(messages.forbidden)).toBeVisible();

    const refused = `${unique('refused')}@kafue.test`;
    await inviteAdmin(page, refused);
    await expect(toasts(page)).toContainText(messages.forbidden);
    await page.keyboard.press('Escape');
    expect((await adminsOnServer(page)).some((a) => a.email === refused)).toBe(false);

    await page.getByRole('row').filter({ hasText: superAdmin.email }).getByRole('button', { name: /^Edit/ }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Admin' });
    await choose(edit, 'Role', 'Moderator');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(toasts(page).getByText(messages.forbidden)).toHaveCount(2);
    await page.keyboard.press('Escape');
    expect((await adminsOnServer(page)).find((a) => a.email === superAdmin.email)?.role).toBe('Super Admin');

    await page
      .getByRole('row')
      .filter({ hasText: moderator.email })
      .getByRole('button', { name: /^Delete/ })
      .click();
    await expect(page.getByRole('main').getByRole('alert')).toHaveText(messages.cannotDeleteSelf);
  });
});
