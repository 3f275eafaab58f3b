/**
 * Restore from the console, as a Super Admin meets it at 1366 and 390 px: download a backup,
 * lose a service, restore the downloaded file after a confirmation that says what it replaces;
 * a progress indicator while it runs, the outcome after; the service is back (in the console
 * and on the public page) and another admin signed in elsewhere is signed out.
 */
import { expect, type Page } from '@playwright/test';
import { adminLoginPath } from '@kafue/common/brand';
import { api, messages, type ContentItem } from '@kafue/common/contract';
import { axeViolations } from './axe';
import { apiAs, createAdmin, holdRequests, signIn, superAdmin, unique, test } from './support';

const widths = { desktop: { width: 1366, height: 800 }, phone: { width: 390, height: 844 } };

/** A published service made through the API; answers its title. */
async function publishedService(): Promise<{ id: string; title: string }> {
  const su = await apiAs(superAdmin);
  const title = unique('Restored Service');
  const res = await su.post(api.content('services'), {
    data: { category: 'Web', title, price: '$49', description: 'Brought back by a restore.', features: ['One'], status: 'published' },
  });
  expect(res.status(), await res.text()).toBe(201);
  const { item } = (await res.json()) as { item: ContentItem };
  await su.dispose();
  return { id: item._id, title };
}

async function serviceTitles(): Promise<string[]> {
  const su = await apiAs(superAdmin);
  const items = (await (await su.get(api.content('services'))).json()) as { title: string }[];
  await su.dispose();
  return items.map((s) => s.title);
}

/** axe on the state as it stands, unsettled: the restore in progress is one of the states. */
async function noAxeViolations(page: Page, state: string): Promise<void> {
  expect((await axeViolations(page)).lines, `axe violations on ${state}`).toEqual([]);
}

for (const [name, viewport] of Object.entries(widths)) {
  test.describe(`Restore from the console (${name}, ${viewport.width} px)`, () => {
    test.use({ viewport });
    // Several axe runs and a restore, on a machine other suites share.
    test.describe.configure({ timeout: 120_000 });

    test(
      'a downloaded backup, restored from its file, brings a deleted service back and signs another admin out',
      { tag: '@alone' },
      async ({ page, browser }) => {
        const service = await publishedService();
        // Another admin, signed in in a browser of their own.
        const editor = await createAdmin('Editor');
        const elsewhere = await browser.newContext({ viewport });
        const otherPage = await elsewhere.newPage();
        await signIn(otherPage, editor);

        await signIn(page, superAdmin, '/admin/settings/backup');
        await page.getByRole('button', { name: 'Create Backup Now' }).click();
        await expect(page.getByText(messages.backupCompleted)).toBeVisible();
        const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download Backup' }).click()]);
        const file = test.info().outputPath(download.suggestedFilename());
        await download.saveAs(file);

        // The service is lost after the backup was made.
        const su = await apiAs(superAdmin);
        expect((await su.delete(api.contentItem('services', service.id))).status()).toBe(200);
        await su.dispose();
        expect(await serviceTitles()).not.toContain(service.title);

        await page.locator('input[type="file"]').setInputFiles(file);
        await page.getByRole('button', { name: 'Restore from File' }).click();
        const dialog = page.getByRole('dialog', { name: 'Restore Backup' });
        await expect(dialog).toBeVisible();
        await expect(dialog).toContainText(/Restoring puts everything back as it was in the backup of .+ \(file .+\.json\)/);
        for (const replaced of ['services, pages, portfolio', 'enquiries and their notes', 'admins and staff', 'all settings']) {
          await expect(dialog).toContainText(replaced);
        }
        await expect(dialog).toContainText('an automatic backup of everything as it is now is made');
        await expect(dialog).toContainText('Everyone else signed in to the console or the staff portal will be signed out.');
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
        await noAxeViolations(page, 'the restore dialog');

        // Held at the server's door, so that the progress shows.
        const release = await holdRequests(page, `**${api.backupRestoreUpload}`);
        await dialog.getByRole('button', { name: 'Restore Backup' }).click();
        await expect(dialog.getByRole('button', { name: 'Restoring...' })).toBeDisabled();
        await expect(dialog.getByRole('status')).toContainText('Restoring... This can take a minute.');
        await expect(dialog.getByRole('progressbar')).toBeVisible();
        await noAxeViolations(page, 'the restore in progress');
        release();

        await expect(dialog).toBeHidden();
        const outcome = page.getByRole('status').filter({ hasText: messages.backupRestored });
        await expect(outcome).toContainText(/Everything is as it was on .+\. Everyone else has been signed out\./);
        await expect(outcome.getByRole('link', { name: 'Download the automatic backup made just before' })).toHaveAttribute(
          'href',
          /^\/api\/settings\/backups\/kafue-backup-/,
        );
        await expect(page.getByRole('row').filter({ hasText: 'Automatic, before a restore' }).first()).toBeVisible();
        await noAxeViolations(page, 'the restore outcome');

        // The service is back, in the console's data and on the public page.
        expect(await serviceTitles()).toContain(service.title);
        await expect.poll(async () => (await page.request.get('/services')).text(), { timeout: 10_000 }).toContain(service.title);

        // The other admin's session ended: their next step leads to sign-in.
        await otherPage.goto('/admin/settings/general');
        await expect(otherPage).toHaveURL(new RegExp(`${adminLoginPath}$`));
        // The restorer is still signed in.
        await page.reload();
        await expect(page.getByRole('button', { name: 'Create Backup Now' })).toBeVisible({ timeout: 20_000 });
        await expect(page).toHaveURL(/\/admin\/settings\/backup$/);
        await elsewhere.close();
      },
    );

    test('a damaged file is refused in the dialog, and nothing changes', async ({ page }) => {
      const service = await publishedService();
      await signIn(page, superAdmin, '/admin/settings/backup');
      await page
        .locator('input[type="file"]')
        .setInputFiles({ name: 'kafue-backup-damaged.json', mimeType: 'application/json', buffer: Buffer.from('{}') });
      await page.getByRole('button', { name: 'Restore from File' }).click();
      const dialog = page.getByRole('dialog', { name: 'Restore Backup' });
      await expect(dialog).toContainText('the backup in the file kafue-backup-damaged.json');
      await dialog.getByRole('button', { name: 'Restore Backup' }).click();
      await expect(dialog.getByRole('alert')).toHaveText('The uploaded file is not a Kafue backup');
      await noAxeViolations(page, 'a refused restore');
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(dialog).toBeHidden();
      expect(await serviceTitles()).toContain(service.title);
    });
  });
}
