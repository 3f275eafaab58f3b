/**
 * Two-factor sign-in in the renderer's desktop build: the sign-in's second step through the main
 * process's request module (bearer session held on the "main process" side), and the Security
 * screen's sessions showing the desktop's token session as the current one.
 */
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { adminLoginPath } from '@kafue/common/brand';
import { api, messages, type TwoFactorEnableAnswer, type TwoFactorSetupAnswer } from '@kafue/common/contract';
import { apiAs, createAdmin } from '../web/support';
import { installBridge, useRendererHost } from './renderer-host';

const renderer = useRendererHost();

const codeAt = (secret: string, at: number) => TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: at });

test('an admin with two-factor on signs in with a code and then a recovery code; the page never sees the token', async ({
  page,
  baseURL,
}) => {
  if (!baseURL) throw new Error('baseURL (the API server) is not configured');
  const admin = await createAdmin('Editor');
  const own = await apiAs(admin);
  const setup = (await (await own.post(api.twoFactorSetup)).json()) as TwoFactorSetupAnswer;
  const enabled = await own.post(api.twoFactorEnable, { data: { code: codeAt(setup.secret, Date.now()) } });
  expect(enabled.status()).toBe(200);
  const { recoveryCodes } = (await enabled.json()) as TwoFactorEnableAnswer;
  await own.dispose();

  const side = await installBridge(page, baseURL, join(renderer.downloads, 'backup.json'));
  await page.goto(`${renderer.origin}${adminLoginPath}`);
  await page.getByRole('textbox', { name: 'Email' }).fill(admin.email);
  await page.getByRole('textbox', { name: 'Password' }).fill(admin.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('heading', { name: 'Two-Factor Authentication' })).toBeVisible();
  await expect(page.getByText(messages.twoFactorRequired)).toBeVisible();
  expect(side.tokens.value).toBeNull();
  // The enrolment used the current step: the app's next code.
  await page.getByRole('textbox', { name: /^Authentication code/ }).fill(codeAt(setup.secret, Date.now() + 30_000));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(`${renderer.origin}/admin/dashboard`);
  const token = side.tokens.value;
  expect(token).toEqual(expect.any(String));
  for (const { answer } of side.answers) expect(JSON.stringify(answer)).not.toContain(token!);

  // Its session is the current one on the Security screen, held by token.
  await page.goto(`${renderer.origin}/admin/settings/security`);
  const current = page.getByRole('region', { name: 'Your active sessions' }).getByRole('row').filter({ hasText: 'This session' });
  await expect(current).toContainText('Token');

  // Signed out, then in with a recovery code.
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(new RegExp(`${adminLoginPath}$`));
  await page.getByRole('textbox', { name: 'Email' }).fill(admin.email);
  await page.getByRole('textbox', { name: 'Password' }).fill(admin.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.getByRole('button', { name: 'Use a recovery code' }).click();
  await page.getByRole('textbox', { name: /^Recovery code/ }).fill(recoveryCodes[0]);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(`${renderer.origin}/admin/dashboard`);
  expect(side.tokens.value).not.toBe(token);
});
