import { expect, test } from '@playwright/test';
import { adminLoginPath, adminTitle } from '@kafue/common/brand';
import { api, messages, type AuthCheckAnswer } from '@kafue/common/contract';
import { runClockUntilVisible, signIn, superAdmin } from './support';

test.describe('admin sign-in', () => {
  test('shows the sign-in screen, refuses a wrong password with the server message, then signs in', async ({ page }) => {
    await page.goto(adminLoginPath);
    await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
    const email = page.getByRole('textbox', { name: /^Email/ });
    const password = page.getByRole('textbox', { name: /^Password/ });
    await expect(email).toHaveAttribute('type', 'email');
    await expect(email).toHaveAttribute('required', '');
    await expect(password).toHaveAttribute('required', '');

    await email.fill(superAdmin.email);
    await password.fill('not-the-password');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByRole('alert')).toHaveText(messages.invalidCredentials);
    await expect(page).toHaveURL(new RegExp(`${adminLoginPath}$`));
    expect(await page.evaluate(() => localStorage.getItem('admin'))).toBeNull();

    await password.fill(superAdmin.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    const stored = JSON.parse((await page.evaluate(() => localStorage.getItem('admin'))) ?? 'null');
    expect(stored).toMatchObject({ email: superAdmin.email, role: 'Super Admin' });
    // The server holds the session the page signed in with.
    const check = (await (await page.request.get(api.adminCheckAuth)).json()) as AuthCheckAnswer;
    expect(check.admin._id).toBe(stored._id);
  });

  test("reads 'Logging in...' and is disabled while sending", async ({ page }) => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route(`**${api.adminLogin}`, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(adminLoginPath);
    await page.getByRole('textbox', { name: /^Email/ }).fill(superAdmin.email);
    await page.getByRole('textbox', { name: /^Password/ }).fill(superAdmin.password);
    await page.getByRole('button', { name: 'Login' }).click();
    const sending = page.getByRole('button', { name: 'Logging in...' });
    await expect(sending).toBeVisible();
    await expect(sending).toBeDisabled();
    release();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
  });

  test('says Login failed when the server gives no message, and Something went wrong when it cannot be reached', async ({ page }) => {
    await page.goto(adminLoginPath);
    await page.getByRole('textbox', { name: /^Email/ }).fill(superAdmin.email);
    await page.getByRole('textbox', { name: /^Password/ }).fill(superAdmin.password);

    await page.route(`**${api.adminLogin}`, (route) => route.fulfill({ status: 500, body: '' }));
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByRole('alert')).toHaveText(messages.loginFailed);

    await page.unroute(`**${api.adminLogin}`);
    await page.route(`**${api.adminLogin}`, (route) => route.abort('connectionrefused'));
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByRole('alert')).toHaveText(messages.somethingWentWrong);
    await expect(page.getByRole('button', { name: 'Login' })).toBeEnabled();
  });

  test('/admin/login leads to the sign-in screen, and /admin without a session redirects there', async ({ page }) => {
    await page.goto('/admin/login');
    await expect(page).toHaveURL(new RegExp(`${adminLoginPath}$`));
    await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();

    await page.goto('/admin/users');
    await expect(page).toHaveURL(new RegExp(`${adminLoginPath}$`));
  });

  test("shows 'Checking authentication...' for the 300 ms delay and the verify call, then the area", async ({ page }) => {
    await signIn(page, superAdmin);
    // Paused before the page loads, and moved on in 10 ms steps until the check shows: paused
    // after the load, a slow load on a busy machine let the 300 ms pass before the test looked.
    // The delay starts when the check shows, within the last step: at 289 ms after that step it
    // has not passed, by 301 it has.
    await page.clock.install();
    await page.clock.pauseAt(Date.now() + 60_000);
    let verified = 0;
    page.on('request', (r) => r.url().endsWith(api.adminCheckAuth) && verified++);
    await page.goto('/admin/manage-services');
    const checking = page.getByText('Checking authentication...');
    await runClockUntilVisible(page, checking, 10);
    await page.clock.runFor(289);
    await expect(checking).toBeVisible();
    expect(verified).toBe(0);
    await page.clock.runFor(12);
    await expect.poll(() => verified).toBe(1);
    // React reveals suspended screens on its own timers: let time flow again.
    await page.clock.resume();
    await expect(page.getByRole('heading', { name: 'Manage Services' })).toBeVisible();
    await expect(page.getByRole('heading', { name: adminTitle })).toBeVisible();
  });

  test('Logout calls the server, forgets the admin and returns to the sign-in screen', async ({ page }) => {
    await signIn(page, superAdmin);
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(new RegExp(`${adminLoginPath}$`));
    expect(await page.evaluate(() => localStorage.getItem('admin'))).toBeNull();
    // The session is gone on the server too.
    expect((await page.request.get(api.adminCheckAuth)).status()).toBe(401);
    await page.goto('/admin/dashboard');
    await expect(page).toHaveURL(new RegExp(`${adminLoginPath}$`));
  });
});
