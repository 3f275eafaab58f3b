/**
 * Every screen of the console's route tables fits a 390 px phone: the page itself never scrolls
 * sideways (a wide table scrolls inside its own region, its first column fixed, with a hint); at
 * 1366 px the same screens fit with nothing folded away. At both widths axe finds nothing on any
 * of them, the not-found screen, the phone's menu drawer and the desktop's sidebar (open and
 * collapsed) too: this is the console's axe walk of its screens (a11y.spec.ts checks the dialogs,
 * messages and toasts). The screens
 * come from the route tables (admin screens as a Super Admin, the staff portal as a staff member,
 * the sign-in screens signed out), so a screen added there is checked here without touching this
 * file; a path with a parameter takes its value from the records seeded below.
 */
import { expect, request, type Page } from '@playwright/test';
import { adminTitle } from '@kafue/common/brand';
import { api, type EnquiryList } from '@kafue/common/contract';
import { consoleScreens, outsideScreens } from '../../src/renderer/src/app/routes';
import { expectNoViolations, settle } from './axe';
import {
  baseURL,
  createAdmin,
  createEnquiry,
  createStaff,
  oneTimePasswordField,
  openInConsole,
  signIn,
  staffSignIn,
  superAdmin,
  unique,
  test,
} from './support';

const widths = { phone: { width: 390, height: 844 }, desktop: { width: 1366, height: 768 } };

/** Records the screens show: long enough to push a careless layout past a phone's width. */
async function seed() {
  const slug = unique('wide');
  const enquiry = await createEnquiry({
    fullName: `Chilufya Mwansa-Kapembwa Nakazwe ${slug}`,
    email: `chilufya.mwansa-kapembwa.${slug}@a-rather-long-domain.example.com`,
    // The widest kind badge ('Quote request') and a known contact's badge: the list still fits.
    request: { plan: 'Business', addons: ['Priority Support'] },
    page: '/contact?plan=Business&addon=Priority%20Support',
  });
  await createStaff({ status: 'Suspended' });
  const { staff: member, oneTimePassword: memberPassword } = await createStaff({ name: `Mutinta Hamoonga-Siachitema ${slug}` });
  const admin = await createAdmin('Editor');
  const su = await request.newContext({ baseURL: baseURL(), extraHTTPHeaders: { Origin: baseURL() } });
  expect((await su.post(api.adminLogin, { data: superAdmin })).status()).toBe(200);
  const found = (await (await su.get(`${api.enquiries}?q=${encodeURIComponent(enquiry.fullName)}`)).json()) as EnquiryList;
  const enquiryId = found.items[0]._id;
  expect((await su.put(api.enquiryById(enquiryId), { data: { assigneeId: member._id } })).status()).toBe(200);
  expect((await su.post(api.backup)).status()).toBeLessThan(300);
  await su.dispose();
  return { enquiry, enquiryId, member, memberPassword, admin };
}

/** A route's path with each `:param` replaced by a seeded record's id. */
function pathOf(to: string, ids: Record<string, string>): string {
  return to.replace(/:(\w+)/g, (_, name: string) => {
    const id = ids[name];
    if (!id) throw new Error(`${to}: no seeded record for :${name}; seed one in phone-width.spec.ts`);
    return id;
  });
}

/** The page does not scroll sideways at `width`, and axe finds nothing. */
async function expectFits(page: Page, width: number, state: string): Promise<void> {
  await settle(page);
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect.soft(scrollWidth, `${state}: the page is ${scrollWidth} px wide`).toBeLessThanOrEqual(width);
  await expectNoViolations(page, state);
}

// One of the suite's longest files: its tests are independent, so more workers would share them.
test.describe.configure({ mode: 'parallel' });

for (const [widthName, viewport] of Object.entries(widths)) {
  test.describe(`at ${viewport.width} px (${widthName})`, () => {
    test.use({ viewport });
    // An axe pass per screen on a shared machine.
    test.describe.configure({ timeout: 360_000 });

    test('every screen of the route tables fits the width, signed in as who may see it', async ({ page, browser }) => {
      const seeded = await seed();
      await createAdmin('Moderator'); // every role's badge in Admin Management
      const ids = { enquiryId: seeded.enquiryId, staffId: seeded.member._id, adminId: seeded.admin._id };

      for (const screen of outsideScreens.filter((s) => s.viewer === 'signed-out')) {
        await page.goto(pathOf(screen.to, ids));
        await expectFits(page, viewport.width, `${screen.id} (${screen.to}), signed out`);
      }

      await signIn(page, superAdmin);
      for (const screen of consoleScreens) {
        await openInConsole(page, pathOf(screen.to, ids));
        await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText(screen.label);
        await expect(page.getByTestId('skeleton')).toHaveCount(0);
        await expectFits(page, viewport.width, `${screen.label} (${screen.to}) as Super Admin`);
      }
      await openInConsole(page, '/admin/no-such-screen');
      await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
      await expectFits(page, viewport.width, 'not found');
      if (widthName === 'phone') {
        await page.getByRole('button', { name: 'Open menu' }).click();
        const drawer = page.getByRole('dialog', { name: adminTitle });
        await expect(drawer).toBeVisible();
        await drawer.getByRole('button', { name: 'Settings' }).click();
        await expectFits(page, viewport.width, 'menu drawer with Settings open');
        await page.keyboard.press('Escape');
      } else {
        await page.getByRole('navigation', { name: 'Admin menu' }).getByRole('button', { name: 'Settings' }).click();
        await expectFits(page, viewport.width, 'sidebar with Settings open');
        await page.getByRole('button', { name: 'Collapse sidebar' }).click();
        await expectFits(page, viewport.width, 'sidebar collapsed');
      }

      const staffContext = await browser.newContext({ viewport });
      const staffPage = await staffContext.newPage();
      await staffSignIn(staffPage, seeded.member.email, seeded.memberPassword);
      await expect(staffPage.getByRole('heading', { name: `Welcome, ${seeded.member.name}` })).toBeVisible();
      await expectFits(staffPage, viewport.width, 'staff portal, first sign-in');
      await oneTimePasswordField(staffPage).fill(seeded.memberPassword);
      await staffPage.getByRole('textbox', { name: /^New Password/ }).fill('Staff-own-pass-1');
      await staffPage.getByRole('textbox', { name: /^Confirm New Password/ }).fill('Staff-own-pass-1');
      await staffPage.getByRole('button', { name: 'Update Password' }).click();
      await expect(staffPage.getByRole('region', { name: 'Your enquiries' })).toContainText(seeded.enquiry.fullName);
      for (const screen of outsideScreens.filter((s) => s.viewer === 'staff')) {
        await openInConsole(staffPage, pathOf(screen.to, ids));
        await expect(staffPage.getByRole('region', { name: 'Your enquiries' })).toContainText(seeded.enquiry.fullName);
        await expectFits(staffPage, viewport.width, `${screen.id} (${screen.to}) as staff`);
      }
      await staffContext.close();
    });

    test('the enquiry list: its filters behind a Filters button on a phone, each enquiry a card', async ({ page }) => {
      const { enquiry } = await seed();
      await signIn(page, superAdmin, '/admin/enquiries');
      const filters = page.getByRole('button', { name: 'Filters' });
      const search = page.getByRole('textbox', { name: 'Search' });
      const table = page.getByRole('region', { name: 'Enquiries' });
      const hint = page.getByText('Scroll sideways for more');
      await expect(table.getByRole('row').nth(1)).toBeVisible();
      if (widthName === 'phone') {
        await expect(search).toBeHidden();
        await expect(filters).toHaveAttribute('aria-expanded', 'false');
        await filters.click();
        await expect(filters).toHaveAttribute('aria-expanded', 'true');
        await search.fill(enquiry.fullName);
        await expect(table.getByRole('row')).toHaveCount(2);
        await expectFits(page, viewport.width, 'enquiries with the filters open');
        // A card per enquiry, not a table cut off at the edge: nothing scrolls sideways, and
        // every part of the card (selection, name, email, status, Open) is on the screen.
        await expect(hint).toBeHidden();
        expect(await table.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
        const row = table.getByRole('row').filter({ hasText: enquiry.fullName });
        const card = (await row.boundingBox())!;
        expect(card.x).toBeGreaterThanOrEqual(0);
        expect(card.x + card.width).toBeLessThanOrEqual(viewport.width);
        for (const part of [
          row.getByRole('checkbox'),
          row.getByText(enquiry.fullName),
          row.getByText(enquiry.email),
          row.getByText('Status: New', { exact: true }),
          row.getByRole('button', { name: /^Open/ }),
        ]) {
          const box = (await part.boundingBox())!;
          expect(box.x + box.width, (await part.textContent()) ?? undefined).toBeLessThanOrEqual(viewport.width);
        }
      } else {
        await expect(filters).toBeHidden();
        await expect(search).toBeVisible();
        await expect(hint).toBeHidden();
      }
    });

    test('the staff portal puts the enquiries first and the password form under its own heading', async ({ page }) => {
      const seeded = await seed();
      await staffSignIn(page, seeded.member.email, seeded.memberPassword);
      const current = oneTimePasswordField(page);
      await expect(current).toBeVisible();
      await expect(page.getByRole('textbox', { name: /^Current Password/ })).toHaveCount(0);
      await current.fill(seeded.memberPassword);
      await page.getByRole('textbox', { name: /^New Password/ }).fill('Staff-own-pass-1');
      await page.getByRole('textbox', { name: /^Confirm New Password/ }).fill('Staff-own-pass-1');
      await page.getByRole('button', { name: 'Update Password' }).click();
      const mine = page.getByRole('region', { name: 'Your enquiries' });
      await expect(mine).toContainText(seeded.enquiry.fullName);
      // Once the password is their own, the field says what it is again.
      await expect(page.getByRole('textbox', { name: /^Current Password/ })).toBeVisible();
      const headings = await page.getByRole('heading').allTextContents();
      expect(headings.indexOf('Your Enquiries')).toBeGreaterThanOrEqual(0);
      expect(headings.indexOf('Your Enquiries')).toBeLessThan(headings.indexOf('Change Password'));
      expect(headings.indexOf('Your Enquiries')).toBeLessThan(headings.indexOf('Your account'));
      await expectFits(page, viewport.width, 'staff portal with an enquiry');
    });
  });
}
