/**
 * An accepted quote paid by mobile money as the client and the team meet it: the client, on a
 * phone, accepts the mailed quote and pays the deposit on its page, first without JavaScript (a
 * number of the wrong network refused and kept; a payment that fails for want of money, the page
 * following it by itself), then with JavaScript (received, the receipt downloaded); pawaPay is its
 * local stand-in (playwright.config.ts), settled and calling back as the network would. The
 * console then shows the payment, its receipt and the balance on the quote, the payment on the
 * timeline, and Settings › Payments; axe on the page and the screens.
 */
import { readFile } from 'node:fs/promises';
import { expect } from '@playwright/test';
import { api, type EnquiryList } from '@kafue/common/contract';
import { pawapayStandIn } from '../../playwright.config';
import { expectNoViolations } from './axe';
import { apiAs, createEnquiry, openEnquiry, outboxLink, signIn, superAdmin, unique, test } from './support';

test.describe.configure({ timeout: 120_000 });

/** The stand-in's deposit for a phone number (260…), once the server asked for it. */
async function depositFor(phone: string): Promise<string> {
  let id: string | undefined;
  await expect
    .poll(async () => {
      const deposits = (await (await fetch(`${pawapayStandIn}/_standin/deposits`)).json()) as { depositId: string; phoneNumber: string }[];
      return (id = deposits.filter((d) => d.phoneNumber === phone).at(-1)?.depositId);
    })
    .toBeTruthy();
  return id!;
}

/** Settles a deposit as the network would, and has pawaPay call back. */
async function settle(depositId: string, outcome: { status: 'COMPLETED' } | { status: 'FAILED'; failureCode: string }) {
  const post = (path: string, body: object) =>
    fetch(`${pawapayStandIn}/_standin/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  expect((await post('settle', { depositId, ...outcome })).status).toBe(200);
  expect(await (await post('callback', { depositId })).json()).toEqual({ status: 200 });
}

test('a client pays the deposit of an accepted quote by mobile money, a failed try first; the team sees it received', async ({
  page,
  browser,
}) => {
  const slug = unique('payer');
  const enquiry = await createEnquiry({ fullName: `Payer ${slug}`, email: `${slug}@kafue.test` });
  const admin = await apiAs(superAdmin);
  const found = (await (await admin.get(`${api.enquiries}?q=${encodeURIComponent(enquiry.fullName)}`)).json()) as EnquiryList;
  const lines = [{ description: 'Website build', quantity: 1, unitPrice: 2000, period: 'once' }];
  const created = await admin.post('/api/quotes', {
    data: { enquiryId: found.items[0]._id, currency: 'ZMW', lines, validUntil: '2099-12-31' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { quote } = (await created.json()) as { quote: { _id: string; number: string } };
  expect((await admin.post(`/api/quotes/${quote._id}/send`)).status()).toBe(200);
  await admin.dispose();
  const link = await outboxLink(enquiry.email, /(http:\/\/\S+\/quote\/[A-Za-z0-9_-]{43})/, 'a quote mail');

  // On a phone without JavaScript: accepted, then the deposit (50% by default) offered.
  const plain = await browser.newContext({ viewport: { width: 390, height: 844 }, javaScriptEnabled: false });
  const visitor = await plain.newPage();
  await visitor.goto(link);
  await visitor.getByRole('textbox', { name: 'Your name' }).first().fill(enquiry.fullName);
  await visitor.getByRole('checkbox', { name: 'I accept this quote' }).check();
  await visitor.getByRole('button', { name: 'Accept' }).click();
  await expect(visitor.getByText('Deposit due now: ZMW 1,000.00')).toBeVisible();

  // A number of another network: refused with the reason, what was typed kept.
  const number = visitor.getByRole('textbox', { name: 'Mobile money number' });
  await visitor.getByRole('radio', { name: 'Zamtel Kwacha' }).check();
  await number.fill('0971 234 567');
  await visitor.getByRole('button', { name: 'Pay ZMW 1,000.00' }).click();
  await expect(visitor.getByRole('alert')).toContainText('That is not a Zamtel Kwacha number');
  await expect(number).toHaveValue('0971 234 567');

  // Airtel: the payer is asked on the phone; the page follows the payment by itself.
  await visitor.getByRole('radio', { name: 'Airtel Money' }).check();
  await visitor.getByRole('button', { name: 'Pay ZMW 1,000.00' }).click();
  await expect(visitor.getByRole('status')).toContainText('Approve the payment on your phone');
  await expect(visitor.getByRole('link', { name: 'Check payment' })).toBeVisible();
  await settle(await depositFor('260971234567'), { status: 'FAILED', failureCode: 'INSUFFICIENT_BALANCE' });
  await expect(visitor.getByRole('alert')).toHaveText(
    'The last payment did not go through: There is not enough money in the mobile money account.',
    { timeout: 15_000 },
  );
  await expect(visitor.getByText('Failed: There is not enough money in the mobile money account.')).toBeVisible();
  await expect(visitor.getByRole('button', { name: 'Pay ZMW 1,000.00' })).toBeVisible();
  await plain.close();

  // Another try, with JavaScript, from MTN: received, with its receipt.
  const scripted = await browser.newContext({ viewport: { width: 390, height: 844 }, acceptDownloads: true });
  const payer = await scripted.newPage();
  await payer.goto(link);
  // axe runs in the page: here, with JavaScript, on the page the first try also saw.
  await expectNoViolations(payer, 'the quote page offering the deposit again, after a failed payment, at 390 px');
  await payer.getByRole('radio', { name: 'MTN MoMo' }).check();
  await payer.getByRole('textbox', { name: 'Mobile money number' }).fill('+260 96 123 4567');
  await payer.getByRole('button', { name: 'Pay ZMW 1,000.00' }).click();
  await expect(payer.getByRole('status')).toContainText('Approve the payment on your phone');
  await settle(await depositFor('260961234567'), { status: 'COMPLETED' });
  await expect(payer.getByRole('status').filter({ hasText: 'Payment received. Thank you.' })).toBeVisible({ timeout: 15_000 });
  const receipt = payer.getByRole('link', { name: /^Receipt RCT-\d{4}-\d{4}$/ });
  await expect(receipt).toBeVisible();
  await expect(payer.getByRole('row', { name: /Received/ })).toContainText('ZMW 1,000.00');
  await expectNoViolations(payer, 'the quote page with the deposit received at 390 px');
  const downloading = payer.waitForEvent('download');
  await receipt.click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^RCT-\d{4}-\d{4}\.pdf$/);
  expect((await readFile(await download.path())).subarray(0, 5).toString()).toBe('%PDF-');
  const receiptNumber = download.suggestedFilename().replace('.pdf', '');
  await scripted.close();

  // The team: the quote paid in part, the receipt, the timeline; the settings.
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, superAdmin);
  const drawer = await openEnquiry(page, enquiry.fullName);
  const payments = drawer.getByRole('group', { name: `Payments on ${quote.number}` });
  await expect(payments).toContainText('Paid: ZMW 1,000.00 of ZMW 2,000.00');
  await expect(payments).toContainText('Balance: ZMW 1,000.00');
  await expect(payments.getByRole('button', { name: `Receipt ${receiptNumber}` })).toBeVisible();
  await expect(payments.getByText('Failed', { exact: true })).toBeVisible();
  await expect(drawer.getByText(`Payment of ZMW 1,000.00 received (receipt ${receiptNumber})`)).toBeVisible();
  await expectNoViolations(page, 'an accepted quote with its payments at 1366 px');

  await page.goto('/admin/settings/payments');
  await expect(page.getByText('set up: clients can pay.')).toBeVisible();
  await expect(page.getByRole('textbox', { name: /Deposit/ })).toHaveValue('50%');
  await expectNoViolations(page, 'Settings › Payments');
});
