/**
 * A quote as the team and the client meet it: built in the console from a pricing request (its
 * lines prefilled), saved and sent; the mailed link (read from the server's outbox) opened
 * signed out, asked about and accepted with a name and the tick; the console then shows it
 * accepted, the enquiry won and closed, and the question on its timeline as the client's note;
 * the Reports screen counts it. axe on the Quotes section at 1366 and 390 px and on the public page.
 */
import { expect, type Page } from '@playwright/test';
import { api, type EnquiryList } from '@kafue/common/contract';
import type { LeadReport } from '@kafue/common/schemas';
import { expectNoViolations } from './axe';
import { apiAs, createEnquiry, openEnquiry, outboxLink, readBack, signIn, superAdmin, toasts, unique, test } from './support';

test.describe.configure({ timeout: 180_000 });

/**
 * What the Reports screen shows for the current month (the last row of its default range, the
 * twelve months up to today) and in its "Quotes accepted" total, as a user reads them; and the
 * win rate the screen rounds, unrounded from the same report.
 */
async function reportFigures(page: Page) {
  await page.goto('/admin/reports');
  const table = page.getByRole('region', { name: 'The report per period' });
  // The screen's code (its charts) and the year's report can take a while on a loaded machine.
  await expect(table.getByRole('row').nth(1)).toBeVisible({ timeout: 20_000 });
  const columns = await table.getByRole('columnheader').allTextContents();
  const month = table.getByRole('row').last();
  const cell = async (column: string) => (await month.getByRole('cell').nth(columns.indexOf(column)).textContent()) ?? '';
  const value = await cell('Value accepted');
  const today = new Date().toISOString().slice(0, 10);
  const from = new Date(Date.UTC(new Date().getUTCFullYear() - 1, new Date().getUTCMonth(), new Date().getUTCDate() + 1));
  const report = await readBack<LeadReport>(page, `${api.leadReport}?from=${from.toISOString().slice(0, 10)}&to=${today}&by=month`);
  return {
    month: await cell('Period'),
    sent: Number(await cell('Quotes sent')),
    accepted: Number(await cell('Quotes accepted')),
    acceptedTotal: Number(await page.getByTestId('total Quotes accepted').textContent()),
    /** The month's USD per month accepted ("USD 1200 + USD 50/month; ZMW ..."), 0 for none. */
    usdMonthly: Number(/USD ([\d.]+)\/month/.exec(value)?.[1] ?? 0),
    winRateShown: await cell('Win rate'),
    winRate: report.periods.at(-1)?.winRate ?? null,
  };
}

test('a quote built from a pricing request, sent, accepted by the client signed out: the enquiry is won and the report counts it', async ({
  page,
  browser,
}) => {
  const slug = unique('quote');
  // A lead of this month lost first, so that the month's win rate is under 100% and one more won must raise it.
  const lost = await createEnquiry();
  const admin = await apiAs(superAdmin);
  const found = (await (await admin.get(`${api.enquiries}?q=${encodeURIComponent(lost.fullName)}`)).json()) as EnquiryList;
  const moved = await admin.put(`${api.enquiryById(found.items[0]._id)}/stage`, { data: { stage: 'lost', lostReason: 'price' } });
  expect(moved.status(), await moved.text()).toBe(200);
  await admin.dispose();
  const enquiry = await createEnquiry({
    fullName: `Client ${slug}`,
    email: `${slug}@kafue.test`,
    request: { plan: 'Business', addons: ['Priority Support'] },
    page: '/contact?plan=Business&addon=Priority%20Support',
  });

  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, superAdmin);
  const before = await reportFigures(page);
  const drawer = await openEnquiry(page, enquiry.fullName);
  await expect(drawer.getByText('No quotes yet.')).toBeVisible();
  await drawer.getByRole('button', { name: 'New quote' }).click();

  // Prefilled from the request: the plan and its add-on, per month, at the prices the site showed.
  const editor = drawer.getByRole('form', { name: 'New quote' });
  await expect(editor.getByRole('textbox', { name: 'Line 1 description' })).toHaveValue('Business plan');
  await expect(editor.getByRole('textbox', { name: 'Line 2 description' })).toHaveValue('Priority Support');
  await expect(editor.getByRole('textbox', { name: 'Unit price (USD)' }).first()).toHaveValue('99');
  await expect(editor).toContainText('Total per month: USD 148.00');
  await editor.getByRole('textbox', { name: /^VAT %/ }).fill('16');
  await expect(editor).toContainText('VAT 16% per month: USD 23.68');
  await expect(editor).toContainText('Total per month: USD 171.68');
  await expectNoViolations(page, 'the quote editor at 1366 px');
  await editor.getByRole('button', { name: 'Save draft' }).click();
  await expect(toasts(page).filter({ hasText: 'Quote saved as a draft.' })).toBeVisible();

  const card = drawer.getByRole('listitem', { name: /^Quote Q-\d{4}-\d{4}$/ });
  await expect(card.getByText('Status: Draft', { exact: true })).toBeVisible();
  const number = ((await card.getAttribute('aria-label')) ?? '').replace('Quote ', '');
  await card.getByRole('button', { name: `Send ${number}` }).click();
  await expect(toasts(page).filter({ hasText: 'Quote sent.' })).toBeVisible();
  await expect(card.getByText('Status: Sent', { exact: true })).toBeVisible();
  await expectNoViolations(page, 'the quotes section at 1366 px');
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoViolations(page, 'the quotes section at 390 px');
  const fits = await drawer.evaluate((el) => el.scrollWidth <= el.clientWidth + 1);
  expect(fits, 'the drawer fits a phone').toBe(true);

  // The client, signed out, opens the mailed link.
  const link = await outboxLink(enquiry.email, /(http:\/\/\S+\/quote\/[A-Za-z0-9_-]{43})/, 'a quote mail');
  const client = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const visitor = await client.newPage();
  const response = await visitor.goto(link);
  expect(response?.headers()['x-robots-tag']).toBe('noindex');
  await expect(visitor.getByRole('heading', { level: 1, name: `Quote ${number}` })).toBeVisible();
  await expect(visitor.getByRole('table')).toContainText('Business plan');
  await expect(visitor.getByRole('table')).toContainText('USD 171.68');
  await expect(visitor.getByRole('link', { name: 'Download the quote as a PDF' })).toBeVisible();
  await expectNoViolations(visitor, 'the public quote page at 390 px');
  await visitor.setViewportSize({ width: 1366, height: 900 });
  await expectNoViolations(visitor, 'the public quote page at 1366 px');

  // A question first: it reaches the enquiry as the client's note.
  await visitor.getByRole('textbox', { name: 'Your name' }).nth(1).fill(enquiry.fullName);
  await visitor.getByRole('textbox', { name: 'Your question' }).fill('Is the domain included?');
  await visitor.getByRole('button', { name: 'Ask a question' }).click();
  await expect(visitor.getByRole('status')).toContainText('Your question was sent');

  await visitor.getByRole('textbox', { name: 'Your name' }).first().fill(enquiry.fullName);
  await visitor.getByRole('checkbox', { name: 'I accept this quote' }).check();
  await visitor.getByRole('button', { name: 'Accept' }).click();
  await expect(visitor.getByRole('status')).toHaveText('Thank you. Your acceptance is recorded and we will be in touch shortly.');
  await expect(visitor.getByText(`Accepted by ${enquiry.fullName}`)).toBeVisible();
  await expect(visitor.getByRole('button', { name: 'Accept' })).toHaveCount(0);
  await expectNoViolations(visitor, 'the public quote page accepted');
  await client.close();

  // Back in the console: the quote accepted, the enquiry won and so closed.
  await page.setViewportSize({ width: 1366, height: 900 });
  const again = await openEnquiry(page, enquiry.fullName);
  await expect(again.getByRole('listitem', { name: `Quote ${number}` })).toContainText('Status: Accepted');
  await expect(again.getByRole('listitem', { name: `Quote ${number}` })).toContainText(`accepted by ${enquiry.fullName}`);
  await expect(again.getByText('Stage: Won', { exact: true }).first()).toBeVisible();
  await expect(again.getByText('Status: Closed', { exact: true }).first()).toBeVisible();
  // The client's question: a note on the timeline, once, named for its quote and its asker.
  const question = again
    .getByRole('list', { name: 'Timeline' })
    .getByRole('listitem')
    .filter({ hasText: `Question about quote ${number}` });
  await expect(question).toHaveCount(1);
  await expect(question).toContainText('Is the domain included?');
  await expect(question).toContainText(enquiry.fullName);
  await page.keyboard.press('Escape');
  await expect(again).toBeHidden();
  const row = page.getByRole('row').filter({ hasText: enquiry.fullName });
  await expect(row.getByText('Stage: Won', { exact: true })).toBeVisible();

  // The Reports screen counts it in this month: one more sent and accepted, its value per month in USD, the win rate up.
  const after = await reportFigures(page);
  expect(after.month).toBe(before.month);
  expect(after.sent).toBe(before.sent + 1);
  expect(after.accepted).toBe(before.accepted + 1);
  expect(after.acceptedTotal).toBe(before.acceptedTotal + 1);
  expect(after.usdMonthly).toBeCloseTo(before.usdMonthly + 171.68, 2);
  expect(before.winRate, 'a lost lead this month').not.toBeNull();
  expect(after.winRate!).toBeGreaterThan(before.winRate!);
  expect(after.winRateShown).toBe(`${Math.round(after.winRate! * 100)}%`);
  await expectNoViolations(page, 'the Reports screen counting the accepted quote');
});
