import { test, expect, expectNoAxeViolations, open } from './fixtures';

test.describe('the legal pages', () => {
  test('the legal pages from the footer: Privacy Policy, Terms of Service and Cookie Policy, each with its text', async ({ page }) => {
    await open(page, '/about');
    for (const [name, path, words] of [
      ['Privacy Policy', '/privacy', 'What we collect'],
      ['Terms of Service', '/terms', 'Enquiries and quotes'],
      ['Cookie Policy', '/cookies', 'Visitors to the public site'],
    ] as const) {
      await page.getByRole('contentinfo').getByRole('link', { name, exact: true }).click();
      await expect(page).toHaveURL(path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
      await expect(page.getByRole('heading', { level: 2, name: words })).toBeVisible();
      await expect(page.getByText(/^Last updated:/)).toBeVisible();
      await expect(page).toHaveTitle(`${name} | Kafue Technologies`);
    }
    // The privacy page's own links lead on, to the other two.
    await page.goto('/privacy');
    await page.getByRole('main').getByRole('link', { name: 'Cookie Policy' }).click();
    await expect(page).toHaveURL('/cookies');
  });

  test('the contact form links to the privacy page', async ({ page }) => {
    await open(page, '/contact');
    await page.locator('.contact-form').getByRole('link', { name: 'Privacy Policy' }).click();
    await expect(page).toHaveURL('/privacy');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy Policy');
  });
});

test.describe('search', () => {
  test(
    'search from the phone menu with JavaScript: results with the words marked, each a link',
    { tag: '@layout' },
    async ({ page, isPhone }) => {
      test.skip(!isPhone, 'the phone menu is for small screens');
      await open(page, '/');
      await page.getByRole('button', { name: 'Open menu' }).click();
      const box = page.getByRole('dialog').getByRole('searchbox', { name: 'Search the site' });
      await box.fill('cctv instalation');
      await box.press('Enter');
      await expect(page).toHaveURL('/search?q=cctv+instalation');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Search results for “cctv instalation”');
      await expect(page).toHaveTitle('Search: cctv instalation | Kafue Technologies');
      const first = page.locator('.search-results li').first().getByRole('link');
      await expect(first).toHaveText('CCTV Installation');
      await expect(first.locator('mark')).toHaveText(['CCTV', 'Installation']);
      await expectNoAxeViolations(page, 'search results');
      await first.click();
      // A result links to the service's permanent address.
      await expect(page).toHaveURL('/service/CCTV/cctv-installation');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('CCTV Installation');
    },
  );

  test('search from the phone menu without JavaScript: a plain GET form to /search, and the page answers', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto('/');
    // The menu's box is a GET form to /search (opening the menu takes its script; sending does not).
    const menuForm = page.locator('#mobile-menu form[role="search"]');
    await expect(menuForm).toHaveAttribute('action', '/search');
    await expect(menuForm).toHaveAttribute('method', 'get');
    await expect(menuForm.locator('input[name="q"]')).toHaveCount(1);
    // What that form sends, and the search page's own box, answered by the server.
    await page.goto('/search?q=website');
    await expect(page.locator('.search-results li').first().getByRole('link')).toContainText('Website');
    const box = page.getByRole('searchbox', { name: 'Search services, prices, FAQs and articles' });
    await box.fill('qwxzv');
    await box.press('Enter');
    await expect(page).toHaveURL('/search?q=qwxzv');
    await expect(page.getByRole('heading', { level: 2, name: 'No results' })).toBeVisible();
    await expect(page.getByText('Try fewer or other words')).toBeVisible();
    await context.close();
  });
});

test.describe('axe-core finds no violation', { tag: '@layout' }, () => {
  for (const path of ['/privacy', '/terms', '/cookies', '/search', '/search?q=cctv', '/search?q=qwxzv']) {
    test(path, async ({ page }) => {
      await open(page, path);
      await expectNoAxeViolations(page, path);
    });
  }
});
