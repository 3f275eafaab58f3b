import { test, expect, open } from './fixtures';
import { categories } from '../src/content/categories';
import { servicesByCategory, findService, pricingFaq, servicesFaq } from '../src/content/seed';
import { servicesWhy } from '../src/content/services-page';
import type { Page } from '@playwright/test';

async function expectCategory(page: Page, index: number) {
  const c = categories[index];
  await expect(page.locator('#category-heading')).toHaveText(c.heading);
  const cards = page.locator('.service-card');
  const list = servicesByCategory[c.key];
  await expect(cards).toHaveCount(list.length);
  for (const [i, s] of list.entries()) {
    await expect(cards.nth(i).getByRole('heading')).toHaveText(s.title);
    await expect(cards.nth(i)).toContainText(`Starting at ${s.price}`);
    await expect(cards.nth(i).getByRole('link', { name: `View Details for ${s.title}` })).toHaveAttribute(
      'href',
      `/service/${c.key}/${s.slug}`,
    );
  }
}

test.describe('services page', () => {
  test('banner badges, Why Choose Us row, process and call to action', async ({ page }) => {
    await open(page, '/services');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Our Services');
    for (const b of ['50+ Successful Projects', '10+ Years Experience', '24/7 Support'])
      await expect(page.locator('.badges')).toContainText(b);
    await expect(page.getByRole('heading', { name: 'Why Choose Us' })).toBeVisible();
    for (const item of servicesWhy.items) await expect(page.getByRole('heading', { name: item.title })).toBeAttached();
    await expect(page.locator('.process-step h3')).toHaveText([
      'Discovery & Consultation',
      'Strategy & Planning',
      'Implementation',
      'Launch & Support',
    ]);
    await expect(page.locator('.cta-band')).toBeAttached();
  });

  test(
    'the category browser starts at Web and swaps heading and cards (pills on wide screens, dropdown on small)',
    { tag: '@layout' },
    async ({ page, isPhone }) => {
      await open(page, '/services');
      const pills = page.getByRole('group', { name: 'Service categories' });
      const select = page.getByRole('combobox', { name: 'Choose a service category' });
      await expectCategory(page, 0);
      if (isPhone) {
        await expect(pills).toBeHidden();
        await expect(select).toBeVisible();
        await expect(select).toHaveValue('Web');
        for (let i = categories.length - 1; i >= 0; i--) {
          await select.selectOption(categories[i].key);
          await expectCategory(page, i);
        }
      } else {
        await expect(select).toBeHidden();
        await expect(pills.getByRole('button')).toHaveCount(7);
        await expect(pills.getByRole('button', { name: categories[0].label })).toHaveAttribute('aria-pressed', 'true');
        for (let i = categories.length - 1; i >= 0; i--) {
          await pills.getByRole('button', { name: categories[i].label }).click();
          await expect(pills.getByRole('button', { name: categories[i].label })).toHaveAttribute('aria-pressed', 'true');
          await expect(pills.locator('[aria-pressed="true"]')).toHaveCount(1);
          await expectCategory(page, i);
        }
      }
    },
  );

  test('an address naming a category (where a deleted service links) opens the browser at it', async ({ page }) => {
    const cctv = categories.findIndex((c) => c.key === 'CCTV');
    await open(page, '/services?category=CCTV#services');
    await expectCategory(page, cctv);
    await open(page, '/services?category=Nope');
    await expectCategory(page, 0);
  });

  test('View Details opens the service page, whose back link returns to the browser', { tag: '@layout' }, async ({ page, isPhone }) => {
    await open(page, '/services');
    if (isPhone) await page.getByRole('combobox', { name: 'Choose a service category' }).selectOption('CCTV');
    else await page.getByRole('button', { name: 'CCTV' }).click();
    await page.getByRole('link', { name: 'View Details for CCTV Maintenance' }).click();
    await expect(page).toHaveURL('/service/CCTV/cctv-maintenance');
    const s = findService('CCTV', '1')!;
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(s.title);
    await expect(page).toHaveTitle(new RegExp(s.title));
    await page.getByRole('link', { name: 'Back to Services' }).click();
    await expect(page).toHaveURL('/services#services');
    await expect(page.locator('#services')).toBeInViewport();
  });

  test('FAQ without JavaScript: every answer shows under its question, on /services and /projects', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    for (const [path, faq] of [
      ['/services', servicesFaq],
      ['/projects', pricingFaq],
    ] as const) {
      await page.goto(path);
      for (const { answer } of faq.items) await expect(page.locator('#faq').getByText(answer), `${path}: ${answer}`).toBeVisible();
    }
    await context.close();
  });

  test('FAQ accordion: none open, at most one open, clicking the open one closes it, 0.3 s', async ({ page }) => {
    await open(page, '/services#faq');
    const faq = page.locator('#faq');
    const buttons = faq.getByRole('button');
    await expect(buttons).toHaveText(servicesFaq.items.map((i) => i.question));
    for (const b of await buttons.all()) {
      await expect(b).toHaveAttribute('aria-expanded', 'false');
      const panel = page.locator(`#${await b.getAttribute('aria-controls')}`);
      await expect(panel).toBeHidden();
    }
    const answer = (i: number) => faq.getByText(servicesFaq.items[i].answer);
    await buttons.nth(0).click();
    await expect(buttons.nth(0)).toHaveAttribute('aria-expanded', 'true');
    await expect(answer(0)).toBeVisible();
    expect(await page.locator('#services-faq-0-panel').evaluate((el) => getComputedStyle(el).transitionDuration)).toContain('0.3s');
    await buttons.nth(2).click();
    await expect(buttons.nth(2)).toHaveAttribute('aria-expanded', 'true');
    await expect(buttons.nth(0)).toHaveAttribute('aria-expanded', 'false');
    await expect(answer(2)).toBeVisible();
    await expect(answer(0)).toBeHidden();
    await expect(faq.locator('[aria-expanded="true"]')).toHaveCount(1);
    await buttons.nth(2).click();
    await expect(faq.locator('[aria-expanded="true"]')).toHaveCount(0);
    await expect(answer(2)).toBeHidden();
    // Keyboard works too.
    await buttons.nth(3).focus();
    await page.keyboard.press('Enter');
    await expect(answer(3)).toBeVisible();
    await page.keyboard.press('Space');
    await expect(answer(3)).toBeHidden();
  });
});

test.describe('service detail', () => {
  test('every one of the 18 services shows title, description, price, four features, details when it has them, and the request button', async ({
    page,
  }) => {
    for (const [category, list] of Object.entries(servicesByCategory)) {
      for (const [i, s] of list.entries()) {
        await open(page, `/service/${category}/${i}`);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(s.title);
        await expect(page.getByText(s.description)).toBeVisible();
        await expect(page.locator('.detail-banner .price-tag')).toHaveText(`Starting at ${s.price}`);
        await expect(page.getByRole('heading', { name: 'Key Features' })).toBeVisible();
        await expect(page.locator('.feature-list li')).toHaveText([...s.features]);
        await expect(page.getByRole('heading', { name: 'More Information' })).toHaveCount(s.details ? 1 : 0);
        if (s.details) await expect(page.getByText(s.details)).toBeVisible();
        await expect(page.getByRole('link', { name: 'Request This Service' })).toHaveAttribute(
          'href',
          `/contact?service=${category}%2F${s.slug}`,
        );
        await expect(page.getByRole('link', { name: 'Back to Services' })).toHaveAttribute('href', '/services#services');
      }
    }
  });

  test('phone layout of a service page; Request This Service leads to the contact form', { tag: '@layout' }, async ({ page }) => {
    await open(page, '/service/Web/0');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Website Creation');
    await page.getByRole('link', { name: 'Request This Service' }).click();
    await expect(page).toHaveURL('/contact?service=Web%2Fwebsite-creation');
  });

  for (const path of ['/service/Web/3', '/service/Nope/0', '/service/Web/abc', '/service/Web/99']) {
    test(`${path}: 'Service not found. Please go back and try again.' (status 404)`, async ({ page }) => {
      const res = await page.goto(path);
      expect(res?.status()).toBe(404);
      await expect(page.locator('html[data-ready="true"]')).toHaveCount(1);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Service not found. Please go back and try again.');
      await expect(page.getByRole('link', { name: 'Back to Services' })).toHaveAttribute('href', '/services#services');
    });

    test(`${path} without JavaScript: the same text and back link, as the server sends it`, async ({ browser }) => {
      const context = await browser.newContext({ javaScriptEnabled: false });
      const page = await context.newPage();
      const res = await page.goto(path);
      expect(res?.status()).toBe(404);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Service not found. Please go back and try again.');
      await page.getByRole('link', { name: 'Back to Services' }).click();
      await expect(page).toHaveURL('/services#services');
      await context.close();
    });
  }
});

test.describe('404 page', () => {
  test('unknown paths show the 404 page with status 404 and a link home', async ({ page }) => {
    const res = await page.goto('/this/does/not/exist');
    expect(res?.status()).toBe(404);
    await expect(page.locator('html[data-ready="true"]')).toHaveCount(1);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('404');
    await expect(page.getByText('Oops! The page you’re looking for doesn’t exist.')).toBeVisible();
    await page.getByRole('link', { name: 'Go back Home' }).click();
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Smart technology/);
  });
});
