import { articleTexts } from '../src/content/articles';
import { blogTeasers } from '../src/content/seed';
import { test, expect, expectNoAxeViolations, open, revealAll } from './fixtures';

const [first, second] = blogTeasers;

test.describe('articles', () => {
  test('Read More to the article and back', async ({ page }) => {
    await open(page, '/');
    await page.getByRole('link', { name: new RegExp(`Read More\\s*:?\\s*${first.title}`) }).click();
    await expect(page).toHaveURL(`/insights/${first.slug}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(first.title);
    await expect(page).toHaveTitle(new RegExp(`^${first.title} \\|`));
    await expect(page.locator('.article-body h2').first()).toHaveText('Shared hosting');
    await expect(page.locator('.article-byline')).toContainText(first.author);
    await page.goBack();
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('heading', { name: 'Tech Insights' })).toBeVisible();
  });

  test('the list, a category filter, an article, its related article and the call to the contact page', async ({ page }) => {
    await open(page, '/insights');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(articleTexts.heading);
    const cards = page.locator('.blog-card h2');
    await expect(cards).toHaveText(blogTeasers.map((a) => a.title));
    const filters = page.getByRole('navigation', { name: articleTexts.filterLabel });
    await expect(filters.getByRole('link', { name: articleTexts.all })).toHaveAttribute('aria-current', 'page');
    await filters.getByRole('link', { name: second.category }).click();
    await expect(page).toHaveURL('/insights/category/security');
    await expect(cards).toHaveText([second.title]);
    await page.getByRole('link', { name: new RegExp(`Read More\\s*:?\\s*${second.title}`) }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(second.title);
    const related = page.getByRole('region', { name: articleTexts.related });
    await expect(related.locator('.blog-card')).toHaveCount(2);
    await page.getByRole('link', { name: articleTexts.ctaPrimary, exact: true }).click();
    await expect(page).toHaveURL('/contact');
  });

  test('works without JavaScript: the article is in the page as served', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`/insights/${second.slug}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(second.title);
    await expect(page.locator('.article-body li')).toHaveCount(5);
    await context.close();
  });

  for (const path of ['/insights', '/insights/category/marketing', `/insights/${first.slug}`, '/insights/no-such-article']) {
    test(`axe-core finds no violation on ${path}`, { tag: '@layout' }, async ({ page }) => {
      await open(page, path);
      await revealAll(page);
      await expectNoAxeViolations(page, path);
    });
  }
});
