import { brand } from '@kafue/common/brand';
import { test, expect, open, stopClock } from './fixtures';
import { contactPage } from '../src/content/pages';

test.describe('contact page', () => {
  test('heading, contact information, lazy 250 px map and the Quick Response Guarantee', async ({ page, isPhone }) => {
    await open(page, '/contact');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Get in Touch');
    await expect(page.getByText("Ready to transform your business? Let's start the conversation.")).toBeVisible();
    const info = page.getByRole('region', { name: 'Contact Information' });
    await expect(info.getByRole('link', { name: brand.phone })).toHaveAttribute('href', brand.phoneHref);
    await expect(info.getByRole('link', { name: brand.email })).toHaveAttribute('href', `mailto:${brand.email}`);
    await expect(info).toContainText(brand.address);
    await expect(info).toContainText('24/7 Support Available');
    // The map's iframe is created only when its frame comes near the viewport (on a phone it is
    // far below the fold; on a wide screen it is in view at once).
    const map = page.locator('iframe');
    if (isPhone) await expect(map).toHaveCount(0);
    await page.locator('.map-frame').scrollIntoViewIfNeeded();
    await expect(map).toHaveAttribute('loading', 'lazy');
    await expect(map).toHaveAttribute('src', brand.mapEmbedUrl);
    await expect(map).toHaveAttribute('title', contactPage.mapTitle);
    await map.scrollIntoViewIfNeeded();
    expect((await map.boundingBox())!.height).toBe(250);
    const guarantee = page.getByRole('region', { name: 'Quick Response Guarantee' });
    await expect(guarantee.locator('li')).toHaveText([
      'Email responses within 2-4 hours during business hours',
      '24/7 emergency support for existing clients',
      'Free consultation calls available',
    ]);
  });

  test('the form: required fields, service options, Idle -> Sending (2 s) -> sent note, form cleared', async ({ page }) => {
    await stopClock(page);
    await open(page, '/contact');
    const form = page.getByRole('region', { name: 'Send us a Message' });
    const name = form.getByRole('textbox', { name: 'Full Name' });
    const phone = form.getByRole('textbox', { name: /Phone Number/ });
    const email = form.getByRole('textbox', { name: 'Email Address' });
    const service = form.getByRole('combobox', { name: /Service/ });
    const message = form.getByRole('textbox', { name: 'Message' });
    const send = form.getByRole('button', { name: 'Send Message' });
    await expect(name).toHaveAttribute('required', '');
    await expect(email).toHaveAttribute('required', '');
    await expect(email).toHaveAttribute('type', 'email');
    await expect(message).toHaveAttribute('required', '');
    await expect(phone).not.toHaveAttribute('required');
    await expect(service).not.toHaveAttribute('required');
    await expect(service.locator('option')).toHaveText(['Select a service', 'Web Development', 'Cybersecurity', 'Digital Marketing', 'Other']);

    // Browser checks only: an empty or invalid form is not sent.
    await send.click();
    await expect(send).toBeEnabled();
    await expect(form.getByText('Sending...')).toHaveCount(0);
    await name.fill('Chanda Mwale');
    await email.fill('not-an-email');
    await message.fill('We need a new website.');
    await send.click();
    await expect(form.getByText('Sending...')).toHaveCount(0);

    await email.fill('chanda@example.com');
    await phone.fill('+260 97 123 4567');
    await service.selectOption('Cybersecurity');
    await send.click();
    const sending = form.getByRole('button', { name: 'Sending...' });
    await expect(sending).toBeDisabled();
    await expect(sending.locator('.spinner')).toBeVisible();
    await expect(form.getByRole('status')).toHaveText('');
    await page.clock.runFor(1999);
    await expect(sending).toBeDisabled();
    await page.clock.runFor(1);
    await expect(send).toBeEnabled();
    await expect(form.getByRole('status')).toHaveText("Message sent! We'll get back to you shortly.");
    await expect(form.locator('.sent-note svg')).toBeVisible();
    for (const field of [name, phone, email, message]) await expect(field).toHaveValue('');
    await expect(service).toHaveValue('');
    // The sent note is never cleared.
    await name.fill('Another');
    await page.clock.runFor(60_000);
    await expect(form.getByRole('status')).toHaveText("Message sent! We'll get back to you shortly.");
  });
});
