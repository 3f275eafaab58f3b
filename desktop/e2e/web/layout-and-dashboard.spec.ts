import { expect, test } from '@playwright/test';
import { adminTitle } from '@kafue/common/brand';
import { api, type Dashboard, type EnquiryList, type StaffUser } from '@kafue/common/contract';
import { consoleScreens, menuGroups } from '../../src/renderer/src/app/routes';
import { adminMenu, entryLink, menuEntry } from './menu';
import { createAdmin, createEnquiry, readBack, signIn, superAdmin } from './support';

test.describe('admin layout', () => {
  test('sidebar with title, initial, name and role; menu with a Settings group closed by default; breadcrumb', async ({ page }) => {
    const editor = await createAdmin('Editor', 'Natasha Phiri');
    await signIn(page, editor);
    await expect(page.getByRole('heading', { name: adminTitle })).toBeVisible();
    await expect(page.getByTestId('admin-name')).toHaveText('Natasha Phiri');
    await expect(page.getByTestId('admin-role')).toHaveText('Editor');
    await expect(page.getByText('N', { exact: true })).toBeVisible();

    // The Dashboard, then a group for each thing the owner does, all closed on the Dashboard.
    await expect(adminMenu(page).getByRole('link', { name: 'Dashboard', exact: true })).toBeVisible();
    for (const group of menuGroups) {
      await expect(adminMenu(page).getByRole('button', { name: group.label, exact: true })).toHaveAttribute('aria-expanded', 'false');
    }
    const settingsMenu = ['General', 'Security', 'Notifications', 'Backup', 'Admin Management', 'Audit Log'];
    for (const item of settingsMenu) await expect(adminMenu(page).getByRole('link', { name: item, exact: true })).toBeHidden();
    await adminMenu(page).getByRole('button', { name: 'Settings' }).click();
    for (const item of settingsMenu) await expect(adminMenu(page).getByRole('link', { name: item, exact: true })).toBeVisible();
    // One group open at a time: opening another closes Settings.
    await adminMenu(page).getByRole('button', { name: 'Leads & team' }).click();
    await expect(entryLink(adminMenu(page), 'Enquiries')).toBeVisible();
    await expect(adminMenu(page).getByRole('button', { name: 'Settings' })).toHaveAttribute('aria-expanded', 'false');
    await expect(adminMenu(page).getByRole('link', { name: 'General', exact: true })).toBeHidden();
    await adminMenu(page).getByRole('button', { name: 'Settings' }).click();

    const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(breadcrumb).toHaveText(/^Home\s*\/\s*Dashboard$/);
    await adminMenu(page).getByRole('link', { name: 'Admin Management' }).click();
    await expect(page).toHaveURL(/\/admin\/settings\/admins$/);
    await expect(breadcrumb).toHaveText(/^Home\s*\/\s*Settings\s*\/\s*Admin Management$/);
    await breadcrumb.getByRole('link', { name: 'Home' }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);

    for (const [item, heading] of [
      ['Add Service', 'Add a New Service'],
      ['Manage Services', 'Manage Services'],
      ['User Management', 'Staff User Management'],
    ]) {
      await (await menuEntry(adminMenu(page), item)).click();
      await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
    }
  });

  test("a page opened by its address opens its own group, scrolled into the sidebar's view", async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 768 });
    await signIn(page, superAdmin, '/admin/settings/saved-replies');
    await expect(adminMenu(page).getByRole('button', { name: 'Settings' })).toHaveAttribute('aria-expanded', 'true');
    await expect(adminMenu(page).getByRole('link', { name: 'Saved Replies', exact: true })).toBeInViewport({ ratio: 1 });
    await expect(adminMenu(page).getByRole('button', { name: 'Leads & team' })).toHaveAttribute('aria-expanded', 'false');
  });

  for (const size of [
    { width: 1280, height: 800 },
    { width: 1366, height: 768 },
  ]) {
    test(`at ${size.width}x${size.height} every menu entry shows whole once its group is open, and leads to its screen`, async ({
      page,
    }) => {
      test.slow(); // every screen of the console, one after the other
      await page.setViewportSize(size);
      await signIn(page, superAdmin);
      for (const screen of consoleScreens) {
        const link = await menuEntry(adminMenu(page), screen.label);
        await expect(link, screen.label).toBeInViewport({ ratio: 1 });
        await link.click();
        await expect(page).toHaveURL(new RegExp(`${screen.to}$`));
        await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText(screen.label);
        // The page's group stays open, its entry marked as the current one.
        await expect(link).toHaveAttribute('aria-current', 'page');
      }
    });
  }

  test('works from the keyboard: sign in, open the Settings group, follow a link', async ({ page }) => {
    await page.goto('/kafue-secure-admin');
    await page.getByRole('textbox', { name: /^Email/ }).focus();
    await page.keyboard.type(superAdmin.email);
    await page.keyboard.press('Tab');
    await page.keyboard.type(superAdmin.password);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    const settings = adminMenu(page).getByRole('button', { name: 'Settings' });
    await settings.focus();
    await page.keyboard.press('Enter');
    await expect(settings).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Tab');
    await expect(adminMenu(page).getByRole('link', { name: 'General' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/admin\/settings\/general$/);
  });

  test('the sidebar collapses on a large screen', async ({ page }) => {
    await signIn(page, superAdmin);
    await expect(adminMenu(page)).toBeInViewport();
    await page.getByRole('button', { name: 'Collapse sidebar' }).click();
    await expect(adminMenu(page)).not.toBeInViewport();
    await page.getByRole('button', { name: 'Expand sidebar' }).click();
    await expect(adminMenu(page)).toBeInViewport();
  });

  test('on a phone the menu is a drawer that closes when a link is chosen', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, superAdmin);
    await expect(page.getByRole('dialog')).toBeHidden();
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog', { name: adminTitle });
    await expect(drawer).toBeVisible();
    await expect(drawer.getByText('Super Admin')).toBeVisible();
    await (await menuEntry(drawer, 'User Management')).click();
    await expect(drawer).toBeHidden();
    await expect(page.getByRole('heading', { name: 'Staff User Management' })).toBeVisible();
    // Nothing spills sideways at phone width.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });

  test('unknown console paths show the not-found screen', async ({ page }) => {
    await signIn(page, superAdmin, '/admin/no-such-screen');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expect(page.getByRole('heading', { name: adminTitle })).toBeVisible();
    await page.goto('/staff/no-such-screen');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  });
});

test.describe('dashboard', () => {
  test(
    "shows skeletons until the server's figures arrive, then those figures, charts, activity and quick actions",
    { tag: '@alone' },
    async ({ page }) => {
      const enquiry = await createEnquiry();
      await signIn(page, superAdmin);
      // What the server holds, read independently of the dashboard.
      const newEnquiries = await readBack<EnquiryList>(page, `${api.enquiries}?status=New&pageSize=1`);
      const staff = await readBack<StaffUser[]>(page, api.staff);
      const figures = await readBack<Dashboard>(page, api.dashboard);
      expect(figures.newMessages.value).toBe(newEnquiries.total);
      expect(figures.activeUsers.value).toBe(staff.filter((s) => s.status === 'Active').length);

      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      await page.route(`**${api.dashboard}`, async (route) => {
        await held;
        await route.continue();
      });
      await page.goto('/admin');
      await expect(page.getByRole('heading', { name: 'Welcome, Admin' })).toBeVisible();
      await expect(page.getByText("Here's what's happening with your platform today")).toBeVisible();
      await expect(page.getByTestId('skeleton')).toHaveCount(6);
      await expect(page.getByText('Total Services')).toBeHidden();
      release();
      await expect(page.getByTestId('skeleton')).toHaveCount(0);

      const change = (c: number | null) =>
        c === null ? '' : `${c >= 0 ? '+' : '-'}${Math.abs(Math.round(c * 10) / 10)}% ${c >= 0 ? 'increase' : 'decrease'} from last month`;
      for (const [title, stat] of [
        ['Total Services', figures.totalServices],
        ['New Messages', figures.newMessages],
        ['Active Users', figures.activeUsers],
      ] as const) {
        const card = page.locator('.mantine-Card-root', { hasText: title });
        await expect(card).toContainText(String(stat.value));
        await expect(card).toContainText(change(stat.change));
      }
      await expect(page.locator('.mantine-Card-root', { hasText: 'Storage Used' })).toContainText(
        `${Math.round(figures.storageUsed.value * 10) / 10}%`,
      );

      // Monthly Activity: seven months of bars with the legend on top.
      const bar = page.locator('.mantine-Paper-root', { has: page.getByRole('heading', { name: 'Monthly Activity' }) });
      await expect(bar.getByText('New Users')).toBeVisible();
      await expect(bar.getByText('Service Requests')).toBeVisible();
      for (const m of figures.monthlyActivity)
        await expect(bar.locator('.recharts-cartesian-axis-tick-value', { hasText: m.label }).first()).toBeVisible();
      const legendBox = (await bar.getByText('New Users').boundingBox())!;
      // The top of the highest drawn bar (months without any draw none).
      const barTop = await bar.locator('.recharts-bar-rectangle path').evaluateAll((paths) =>
        Math.min(
          ...paths
            .map((p) => p.getBoundingClientRect())
            .filter((r) => r.height > 0)
            .map((r) => r.top),
        ),
      );
      expect(Number.isFinite(barTop)).toBe(true);
      expect(legendBox.y + legendBox.height).toBeLessThanOrEqual(barTop);

      // Services by Category: the catalogue's categories that have services, legend on the right.
      const pie = page.locator('.mantine-Paper-root', { has: page.getByRole('heading', { name: 'Services by Category' }) });
      const legend = pie.getByRole('list', { name: 'Services by Category legend' });
      const slices = figures.servicesByCategory.filter((c) => c.count > 0);
      expect(slices.length).toBeGreaterThan(0);
      await expect(legend.getByRole('listitem')).toHaveText(slices.map((c) => `${c.label} (${c.count})`));
      const pieBox = (await pie.locator('.recharts-pie').boundingBox())!;
      const keyBox = (await legend.boundingBox())!;
      expect(keyBox.x).toBeGreaterThanOrEqual(pieBox.x + pieBox.width);

      // Recent Activity: the latest events, the new enquiry among them.
      await expect(page.getByRole('heading', { name: 'Recent Activity' })).toBeVisible();
      const activity = page.getByRole('list', { name: 'Recent Activity' }).getByRole('listitem');
      await expect(activity).toHaveCount(figures.recentActivity.length);
      await expect(activity.filter({ hasText: enquiry.fullName })).toHaveCount(1);
      for (const action of ['Add New Service', 'Send Announcement', 'Generate Report', 'System Settings']) {
        await expect(page.getByRole('button', { name: action })).toBeVisible();
      }
    },
  );

  test('a dashboard that cannot load says so instead of figures', async ({ page }) => {
    await signIn(page, superAdmin);
    await page.route(`**${api.dashboard}`, (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ message: 'Database unavailable' }) }),
    );
    await page.goto('/admin/dashboard');
    // The first-run checklist (its own call) may warn about mail beside it: the dashboard's own alert is the one that says why.
    await expect(page.getByRole('main').getByRole('alert').filter({ hasText: 'Database unavailable' })).toHaveText('Database unavailable');
    await expect(page.locator('.mantine-Card-root', { hasText: 'Total Services' })).toHaveCount(0);
  });

  test('the charts load only with the dashboard', async ({ page }) => {
    const scripts: string[] = [];
    page.on('response', (r) => r.request().resourceType() === 'script' && scripts.push(r.url()));
    await signIn(page, superAdmin);
    await page.goto('/admin/manage-services');
    await expect(page.getByRole('heading', { name: 'Manage Services' })).toBeVisible();
    const before = scripts.length;
    // A fresh page that never visits the dashboard loads no chart code.
    const fresh = await page.context().newPage();
    const freshScripts: string[] = [];
    fresh.on('response', (r) => r.request().resourceType() === 'script' && freshScripts.push(r.url()));
    await fresh.goto('/admin/manage-services');
    await expect(fresh.getByRole('heading', { name: 'Manage Services' })).toBeVisible();
    expect(freshScripts.some((u) => /Dashboard-/.test(u))).toBe(false);
    expect(scripts.slice(0, before).some((u) => /Dashboard-/.test(u))).toBe(true);
  });
});
