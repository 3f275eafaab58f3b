/**
 * The renderer's desktop build in Chromium, signed in against the real server through the main
 * process's real request module (see renderer-host.ts): the console works as in the app, the
 * session is a bearer token held on the "main process" side, and the page never sees it.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { adminLoginPath } from '@kafue/common/brand';
import { api } from '@kafue/common/contract';
import { superAdmin } from '../../playwright.config';
import { readBackupFile } from '../backup-file';
import { installBridge, useRendererHost, type DesktopSide } from './renderer-host';

const renderer = useRendererHost();

interface Watched {
  side: DesktopSide;
  /** Requests the browser itself made to anything but the renderer's own files. */
  foreignRequests: string[];
  /** CSP violations and uncaught errors in the page. */
  problems: string[];
}

/** The page with `window.kafue` talking to `server` (the Playwright webServer: the real API). */
async function openApp(page: Page, server: string | undefined): Promise<Watched> {
  if (!server) throw new Error('baseURL (the API server) is not configured');
  const side = await installBridge(page, server, join(renderer.downloads, 'backup.json'));
  const foreignRequests: string[] = [];
  const problems: string[] = [];
  page.on('request', (request) => {
    if (!request.url().startsWith(`${renderer.origin}/`)) foreignRequests.push(request.url());
  });
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return { side, foreignRequests, problems };
}

async function signIn(page: Page) {
  await page.goto(`${renderer.origin}${adminLoginPath}`);
  await page.getByRole('textbox', { name: 'Email' }).fill(superAdmin.email);
  await page.getByRole('textbox', { name: 'Password' }).fill(superAdmin.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(`${renderer.origin}/admin/dashboard`);
  await expect(page.getByRole('heading', { name: 'Welcome, Admin' })).toBeVisible();
}

/** Everything renderer JavaScript can read that could hold a session. */
async function pageStorage(page: Page) {
  return page.evaluate(() => ({
    cookie: document.cookie,
    local: JSON.stringify({ ...localStorage }),
    session: JSON.stringify({ ...sessionStorage }),
    html: document.documentElement.outerHTML,
  }));
}

test('signs in through the console screen with a bearer session the page never sees', async ({ page, context, baseURL }) => {
  const { side, foreignRequests, problems } = await openApp(page, baseURL);
  await signIn(page);

  // The "main process" holds the session...
  const token = side.tokens.value;
  expect(token).toEqual(expect.any(String));
  expect(token!.length).toBeGreaterThan(16);
  // ...obtained as a bearer token: the sign-in answer handed to the page has no token.
  const login = side.answers.find((a) => a.path === '/api/settings/login');
  expect(login?.answer.status).toBe(200);
  expect(login?.answer.body).toMatchObject({ admin: { email: superAdmin.email, role: 'Super Admin' } });
  expect(login?.answer.body).not.toHaveProperty('token');
  for (const { answer } of side.answers) expect(JSON.stringify(answer)).not.toContain(token!);

  // The page holds nothing of it: no cookie, nothing in storage or the DOM.
  const stored = await pageStorage(page);
  expect(stored.cookie).toBe('');
  expect(stored.local).toContain(superAdmin.email); // the signed-in admin, as spec section 3 keeps it
  for (const value of Object.values(stored)) expect(value).not.toContain(token!);
  expect(await context.cookies()).toEqual([]);

  // The dashboard's charts draw under the app's CSP (inline styles allowed, scripts only 'self').
  await expect(page.getByRole('heading', { name: 'Monthly Activity' })).toBeVisible();
  await expect(page.locator('.recharts-surface').first()).toBeVisible();

  // The browser never talked to the server: every call went through window.kafue.
  expect(foreignRequests).toEqual([]);
  expect(problems).toEqual([]);
});

test('keeps working on deep routes and after a reload, saving settings with its toast', async ({ page, baseURL }) => {
  const { side, problems } = await openApp(page, baseURL);
  await signIn(page);
  // A deep route loaded directly: the app scheme's SPA fallback and root-relative assets.
  await page.goto(`${renderer.origin}/admin/settings/general`);
  await expect(page.getByRole('tab', { name: 'General' })).toBeVisible();
  const siteName = `Kafue desktop ${Date.now()}`;
  await page.getByRole('textbox', { name: 'Site Name' }).fill(siteName);
  await page.getByRole('textbox', { name: 'Admin Email' }).fill('office@kafue.example');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Settings updated successfully')).toBeVisible();
  // Still signed in after a reload (the session lives in the main process), and the value stayed.
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Site Name' })).toHaveValue(siteName);
  expect(side.answers.filter((a) => a.answer.status === 401)).toEqual([]);
  expect(problems).toEqual([]);
});

test('downloads a backup through the save dialog with the session, and logout forgets the token', async ({ page, baseURL }) => {
  const { side, problems } = await openApp(page, baseURL);
  await signIn(page);
  await page.goto(`${renderer.origin}/admin/settings/backup`);
  await page.getByRole('button', { name: 'Create Backup Now' }).click();
  await expect(page.getByText('Backup completed successfully')).toBeVisible();
  await page.getByRole('link', { name: 'Download Backup' }).click();
  await expect.poll(() => side.saved.length).toBe(1);
  const saved = await readBackupFile(side.saved[0].path);
  expect(saved.header).toMatchObject({ format: 'kafue-backup' });
  expect(saved.tables).toContain('admins');
  expect(saved.text).toContain(superAdmin.email);

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(new RegExp(`${adminLoginPath}$`));
  expect(side.tokens.value).toBeNull();
  // Signed out for real: the protected area sends the page back to sign-in.
  await page.goto(`${renderer.origin}/admin/dashboard`);
  await expect(page).toHaveURL(new RegExp(`${adminLoginPath}$`));
  expect(problems).toEqual([]);
});

test(
  'shows the maintenance banner while maintenance mode is on, and exports the audit log through the save dialog',
  { tag: '@alone' },
  async ({ page, baseURL }) => {
    const { side, problems } = await openApp(page, baseURL);
    await signIn(page);
    await page.goto(`${renderer.origin}/admin/settings/general`);
    const checkbox = page.getByRole('checkbox', { name: 'Maintenance Mode' });
    // The form once loaded (aria-busy false), not merely no busy element: right after the
    // navigation there is none yet, and an edit made before the values arrive is replaced by them.
    await expect(page.locator('form[aria-busy="false"]')).toBeVisible();
    if (!(await page.getByRole('textbox', { name: /^Site Name/ }).inputValue())) {
      await page.getByRole('textbox', { name: /^Site Name/ }).fill('Kafue');
      await page.getByRole('textbox', { name: /^Admin Email/ }).fill('office@kafue.test');
    }
    await checkbox.check();
    await page.getByRole('button', { name: 'Save Changes' }).click();
    const banner = page.getByTestId('maintenance-banner');
    await expect(banner).toContainText('Maintenance mode is on');
    await checkbox.uncheck();
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(banner).toHaveCount(0);

    await page.goto(`${renderer.origin}/admin/settings/audit`);
    await page.getByRole('combobox', { name: 'Kind of change', exact: true }).click();
    await page.getByRole('option', { name: 'Settings', exact: true }).click();
    await page.getByRole('button', { name: 'Apply Filters' }).click();
    await expect(page.getByRole('region', { name: 'Audit log entries' }).getByRole('row').nth(2)).toContainText('in the General settings');
    await page.getByRole('link', { name: 'Export CSV' }).click();
    await expect.poll(() => side.saved.length).toBe(1);
    const csv = await readFile(side.saved[0].path, 'utf8');
    expect(csv.split('\r\n')[0]).toContain('"action"');
    expect(csv.match(/"settings\.update"/g)?.length).toBeGreaterThanOrEqual(2);
    expect(csv).not.toContain('"admin.signin"');
    expect(problems).toEqual([]);
  },
);

test('uploads a photograph to the media library through the bearer session, as a form the main process sends', async ({
  page,
  baseURL,
}) => {
  const { side, problems } = await openApp(page, baseURL);
  await signIn(page);
  await page.goto(`${renderer.origin}/admin/media`);
  await expect(page.getByRole('heading', { name: 'Media', level: 1 })).toBeVisible();
  const name = `desk-${Date.now().toString(36)}.jpg`;
  const photo = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#3a7bd5' } })
    .jpeg()
    .toBuffer();
  await page.locator('input[type="file"]').setInputFiles({ name, mimeType: 'image/jpeg', buffer: photo });
  await expect(page.getByText(`Uploaded: ${name}`)).toBeVisible({ timeout: 30_000 });
  const uploaded = side.answers.find((a) => a.path === api.media && a.answer.status === 201);
  expect(uploaded?.answer.body).toMatchObject({ item: { filename: name, type: 'image/jpeg', width: 900, height: 600 } });
  // Its thumbnail, once made, is shown from bytes the main process fetched (the page reaches no server).
  await expect
    .poll(
      () =>
        page.locator('img[src^="blob:"]').evaluateAll((images) => images.filter((i) => (i as HTMLImageElement).naturalWidth > 0).length),
      {
        timeout: 30_000,
      },
    )
    .toBeGreaterThan(0);
  expect(problems).toEqual([]);
});

test('previews a service as its public page through the bearer session', async ({ page, baseURL }) => {
  const { side, problems } = await openApp(page, baseURL);
  await signIn(page);
  await page.goto(`${renderer.origin}/admin/manage-services`);
  await page.getByRole('button', { name: 'More actions for Website Creation', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Preview' }).click();
  const preview = page.frameLocator('iframe[title="Preview of Website Creation"]');
  await expect(preview.getByText('Website Creation').first()).toBeVisible();
  expect(side.answers.some((a) => a.path.endsWith('/preview') && a.answer.status === 200)).toBe(true);
  expect(problems).toEqual([]);
});
