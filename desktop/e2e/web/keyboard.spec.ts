/**
 * The console's flows done with the keyboard alone (no click, no fill): every stop shows
 * where focus is, and a dialog that closes hands focus back to the control that opened it.
 */
import { expect, type Locator, type Page } from '@playwright/test';
import { adminLoginPath, adminTitle } from '@kafue/common/brand';
import { api, messages, type Admin, type StaffUser } from '@kafue/common/contract';
import { createAdmin, readBack, superAdmin, toasts, unique, type Credentials, test } from './support';

/**
 * Whether focus shows: an outline of 2 px or more, or (text fields) the primary-coloured border.
 * Polled: Mantine fades a field's border in.
 */
async function expectFocusVisible(target: Locator): Promise<void> {
  const indicator = () =>
    target.evaluate((el) => {
      const s = getComputedStyle(el);
      // A password field's border is on the box around its input.
      const border = getComputedStyle(el.closest('.mantine-Input-input') ?? el).borderColor;
      const probe = document.createElement('i');
      probe.style.color = 'var(--mantine-primary-color-filled)';
      document.body.append(probe);
      const primary = getComputedStyle(probe).color;
      probe.remove();
      if (s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 2) return 'outline';
      if (border === primary) return 'border';
      return `none: ${el.outerHTML.slice(0, 100)} outline ${s.outlineStyle} ${s.outlineWidth}, border ${border}`;
    });
  await expect.poll(indicator).toMatch(/^(outline|border)$/);
}

/** Presses Tab (or Shift+Tab) until `target` has focus, then checks that focus shows. */
async function tabTo(page: Page, target: Locator, { back = false, max = 40 } = {}): Promise<void> {
  for (let i = 0; i <= max; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) {
      await expectFocusVisible(target);
      return;
    }
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`${max} presses of ${back ? 'Shift+Tab' : 'Tab'} never reached ${target.toString()}`);
}

/** Opens a Mantine Select from the keyboard and picks `option` with the arrow keys. */
async function pickWithArrows(page: Page, option: string): Promise<void> {
  await page.keyboard.press('ArrowDown');
  const wanted = page.getByRole('option', { name: option, exact: true });
  for (let i = 0; i < 15 && (await wanted.getAttribute('data-combobox-selected')) === null; i++) await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
}

async function keyboardSignIn(page: Page, creds: Credentials): Promise<void> {
  await page.goto(adminLoginPath);
  await tabTo(page, page.getByRole('textbox', { name: /^Email/ }));
  await page.keyboard.type(creds.email);
  await page.keyboard.press('Tab');
  await page.keyboard.type(creds.password);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
}

const menu = (page: Page) => page.getByRole('navigation', { name: 'Admin menu' });

test.describe('keyboard only', () => {
  test('sign in, add a staff member, delete one through the confirmation, invite an admin', async ({ page }) => {
    await keyboardSignIn(page, superAdmin);

    // User Management is in the Leads & team group: opened from the keyboard first.
    const leads = menu(page).getByRole('button', { name: 'Leads & team' });
    await tabTo(page, leads);
    await page.keyboard.press('Enter');
    await expect(leads).toHaveAttribute('aria-expanded', 'true');
    await tabTo(page, menu(page).getByRole('link', { name: 'User Management' }));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Staff User Management' })).toBeVisible();
    await expect(page.getByText('Loading...')).toBeHidden();

    // Add Staff: the dialog opens on its first field; Enter in a field sends the form.
    const addStaff = page.getByRole('button', { name: 'Add Staff' });
    await tabTo(page, addStaff);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Add Staff' });
    await expect(dialog.getByRole('textbox', { name: /^Full Name/ })).toBeFocused();
    const slug = unique('keys');
    const name = `Keys ${slug}`;
    await page.keyboard.type(name);
    await page.keyboard.press('Tab');
    await page.keyboard.type(`${slug}@kafue.test`);
    await tabTo(page, dialog.getByRole('combobox', { name: 'Role' }));
    await pickWithArrows(page, 'Team Lead');
    await expect(dialog.getByRole('combobox', { name: 'Role' })).toHaveValue('Team Lead');
    await tabTo(page, dialog.getByRole('button', { name: 'Save' }));
    await page.keyboard.press('Enter');

    const otp = page.getByRole('dialog', { name: 'One-time password' });
    await expect(otp).toBeVisible();
    await expect(toasts(page)).toContainText(messages.staffAdded);
    await tabTo(page, otp.getByRole('button', { name: 'Done' }));
    await page.keyboard.press('Enter');
    await expect(otp).toBeHidden();
    await expect(addStaff).toBeFocused();
    const added = (await readBack<StaffUser[]>(page, api.staff)).find((s) => s.email === `${slug}@kafue.test`);
    expect(added).toMatchObject({ name, role: 'Team Lead', status: 'Active' });

    // Find the row with the search field, then delete it: Escape first (focus comes back), then confirm.
    await tabTo(page, page.getByRole('searchbox', { name: 'Search' }));
    await page.keyboard.type(slug);
    const remove = page.getByRole('button', { name: `Delete ${name}` });
    await tabTo(page, remove);
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('dialog', { name: 'Confirm Deletion' });
    await expect(confirm).toContainText(`Are you sure you want to delete ${name}?`);
    await page.keyboard.press('Escape');
    await expect(confirm).toBeHidden();
    await expect(remove).toBeFocused();
    await page.keyboard.press('Enter');
    await tabTo(page, confirm.getByRole('button', { name: 'Delete', exact: true }));
    await page.keyboard.press('Enter');
    await expect(toasts(page)).toContainText(messages.staffDeleted);
    await expect(page.getByRole('row').filter({ hasText: name })).toHaveCount(0);
    expect((await readBack<StaffUser[]>(page, api.staff)).some((s) => s.email === `${slug}@kafue.test`)).toBe(false);

    // The Settings group opens and closes from the keyboard; Admin Management is inside.
    const settings = menu(page).getByRole('button', { name: 'Settings' });
    await tabTo(page, settings, { back: true, max: 60 });
    await page.keyboard.press('Enter');
    await expect(settings).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Enter');
    await expect(settings).toHaveAttribute('aria-expanded', 'false');
    await expect(menu(page).getByRole('link', { name: 'Admin Management' })).toBeHidden();
    await page.keyboard.press('Space');
    await expect(settings).toHaveAttribute('aria-expanded', 'true');
    await tabTo(page, menu(page).getByRole('link', { name: 'Admin Management' }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/admin\/settings\/admins$/);

    // Invite New Admin: Role stays Moderator; the dialog closes and focus is back on its button.
    const invite = page.getByRole('button', { name: 'Invite New Admin' });
    await tabTo(page, invite);
    await page.keyboard.press('Enter');
    const form = page.getByRole('dialog', { name: 'Invite New Admin' });
    await expect(form.getByRole('textbox', { name: /^Name/ })).toBeFocused();
    const admin = unique('keys-admin');
    await page.keyboard.type(`Invited ${admin}`);
    await page.keyboard.press('Tab');
    await page.keyboard.type(`${admin}@kafue.test`);
    await tabTo(page, form.getByRole('textbox', { name: /^Password/ }));
    await page.keyboard.type('Invited-pass-1');
    await page.keyboard.press('Enter');
    await expect(toasts(page)).toContainText(messages.adminInvited);
    await expect(form).toBeHidden();
    await expect(invite).toBeFocused();
    const admins = await readBack<Admin[]>(page, api.admins);
    expect(admins.find((a) => a.email === `${admin}@kafue.test`)).toMatchObject({ name: `Invited ${admin}`, role: 'Moderator' });
  });

  test('change the password from the Security tab', async ({ page }) => {
    const editor = await createAdmin('Editor');
    await keyboardSignIn(page, editor);
    const settings = menu(page).getByRole('button', { name: 'Settings' });
    await tabTo(page, settings);
    await page.keyboard.press('Enter');
    await tabTo(page, menu(page).getByRole('link', { name: 'Security' }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/admin\/settings\/security$/);
    await tabTo(page, page.getByRole('textbox', { name: /^Current Password/ }));
    await page.keyboard.type(editor.password);
    await tabTo(page, page.getByRole('textbox', { name: /^New Password/ }));
    await page.keyboard.type('Keyboard-pass-1');
    await tabTo(page, page.getByRole('textbox', { name: /^Confirm New Password/ }));
    await page.keyboard.type('Keyboard-pass-1');
    await page.keyboard.press('Enter');
    await expect(toasts(page)).toContainText(messages.passwordUpdated);
    const origin = { Origin: new URL(page.url()).origin };
    const signIn = (password: string) => page.request.post(api.adminLogin, { data: { email: editor.email, password }, headers: origin });
    expect((await signIn('Keyboard-pass-1')).status()).toBe(200);
    expect((await signIn(editor.password)).status()).toBe(401);
  });

  test('on a phone: the menu drawer opens and closes, focus returns to its button; the staff table scrolls', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await keyboardSignIn(page, superAdmin);
    const open = page.getByRole('button', { name: 'Open menu' });
    await tabTo(page, open);
    await page.keyboard.press('Enter');
    const drawer = page.getByRole('dialog', { name: adminTitle });
    await expect(drawer).toBeVisible();
    // As a person would, once the drawer has taken the focus (its trap moves it in a moment after
    // it shows; an Escape before that could see the focus moved into a drawer already closing).
    await expect.poll(() => drawer.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(open).toBeFocused();

    await page.keyboard.press('Enter');
    await tabTo(page, drawer.getByRole('button', { name: 'Close' }), { back: true });
    await page.keyboard.press('Enter');
    await expect(drawer).toBeHidden();
    await expect(open).toBeFocused();

    await page.keyboard.press('Enter');
    await tabTo(page, drawer.getByRole('button', { name: 'Leads & team' }));
    await page.keyboard.press('Enter');
    await tabTo(page, drawer.getByRole('link', { name: 'User Management' }));
    await page.keyboard.press('Enter');
    await expect(drawer).toBeHidden();
    await expect(page.getByRole('heading', { name: 'Staff User Management' })).toBeVisible();

    // The table is wider than the phone: its scroll area takes focus and scrolls with the arrow keys.
    const table = page.getByRole('region', { name: 'Staff users' });
    await tabTo(page, table);
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('End');
    await expect.poll(() => table.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
  });
});
