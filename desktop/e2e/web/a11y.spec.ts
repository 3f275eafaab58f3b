/**
 * axe-core (WCAG 2.0/2.1/2.2 A and AA rules, none disabled) finds nothing in the dialogs,
 * messages and toasts an administrator meets, at desktop and phone widths. The screens
 * themselves, from the console's route tables, are walked in phone-width.spec.ts.
 */
import { expect, type Page } from '@playwright/test';
import { expectNoViolations } from './axe';
import { adminLoginPath } from '@kafue/common/brand';
import { api } from '@kafue/common/contract';
import {
  apiAs,
  choose,
  createAdmin,
  createEnquiry,
  createStaff,
  oneTimePasswordField,
  signIn,
  staffSignIn,
  superAdmin,
  toasts,
  unique,
  test,
} from './support';

// The longest file of the suite: its tests are independent, so more workers would share them.
test.describe.configure({ mode: 'parallel' });

const widths = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } };

/** Opens a dialog with `open`, checks it, and closes it with Escape. */
async function checkDialog(page: Page, name: string, open: () => Promise<void>): Promise<void> {
  await open();
  await expect(page.getByRole('dialog', { name })).toBeVisible();
  await expectNoViolations(page, `dialog ${name}`);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name })).toBeHidden();
}

// Every screen of the route tables, the not-found screen, the sidebar and the phone's menu drawer
// are walked with axe at both widths in phone-width.spec.ts (which checks that each fits, too).
for (const [widthName, viewport] of Object.entries(widths)) {
  test.describe(`axe finds no violation at ${widthName} width`, () => {
    test.use({ viewport });
    // Each axe pass takes a second or two on a shared machine, and the route table's test makes one
    // per console screen (some 25 since this wave's Schedule, Redirects, Media and Analytics).
    test.describe.configure({ timeout: 180_000 });

    test('sign-in screens, blank and refusing', async ({ page }) => {
      await page.goto(adminLoginPath);
      await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
      await expectNoViolations(page, 'admin sign-in');
      await page.getByRole('textbox', { name: /^Email/ }).fill(superAdmin.email);
      await page.getByRole('textbox', { name: /^Password/ }).fill('not-the-password');
      await page.getByRole('button', { name: 'Login' }).click();
      await expect(page.getByRole('alert')).toBeVisible();
      await expectNoViolations(page, 'admin sign-in refused');

      await staffSignIn(page, 'nobody@kafue.test', 'not-the-password');
      await expect(page.getByRole('alert')).toBeVisible();
      await expectNoViolations(page, 'staff sign-in refused');
      await page.goto('/staff-login');
      await expect(page.getByRole('heading', { name: 'Staff Login' })).toBeVisible();
      await expectNoViolations(page, 'staff sign-in');
    });

    test('Staff User Management dialogs, messages and toasts', async ({ page }) => {
      const { staff } = await createStaff();
      await signIn(page, superAdmin, '/admin/users');
      await expect(page.getByRole('row').filter({ hasText: staff.name })).toBeVisible();

      await checkDialog(page, 'Edit Staff', () => page.getByRole('button', { name: `Edit ${staff.name}` }).click());
      await checkDialog(page, 'Confirm Deletion', () => page.getByRole('button', { name: `Delete ${staff.name}` }).click());
      await page.getByRole('checkbox', { name: `Select ${staff.name}` }).check();
      await checkDialog(page, 'Confirm Deletion', () => page.getByRole('button', { name: 'Delete Selected (1)' }).click());
      if (widthName === 'phone') await page.getByRole('button', { name: 'Filters' }).click();
      await page.getByPlaceholder('Search staff...').fill(unique('nobody'));
      await expect(page.getByText('No staff match your search.')).toBeVisible();
      await expectNoViolations(page, 'staff search with no match');

      await page.getByRole('button', { name: 'Add Staff' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add Staff' });
      await expectNoViolations(page, 'dialog Add Staff');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(dialog.getByText('Required.').first()).toBeVisible();
      await expectNoViolations(page, 'dialog Add Staff with field errors');
      const slug = unique('axe');
      await dialog.getByRole('textbox', { name: /^Full Name/ }).fill(`Axe ${slug}`);
      await dialog.getByRole('textbox', { name: /^Email/ }).fill(`${slug}@kafue.test`);
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByRole('dialog', { name: 'One-time password' })).toBeVisible();
      await expect(toasts(page).locator('.mantine-Notification-root').first()).toBeVisible();
      await expectNoViolations(page, 'dialog One-time password with a toast');
    });

    test('content editors: the editor with its fields, history and preview, the confirm dialog, field errors', async ({ page }) => {
      const editor = await createAdmin('Editor');
      const su = await apiAs(editor);
      const title = `Axe Service ${unique('axe')}`;
      const res = await su.post('/api/content/services', {
        data: { title, category: 'Web', price: '$5', description: 'For the axe test.', features: ['One'], status: 'published' },
      });
      expect(res.status(), await res.text()).toBe(201);
      const { item } = (await res.json()) as { item: { _id: string; status: string; position: number } };
      expect(
        (
          await su.put(`/api/content/services/${item._id}`, {
            data: {
              title,
              category: 'Web',
              price: '$6',
              description: 'For the axe test.',
              features: ['One'],
              status: 'draft',
              position: item.position,
            },
          })
        ).status(),
      ).toBe(200);
      await su.dispose();
      await signIn(page, editor, '/admin/manage-services');
      const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name: title, exact: true }) });
      await expect(card).toContainText('Draft');
      await expectNoViolations(page, 'Manage Services with a draft');
      await card.getByRole('button', { name: `More actions for ${title}` }).click();
      await expect(page.getByRole('menu')).toBeVisible();
      await expectNoViolations(page, 'Manage Services, the More actions menu of a card');
      await checkDialog(page, 'Confirm Deletion', () => page.getByRole('menuitem', { name: 'Delete' }).click());
      await card.getByRole('button', { name: `Edit ${title}` }).click();
      const dialog = page.getByRole('dialog', { name: 'Edit Service' });
      await expectNoViolations(page, 'dialog Edit Service');
      await dialog.getByRole('textbox', { name: /^Service Title/ }).fill('');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(dialog.getByRole('textbox', { name: /^Service Title/ })).toHaveAttribute('aria-invalid', 'true');
      await expectNoViolations(page, 'dialog Edit Service with a field error');
      // Back as it was: nothing unsaved, so Escape below closes without asking.
      await dialog.getByRole('textbox', { name: /^Service Title/ }).fill(title);
      await dialog.getByRole('tab', { name: 'History' }).click();
      await expect(dialog.getByRole('list', { name: 'History' }).getByRole('listitem')).toHaveCount(2);
      await expectNoViolations(page, 'dialog Edit Service, history');
      await dialog.getByRole('tab', { name: 'Preview' }).click();
      await expect(dialog.locator('iframe')).toBeVisible();
      await expect(dialog.locator('iframe')).toHaveAttribute('title', `Preview of ${title}`);
      // The frame holds a public page (site/e2e/a11y.spec.ts checks those), sandboxed without
      // scripts, so axe could not run inside it anyway: the dialog around it is checked here.
      await expectNoViolations(page, 'dialog Edit Service, preview', 'iframe');
      await page.keyboard.press('Escape');

      await page.goto('/admin/site-content');
      await page.getByRole('tab', { name: 'FAQs' }).click();
      await expect(page.getByRole('button', { name: 'Add FAQ' })).toBeVisible();
      await expectNoViolations(page, 'Site Content, FAQs');
      await page.getByRole('button', { name: 'Add FAQ' }).click();
      await page.getByRole('dialog', { name: 'Add FAQ' }).getByRole('button', { name: 'Save' }).click();
      await expect(page.getByRole('dialog', { name: 'Add FAQ' }).getByRole('textbox', { name: /^Question/ })).toHaveAttribute(
        'aria-invalid',
        'true',
      );
      await expectNoViolations(page, 'dialog Add FAQ with field errors');
      await page.keyboard.press('Escape');
      await page.getByRole('tab', { name: 'Project Pricing' }).click();
      await checkDialog(page, 'Add Price Group', () => page.getByRole('button', { name: 'Add Price Group' }).click());
      // The icon picker: a grid of icons with their names.
      await page.getByRole('tab', { name: 'Add-ons' }).click();
      await checkDialog(page, 'Add Add-on', () => page.getByRole('button', { name: 'Add Add-on' }).click());
    });

    test('Admin Management dialogs and the self-deletion alert', async ({ page }) => {
      const editor = await createAdmin('Editor');
      await signIn(page, superAdmin, '/admin/settings/admins');
      const row = (email: string) => page.getByRole('row').filter({ hasText: email });
      await expect(row(editor.email)).toBeVisible();

      await checkDialog(page, 'Invite New Admin', () => page.getByRole('button', { name: 'Invite New Admin' }).click());
      await checkDialog(page, 'Edit Admin', () => row(editor.email).getByRole('button', { name: /^Edit/ }).click());
      await checkDialog(page, 'Delete Admin', () =>
        row(editor.email)
          .getByRole('button', { name: /^Delete/ })
          .click(),
      );
      await row(superAdmin.email)
        .getByRole('button', { name: /^Delete/ })
        .click();
      await expect(page.getByRole('main').getByRole('alert')).toBeVisible();
      await expectNoViolations(page, 'self-deletion alert');
    });

    test('settings forms with their messages', async ({ page }) => {
      await signIn(page, superAdmin, '/admin/settings/general');
      await page.getByRole('textbox', { name: /^Site Name/ }).fill('');
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await expect(page.getByText('Required.')).toBeVisible();
      await expectNoViolations(page, 'general settings with a field error');

      await page.goto('/admin/settings/security');
      await page.getByRole('textbox', { name: /^Current Password/ }).fill('wrong-current-password');
      await page.getByRole('textbox', { name: /^New Password/ }).fill('Brand-new-pass-1');
      await page.getByRole('textbox', { name: /^Confirm New Password/ }).fill('Brand-new-pass-2');
      await page.getByRole('button', { name: 'Update Password' }).click();
      await expect(page.getByText('New passwords do not match.')).toBeVisible();
      await expectNoViolations(page, 'change password mismatch');
      await page.getByRole('textbox', { name: /^Confirm New Password/ }).fill('Brand-new-pass-1');
      await page.getByRole('button', { name: 'Update Password' }).click();
      await expect(toasts(page).locator('.mantine-Notification-root').first()).toBeVisible();
      await expectNoViolations(page, 'change password refused, with a toast');

      await page.goto('/admin/settings/notifications');
      const email = page.getByRole('switch', { name: 'Email notifications' });
      // Forced (the switch's input is drawn over), so it does not wait for the loaded values itself.
      await expect(email).toBeEnabled();
      await email.uncheck({ force: true });
      await expectNoViolations(page, 'notifications with email off');

      await page.goto('/admin/settings/backup');
      await page.getByRole('button', { name: 'Create Backup Now' }).click();
      await expect(page.getByRole('link', { name: 'Download Backup' })).toBeVisible();
      // The new backup listed, and the schedule's form with every field (weekly; not saved).
      await expect(page.getByRole('link', { name: /^Download the backup of / }).first()).toBeVisible();
      await choose(page, 'Frequency', 'Weekly');
      await expectNoViolations(page, 'backup done and listed, weekly schedule');
      await checkDialog(page, 'Delete Backup', () =>
        page
          .getByRole('button', { name: /^Delete the backup of / })
          .first()
          .click(),
      );
    });

    test('Enquiries: a row selected for a bulk change, the detail drawer with a note, the delete dialog; the staff portal with one', async ({
      page,
    }) => {
      const enquiry = await createEnquiry({ phone: '+260 97 000 2222' });
      const { staff, oneTimePassword } = await createStaff();
      await signIn(page, superAdmin, '/admin/enquiries');
      // A phone folds the filters behind a button.
      if (widthName === 'phone') await page.getByRole('button', { name: 'Filters' }).click();
      await page.getByRole('textbox', { name: 'Search' }).fill(enquiry.fullName);
      const row = page.getByRole('row').filter({ hasText: enquiry.fullName });
      await row.getByRole('checkbox').check();
      await choose(page, 'Change status of selected', 'Open');
      await expectNoViolations(page, 'enquiries with a row selected');
      await page.getByRole('textbox', { name: 'Search' }).fill(unique('nobody'));
      await expect(page.getByText('No enquiries match your search.')).toBeVisible();
      await expectNoViolations(page, 'enquiries search with no match');
      await page.getByRole('textbox', { name: 'Search' }).fill(enquiry.fullName);
      await row.getByRole('button', { name: /^Open/ }).click();
      const drawer = page.getByRole('dialog', { name: enquiry.fullName });
      await choose(drawer, 'Assignee', staff.name);
      await drawer.getByRole('textbox', { name: 'Add a note' }).fill('Checked by axe.');
      await drawer.getByRole('button', { name: 'Add Note' }).click();
      await expect(drawer.getByRole('list', { name: 'Timeline' }).getByRole('listitem').filter({ hasText: 'Checked by axe.' })).toHaveCount(
        1,
      );
      await expectNoViolations(page, 'enquiry detail with a note and toasts');
      await drawer.getByRole('button', { name: 'Delete Enquiry' }).click();
      await expect(page.getByRole('dialog', { name: 'Confirm Deletion' })).toBeVisible();
      await expectNoViolations(page, 'dialog Confirm Deletion of an enquiry');

      await staffSignIn(page, staff.email, oneTimePassword);
      await oneTimePasswordField(page).fill(oneTimePassword);
      await page.getByRole('textbox', { name: /^New Password/ }).fill('Staff-own-pass-1');
      await page.getByRole('textbox', { name: /^Confirm New Password/ }).fill('Staff-own-pass-1');
      await page.getByRole('button', { name: 'Update Password' }).click();
      const mine = page.getByRole('region', { name: 'Your enquiries' });
      await expect(mine.getByRole('row').filter({ hasText: enquiry.fullName })).toBeVisible();
      await expectNoViolations(page, 'staff portal with an assigned enquiry');
      await mine.getByRole('button', { name: /^Open/ }).click();
      await expect(
        page
          .getByRole('dialog', { name: enquiry.fullName })
          .getByRole('list', { name: 'Timeline' })
          .getByRole('listitem')
          .filter({ hasText: 'Checked by axe.' }),
      ).toHaveCount(1);
      await expectNoViolations(page, 'staff portal enquiry detail');
      expect((await page.request.get(api.enquiries)).status()).toBe(200);
    });

    test('staff portal: the required first password change, then the dashboard', async ({ page }) => {
      const { staff, oneTimePassword } = await createStaff({ role: 'Coordinator' });
      await staffSignIn(page, staff.email, oneTimePassword);
      await expect(page.getByRole('heading', { name: `Welcome, ${staff.name}` })).toBeVisible();
      await expect(page.getByRole('main').getByRole('alert')).toBeVisible();
      await expectNoViolations(page, 'staff portal, password change required');
      await oneTimePasswordField(page).fill(oneTimePassword);
      await page.getByRole('textbox', { name: /^New Password/ }).fill('Staff-own-pass-1');
      await page.getByRole('textbox', { name: /^Confirm New Password/ }).fill('Staff-own-pass-1');
      await page.getByRole('button', { name: 'Update Password' }).click();
      await expect(page.getByRole('main').getByRole('alert')).toHaveCount(0);
      await expect(toasts(page).locator('.mantine-Notification-root').first()).toBeVisible();
      await expectNoViolations(page, 'staff portal with a toast');
      await page.goto('/staff/no-such-screen');
      await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
      await expectNoViolations(page, 'staff not found');
    });
  });
}
