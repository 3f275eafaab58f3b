/**
 * The inbox with what visitors asked for: a quote request's items, prices, estimate and page in
 * the enquiry's detail, and the list filtered by kind. Enquiries are sent through the public call,
 * as the site's forms send them.
 */
import { expect, type Page } from '@playwright/test';
import { expectNoViolations } from './axe';
import { choose, createEnquiry, signIn, superAdmin, unique, test } from './support';

const row = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });

test('the inbox shows a quote request with its items and estimate, and filters by kind', async ({ page }) => {
  // Three axe runs on a loaded machine.
  test.setTimeout(120_000);
  const slug = unique('kinds');
  const quote = await createEnquiry({
    fullName: `Quote ${slug}`,
    request: { plan: 'Business', addons: ['Priority Support'] },
    page: '/contact?plan=Business&addon=Priority%20Support',
  });
  const consultation = await createEnquiry({ fullName: `Consultation ${slug}`, request: { topic: 'consultation' }, page: '/' });
  const message = await createEnquiry({ fullName: `Message ${slug}` });

  await signIn(page, superAdmin, '/admin/enquiries');
  await page.getByRole('textbox', { name: 'Search' }).fill(slug);
  await expect(page.getByRole('row')).toHaveCount(4);
  await expect(row(page, quote.fullName)).toContainText('Quote request');
  await expect(row(page, consultation.fullName)).toContainText('Consultation');
  await expect(row(page, message.fullName)).toContainText('Message');

  // Filtered by kind, in plain words: the server answers only that kind.
  await choose(page, 'Kind', 'Quote request');
  await expect(page.getByRole('row')).toHaveCount(2);
  await expect(row(page, quote.fullName)).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /of 1$/ })).toBeVisible();
  await expectNoViolations(page, 'the inbox with requests (1)');
  await choose(page, 'Kind', 'Consultation');
  await expect(page.getByRole('row')).toHaveCount(2);
  await expect(row(page, consultation.fullName)).toBeVisible();
  await choose(page, 'Kind', 'Message');
  await expect(page.getByRole('row')).toHaveCount(2);
  await expect(row(page, message.fullName)).toBeVisible();
  await choose(page, 'Kind', 'Quote request');

  // The detail: the request above the message, as the site priced it when it was sent.
  await row(page, quote.fullName)
    .getByRole('button', { name: `Open the enquiry from ${quote.fullName}` })
    .click();
  const drawer = page.getByRole('dialog', { name: quote.fullName });
  const request = drawer.getByRole('region', { name: 'Request' });
  await expect(request).toContainText('Quote request');
  await expect(request.getByRole('listitem')).toHaveText(['Business plan: $99/month', 'Priority Support (add-on): $49/month']);
  await expect(request).toContainText('Estimate: $148/month');
  await expect(request).toContainText('Sent from the page /contact?plan=Business&addon=Priority%20Support');
  // Above the message.
  const [requestBox, messageBox] = await Promise.all([request.boundingBox(), drawer.getByText(quote.message).boundingBox()]);
  expect(requestBox!.y).toBeLessThan(messageBox!.y);
  await expectNoViolations(page, 'the inbox with requests (2)');
  // On a phone: the request fits the drawer's width.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(request).toContainText('Estimate: $148/month');
  expect(await request.evaluate((e) => e.scrollWidth <= e.clientWidth && e.getBoundingClientRect().right <= 390)).toBe(true);
  await expectNoViolations(page, 'the inbox with requests (3)');
});
