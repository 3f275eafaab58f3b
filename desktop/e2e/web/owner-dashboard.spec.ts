/**
 * The dashboard as its owner meets it, at 1366 and 390 px: the first-run checklist on a fresh
 * installation of its own (a second server, started here) ticking itself as each thing is done;
 * each Quick Action doing what it says; the sidebar saying "Maintenance" while maintenance mode is
 * on; axe clean on each new state.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { api, messages, type Dashboard } from '@kafue/common/contract';
import { defaultCompany } from '@kafue/common/company';
import { e2eDataDir, e2ePort, realServer } from '../../../scripts/browser.mjs';
import { expectNoViolations } from './axe';
import { adminMenu, menuEntry } from './menu';
import { createEnquiry, createStaff, readBack, serverDataDir, signIn, superAdmin, toasts, unique } from './support';

// A shared machine under load renders slowly: the suite's 5 s per assertion is not enough here.
const expect = baseExpect.configure({ timeout: 15_000 });

const sizes = [
  { name: '1366', width: 1366, height: 900 },
  { name: '390', width: 390, height: 844 },
];

/** The page does not scroll sideways. */
async function fitsWidth(page: Page, width: number): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

/** On a phone the menu is a drawer: opens it first. */
async function openMenuLink(page: Page, name: string, width: number): Promise<void> {
  if (width < 768) await page.getByRole('button', { name: 'Open menu' }).click();
  await (await menuEntry(adminMenu(page), name)).click();
}

const item = (page: Page, key: string) => page.getByTestId(`checklist-${key}`);

test.describe('first-run checklist on a fresh installation', () => {
  // An installation of its own: the suite's shared server has long been set up by other files.
  const port = e2ePort('OWNER_DASHBOARD_E2E_PORT');
  const owner = { email: 'owner@kafue.test', password: 'Owner-first-run-1' };
  let server: ChildProcess;
  test.use({ baseURL: `http://localhost:${port}` });
  test.describe.configure({ mode: 'serial', timeout: 180_000 });

  test.beforeAll(async () => {
    test.setTimeout(150_000);
    const { command, env } = realServer(port, owner, { dataDir: e2eDataDir('OWNER_DASHBOARD_E2E_DATA_DIR') });
    server = spawn(process.execPath, [command.split(' ')[1]], { env: { ...process.env, ...env }, stdio: 'ignore' });
    await expect
      .poll(
        () =>
          fetch(`http://localhost:${port}/api/health`).then(
            (r) => r.status,
            () => 0,
          ),
        { timeout: 120_000, intervals: [500] },
      )
      .toBe(200);
  });
  test.afterAll(async () => {
    if (server.exitCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
  });

  test('at 390 px: fits the phone, every item to do, axe clean', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, owner);
    await expect(page.getByRole('list', { name: 'Getting started' })).toBeVisible();
    for (const key of ['company', 'siteIdentity', 'timezone', 'testMail', 'backups', 'twoFactor']) {
      await expect(item(page, key)).toHaveAttribute('data-done', 'false');
    }
    await expect(page.getByText('0 of 6 done.')).toBeVisible();
    await expect(item(page, 'testMail')).toContainText('SMTP_URL is not set');
    await fitsWidth(page, 390);
    await expectNoViolations(page, 'first-run checklist at 390 px');
  });

  test('ticks itself as each thing is done (1366 px), dismissals kept', async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    await signIn(page, owner);
    const checklist = page.getByRole('list', { name: 'Getting started' });
    await expect(checklist).toBeVisible();
    await expect(item(page, 'siteIdentity')).toHaveAttribute('data-done', 'false');
    await expectNoViolations(page, 'first-run checklist, nothing done');

    // Site Name and Admin Email: seeded from the company, the placeholder address replaced.
    await item(page, 'siteIdentity').getByRole('link', { name: 'Open General settings' }).click();
    await expect(page).toHaveURL(/\/admin\/settings\/general$/);
    await expect(page.getByRole('textbox', { name: /^Site Name/ })).toHaveValue('Kafue Technologies');
    await expect(page.getByRole('textbox', { name: /^Admin Email/ })).toHaveValue(defaultCompany.email);
    await page.getByRole('textbox', { name: /^Admin Email/ }).fill('owner@kafue.test');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toasts(page).getByText(messages.settingsUpdated)).toBeVisible();
    await openMenuLink(page, 'Dashboard', 1366);
    await expect(item(page, 'siteIdentity')).toHaveAttribute('data-done', 'true');
    await expect(item(page, 'timezone')).toHaveAttribute('data-done', 'true');

    // A test mail, from the checklist: kept in the outbox (no SMTP_URL), and said so.
    await item(page, 'testMail').getByRole('button', { name: 'Send test mail' }).click();
    await expect(page.getByTestId('test-mail-result')).toContainText('Mail is kept in the outbox because SMTP_URL is not set');
    await expect(item(page, 'testMail')).toHaveAttribute('data-done', 'true');

    // Automatic backups: on for a new installation (daily, 14 kept); done once a backup exists.
    await item(page, 'backups').getByRole('link', { name: 'Open Backup settings' }).click();
    await expect(page.getByRole('combobox', { name: 'Frequency' })).toHaveValue('Daily');
    await expect(page.getByRole('textbox', { name: 'Scheduled backups to keep' })).toHaveValue('14');
    await page.getByRole('button', { name: 'Create Backup Now' }).click();
    await expect(page.getByRole('link', { name: 'Download Backup' })).toBeVisible();
    await openMenuLink(page, 'Dashboard', 1366);
    await expect(item(page, 'backups')).toHaveAttribute('data-done', 'true');

    // Two-factor sign-in for the signed-in admin.
    await item(page, 'twoFactor').getByRole('link', { name: 'Open Security settings' }).click();
    await page.getByRole('button', { name: 'Set up two-factor authentication' }).click();
    const secret = (await page
      .locator('code')
      .filter({ hasText: /^[A-Z2-7]{32}$/ })
      .textContent())!;
    await page
      .getByRole('textbox', { name: /^Code from your authenticator app/ })
      .fill(TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() }));
    await page.getByRole('button', { name: 'Turn on' }).click();
    await expect(page.getByRole('list', { name: 'Recovery codes' })).toBeVisible();
    await page.goto('/admin/dashboard');
    await expect(item(page, 'twoFactor')).toHaveAttribute('data-done', 'true');
    await expect(page.getByText('5 of 6 done.')).toBeVisible();
    await expectNoViolations(page, 'first-run checklist, five done');

    // The company's details (Settings › Company): dismissed here, kept across a reload.
    await item(page, 'company')
      .getByRole('button', { name: /^Dismiss/ })
      .click();
    await expect(item(page, 'company')).toHaveCount(0);
    // Every item done or dismissed: the checklist has served its purpose.
    await expect(checklist).toBeHidden();
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Welcome, Admin' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Monthly Activity' })).toBeVisible();
    await expect(checklist).toBeHidden();
  });
});

/** The mails in the suite server's outbox whose subject contains `subject`: their To addresses. */
async function mailedTo(subject: string): Promise<string[]> {
  const outbox = join(serverDataDir(), 'outbox');
  const files = (await readdir(outbox).catch(() => [] as string[])).filter((f) => f.endsWith('.eml'));
  const to: string[] = [];
  for (const file of files) {
    const raw = (await readFile(join(outbox, file), 'utf8')).replace(/\r\n[ \t]/g, ' ');
    if (/^Subject: (.*)$/m.exec(raw)?.[1].includes(subject)) to.push(/^To: (.*?)\r?$/m.exec(raw)![1]);
  }
  return to.sort();
}

for (const size of sizes) {
  test.describe(`dashboard at ${size.name} px`, () => {
    test.describe.configure({ timeout: 120_000 });
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize({ width: size.width, height: size.height });
    });

    test('each Quick Action does what it says', { tag: '@alone' }, async ({ page }) => {
      const recent = await createEnquiry();
      // Two at least: the confirmation counts in the plural.
      const active = await createStaff({ name: `Announced ${unique('a')}`, status: 'Active' });
      await createStaff({ name: `Announced ${unique('b')}`, status: 'Active' });
      const inactive = await createStaff({ name: `Not Announced ${unique('i')}`, status: 'Inactive' });
      await signIn(page, superAdmin);
      const actions = page.getByRole('heading', { name: 'Quick Actions' }).locator('..');
      await fitsWidth(page, size.width);
      // Monthly Activity counts enquiries and people: whole numbers on its axis (a few enquiries made 0.25 steps).
      const ticks = page.locator('.recharts-yAxis-tick-labels .recharts-cartesian-axis-tick-value');
      await expect.poll(() => ticks.count(), { timeout: 15_000 }).toBeGreaterThan(1);
      const values = await ticks.allTextContents();
      for (const value of values) expect(value).toMatch(/^\d+$/);

      await actions.getByRole('button', { name: 'Add New Service' }).click();
      await expect(page).toHaveURL(/\/admin\/add-service$/);
      await expect(page.getByRole('heading', { name: 'Add a New Service', level: 1 })).toBeVisible();
      await page.goBack();

      await actions.getByRole('button', { name: 'System Settings' }).click();
      await expect(page).toHaveURL(/\/admin\/settings\/general$/);
      await expect(page.getByRole('heading', { name: 'Admin Settings', level: 1 })).toBeVisible();
      await page.goBack();

      // Generate Report: the enquiries CSV of the last 30 days.
      const downloading = page.waitForEvent('download');
      await actions.getByRole('button', { name: 'Generate Report' }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toBe('enquiries-last-30-days.csv');
      const csv = await readFile(await download.path(), 'utf8');
      expect(csv).toContain(recent.email);

      // Send Announcement: says how many will receive it, then mails each Active staff member once.
      const { activeUsers } = await readBack<Dashboard>(page, api.dashboard);
      await actions.getByRole('button', { name: 'Send Announcement' }).click();
      const dialog = page.getByRole('dialog', { name: 'Send Announcement' });
      await expect(dialog.getByTestId('announcement-reach')).toContainText(`This will mail ${activeUsers.value} Active staff members.`);
      await dialog.getByRole('button', { name: /^Send to/ }).click();
      await expect(dialog.getByText('Required.').first()).toBeVisible();
      await expectNoViolations(page, `announcement dialog with errors at ${size.name} px`);
      const subject = unique('Notice');
      await dialog.getByRole('textbox', { name: /^Subject/ }).fill(subject);
      await dialog.getByRole('textbox', { name: /^Message/ }).fill('The office is closed on Friday.');
      await dialog.getByRole('button', { name: /^Send to/ }).click();
      await expect(toasts(page).getByText(`Announcement sent to ${activeUsers.value} staff members.`)).toBeVisible();
      await expect(dialog).toBeHidden();
      await expect.poll(async () => (await mailedTo(subject)).length, { timeout: 15_000 }).toBe(activeUsers.value);
      const to = await mailedTo(subject);
      expect(to.filter((address) => address === active.staff.email)).toHaveLength(1);
      expect(to).not.toContain(inactive.staff.email);
      expect(new Set(to).size).toBe(to.length);
    });

    test('the sidebar says Maintenance while maintenance mode is on', { tag: '@alone' }, async ({ page }) => {
      await signIn(page, superAdmin);
      const status = async () => {
        if (size.width < 768) await page.getByRole('button', { name: 'Open menu' }).click();
        return page.getByTestId('publish-status').last();
      };
      const setMaintenance = async (on: boolean) => {
        await page.goto('/admin/settings/general');
        // The form once loaded (aria-busy false), not merely no busy element: right after the
        // navigation there is none yet, and an edit made before the values arrive is replaced by them.
        await expect(page.locator('form[aria-busy="false"]')).toBeVisible();
        await page.getByRole('checkbox', { name: 'Maintenance Mode' }).setChecked(on);
        await page.getByRole('button', { name: 'Save Changes' }).click();
        await expect(toasts(page).getByText(messages.settingsUpdated)).toBeVisible();
      };
      try {
        await setMaintenance(true);
        await expect(await status()).toHaveText(/^Site: Maintenance$/);
        await expectNoViolations(page, `sidebar in maintenance at ${size.name} px`);
        await fitsWidth(page, size.width);
      } finally {
        if (size.width < 768) await page.keyboard.press('Escape');
        await setMaintenance(false);
      }
      await expect(await status()).toHaveText(/^Site: Live/);
    });
  });
}
