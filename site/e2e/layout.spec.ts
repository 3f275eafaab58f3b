import { brand } from '@kafue/common/brand';
import { defaultCompany, phoneHref } from '@kafue/common/company';
import { test, expect, open, revealAll, stopClock } from './fixtures';
import { footer, navLinks } from '../src/content/site';

test.describe('header and footer', { tag: '@layout' }, () => {
  test('the top bar shows the call line, opening hours, location and three social icons; navigation and Contact button', async ({
    page,
    isPhone,
  }) => {
    await open(page, '/about');
    const header = page.getByRole('banner');
    await expect(
      header.getByRole('link', { name: `${brand.product} ${brand.company.replace(brand.product, '').trim()}`, exact: true }),
    ).toHaveAttribute('href', '/');
    if (isPhone) {
      // Small screens: the links live in the slide-in menu.
      await expect(header.getByRole('navigation', { name: 'Main' })).toBeHidden();
      await expect(header.getByRole('button', { name: 'Open menu' })).toBeVisible();
      return;
    }
    await expect(header.getByText('Request a call:')).toBeVisible();
    await expect(header.getByRole('link', { name: defaultCompany.phone })).toHaveAttribute('href', phoneHref(defaultCompany.phone));
    await expect(header.getByText(defaultCompany.openingHours)).toBeVisible();
    await expect(header.getByText(brand.location)).toBeVisible();
    await expect(header.getByRole('link', { name: /on (Facebook|LinkedIn|X)/ })).toHaveCount(3);
    const nav = header.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link')).toHaveText(navLinks.map((l) => l.label));
    await expect(header.getByRole('link', { name: 'Contact', exact: true })).toBeVisible();
    await expect(header.getByRole('button', { name: 'Open menu' })).toBeHidden();
    await expect(nav.getByRole('link', { name: 'About' })).toHaveAttribute('aria-current', 'page');
  });

  test('navigation reaches every page', async ({ page, isPhone }) => {
    test.skip(isPhone, 'the phone menu has its own test');
    await open(page, '/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const [label, path, h1] of [
      ['Services', '/services', 'Our Services'],
      ['Pricing', '/projects', 'Simple, Transparent Pricing'],
      ['About', '/about', `About ${brand.company}`],
      ['Home', '/', /Smart technology/],
    ] as const) {
      await nav.getByRole('link', { name: label }).click();
      await expect(page).toHaveURL(path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(h1);
    }
    await page.getByRole('banner').getByRole('link', { name: 'Contact', exact: true }).click();
    await expect(page).toHaveURL('/contact');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Get in Touch');
    // The document title follows the page.
    await expect(page).toHaveTitle(/Contact Us/);
  });

  test('the footer has the blurb, contact details, quick links, services, newsletter, social and legal links, and says since 2014', async ({
    page,
  }) => {
    await open(page, '/');
    const f = page.getByRole('contentinfo');
    await expect(f.getByText(footer.blurb)).toBeVisible();
    await expect(f.getByText(`Operating since ${brand.foundedYear}.`)).toBeVisible();
    await expect(f.getByRole('link', { name: defaultCompany.phone })).toBeVisible();
    await expect(f.getByRole('link', { name: defaultCompany.email })).toHaveAttribute('href', `mailto:${defaultCompany.email}`);
    await expect(f.getByText(defaultCompany.address)).toBeVisible();
    const quick = f.getByRole('navigation', { name: 'Quick Links' });
    await expect(quick.getByRole('link')).toHaveText(['Home', 'Services', 'Pricing', 'Portfolio', 'About', 'Contact']);
    // Our Services: each item leads to the service page that offers it.
    for (const s of footer.servicesList) await expect(f.getByRole('link', { name: s.label, exact: true })).toHaveAttribute('href', s.to);
    await expect(f.getByRole('textbox', { name: 'Email address' })).toBeVisible();
    await expect(f.getByRole('link', { name: /on (Facebook|LinkedIn|X)/ })).toHaveCount(3);
    // The newsletter box signs up (the answer the same whatever the address); the legal links lead to their pages.
    await f.getByRole('textbox', { name: 'Email address' }).fill('someone@example.com');
    await f.getByRole('button', { name: 'Subscribe' }).click();
    await expect(f.getByRole('status').filter({ hasText: 'Check your inbox' })).toHaveText(
      'Check your inbox to confirm your subscription.',
    );
    for (const [l, to] of [
      ['Privacy Policy', '/privacy'],
      ['Terms of Service', '/terms'],
      ['Cookie Policy', '/cookies'],
    ])
      await expect(f.getByRole('link', { name: l })).toHaveAttribute('href', to);
    await quick.getByRole('link', { name: 'Portfolio' }).click();
    await expect(page).toHaveURL('/projects');
  });
});

test.describe('shared blocks', { tag: '@layout' }, () => {
  for (const path of ['/', '/services', '/projects', '/about', '/no-such-page']) {
    test(`${path} shows all five shared blocks`, async ({ page }) => {
      await page.goto(path);
      await expect(page.locator('[data-block="announcement"]')).toBeVisible();
      await expect(page.locator('[data-block="progress"]')).toHaveCount(1);
      await expect(page.locator('[data-block="trust"]')).toBeVisible();
      await expect(page.getByRole('banner')).toBeVisible();
      await expect(page.getByRole('contentinfo')).toBeVisible();
    });
  }
  for (const path of ['/contact', '/service/Web/0', '/service/CCTV/2', '/service/Web/9']) {
    test(`${path} hides the second and fourth blocks but keeps the block before the main content`, async ({ page }) => {
      await open(page, path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.locator('[data-block="announcement"]')).toHaveCount(0);
      await expect(page.locator('[data-block="trust"]')).toHaveCount(0);
      await expect(page.locator('[data-block="progress"]')).toHaveCount(1);
      await expect(page.getByRole('banner')).toBeVisible();
      await expect(page.getByRole('contentinfo')).toBeVisible();
    });
  }
  test('client-side navigation to /contact removes the blocks and back to / shows them', async ({ page }) => {
    await open(page, '/');
    await expect(page.locator('[data-block="trust"]')).toBeVisible();
    await page.getByRole('contentinfo').getByRole('link', { name: 'Contact' }).click();
    await expect(page).toHaveURL('/contact');
    await expect(page.locator('[data-block="trust"]')).toHaveCount(0);
    await expect(page.locator('[data-block="announcement"]')).toHaveCount(0);
    await page.goBack();
    await expect(page.locator('[data-block="announcement"]')).toBeVisible();
  });
  test('the reading-progress bar before the main content follows the scroll', async ({ page }) => {
    await open(page, '/projects');
    const progress = () => page.locator('[data-block="progress"]').evaluate((el) => getComputedStyle(el).getPropertyValue('--progress'));
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect.poll(progress).toBe('1');
  });
});

test.describe('scrolling on route change', { tag: '@layout' }, () => {
  // Moving between pages is a page load (the pages are islands: no client-side router), so the
  // new page starts at its top, or at the element its hash names, which the page's script
  // scrolls to again 100 ms after load (spec section 9), once its layout has settled.
  test('every route change lands at the top of the new page', async ({ page }) => {
    await open(page, '/services');
    await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
    await page.getByRole('contentinfo').getByRole('link', { name: 'About' }).click();
    await expect(page).toHaveURL('/about');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('a hash scrolls to its element, and again 100 ms after load', async ({ page }) => {
    await stopClock(page);
    await open(page, '/');
    await page.addInitScript(() => {
      const calls: unknown[] = [];
      (window as unknown as { scrollCalls: unknown[] }).scrollCalls = calls;
      const original = Object.getOwnPropertyDescriptor(Element.prototype, 'scrollIntoView')!.value as (
        options?: ScrollIntoViewOptions,
      ) => void;
      Element.prototype.scrollIntoView = function (this: Element, options?: ScrollIntoViewOptions | boolean) {
        calls.push({ id: this.id, ...(typeof options === 'object' ? options : {}) });
        original.call(this, options as ScrollIntoViewOptions);
      };
    });
    // A link that the reveal still moves can be missed by the click (Playwright clicks where it was).
    await revealAll(page);
    await page.getByRole('link', { name: 'Learn More about Web Development' }).click();
    await expect(page).toHaveURL('/services#services');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Our Services');
    // The page's module script (which sets the timer) has run by DOMContentLoaded; the clock starts after.
    await page.waitForLoadState('domcontentloaded');
    const target = () => page.evaluate(() => Math.round(document.getElementById('services')!.getBoundingClientRect().top));
    const calls = () => page.evaluate(() => (window as unknown as { scrollCalls: unknown[] }).scrollCalls);
    await page.clock.runFor(99);
    expect(await calls()).toEqual([]);
    await page.clock.runFor(1);
    expect(await calls()).toEqual([{ id: 'services', behavior: 'smooth', block: 'start' }]);
    // scroll-margin-top keeps the section clear of the sticky header.
    await expect.poll(target).toBeLessThanOrEqual(81);
    await expect.poll(target).toBeGreaterThanOrEqual(79);
  });

  test('opening /services#faq and /projects#faq directly lands on the FAQ', async ({ page }) => {
    for (const path of ['/services#faq', '/projects#faq']) {
      await open(page, path);
      await expect(page.locator('#faq').getByRole('heading', { level: 2 })).toBeInViewport();
    }
  });
});

test.describe('mobile slide-in menu', { tag: '@layout' }, () => {
  test.beforeEach(({ isPhone }) => test.skip(!isPhone, 'small screens only'));

  test('opens with its search box, links and social icons; choosing a link closes it', async ({ page }) => {
    await open(page, '/');
    const button = page.getByRole('button', { name: 'Open menu' });
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(button).toHaveAttribute('aria-controls', 'mobile-menu');
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect(menu).toBeHidden();
    await button.click();
    await expect(menu).toBeVisible();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await expect(menu.getByRole('searchbox', { name: 'Search the site' })).toBeVisible();
    // Searching from it leads to /search (legal-search.spec.ts follows it, with and without JavaScript).
    await expect(menu.getByRole('link', { name: /on (Facebook|LinkedIn|X)/ })).toHaveCount(3);
    const links = menu.getByRole('navigation', { name: 'Mobile' }).getByRole('link');
    await expect(links).toHaveText(['Home', 'Services', 'Pricing', 'About', 'Contact']);
    await links.filter({ hasText: 'Pricing' }).click();
    await expect(page).toHaveURL('/projects');
    await expect(menu).toBeHidden();
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Simple, Transparent Pricing');
  });

  test('closes with Escape and with its close button, keeping focus on the menu button', async ({ page }) => {
    await open(page, '/services');
    const button = page.getByRole('button', { name: 'Open menu' });
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await button.click();
    await expect(menu).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(button).toBeFocused();
    await button.click();
    await menu.getByRole('button', { name: 'Close menu' }).click();
    await expect(menu).toBeHidden();
    await expect(button).toHaveAttribute('aria-expanded', 'false');
  });
});
