/**
 * Every call to action leads somewhere, as an ordinary link (with and without JavaScript): to the
 * services, to the contact page with what was chosen in its address, to a phone call or a mail.
 */
import { defaultCompany, phoneHref } from '@kafue/common/company';
import { seedContent } from '@kafue/common/content-seed';
import type { Page } from '@playwright/test';
import { test, expect, open } from './fixtures';

const consultation = '/contact?topic=consultation';
const [firstGroup] = seedContent.projectPrices;
const [firstAddOn] = seedContent.addons;

/** Each page's calls to action: the link's accessible name and where it leads. */
const calls: { path: string; links: [name: string, href: string][] }[] = [
  {
    path: '/',
    links: [
      ['Explore Our Services', '/services'],
      ['Contact Us', '/contact'],
      ['Get a Free Quote', consultation],
      ['Call Us Today', phoneHref(defaultCompany.phone)],
    ],
  },
  { path: '/services', links: [['Get a Free Consultation', consultation]] },
  { path: '/service/Web/0', links: [['Request This Service', '/contact?service=Web%2Fwebsite-creation']] },
  {
    path: '/projects',
    links: [
      ...seedContent.plans.map((p): [string, string] => [p.cta, `/contact?plan=${encodeURIComponent(p.name).replace(/%20/g, '+')}`]),
      ['Get free consultation', consultation],
      ['Email us', `mailto:${defaultCompany.email}`],
    ],
  },
];

/** Where the links named `name` lead (a plan's "Get Started" stands on two plans: each names its own). */
const hrefsOf = (page: Page, name: string | RegExp) =>
  page.getByRole('link', { name, exact: true }).evaluateAll((as) => as.map((a) => a.getAttribute('href')));

test.describe('calls to action', () => {
  for (const { path, links } of calls) {
    test(`${path}: each leads where its words say`, async ({ page }) => {
      await open(page, path);
      for (const [name, href] of links) expect(await hrefsOf(page, name), `${path}: ${String(name)}`).toContain(href);
    });
  }

  // With JavaScript both become the pricing page's selection (requests.spec).
  test('pricing without JavaScript: Get Quote names its project item and Add to Plan its add-on', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/projects');
    const item = firstGroup.items[0];
    const quote = page.locator('.project-items li', { hasText: item.title }).first().locator('a');
    const addOn = page.locator('.addon-card', { hasText: firstAddOn.name }).locator('a');
    const selection = async (link: typeof quote) => new URL((await link.getAttribute('href')) ?? '', 'http://site').searchParams;
    expect((await selection(quote)).get('project')).toBe(`${firstGroup.key}:${item.title}`);
    expect((await selection(addOn)).get('addon')).toBe(firstAddOn.name);
    expect(new URL((await quote.getAttribute('href')) ?? '', 'http://site').pathname).toBe('/contact');
    await context.close();
  });

  test('Request This Service opens the contact form, with JavaScript', async ({ page }) => {
    await open(page, '/service/Web/0');
    await page.getByRole('link', { name: 'Request This Service' }).click();
    await expect(page).toHaveURL(/\/contact\?service=Web%2Fwebsite-creation$/);
    await expect(page.getByRole('textbox', { name: 'Full Name' })).toBeVisible();
  });

  test('without JavaScript, the same links lead to the contact form', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/projects');
    await page.getByRole('link', { name: 'Get free consultation' }).click();
    await expect(page).toHaveURL(/\/contact\?topic=consultation$/);
    await expect(page.getByRole('textbox', { name: 'Full Name' })).toBeVisible();
    await page.goto('/');
    await page.getByRole('link', { name: 'Explore Our Services' }).click();
    await expect(page).toHaveURL(/\/services$/);
    await context.close();
  });
});
