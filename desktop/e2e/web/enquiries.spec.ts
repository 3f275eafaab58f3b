/**
 * The console's Enquiries screen and the staff portal's enquiries, as their users meet
 * them, against the real server.
 */
import { readFileSync } from 'node:fs';
import { expect, request, type Page } from '@playwright/test';
import { api, messages, type EnquiryList, type GeneralSettings } from '@kafue/common/contract';
import {
  baseURL,
  choose,
  createAdmin,
  createEnquiry,
  readBack,
  readyStaff,
  signIn,
  staffSignIn,
  superAdmin,
  toasts,
  unique,
  test,
} from './support';
import { adminMenu, menuEntry } from './menu';

function row(page: Page, text: string) {
  return page.getByRole('row').filter({ hasText: text });
}

async function search(page: Page, text: string) {
  await page.getByRole('textbox', { name: 'Search' }).fill(text);
}

test.describe('enquiries', () => {
  test(
    'an admin assigns an enquiry, the staff member works it to Closed, and the admin sees it',
    { tag: '@alone' },
    async ({ page, browser }) => {
      const enquiry = await createEnquiry({ phone: '+260 97 000 1111', service: 'Cybersecurity' });
      // Another unread one, so that the badge still shows after the first is read.
      await createEnquiry();
      const staff = await readyStaff();
      await signIn(page, superAdmin);

      // The sidebar's badge: the unread enquiries, as the server counts them.
      const { count } = await readBack<{ count: number }>(page, api.enquiriesUnreadCount);
      expect(count).toBeGreaterThan(1);
      const menuItem = await menuEntry(adminMenu(page), 'Enquiries');
      await expect(menuItem.getByTestId('unread-enquiries')).toHaveText(String(count));
      await menuItem.click();
      await expect(page).toHaveURL(/\/admin\/enquiries$/);
      await expect(page.getByRole('heading', { name: 'Enquiries', level: 1 })).toBeVisible();

      await search(page, enquiry.fullName);
      await expect(page.getByRole('row')).toHaveCount(2);
      await expect(row(page, enquiry.fullName)).toHaveAttribute('data-unread', 'true');
      // Its status and its stage, each badge saying which it is.
      await expect(row(page, enquiry.fullName).getByText('Status: New', { exact: true })).toBeVisible();
      await expect(row(page, enquiry.fullName).getByText('Stage: New', { exact: true })).toBeVisible();
      await row(page, enquiry.fullName)
        .getByRole('button', { name: `Open the enquiry from ${enquiry.fullName}` })
        .click();
      const drawer = page.getByRole('dialog', { name: enquiry.fullName });
      await expect(drawer).toContainText(enquiry.message);
      // The detail's badges say which is the status and which the stage, to a screen reader too.
      await expect(drawer.getByText('Status: New', { exact: true })).toBeVisible();
      await expect(drawer.getByText('Stage: New', { exact: true })).toBeVisible();
      const spoken = await drawer.ariaSnapshot();
      expect(spoken).toContain('Status: New');
      expect(spoken).toContain('Stage: New');
      await expect(drawer).toContainText('+260 97 000 1111');
      await expect(drawer).toContainText('Cybersecurity');
      await expect(drawer.getByRole('link', { name: 'Reply by email' })).toHaveAttribute(
        'href',
        new RegExp(`^mailto:${enquiry.email}\\?subject=`),
      );
      // Opened: read, so the badge counts one fewer.
      await expect(menuItem.getByTestId('unread-enquiries')).toHaveText(String(count - 1));

      await choose(drawer, 'Assignee', staff.name);
      await expect(toasts(page)).toContainText(messages.enquiryUpdated);
      await expect(drawer).toContainText(`Assigned to${staff.name}`);
      // A note the server could not save (an answer without a message: the screen's own words)
      // stays in the box, to try again.
      await page.route('**/api/enquiries/*/notes', (route) => route.fulfill({ status: 500, json: {} }), { times: 1 });
      await drawer.getByRole('textbox', { name: 'Add a note' }).fill('Asked Staff to call back today.');
      await drawer.getByRole('button', { name: 'Add Note' }).click();
      await expect(toasts(page)).toContainText('Failed to add note');
      await expect(drawer.getByRole('textbox', { name: 'Add a note' })).toHaveValue('Asked Staff to call back today.');
      await drawer.getByRole('button', { name: 'Add Note' }).click();
      await expect(toasts(page)).toContainText(messages.enquiryNoteAdded);
      // The note shows once, on the timeline.
      await expect(
        drawer.getByRole('list', { name: 'Timeline' }).getByRole('listitem').filter({ hasText: 'Asked Staff to call back today.' }),
      ).toHaveText(/^Note added/);
      await expect(drawer.getByText('Asked Staff to call back today.')).toHaveCount(1);
      await expect(drawer.getByRole('textbox', { name: 'Add a note' })).toHaveValue('');
      await page.keyboard.press('Escape');
      await expect(row(page, enquiry.fullName)).toContainText(staff.name);
      await expect(row(page, enquiry.fullName)).not.toHaveAttribute('data-unread', 'true');

      // The staff member, in their own browser.
      const staffContext = await browser.newContext();
      const staffPage = await staffContext.newPage();
      await staffSignIn(staffPage, staff.email, staff.password);
      await expect(staffPage).toHaveURL(/\/staff\/dashboard$/);
      const mine = staffPage.getByRole('region', { name: 'Your enquiries' });
      await expect(mine.getByRole('row')).toHaveCount(2);
      await mine.getByRole('button', { name: `Open the enquiry from ${enquiry.fullName}` }).click();
      const staffDrawer = staffPage.getByRole('dialog', { name: enquiry.fullName });
      await expect(staffDrawer).toContainText(enquiry.message);
      await expect(
        staffDrawer.getByRole('list', { name: 'Timeline' }).getByRole('listitem').filter({ hasText: 'Note added' }),
      ).toContainText('Asked Staff to call back today.');
      await staffDrawer.getByRole('textbox', { name: 'Add a note' }).fill('Called back; the customer is happy.');
      await staffDrawer.getByRole('button', { name: 'Add Note' }).click();
      await expect(toasts(staffPage)).toContainText(messages.enquiryNoteAdded);
      await choose(staffDrawer, 'Status', 'Closed');
      await expect(toasts(staffPage)).toContainText(messages.enquiryUpdated);
      await staffPage.keyboard.press('Escape');
      await expect(mine.getByRole('row').filter({ hasText: enquiry.fullName })).toContainText('Status: Closed');
      await staffContext.close();

      // The admin sees it closed, with the staff member's note.
      await page.reload();
      await choose(page, 'Status', 'Closed');
      await search(page, enquiry.fullName);
      await expect(page.getByRole('row')).toHaveCount(2);
      await expect(row(page, enquiry.fullName)).toContainText('Status: Closed');
      await row(page, enquiry.fullName).getByRole('button', { name: /^Open/ }).click();
      await expect(
        page
          .getByRole('dialog', { name: enquiry.fullName })
          .getByRole('list', { name: 'Timeline' })
          .getByRole('listitem')
          .filter({ hasText: 'Called back; the customer is happy.' }),
      ).toContainText(`${staff.name}, `);
    },
  );

  test('another staff member sees none of it', async ({ page }) => {
    const enquiry = await createEnquiry();
    const owner = await readyStaff();
    const other = await readyStaff();
    const admin = await request.newContext({ baseURL: baseURL(), extraHTTPHeaders: { Origin: baseURL() } });
    await admin.post(api.adminLogin, { data: superAdmin });
    const found = (await (await admin.get(`${api.enquiries}?q=${encodeURIComponent(enquiry.fullName)}`)).json()) as EnquiryList;
    expect((await admin.put(api.enquiryById(found.items[0]._id), { data: { assigneeId: owner._id } })).status()).toBe(200);
    await admin.dispose();
    await staffSignIn(page, other.email, other.password);
    await expect(page.getByRole('region', { name: 'Your enquiries' })).toContainText('No enquiries are assigned to you.');
  });

  test('search, filters, sorting, paging figures, bulk status, Export CSV and delete', async ({ page }) => {
    const tag = unique('batch');
    const names = ['Cecilia', 'Abel', 'Bwalya'].map((n) => `${n} ${tag}`);
    for (const fullName of names) await createEnquiry({ fullName, message: `About ${tag}: ${fullName}`, service: 'Digital Marketing' });
    await signIn(page, superAdmin, '/admin/enquiries');
    await search(page, tag);
    await expect(page.getByRole('row')).toHaveCount(4);
    await expect(page.getByText('1-3 of 3')).toBeVisible();

    // Newest first by default; the Name header sorts A-Z, then Z-A (the server sorts).
    const firstCells = () => page.getByRole('row').locator('td:nth-child(3)');
    await expect(firstCells()).toHaveText(
      names
        .slice()
        .reverse()
        .map((n) => new RegExp(n)),
    );
    await page.getByRole('button', { name: /^Name/ }).click();
    await expect(firstCells()).toHaveText([names[1], names[2], names[0]].map((n) => new RegExp(n)));
    await page.getByRole('button', { name: /^Name/ }).click();
    await expect(firstCells()).toHaveText([names[0], names[2], names[1]].map((n) => new RegExp(n)));

    await choose(page, 'Service', 'Cybersecurity');
    await expect(page.getByText('No enquiries match your search.')).toBeVisible();
    await choose(page, 'Service', 'Digital Marketing');
    await expect(page.getByRole('row')).toHaveCount(4);

    // Bulk: all three Closed, with progress and a toast; the Closed filter then finds them.
    await page.getByRole('checkbox', { name: 'Select all shown' }).check();
    await choose(page, 'Change status of selected', 'Closed');
    await page.getByRole('button', { name: 'Apply (3)' }).click();
    await expect(toasts(page)).toContainText('3 enquiries marked Closed');
    await expect(page.getByRole('row').filter({ hasText: 'Closed' })).toHaveCount(3);
    await choose(page, 'Status', 'New');
    await expect(page.getByText('No enquiries match your search.')).toBeVisible();
    await choose(page, 'Status', 'Closed');
    await expect(page.getByRole('row')).toHaveCount(4);

    // Export CSV: every matching row, with the list's filters.
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('enquiries.csv');
    const csv = readFileSync(await download.path(), 'utf8');
    const lines = csv.trim().split(/\r?\n/);
    expect(lines).toHaveLength(4);
    for (const name of names) expect(csv).toContain(name);
    await expect(toasts(page)).toContainText('Enquiries exported');

    // Delete, Super Admin only, after a confirmation.
    await row(page, names[1]).getByRole('button', { name: /^Open/ }).click();
    const drawer = page.getByRole('dialog', { name: names[1] });
    await drawer.getByRole('button', { name: 'Delete Enquiry' }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirm Deletion' });
    await expect(confirm).toContainText(`Are you sure you want to delete the enquiry from ${names[1]}?`);
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(toasts(page)).toContainText(messages.enquiryDeleted);
    await expect(page.getByRole('row')).toHaveCount(3);
    await expect(page.getByText('1-2 of 2')).toBeVisible();
  });

  test('an Editor works enquiries but has no Delete', async ({ page }) => {
    const enquiry = await createEnquiry();
    const editor = await createAdmin('Editor');
    await signIn(page, editor, '/admin/enquiries');
    await search(page, enquiry.fullName);
    await row(page, enquiry.fullName).getByRole('button', { name: /^Open/ }).click();
    const drawer = page.getByRole('dialog', { name: enquiry.fullName });
    await expect(drawer).toContainText(enquiry.message);
    await choose(drawer, 'Status', 'Open');
    await expect(toasts(page)).toContainText(messages.enquiryUpdated);
    await expect(drawer.getByRole('button', { name: 'Delete Enquiry' })).toHaveCount(0);
  });

  test('times are shown in the configured timezone', { tag: '@alone' }, async ({ page }) => {
    const enquiry = await createEnquiry();
    await signIn(page, superAdmin);
    const general = await readBack<GeneralSettings>(page, api.generalSettings);
    const origin = { Origin: new URL(page.url()).origin };
    const save = (timezone: string) =>
      page.request.post(api.generalSettings, {
        headers: origin,
        data: { ...general, siteName: general.siteName || 'Kafue', adminEmail: general.adminEmail || 'office@kafue.test', timezone },
      });
    expect((await save('UTC+8')).status()).toBe(200);
    try {
      const list = await readBack<EnquiryList>(page, `${api.enquiries}?q=${encodeURIComponent(enquiry.fullName)}`);
      // Singapore keeps UTC+8 all year: the browser's own time zone database gives the expected text.
      const expected = new Date(list.items[0].createdAt).toLocaleString('en-GB', {
        timeZone: 'Asia/Singapore',
        day: 'numeric',
        month: 'short',
        year: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      });
      await page.goto('/admin/enquiries');
      await search(page, enquiry.fullName);
      await expect(row(page, enquiry.fullName).locator('td').nth(1)).toHaveText(`${expected} (UTC+8)`);
    } finally {
      expect((await save(general.timezone)).status()).toBe(200);
    }
  });

  test('a failed load says so, and a failed export shows the server message', async ({ page }) => {
    await signIn(page, superAdmin);
    await page.route(`**${api.enquiries}?*`, (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ message: 'Database unavailable' }) }),
    );
    await page.goto('/admin/enquiries');
    await expect(page.getByRole('main').getByRole('alert')).toHaveText('Database unavailable');
    await page.route(`**${api.enquiriesExport}*`, (route) =>
      route.fulfill({
        status: 403,
        contentType: 'application/json',
        body: JSON.stringify({ message: 'You do not have permission to do this.' }),
      }),
    );
    await page.getByRole('button', { name: 'Export CSV' }).click();
    await expect(toasts(page)).toContainText('You do not have permission to do this.');
  });
});
