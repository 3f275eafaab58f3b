/**
 * Security as an administrator meets it: enrolling in two-factor sign-in, signing in
 * with a code and with a recovery code, two-factor required for every admin, ending another
 * session (own and, as Super Admin, another admin's), resetting a forgotten password from the
 * mailed link (read from the server's outbox), and axe on every new screen and state.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { adminLoginPath } from '@kafue/common/brand';
import { api, messages } from '@kafue/common/contract';
import { expectNoViolations } from './axe';
import { apiAs, baseURL, createAdmin, createStaff, outboxLink, signIn, staffSignIn, superAdmin, toasts, type Credentials } from './support';

// Several browsers, sign-ins and axe passes per test, on a shared machine.
test.describe.configure({ timeout: 120_000 });

/** The code an authenticator app shows for `secret`, `offsetSteps` steps from now. */
const codeOf = (secret: string, offsetSteps = 0) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + offsetSteps * 30_000 });

/** Fills the admin sign-in screen's first step. */
async function sendPassword(page: Page, creds: Credentials): Promise<void> {
  await page.goto(adminLoginPath);
  await page.getByRole('textbox', { name: /^Email/ }).fill(creds.email);
  await page.getByRole('textbox', { name: /^Password/ }).fill(creds.password);
  await page.getByRole('button', { name: 'Login' }).click();
}

/** A fresh browser (no session), for signing in again. */
async function freshPage(browser: Browser): Promise<Page> {
  return (await browser.newContext()).newPage();
}

/** Enrols the signed-in admin on the Security screen; answers the secret and the recovery codes. */
async function enrol(page: Page, axe = false): Promise<{ secret: string; codes: string[] }> {
  await page.getByRole('button', { name: 'Set up two-factor authentication' }).click();
  const qr = page.getByRole('img', { name: 'QR code to add this account to an authenticator app' });
  await expect(qr).toBeVisible();
  expect(await qr.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
  const secret = (await page
    .locator('code')
    .filter({ hasText: /^[A-Z2-7]{32}$/ })
    .textContent())!;
  if (axe) await expectNoViolations(page, 'two-factor setup (QR code)');
  await page.getByRole('textbox', { name: /^Code from your authenticator app/ }).fill('000000' === codeOf(secret) ? '111111' : '000000');
  await page.getByRole('button', { name: 'Turn on' }).click();
  await expect(toasts(page).getByText(messages.twoFactorCodeWrong)).toBeVisible();
  await page.getByRole('textbox', { name: /^Code from your authenticator app/ }).fill(codeOf(secret));
  await page.getByRole('button', { name: 'Turn on' }).click();
  const list = page.getByRole('list', { name: 'Recovery codes' });
  await expect(list).toBeVisible();
  const codes = (await list.getByRole('listitem').allTextContents()).map((c) => c.trim());
  expect(codes).toHaveLength(10);
  if (axe) await expectNoViolations(page, 'two-factor recovery codes');
  return { secret, codes };
}

test.describe('two-factor sign-in', () => {
  test('an admin enrols under Security, then signs in with a code and with a recovery code', async ({ page, browser, context }) => {
    const admin = await createAdmin('Editor');
    await signIn(page, admin, '/admin/settings/security');
    await expect(page.getByRole('heading', { name: 'Two-Factor Authentication' })).toBeVisible();
    await expectNoViolations(page, 'security screen, two-factor off');

    const { secret, codes } = await enrol(page, true);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.getByRole('button', { name: 'Copy codes' }).click();
    await expect(toasts(page).getByText('Recovery codes copied')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(codes.join('\n'));
    await page.getByRole('button', { name: 'I have saved my codes' }).click();
    await expect(page.getByRole('list', { name: 'Recovery codes' })).toHaveCount(0);
    await expect(page.getByText('On', { exact: true })).toBeVisible();
    // Shown once: the screen, opened again, does not have them.
    await page.reload();
    await expect(page.getByRole('button', { name: 'Turn off two-factor authentication' })).toBeVisible();
    await expect(page.getByText(codes[0])).toHaveCount(0);
    await expectNoViolations(page, 'security screen, two-factor on');

    // Signing in: the second step asks for the code. (The enrolment used the current step, so the
    // app's next code is what a person would type a few seconds later.)
    const second = await freshPage(browser);
    await sendPassword(second, admin);
    await expect(second.getByRole('heading', { name: 'Two-Factor Authentication' })).toBeVisible();
    await expect(second.getByText(messages.twoFactorRequired)).toBeVisible();
    const codeBox = second.getByRole('textbox', { name: /^Authentication code/ });
    await expect(codeBox).toBeFocused();
    await expectNoViolations(second, 'sign-in, second step');
    await codeBox.fill('123 456' === codeOf(secret, 1) ? '654321' : '123456');
    await second.getByRole('button', { name: 'Verify' }).click();
    await expect(second.getByRole('alert')).toHaveText(messages.twoFactorCodeWrong);
    await expectNoViolations(second, 'sign-in, second step refusing');
    await codeBox.fill(codeOf(secret, 1));
    await second.getByRole('button', { name: 'Verify' }).click();
    await expect(second).toHaveURL(/\/admin\/dashboard$/);

    // And with a recovery code, once.
    for (const expected of ['dashboard', 'refused'] as const) {
      const third = await freshPage(browser);
      await sendPassword(third, admin);
      await third.getByRole('button', { name: 'Use a recovery code' }).click();
      const box = third.getByRole('textbox', { name: /^Recovery code/ });
      await expect(box).toBeFocused();
      if (expected === 'dashboard') await expectNoViolations(third, 'sign-in, recovery code');
      await box.fill(codes[0]);
      await third.getByRole('button', { name: 'Verify' }).click();
      if (expected === 'dashboard') await expect(third).toHaveURL(/\/admin\/dashboard$/);
      else await expect(third.getByRole('alert')).toHaveText(messages.twoFactorCodeWrong);
    }

    // Turning it off takes the password and a code.
    await page.getByLabel(/^Password/).fill(admin.password);
    await page.getByRole('textbox', { name: /^Code or recovery code/ }).fill(codes[1]);
    await page.getByRole('button', { name: 'Turn off two-factor authentication' }).click();
    await expect(toasts(page).getByText(messages.twoFactorDisabled)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Set up two-factor authentication' })).toBeVisible();
  });

  test(
    'when a Super Admin requires it, an admin without it is sent to enrol and can do nothing else first',
    { tag: '@alone' },
    async ({ page, browser }) => {
      // A Super Admin of this test's own, enrolled first, so that their rule does not hold them.
      const owner = await createAdmin('Super Admin');
      const admin = await createAdmin('Moderator');
      const suPage = await freshPage(browser);
      await signIn(suPage, owner, '/admin/settings/security');
      await enrol(suPage);
      await suPage.getByRole('button', { name: 'I have saved my codes' }).click();
      const restore = () =>
        suPage.request.put(api.securitySettings, {
          data: { requireTwoFactor: false, passwordMaxAgeDays: 0 },
          headers: { Origin: baseURL() },
        });
      try {
        await expect(suPage.getByRole('heading', { name: 'Security Policy' })).toBeVisible();
        await expectNoViolations(suPage, 'security screen, Super Admin');
        await suPage.getByRole('switch', { name: /Require two-factor authentication/ }).check();
        await suPage.getByRole('button', { name: 'Save Security Policy' }).click();
        await expect(toasts(suPage).getByText(messages.settingsUpdated)).toBeVisible();
        expect(await (await suPage.request.get(api.securitySettings)).json()).toEqual({ requireTwoFactor: true, passwordMaxAgeDays: 0 });

        await sendPassword(page, admin);
        await expect(page).toHaveURL(/\/admin\/settings\/security$/);
        await expect(page.getByRole('alert').filter({ hasText: messages.twoFactorEnrolmentRequired })).toBeVisible();
        await expectNoViolations(page, 'enrolment required');
        await page.goto('/admin/users');
        await expect(page).toHaveURL(/\/admin\/settings\/security$/);
        expect((await page.request.get(api.staff)).status()).toBe(403);
        await enrol(page);
        await page.getByRole('button', { name: 'I have saved my codes' }).click();
        await expect(page.getByRole('heading', { name: 'Active Sessions' })).toBeVisible();
        await page.goto('/admin/users');
        await expect(page).toHaveURL(/\/admin\/users$/);
        expect((await page.request.get(api.staff)).status()).toBe(200);
      } finally {
        expect((await restore()).status()).toBe(200);
      }
    },
  );
});

test.describe('active sessions', () => {
  test('an admin sees their sessions and ends another one; a Super Admin ends an admin’s sessions', async ({ page, browser }) => {
    const admin = await createAdmin('Editor');
    const elsewhere = await apiAs(admin);
    await signIn(page, admin, '/admin/settings/security');
    const table = page.getByRole('region', { name: 'Your active sessions' });
    await expect(table.getByRole('row')).toHaveCount(3); // header, this session, the other
    await expect(table.getByText('This session')).toBeVisible();
    await expectNoViolations(page, 'active sessions');
    await table.getByRole('button', { name: /^End session/ }).click();
    await expect(toasts(page).getByText(messages.sessionEnded)).toBeVisible();
    await expect(table.getByRole('row')).toHaveCount(2);
    expect((await elsewhere.get(api.adminCheckAuth)).status()).toBe(401);
    await elsewhere.dispose();

    // The Super Admin, in Admin Management, reads and ends this admin's sessions.
    const suPage = await freshPage(browser);
    await signIn(suPage, superAdmin, '/admin/settings/admins');
    await suPage.getByRole('button', { name: `Sessions of ${admin.name}` }).click();
    const dialog = suPage.getByRole('dialog', { name: `Active sessions of ${admin.name}` });
    await expect(dialog.getByRole('row')).toHaveCount(2);
    await expectNoViolations(suPage, 'admin sessions dialog');
    await dialog.getByRole('button', { name: 'End all sessions' }).click();
    await expect(toasts(suPage).getByText(messages.otherSessionsEnded)).toBeVisible();
    await expect(dialog.getByText('No active sessions.')).toBeVisible();
    expect((await page.request.get(api.adminCheckAuth)).status()).toBe(401);
  });
});

/** The reset link of the mail to `to` in the server's outbox. */
const mailedLink = (to: string) => outboxLink(to, /(http:\/\/\S+\/reset-password\?token=[A-Za-z0-9_-]{43})/, 'a reset mail');

test.describe('password reset by e-mail', () => {
  test('an admin resets a forgotten password from the mailed link, once', async ({ page }) => {
    const admin = await createAdmin('Moderator');
    const elsewhere = await apiAs(admin);
    await page.goto(adminLoginPath);
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL(/\/forgot-password\?account=admin$/);
    await expect(page.getByRole('heading', { name: 'Forgot Password' })).toBeVisible();
    await expectNoViolations(page, 'forgot password');
    await page.getByRole('textbox', { name: /^Email/ }).fill(admin.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByRole('status').filter({ hasText: messages.resetLinkSent })).toBeVisible();
    await expectNoViolations(page, 'forgot password, sent');

    const link = await mailedLink(admin.email);
    expect(link.startsWith(`${baseURL()}/reset-password?token=`)).toBe(true);
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Reset Password' })).toBeVisible();
    await expectNoViolations(page, 'reset password');
    await page.getByLabel(/^New Password/).fill('a forgotten one no more');
    await page.getByLabel(/^Confirm New Password/).fill('something else entirely');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page.getByRole('alert')).toHaveText(messages.passwordsDoNotMatch);
    await page.getByLabel(/^Confirm New Password/).fill('a forgotten one no more');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page.getByRole('status').filter({ hasText: messages.passwordUpdated })).toBeVisible();
    await expectNoViolations(page, 'reset password, done');
    // Every session of the account ended.
    expect((await elsewhere.get(api.adminCheckAuth)).status()).toBe(401);
    await elsewhere.dispose();
    await page.getByRole('link', { name: 'Sign in with your new password' }).click();
    await expect(page).toHaveURL(new RegExp(`${adminLoginPath}$`));
    await signIn(page, { email: admin.email, password: 'a forgotten one no more' });

    // The link works once.
    const again = await page.context().browser()!.newContext();
    const second = await again.newPage();
    await second.goto(link);
    await second.getByLabel(/^New Password/).fill('trying the link again');
    await second.getByLabel(/^Confirm New Password/).fill('trying the link again');
    await second.getByRole('button', { name: 'Set new password' }).click();
    await expect(second.getByRole('alert')).toContainText(messages.resetLinkInvalid);
    await expectNoViolations(second, 'reset password, used link');
  });

  test('a staff member resets theirs from the staff sign-in screen', async ({ page }) => {
    const staff = await createStaff();
    await page.goto('/staff-login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL(/\/forgot-password\?account=staff$/);
    // The address changes before the screen does (the route change is a transition): the sign-in
    // form, with its own Email box, stays until the new screen's chunk has loaded.
    await expect(page.getByRole('heading', { name: 'Forgot Password' })).toBeVisible();
    await page.getByRole('textbox', { name: /^Email/ }).fill(staff.staff.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByRole('status').filter({ hasText: messages.resetLinkSent })).toBeVisible();
    await page.goto(await mailedLink(staff.staff.email));
    await page.getByLabel(/^New Password/).fill('staff picked this');
    await page.getByLabel(/^Confirm New Password/).fill('staff picked this');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.getByRole('link', { name: 'Sign in with your new password' }).click();
    await expect(page).toHaveURL(/\/staff-login$/);
    await staffSignIn(page, staff.staff.email, 'staff picked this');
    await expect(page).toHaveURL(/\/staff\/dashboard$/);
    // Chosen by themselves: the portal does not ask for another.
    await expect(page.getByRole('heading', { name: /^Welcome/ })).toBeVisible();
    await expect(page.getByText(messages.passwordChangeRequired)).toHaveCount(0);
  });
});
