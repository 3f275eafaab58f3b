import { expect } from '@playwright/test';
import { api, messages, type StaffSelf } from '@kafue/common/contract';
import { createStaff, oneTimePasswordField, staffSignIn, toasts, test } from './support';

test.describe('staff portal', () => {
  test('sign-in failures show in red above the form', async ({ page }) => {
    const { staff } = await createStaff();
    const inactive = await createStaff({ status: 'Inactive' });
    await staffSignIn(page, staff.email, 'not-the-password');
    await expect(page.getByRole('heading', { name: 'Staff Login' })).toBeVisible();
    const alert = page.getByRole('alert');
    await expect(alert).toHaveText(messages.invalidCredentials);
    const alertBox = (await alert.boundingBox())!;
    const emailBox = (await page.getByRole('textbox', { name: /^Email/ }).boundingBox())!;
    expect(alertBox.y + alertBox.height).toBeLessThanOrEqual(emailBox.y);
    const color = await alert.evaluate((el) => getComputedStyle(el).color);
    const [r, g, b] = color.match(/\d+/g)!.map(Number);
    expect(r).toBeGreaterThan(g + 60);
    expect(r).toBeGreaterThan(b + 60);
    await expect(page).toHaveURL(/\/staff-login$/);

    await staffSignIn(page, inactive.staff.email, inactive.oneTimePassword);
    await expect(page.getByRole('alert')).toHaveText(messages.staffInactive);

    // A refusal that carries no message reads 'Login failed'.
    await page.route(`**${api.staffLogin}`, (route) => route.fulfill({ status: 401, body: '{}', contentType: 'application/json' }));
    await staffSignIn(page, staff.email, 'whatever-password');
    await expect(page.getByRole('alert')).toHaveText(messages.loginFailed);
  });

  test('first sign-in: who they are, a required password change, sign out, and the new password works', async ({ page }) => {
    const { staff, oneTimePassword } = await createStaff({ role: 'Coordinator' });
    await page.goto('/staff/dashboard');
    await expect(page).toHaveURL(/\/staff-login$/);

    await staffSignIn(page, staff.email, oneTimePassword);
    await expect(page).toHaveURL(/\/staff\/dashboard$/);
    await expect(page.getByRole('heading', { name: `Welcome, ${staff.name}` })).toBeVisible();
    await expect(page.getByRole('main')).toContainText(staff.email);
    await expect(page.getByRole('main')).toContainText('Coordinator');
    await expect(page.getByRole('main')).toContainText('Active');
    const required = page.getByRole('main').getByRole('alert');
    await expect(required).toContainText(messages.passwordChangeRequired);

    const current = oneTimePasswordField(page);
    const next = page.getByRole('textbox', { name: /^New Password/ });
    const confirm = page.getByRole('textbox', { name: /^Confirm New Password/ });
    let sent = 0;
    page.on('request', (r) => r.url().endsWith(api.staffMyPassword) && sent++);
    await current.fill(oneTimePassword);
    await next.fill('Staff-own-pass-1');
    await confirm.fill('Staff-own-pass-9');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await expect(page.getByText(messages.passwordsDoNotMatch)).toBeVisible();
    expect(sent).toBe(0);

    await current.fill('wrong-current-pass');
    await confirm.fill('Staff-own-pass-1');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await expect(toasts(page)).toContainText(messages.currentPasswordWrong);

    await current.fill(oneTimePassword);
    await page.getByRole('button', { name: 'Update Password' }).click();
    await expect(toasts(page)).toContainText(messages.passwordUpdated);
    await expect(required).toHaveCount(0);
    const me = (await (await page.request.get(api.staffMe)).json()) as StaffSelf;
    expect(me).toMatchObject({ _id: staff._id, mustChangePassword: false });

    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/staff-login$/);
    expect((await page.request.get(api.staffMe)).status()).toBe(401);

    // The one-time password is spent; the chosen one signs in.
    await staffSignIn(page, staff.email, oneTimePassword);
    await expect(page.getByRole('alert')).toHaveText(messages.invalidCredentials);
    await staffSignIn(page, staff.email, 'Staff-own-pass-1');
    await expect(page.getByRole('heading', { name: `Welcome, ${staff.name}` })).toBeVisible();
    await expect(page.getByRole('main').getByRole('alert')).toHaveCount(0);
  });

  test('works at phone width', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const { staff, oneTimePassword } = await createStaff();
    await staffSignIn(page, staff.email, oneTimePassword);
    await expect(page.getByRole('heading', { name: `Welcome, ${staff.name}` })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expect(page.getByRole('button', { name: 'Sign out' })).toBeInViewport();
  });
});
