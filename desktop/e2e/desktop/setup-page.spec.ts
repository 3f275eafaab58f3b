/**
 * The server-address page of the desktop build (out/renderer/setup.html) in Chromium, with the
 * real health check behind `window.kafueSetup` (see renderer-host.ts).
 */
import { expect, test } from '@playwright/test';
import { addressMessages } from '../../src/main/server-address';
import { installSetupBridge, rendererBuilt, serveRenderer } from './renderer-host';

let renderer: Awaited<ReturnType<typeof serveRenderer>>;
test.beforeAll(async () => {
  expect(rendererBuilt, 'the desktop build of the renderer (npm run build -w desktop)').toBe(true);
  renderer = await serveRenderer();
});
test.afterAll(() => renderer?.close());

test('asks for the address on first start, refuses one that does not answer, accepts the real server', async ({ page, baseURL }) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  const setup = await installSetupBridge(page, null);
  await page.goto(`${renderer.origin}/setup.html`);

  await expect(page).toHaveTitle('Kafue Admin – Server address');
  const address = page.getByRole('textbox', { name: 'Server address' });
  await expect(address).toHaveValue('http://localhost:5000');
  await expect(page.getByRole('link', { name: 'Back to the console' })).toBeHidden();

  await address.fill('not a server address at all');
  await page.getByRole('button', { name: 'Connect' }).click();
  await expect(page.getByRole('alert')).toHaveText(addressMessages.invalid);

  await address.fill('http://127.0.0.1:1');
  await page.getByRole('button', { name: 'Connect' }).click();
  await expect(page.getByRole('alert')).toHaveText(addressMessages.unreachable);
  expect(setup.accepted).toEqual([]);

  await address.fill(`${baseURL}/`);
  await page.getByRole('button', { name: 'Connect' }).click();
  await expect.poll(() => setup.accepted).toEqual([new URL(baseURL!).origin]);
  await expect(page.getByRole('alert')).toHaveText('');
  expect(problems).toEqual([]);
});

test('shows the remembered address, with a way back to the console', async ({ page }) => {
  await installSetupBridge(page, 'http://192.168.1.20:5000');
  await page.goto(`${renderer.origin}/setup.html`);
  await expect(page.getByRole('textbox', { name: 'Server address' })).toHaveValue('http://192.168.1.20:5000');
  await page.getByRole('link', { name: 'Back to the console' }).click();
  await expect(page).toHaveURL(new RegExp(`^${renderer.origin}/`));
  await expect(page).not.toHaveURL(/setup\.html/);
});

test('says so when opened outside the app', async ({ page }) => {
  await page.goto(`${renderer.origin}/setup.html`);
  await expect(page.getByRole('alert')).toHaveText('This page only works inside the Kafue Admin app.');
  await expect(page.getByRole('button', { name: 'Connect' })).toBeDisabled();
});
