import { defaultCompany, mapEmbedUrl, phoneHref } from '@kafue/common/company';
import { request } from '@playwright/test';
import { test, expect, open } from './fixtures';
import { contactPage } from '../src/content/pages';
import { baseURL, contactForm, enquiriesMatching, visitor } from './visitor';

test.describe('contact page', () => {
  test('heading, contact information, lazy 250 px map and the Quick Response Guarantee', { tag: '@layout' }, async ({ page, isPhone }) => {
    await open(page, '/contact');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Get in Touch');
    await expect(page.getByText("Ready to transform your business? Let's start the conversation.")).toBeVisible();
    const info = page.getByRole('region', { name: 'Contact Information' });
    await expect(info.getByRole('link', { name: defaultCompany.phone })).toHaveAttribute('href', phoneHref(defaultCompany.phone));
    await expect(info.getByRole('link', { name: defaultCompany.email })).toHaveAttribute('href', `mailto:${defaultCompany.email}`);
    await expect(info).toContainText(defaultCompany.address);
    await expect(info).toContainText('24/7 Support Available');
    // The map's iframe is created only when its frame comes near the viewport (on a phone it is
    // far below the fold; on a wide screen it is in view at once).
    const map = page.locator('iframe');
    if (isPhone) await expect(map).toHaveCount(0);
    await page.locator('.map-frame').scrollIntoViewIfNeeded();
    await expect(map).toHaveAttribute('loading', 'lazy');
    await expect(map).toHaveAttribute('src', mapEmbedUrl(defaultCompany));
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

  test('the form: required fields and service options; browser checks stop an empty or invalid form', async ({ page }) => {
    await open(page, '/contact');
    const form = contactForm(page);
    let posts = 0;
    await page.route('**/api/enquiries', (route) => ((posts += 1), route.continue()));
    await expect(form.name).toHaveAttribute('required', '');
    await expect(form.email).toHaveAttribute('required', '');
    await expect(form.email).toHaveAttribute('type', 'email');
    await expect(form.message).toHaveAttribute('required', '');
    await expect(form.phone).not.toHaveAttribute('required');
    await expect(form.service).not.toHaveAttribute('required');
    await expect(form.service.locator('option')).toHaveText([
      'Select a service',
      'Web Development',
      'Cybersecurity',
      'Digital Marketing',
      'Other',
    ]);
    await form.send.click();
    await expect(form.send).toBeEnabled();
    await form.name.fill('Chanda Mwale');
    await form.email.fill('not-an-email');
    await form.message.fill('We need a new website.');
    await form.send.click();
    await expect(form.region.getByText('Sending...')).toHaveCount(0);
    expect(posts).toBe(0);
  });

  test('the honeypot field is out of sight, out of the tab order and out of the accessibility tree', async ({ page }) => {
    await open(page, '/contact');
    // The contact form's (the footer's newsletter form has one of its own).
    const honeypot = contactForm(page).region.locator('input[name="website"]');
    await expect(honeypot).toHaveCount(1);
    await expect(honeypot).toHaveAttribute('tabindex', '-1');
    expect(await honeypot.evaluate((el) => el.closest('[aria-hidden="true"]') !== null)).toBe(true);
    const box = await honeypot.boundingBox();
    expect(box === null || box.x + box.width <= 0).toBe(true);
    await expect(page.getByRole('textbox', { name: 'Website' })).toHaveCount(0);
    // Tab from the message goes to the button, never through the honeypot.
    await contactForm(page).message.focus();
    await page.keyboard.press('Tab');
    await expect(contactForm(page).send).toBeFocused();
  });

  test('sent: Sending... while the server works, then the sent note, an emptied form, and the enquiry stored', async ({ page }) => {
    const who = await visitor(page);
    // The page's clock runs 10 s behind the server's: the form reads as shown 10 s before it is
    // sent, as a person's would be (one sent under 3 s after showing is kept as Spam).
    await page.clock.install({ time: Date.now() - 10_000 });
    await open(page, '/contact');
    const form = contactForm(page);
    await form.name.fill(who.name);
    await form.phone.fill('+260 97 123 4567');
    await form.email.fill(who.email);
    await form.service.selectOption('Cybersecurity');
    await form.message.fill(`We need a security review. ${who.tag}`);
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/enquiries', async (route) => {
      await held;
      await route.continue();
    });
    await form.send.click();
    const sending = form.region.getByRole('button', { name: 'Sending...' });
    await expect(sending).toBeDisabled();
    await expect(sending.locator('.spinner')).toBeVisible();
    await expect(form.status).toHaveText('');
    release();
    await expect(form.send).toBeEnabled();
    await expect(form.status).toHaveText("Message sent! We'll get back to you shortly.");
    await expect(form.region.locator('.sent-note svg')).toBeVisible();
    for (const field of [form.name, form.phone, form.email, form.message]) await expect(field).toHaveValue('');
    await expect(form.service).toHaveValue('');

    const stored = await enquiriesMatching(who.tag);
    expect(stored).toEqual([
      expect.objectContaining({
        fullName: who.name,
        email: who.email,
        phone: '+260 97 123 4567',
        service: 'Cybersecurity',
        message: `We need a security review. ${who.tag}`,
        status: 'New',
      }),
    ]);
    // The sent note stays while the visitor types again.
    await form.name.fill('Another');
    await expect(form.status).toHaveText("Message sent! We'll get back to you shortly.");
  });

  test('refused by the server (too many messages): its message under the button, everything typed kept', async ({
    page,
    consoleErrors,
  }) => {
    const who = await visitor(page);
    // Five messages from this address in ten minutes are allowed; the sixth is refused.
    const client = await request.newContext({
      baseURL: baseURL(),
      extraHTTPHeaders: { Origin: baseURL(), 'X-Forwarded-For': who.address },
    });
    for (let i = 0; i < 5; i += 1) {
      const res = await client.post('/api/enquiries', { data: { fullName: who.name, email: who.email, message: `Earlier message ${i}` } });
      expect(res.status()).toBe(201);
    }
    await client.dispose();
    await open(page, '/contact');
    const form = contactForm(page);
    await form.name.fill(who.name);
    await form.email.fill(who.email);
    await form.service.selectOption('Other');
    await form.message.fill(`One more thing. ${who.tag}`);
    await form.send.click();
    await expect(form.error).toHaveText('Too many messages. Please try again later.');
    await expect(form.send).toBeEnabled();
    await expect(form.name).toHaveValue(who.name);
    await expect(form.email).toHaveValue(who.email);
    await expect(form.service).toHaveValue('Other');
    await expect(form.message).toHaveValue(`One more thing. ${who.tag}`);
    await expect(form.region.locator('.sent-note')).toHaveCount(0);
    const stored = await enquiriesMatching(who.tag);
    expect(stored).toHaveLength(5);
    expect(stored.filter((e) => String(e.message).startsWith('One more thing'))).toEqual([]);
    expectOnlyRefusal(consoleErrors, 429);
  });

  test('refused by the server (invalid input): the message and the refused field shown, the text kept', async ({ page, consoleErrors }) => {
    const who = await visitor(page);
    await open(page, '/contact');
    const form = contactForm(page);
    await form.name.fill(who.name);
    await form.email.fill(who.email);
    await form.message.fill(`Hello. ${who.tag}`);
    // The browser lets a 31-character phone number through only if the page's limit is lifted:
    // the server's own check is the one that counts.
    await form.phone.evaluate((el) => el.removeAttribute('maxlength'));
    await form.phone.fill('1'.repeat(31));
    await form.send.click();
    await expect(form.error).toContainText('Phone Number:');
    await expect(form.phone).toHaveValue('1'.repeat(31));
    await expect(form.message).toHaveValue(`Hello. ${who.tag}`);
    expect(await enquiriesMatching(who.tag)).toEqual([]);
    expectOnlyRefusal(consoleErrors, 400);
  });

  test('server unreachable: the error note asks to try again or email, everything typed kept', async ({ page, consoleErrors }) => {
    const who = await visitor(page);
    await open(page, '/contact');
    const form = contactForm(page);
    await page.route('**/api/enquiries', (route) => route.abort('connectionrefused'));
    await form.name.fill(who.name);
    await form.email.fill(who.email);
    await form.message.fill(`Are you there? ${who.tag}`);
    await form.send.click();
    await expect(form.error).toHaveText('Your message could not be sent. Please try again or email us.');
    await expect(form.send).toBeEnabled();
    await expect(form.name).toHaveValue(who.name);
    await expect(form.email).toHaveValue(who.email);
    await expect(form.message).toHaveValue(`Are you there? ${who.tag}`);
    // The browser reports the refused connection itself; nothing else went wrong.
    expect(consoleErrors.every((e) => e.includes('ERR_CONNECTION_REFUSED'))).toBe(true);
    consoleErrors.length = 0;
    // Once the server answers again, the same text goes through.
    await page.unroute('**/api/enquiries');
    await form.send.click();
    await expect(form.status).toHaveText("Message sent! We'll get back to you shortly.");
    await expect(form.message).toHaveValue('');
  });
});

/** The browser logs a refused call itself; that is the one console error the test expects. */
test.describe('contact form without JavaScript', () => {
  test('sent: the form posts (never in the address bar), the enquiry is stored, and the page shows the sent note', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const who = await visitor(page);
    await page.goto('/contact');
    const form = contactForm(page);
    await form.name.fill(who.name);
    await form.phone.fill('+260 97 765 4321');
    await form.email.fill(who.email);
    await form.service.selectOption('Web Development');
    await form.message.fill(`Sent without scripts. ${who.tag}`);
    const [posted] = await Promise.all([page.waitForRequest((r) => r.isNavigationRequest() && r.method() === 'POST'), form.send.click()]);
    expect(posted.headers()['content-type']).toBe('application/x-www-form-urlencoded');
    // The page's hidden startedAt (when the server rendered it) goes with the form: a person's
    // enquiry, kept as New below, where a robot leaving it out is kept as Spam.
    expect(new URLSearchParams(posted.postData() ?? '').get('startedAt')).toMatch(/^\d+$/);
    await page.waitForLoadState();
    expect(new URL(page.url()).pathname).toBe('/contact');
    expect(new URL(page.url()).search).toBe('');
    await expect(form.status).toHaveText("Message sent! We'll get back to you shortly.");
    await expect(form.region.locator('.sent-note svg')).toBeVisible();
    for (const field of [form.name, form.phone, form.email, form.message]) await expect(field).toHaveValue('');
    expect(await enquiriesMatching(who.tag)).toEqual([
      expect.objectContaining({
        fullName: who.name,
        email: who.email,
        phone: '+260 97 765 4321',
        service: 'Web Development',
        status: 'New',
      }),
    ]);
    await context.close();
  });

  test('refused: the page shows the server message under the button, everything typed kept', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const who = await visitor(page);
    await page.goto('/contact');
    const form = contactForm(page);
    await form.name.fill(who.name);
    await form.email.fill(who.email);
    await form.service.selectOption('Other');
    await form.message.fill(`Too long a phone. ${who.tag}`);
    // Past the browser's own limit (a browser without it, or an edited page): the server's check counts.
    await form.phone.evaluate((el) => el.removeAttribute('maxlength'));
    await form.phone.fill('2'.repeat(31));
    await form.send.click();
    await expect(form.error).toContainText('Phone Number:');
    await expect(form.name).toHaveValue(who.name);
    await expect(form.email).toHaveValue(who.email);
    await expect(form.phone).toHaveValue('2'.repeat(31));
    await expect(form.service).toHaveValue('Other');
    await expect(form.message).toHaveValue(`Too long a phone. ${who.tag}`);
    expect(await enquiriesMatching(who.tag)).toEqual([]);
    await context.close();
  });

  test('the page answered by the server sends again with JavaScript, without an error', async ({ page, consoleErrors }) => {
    const who = await visitor(page);
    // The answer to a form sent without scripts, then loaded with them: the note is part of the page.
    const answer = await page.request.post('/contact', {
      form: { fullName: who.name, email: who.email, message: `First. ${who.tag}`, phone: '3'.repeat(31) },
      headers: { Origin: baseURL() },
    });
    expect(answer.status()).toBe(400);
    const html = await answer.text();
    await page.route('**/contact', (route) =>
      route.request().method() === 'GET'
        ? route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: html })
        : route.continue(),
    );
    await open(page, '/contact');
    const form = contactForm(page);
    await expect(form.error).toContainText('Phone Number:');
    await expect(form.phone).toHaveValue('3'.repeat(31));
    await page.unroute('**/contact');
    await form.phone.fill('');
    await form.send.click();
    await expect(form.status).toHaveText("Message sent! We'll get back to you shortly.");
    expect(consoleErrors).toEqual([]);
  });
});

function expectOnlyRefusal(consoleErrors: string[], status: number) {
  expect(consoleErrors.length).toBeGreaterThan(0);
  for (const e of consoleErrors) expect(e).toContain(`status of ${status}`);
  consoleErrors.length = 0;
}
