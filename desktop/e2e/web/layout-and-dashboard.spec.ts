import { expect, test, type Page } from '@playwright/test';
import { adminTitle } from '@kafue/common/brand';
import { createAdmin, pausedClock, runClockUntilVisible, signIn, superAdmin } from './support';

const menu = ['Dashboard', 'Add Service', 'Manage Services', 'User Management'];
const settingsMenu = ['General', 'Security', 'Notifications', 'Backup', 'Admin Management', 'Audit Log'];

function sidebar(page: Page) {
  return page.getByRole('navigation', { name: 'Admin menu' });
}

test.describe('admin layout', () => {
  test('sidebar with title, initial, name and role; menu with a Settings group closed by default; breadcrumb', async ({ page }) => {
    const editor = await createAdmin('Editor', 'Natasha Phiri');
    await signIn(page, editor);
    await expect(page.getByRole('heading', { name: adminTitle })).toBeVisible();
    await expect(page.getByTestId('admin-name')).toHaveText('Natasha Phiri');
    await expect(page.getByTestId('admin-role')).toHaveText('Editor');
    await expect(page.getByText('N', { exact: true })).toBeVisible();

    for (const item of menu) await expect(sidebar(page).getByRole('link', { name: item, exact: true })).toBeVisible();
    for (const item of settingsMenu) await expect(sidebar(page).getByRole('link', { name: item, exact: true })).toBeHidden();
    await sidebar(page).getByRole('button', { name: 'Settings' }).click();
    for (const item of settingsMenu) await expect(sidebar(page).getByRole('link', { name: item, exact: true })).toBeVisible();

    const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(breadcrumb).toHaveText(/^Home\s*\/\s*Dashboard$/);
    await sidebar(page).getByRole('link', { name: 'Admin Management' }).click();
    await expect(page).toHaveURL(/\/admin\/settings\/admins$/);
    await expect(breadcrumb).toHaveText(/^Home\s*\/\s*Settings\s*\/\s*Admin Management$/);
    await breadcrumb.getByRole('link', { name: 'Home' }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);

    for (const [item, heading] of [
      ['Add Service', 'Add a New Service'],
      ['Manage Services', 'Manage Services'],
      ['User Management', 'Staff User Management'],
    ]) {
      await sidebar(page).getByRole('link', { name: item, exact: true }).click();
      await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
    }
  });

  test('works from the keyboard: sign in, open the Settings group, follow a link', async ({ page }) => {
    await page.goto('/kafue-secure-admin');
    await page.getByRole('textbox', { name: /^Email/ }).focus();
    await page.keyboard.type(superAdmin.email);
    await page.keyboard.press('Tab');
    await page.keyboard.type(superAdmin.password);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    const settings = sidebar(page).getByRole('button', { name: 'Settings' });
    await settings.focus();
    await page.keyboard.press('Enter');
    await expect(settings).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Tab');
    await expect(sidebar(page).getByRole('link', { name: 'General' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/admin\/settings\/general$/);
  });

  test('the sidebar collapses on a large screen', async ({ page }) => {
    await signIn(page, superAdmin);
    await expect(sidebar(page)).toBeInViewport();
    await page.getByRole('button', { name: 'Collapse sidebar' }).click();
    await expect(sidebar(page)).not.toBeInViewport();
    await page.getByRole('button', { name: 'Expand sidebar' }).click();
    await expect(sidebar(page)).toBeInViewport();
  });

  test('on a phone the menu is a drawer that closes when a link is chosen', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, superAdmin);
    await expect(page.getByRole('dialog')).toBeHidden();
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog', { name: adminTitle });
    await expect(drawer).toBeVisible();
    await expect(drawer.getByText('Super Admin')).toBeVisible();
    await drawer.getByRole('link', { name: 'User Management' }).click();
    await expect(drawer).toBeHidden();
    await expect(page.getByRole('heading', { name: 'Staff User Management' })).toBeVisible();
    // Nothing spills sideways at phone width.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });

  test('unknown console paths show the not-found screen', async ({ page }) => {
    await signIn(page, superAdmin);
    await page.goto('/admin/no-such-screen');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expect(page.getByRole('heading', { name: adminTitle })).toBeVisible();
    await page.goto('/staff/no-such-screen');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  });
});

test.describe('dashboard', () => {
  test('shows skeletons for about a second, then the sample figures, charts, activity and quick actions', async ({ page }) => {
    await signIn(page, superAdmin);
    await pausedClock(page);
    await page.goto('/admin');
    await runClockUntilVisible(page, page.getByText('Checking authentication...'));
    await runClockUntilVisible(page, page.getByRole('heading', { name: 'Welcome, Admin' }));
    await expect(page.getByText("Here's what's happening with your platform today")).toBeVisible();
    await expect(page.getByTestId('skeleton').first()).toBeVisible();
    await expect(page.getByText('Total Services')).toBeHidden();
    await page.clock.runFor(900);
    await expect(page.getByTestId('skeleton').first()).toBeVisible();
    await page.clock.runFor(100);
    await page.clock.resume();
    await expect(page.getByTestId('skeleton')).toHaveCount(0);

    for (const [title, value, change] of [
      ['Total Services', '24', '+12.5% increase from last month'],
      ['New Messages', '8', '-3.2% decrease from last month'],
      ['Active Users', '142', '+15.3% increase from last month'],
    ]) {
      const card = page.locator('.mantine-Card-root', { hasText: title });
      await expect(card).toContainText(value);
      await expect(card).toContainText(change);
    }
    await expect(page.locator('.mantine-Card-root', { hasText: 'Storage Used' })).toContainText('65%');

    // Monthly Activity: bars with the legend on top.
    const bar = page.locator('.mantine-Paper-root', { has: page.getByRole('heading', { name: 'Monthly Activity' }) });
    await expect(bar.getByText('New Users')).toBeVisible();
    await expect(bar.getByText('Service Requests')).toBeVisible();
    const legendBox = (await bar.getByText('New Users').boundingBox())!;
    const plotBox = (await bar.locator('.recharts-bar-rectangle').first().boundingBox())!;
    expect(legendBox.y + legendBox.height).toBeLessThanOrEqual(plotBox.y);

    // Services by Category: the pie with its legend on the right.
    const pie = page.locator('.mantine-Paper-root', { has: page.getByRole('heading', { name: 'Services by Category' }) });
    const legend = pie.getByRole('list', { name: 'Services by Category legend' });
    await expect(legend.getByRole('listitem')).toHaveText(['Web (12)', 'Mobile (8)', 'Cloud (15)', 'AI (7)', 'Consulting (5)']);
    const pieBox = (await pie.locator('.recharts-pie').boundingBox())!;
    const keyBox = (await legend.boundingBox())!;
    expect(keyBox.x).toBeGreaterThanOrEqual(pieBox.x + pieBox.width);

    await expect(page.getByRole('heading', { name: 'Recent Activity' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Recent Activity' }).getByRole('listitem')).toHaveCount(4);
    for (const action of ['Add New Service', 'Send Announcement', 'Generate Report', 'System Settings']) {
      await expect(page.getByRole('button', { name: action })).toBeVisible();
    }
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
