import { expect, test, type Page } from '@playwright/test';
import { api, messages, type StaffUser } from '@kafue/common/contract';
import { choose, createStaff, pausedClock, runClockUntilVisible, signIn, superAdmin, toasts, unique } from './support';

const rowOf = (page: Page, name: string) => page.getByRole('row').filter({ hasText: name });
const staffOnServer = (page: Page) => page.request.get(api.staff).then((r) => r.json() as Promise<StaffUser[]>);

async function openUsers(page: Page) {
  await page.goto('/admin/users');
  await expect(page.getByRole('heading', { name: 'Staff User Management' })).toBeVisible();
  await expect(page.getByText('Loading...')).toBeHidden();
}

test.describe('Staff User Management', () => {
  test('screen texts, and Loading... while the list loads', async ({ page }) => {
    await signIn(page, superAdmin);
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route(`**${api.staff}`, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/admin/users');
    await expect(page.getByText('Loading...')).toBeVisible();
    release();
    await expect(page.getByText('Loading...')).toBeHidden();
    for (const header of ['Name', 'Email', 'Role', 'Status', 'Actions']) {
      await expect(page.getByRole('columnheader', { name: header, exact: true })).toBeVisible();
    }
    await expect(page.getByPlaceholder('Search staff...')).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Role' })).toHaveValue('All Roles');
    await expect(page.getByRole('combobox', { name: 'Status' })).toHaveValue('All Statuses');
    await expect(page.getByRole('button', { name: 'Add Staff' })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Delete Selected/ })).toBeDisabled();
  });

  test('a failed load says Failed to load users', async ({ page }) => {
    await signIn(page, superAdmin);
    await page.route(`**${api.staff}`, (route) => route.abort('connectionrefused'));
    await page.goto('/admin/users');
    await expect(toasts(page)).toContainText(messages.staffLoadFailed);
  });

  test('adds a staff member, shows the one-time password once, and the server holds them', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await signIn(page, superAdmin);
    await openUsers(page);
    const slug = unique('added');
    const name = `Chipo ${slug}`;
    await page.getByRole('button', { name: 'Add Staff' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Staff' });
    await expect(dialog).toBeVisible();
    // Required fields and a valid email are checked before anything is sent.
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('Required.')).toBeVisible();
    await dialog.getByRole('textbox', { name: /^Full Name/ }).fill(name);
    await dialog.getByRole('textbox', { name: /^Email/ }).fill('not-an-email');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('Enter a valid email address.')).toBeVisible();
    await dialog.getByRole('textbox', { name: /^Email/ }).fill(`${slug}@kafue.test`);
    await choose(dialog, 'Role', 'Team Lead');
    await choose(dialog, 'Status', 'Active');
    await dialog.getByRole('button', { name: 'Save' }).click();

    await expect(toasts(page)).toContainText(messages.staffAdded);
    const otpDialog = page.getByRole('dialog', { name: 'One-time password' });
    await expect(otpDialog).toContainText(name);
    const password = (await otpDialog.getByTestId('one-time-password').textContent())!.trim();
    expect(password.length).toBeGreaterThanOrEqual(12);
    await otpDialog.getByRole('button', { name: 'Copy' }).click();
    await expect(otpDialog.getByRole('button', { name: 'Copied' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(password);
    await otpDialog.getByRole('button', { name: 'Done' }).click();
    await expect(otpDialog).toBeHidden();
    await expect(page.getByText(password)).toHaveCount(0);

    await expect(rowOf(page, name)).toContainText('Team Lead');
    const held = (await staffOnServer(page)).find((s) => s.email === `${slug}@kafue.test`);
    expect(held).toMatchObject({ name, role: 'Team Lead', status: 'Active' });

    // The password shown is the one the server set: it signs the new staff member in.
    const res = await page.request.post(api.staffLogin, {
      data: { email: `${slug}@kafue.test`, password },
      headers: { Origin: new URL(page.url()).origin },
    });
    expect(res.status()).toBe(200);
  });

  test('edits a staff member, including their status, and the server holds the change', async ({ page }) => {
    const { staff } = await createStaff({ role: 'Intern' });
    await signIn(page, superAdmin);
    await openUsers(page);
    await page.getByRole('button', { name: `Edit ${staff.name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Staff' });
    await expect(dialog.getByRole('textbox', { name: /^Full Name/ })).toHaveValue(staff.name);
    await expect(dialog.getByRole('textbox', { name: /^Email/ })).toHaveValue(staff.email);
    const renamed = `${staff.name} Renamed`;
    await dialog.getByRole('textbox', { name: /^Full Name/ }).fill(renamed);
    await choose(dialog, 'Role', 'Manager');
    await choose(dialog, 'Status', 'Suspended');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(toasts(page)).toContainText(messages.staffUpdated);
    await expect(dialog).toBeHidden();
    await expect(rowOf(page, renamed)).toContainText('Manager');
    await expect(rowOf(page, renamed)).toContainText('Suspended');
    expect((await staffOnServer(page)).find((s) => s._id === staff._id)).toMatchObject({
      name: renamed,
      role: 'Manager',
      status: 'Suspended',
    });
  });

  test('search by name or email ignoring case, role and status filters, select all shown', async ({ page }) => {
    const tag = unique('find');
    const a = (await createStaff({ name: `Alpha ${tag}`, email: `alpha.${tag}@kafue.test`, role: 'Coordinator', status: 'Active' })).staff;
    const b = (await createStaff({ name: `Beta ${tag}`, email: `beta.${tag}@example.org`, role: 'Coordinator', status: 'Inactive' })).staff;
    const c = (await createStaff({ name: `Gamma ${tag}`, email: `gamma.${tag}@kafue.test`, role: 'Partner', status: 'Inactive' })).staff;
    await signIn(page, superAdmin);
    await openUsers(page);
    const search = page.getByPlaceholder('Search staff...');
    const body = page.locator('tbody');

    await search.fill(tag.toUpperCase());
    await expect(body.getByRole('row')).toHaveCount(3);
    await search.fill(`BETA ${tag}`);
    await expect(body.getByRole('row')).toHaveText([new RegExp(b.name)]);
    await search.fill(`@EXAMPLE.ORG`);
    await expect(body.getByRole('row').filter({ hasText: tag })).toHaveText([new RegExp(b.name)]);

    await search.fill(tag);
    await choose(page, 'Role', 'Coordinator');
    await expect(body.getByRole('row')).toHaveCount(2);
    await choose(page, 'Status', 'Inactive');
    await expect(body.getByRole('row')).toHaveText([new RegExp(b.name)]);
    await choose(page, 'Role', 'All Roles');
    await expect(body.getByRole('row')).toHaveCount(2);
    await expect(rowOf(page, c.name)).toBeVisible();

    // Select all selects only the rows shown.
    await page.getByRole('checkbox', { name: 'Select all shown' }).check();
    await expect(page.getByRole('checkbox', { name: `Select ${b.name}` })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: `Select ${c.name}` })).toBeChecked();
    await expect(page.getByRole('button', { name: 'Delete Selected (2)' })).toBeEnabled();
    await choose(page, 'Status', 'All Statuses');
    await expect(page.getByRole('checkbox', { name: `Select ${a.name}` })).not.toBeChecked();
    await page.getByRole('checkbox', { name: 'Select all shown' }).check();
    await expect(page.getByRole('button', { name: 'Delete Selected (3)' })).toBeEnabled();
    await page.getByRole('checkbox', { name: 'Select all shown' }).uncheck();
    await expect(page.getByRole('button', { name: 'Delete Selected' })).toBeDisabled();

    await search.fill(`nobody-${tag}`);
    await expect(page.getByText('No staff match your search.')).toBeVisible();
  });

  test('single delete asks Confirm Deletion, then the row and the record are gone', async ({ page }) => {
    const { staff } = await createStaff();
    await signIn(page, superAdmin);
    await openUsers(page);
    await page.getByRole('button', { name: `Delete ${staff.name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm Deletion' });
    await expect(dialog).toContainText(`Are you sure you want to delete ${staff.name}?`);
    // Escape closes it without deleting.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(rowOf(page, staff.name)).toBeVisible();

    await page.getByRole('button', { name: `Delete ${staff.name}` }).click();
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route(`**${api.staffById(staff._id)}`, async (route) => {
      await held;
      await route.continue();
    });
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(dialog.getByRole('button', { name: 'Deleting...' })).toBeDisabled();
    release();
    await expect(toasts(page)).toContainText(messages.staffDeleted);
    await expect(rowOf(page, staff.name)).toHaveCount(0);
    expect((await staffOnServer(page)).some((s) => s._id === staff._id)).toBe(false);
  });

  test('bulk delete removes every selected member and clears the selection', async ({ page }) => {
    const tag = unique('bulk');
    const keep = (await createStaff({ name: `Keep ${tag}` })).staff;
    const gone1 = (await createStaff({ name: `Gone one ${tag}` })).staff;
    const gone2 = (await createStaff({ name: `Gone two ${tag}` })).staff;
    await signIn(page, superAdmin);
    await openUsers(page);
    await page.getByRole('checkbox', { name: `Select ${gone1.name}` }).check();
    await page.getByRole('checkbox', { name: `Select ${gone2.name}` }).check();
    await page.getByRole('button', { name: 'Delete Selected (2)' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm Deletion' });
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(toasts(page)).toContainText(messages.staffBulkDeleted);
    await expect(rowOf(page, gone1.name)).toHaveCount(0);
    await expect(rowOf(page, gone2.name)).toHaveCount(0);
    await expect(rowOf(page, keep.name)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Delete Selected' })).toBeDisabled();
    const ids = (await staffOnServer(page)).map((s) => s._id);
    expect(ids).toContain(keep._id);
    expect(ids).not.toContain(gone1._id);
    expect(ids).not.toContain(gone2._id);
  });

  test('a failed delete says Failed to delete user; toasts here close after 3000 ms', async ({ page }) => {
    const { staff } = await createStaff();
    await signIn(page, superAdmin);
    await openUsers(page);
    await page.route(`**${api.staffById(staff._id)}`, (route) => route.abort('connectionrefused'));
    await pausedClock(page);
    await page.getByRole('button', { name: `Delete ${staff.name}` }).click();
    await runClockUntilVisible(page, page.getByRole('dialog', { name: 'Confirm Deletion' }));
    await page.getByRole('dialog', { name: 'Confirm Deletion' }).getByRole('button', { name: 'Delete' }).click();
    const toast = toasts(page).getByText(messages.staffDeleteFailed);
    const shownAfter = await runClockUntilVisible(page, toast, 10);
    await expect(toasts(page)).toContainText(messages.somethingWentWrong);
    await page.clock.runFor(2900 - shownAfter);
    await expect(toast).toBeVisible();
    await page.clock.runFor(400);
    await page.clock.resume();
    await expect(toast).toBeHidden();
    await expect(rowOf(page, staff.name)).toBeVisible();
  });
});
