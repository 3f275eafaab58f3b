/**
 * The setup project: signs in through the admin sign-in screen once, as the Super Admin, and
 * saves the browser's session (its cookie and stored admin) for the tests that are not about
 * signing in; they start signed in from it (openAsSuperAdmin, superAdminApi).
 */
import { test as setup } from '@playwright/test';
import { signIn, superAdmin, superAdminSession } from './web/support';

setup('the Super Admin signs in through the form', async ({ page }) => {
  // Every later test depends on it: the server's first sign-in (its first pages) is slow on a loaded machine.
  setup.setTimeout(120_000);
  await signIn(page, superAdmin);
  await page.context().storageState({ path: superAdminSession });
});
