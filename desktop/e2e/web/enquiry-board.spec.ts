/**
 * Stages and the reply clock in the console, as the team meets them: the Enquiry Board moved by
 * keyboard (the Move to menu, each move announced) and by pointer (drag onto a column), a lost lead
 * asked why; the inbox's time left and stage filter; Settings › Reply Times; axe clean at 1366 and
 * 390 px.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { api, type EnquiryList } from '@kafue/common/contract';
import { expectNoViolations } from './axe';
import { apiAs, choose, createEnquiry, outboxLink, readBack, signIn, superAdmin, unique } from './support';

const widths = { desktop: { width: 1366, height: 768 }, phone: { width: 390, height: 844 } };

const column = (page: Page, stage: string) => page.getByRole('region', { name: new RegExp(`^${stage} \\(\\d+\\)$`) });
const card = (scope: Page | Locator, name: string) => scope.getByRole('listitem').filter({ hasText: name });

async function stageOf(page: Page, fullName: string) {
  const list = await readBack<EnquiryList>(page, `${api.enquiries}?q=${encodeURIComponent(fullName)}`);
  expect(list.items).toHaveLength(1);
  return list.items[0];
}

/** Opens the card's Move to menu and picks `stage` with the arrow keys and Enter alone. */
async function moveByKeyboard(page: Page, fullName: string, stage: string) {
  await page.getByRole('button', { name: `Move to another stage: ${fullName}` }).focus();
  await page.keyboard.press('Enter');
  const item = page.getByRole('menuitem', { name: stage, exact: true });
  await expect(item).toBeVisible();
  for (let i = 0; i < 5 && !(await item.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('ArrowDown');
  await expect(item).toBeFocused();
  await page.keyboard.press('Enter');
}

test('the board moves a card by keyboard and by pointer, announces each move, and asks why a lead was lost', async ({ page }) => {
  const { fullName } = await createEnquiry();
  await signIn(page, superAdmin, '/admin/enquiry-board');
  await page.getByRole('textbox', { name: 'Search' }).fill(fullName);
  const inNew = card(column(page, 'New'), fullName);
  await expect(inNew).toBeVisible();
  // A fresh enquiry shows the time left to reply.
  await expect(inNew).toContainText(/(hours?|minutes?|days?)( \d+ \w+)? left|Overdue by/);

  // Keyboard: New -> Quoted.
  await moveByKeyboard(page, fullName, 'Quoted');
  await expect(page.getByRole('status').filter({ hasText: `${fullName} moved to Quoted.` })).toBeAttached();
  await expect(card(column(page, 'Quoted'), fullName)).toBeVisible();
  await expect(card(column(page, 'New'), fullName)).toHaveCount(0);
  expect((await stageOf(page, fullName)).stage).toBe('quoted');

  // Pointer: drag it onto Won, which closes it.
  await card(column(page, 'Quoted'), fullName).dragTo(column(page, 'Won'));
  await expect(card(column(page, 'Won'), fullName)).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: `${fullName} moved to Won.` })).toBeAttached();
  expect(await stageOf(page, fullName)).toMatchObject({ stage: 'won', status: 'Closed' });

  // Lost asks why; "Other" needs words.
  await moveByKeyboard(page, fullName, 'Lost');
  const dialog = page.getByRole('dialog', { name: `Why was the enquiry from ${fullName} lost?` });
  await expect(dialog).toBeVisible();
  await expectNoViolations(page, 'the lost reason dialog');
  await dialog.getByRole('button', { name: 'Move to Lost' }).click();
  await expect(dialog.getByText('Choose why it was lost.')).toBeVisible();
  await choose(dialog, 'Reason', 'Other');
  await dialog.getByRole('button', { name: 'Move to Lost' }).click();
  await expect(dialog.getByText('Say why it was lost.')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'In a few words' }).fill('Moved abroad');
  await dialog.getByRole('button', { name: 'Move to Lost' }).click();
  await expect(dialog).toBeHidden();
  await expect(card(column(page, 'Lost'), fullName)).toBeVisible();
  expect(await stageOf(page, fullName)).toMatchObject({
    stage: 'lost',
    lostReason: 'other',
    lostReasonText: 'Moved abroad',
    status: 'Closed',
  });
});

test('the inbox shows the stage and time left on each row, sorts by time left and filters by stage', async ({ page }) => {
  const { fullName } = await createEnquiry();
  await signIn(page, superAdmin, '/admin/enquiries');
  const row = page.getByRole('row').filter({ hasText: fullName });
  await expect(row.getByText('Stage: New', { exact: true })).toBeVisible();
  await expect(row).toContainText(/\d+ \w+ left|Overdue by/);
  await page.getByRole('button', { name: /^Time left/ }).click();
  await expect(page.getByRole('columnheader', { name: /^Time left/ })).toHaveAttribute('aria-sort', 'ascending');
  await choose(page, 'Stage', 'Won');
  await expect(page.getByRole('row').filter({ hasText: fullName })).toHaveCount(0);
  await choose(page, 'Stage', 'New');
  await expect(page.getByRole('row').filter({ hasText: fullName })).toBeVisible();
});

test('a client who writes again after our reply awaits a reply again: the inbox finds them, the detail says so, a reply answers them', async ({
  page,
  browser,
}) => {
  const slug = unique('again');
  const enquiry = await createEnquiry({ fullName: `Again ${slug}`, email: `${slug}@kafue.test` });
  const admin = await apiAs(superAdmin);
  const found = (await (await admin.get(`${api.enquiries}?q=${encodeURIComponent(enquiry.fullName)}`)).json()) as EnquiryList;
  const id = found.items[0]._id;
  expect(
    (await admin.post(`${api.enquiries}/${id}/replies`, { data: { subject: 'Your enquiry', body: 'A quote follows.' } })).status(),
  ).toBe(201);
  const lines = [{ description: 'Website build', quantity: 1, unitPrice: 2000, period: 'once' }];
  const created = await admin.post('/api/quotes', { data: { enquiryId: id, currency: 'ZMW', lines, validUntil: '2099-12-31' } });
  expect(created.status(), await created.text()).toBe(201);
  const { quote } = (await created.json()) as { quote: { _id: string } };
  expect((await admin.post(`/api/quotes/${quote._id}/send`)).status()).toBe(200);
  const link = await outboxLink(enquiry.email, /(http:\/\/\S+\/quote\/[A-Za-z0-9_-]{43})/, 'a quote mail');

  await signIn(page, superAdmin, '/admin/enquiries');
  await page.getByRole('textbox', { name: 'Search' }).fill(enquiry.fullName);
  const row = page.getByRole('row').filter({ hasText: enquiry.fullName });
  await expect(row).toContainText('Answered');
  await choose(page, 'Reply', 'Awaiting our reply');
  await expect(row).toHaveCount(0);

  // The client asks a question on the quote's page: they write again.
  const client = await browser.newContext();
  const visitor = await client.newPage();
  await visitor.goto(link);
  await visitor.getByRole('textbox', { name: 'Your name' }).last().fill(enquiry.fullName);
  await visitor.getByRole('textbox', { name: 'Your question' }).fill('Can you start in May?');
  await visitor.getByRole('button', { name: 'Ask a question' }).click();
  await expect(visitor.getByRole('status')).toContainText('Your question was sent');
  await client.close();

  await page.reload();
  await page.getByRole('textbox', { name: 'Search' }).fill(enquiry.fullName);
  await choose(page, 'Reply', 'Awaiting our reply');
  await expect(row).toContainText(/\d+ \w+ left|Overdue by/);
  await row.getByRole('button', { name: `Open the enquiry from ${enquiry.fullName}` }).click();
  const drawer = page.getByRole('dialog', { name: enquiry.fullName });
  await expect(drawer.getByText(/^Client wrote again .+\. Reply due .+:$/)).toBeVisible();
  await expect(drawer.getByText(/^First response /)).toBeVisible();

  expect((await admin.post(`${api.enquiries}/${id}/replies`, { data: { subject: 'Re: May', body: 'Yes, we can.' } })).status()).toBe(201);
  await admin.dispose();
  expect((await stageOf(page, enquiry.fullName)).awaitingReplySince).toBeNull();
});

test('Settings › Reply Times saves the targets and refuses a target later than the most', { tag: '@alone' }, async ({ page }) => {
  await signIn(page, superAdmin, '/admin/settings/replies');
  const within = page.getByRole('textbox', { name: 'Reply within' });
  const most = page.getByRole('textbox', { name: 'Reply at the latest within' });
  await expect(within).toHaveValue('2 business hours');
  await within.fill('5');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('The target must not be later than the most.')).toBeVisible();
  await within.fill('1');
  await most.fill('3');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect.poll(async () => readBack(page, '/api/admin/settings/reply-targets')).toEqual({ targetHours: 1, maxHours: 3 });
  // Back to the defaults for the rest of the run.
  await within.fill('2');
  await most.fill('4');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect.poll(async () => readBack(page, '/api/admin/settings/reply-targets')).toEqual({ targetHours: 2, maxHours: 4 });
});

for (const [name, size] of Object.entries(widths)) {
  test(`the board, the inbox, Reply Times and the dashboard's reply figures are axe clean at ${size.width} px`, async ({ page }) => {
    await createEnquiry();
    await page.setViewportSize(size);
    await signIn(page, superAdmin);
    await expect(page.getByRole('heading', { name: 'Reply Times' })).toBeVisible();
    await expectNoViolations(page, `dashboard at ${name}`);
    for (const path of ['/admin/enquiry-board', '/admin/enquiries', '/admin/settings/replies']) {
      await page.goto(path);
      await expectNoViolations(page, `${path} at ${name}`);
    }
  });
}
