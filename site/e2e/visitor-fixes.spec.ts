/**
 * What a visitor met on the third wave (issue 31), fixed: nothing hidden until scrolled, article
 * cards with card-sized titles, search results that open /projects in the state that shows the
 * match (with and without JavaScript), the group's Get Quote inside the card's edge, and the
 * selection bar never covering a focused Add to Plan.
 */
import type { Page } from '@playwright/test';
import { test, expect, expectNoAxeViolations, named, open, revealAll, showAddOns } from './fixtures';

/** The scroll-revealed elements that are (partly) on screen and not fully shown: their selector, top and state. */
const hiddenOnScreen = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('[data-reveal]')]
      .filter((el) => {
        const r = el.getBoundingClientRect();
        return r.bottom > 0 && r.top < window.innerHeight && r.width > 0;
      })
      .filter((el) => el.getAttribute('data-rv') === 'wait' || getComputedStyle(el).opacity === '0')
      .map((el) => `${el.className || el.tagName} at ${Math.round(el.getBoundingClientRect().top)}: ${el.getAttribute('data-rv')}`),
  );

/** Two frames: the intersection observer has seen the last scroll and its callback has run. */
const twoFrames = (page: Page) => page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));

test.describe('nothing is hidden until scrolled', { tag: '@layout' }, () => {
  test('/insights on a 1280×720 screen shows its first cards, not a blank page under the filter chips', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 720 });
    await open(page, '/insights');
    const onScreen = page.locator('.blog-card').filter({ visible: true });
    // The first row of cards starts above the fold.
    const top = await page
      .locator('.blog-card')
      .first()
      .evaluate((el) => el.getBoundingClientRect().top);
    expect(top).toBeLessThan(720);
    await twoFrames(page);
    expect(await hiddenOnScreen(page)).toEqual([]);
    for (const card of await onScreen.all()) {
      expect(await card.evaluate((el) => [el.getAttribute('data-rv'), getComputedStyle(el).opacity])).toEqual(['static', '1']);
    }
  });

  test('on every page, once its script has run and while scrolling down, no revealed element on screen is hidden', async ({ page }) => {
    test.setTimeout(180_000);
    for (const path of ['/', '/services', '/projects', '/insights', '/about']) {
      await open(page, path);
      await twoFrames(page);
      expect(await hiddenOnScreen(page), `${path} once its script has run`).toEqual([]);
      if (path !== '/insights') continue;
      // Whatever comes into view had begun to show before it did (80 px steps, less than the 100 px offset).
      const height = await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);
      for (let y = 80; y < height; y += 80) {
        await page.evaluate((top) => window.scrollTo({ top, behavior: 'instant' }), y);
        await twoFrames(page);
        expect(await hiddenOnScreen(page), `${path} scrolled to ${y}`).toEqual([]);
      }
    }
  });

  test('well below the fold an element waits, and is revealed once it comes within 100 px of the bottom edge', async ({ page }) => {
    await open(page, '/services');
    const step = page.locator('.process-step').first();
    await expect(step).toHaveAttribute('data-rv', 'wait');
    // Its top 140 px below the bottom edge: not yet; 60 px below it: revealed, before it is in view.
    const scrollTo = (below: number) =>
      step.evaluate(
        (el, b) => window.scrollTo({ top: el.getBoundingClientRect().top + window.scrollY - window.innerHeight - b, behavior: 'instant' }),
        below,
      );
    await scrollTo(140);
    await twoFrames(page);
    await expect(step).toHaveAttribute('data-rv', 'wait');
    await scrollTo(60);
    await expect(step).toHaveAttribute('data-rv', 'in');
    await expect.poll(() => step.evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
  });

  test('with reduced motion nothing is hidden on /insights', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await open(page, '/insights');
    await expect(page.locator('[data-rv]')).toHaveCount(0);
    for (const card of await page.locator('.blog-card').all()) {
      expect(await card.evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
    }
  });

  test('without JavaScript nothing is hidden on /insights', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 720 } });
    const page = await context.newPage();
    await page.goto('/insights');
    await expect(page.locator('[data-rv]')).toHaveCount(0);
    await expect(page.locator('.blog-card').first()).toBeInViewport();
    for (const card of await page.locator('.blog-card').all()) {
      expect(await card.evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
    }
    await context.close();
  });
});

test('article cards have card-sized titles, at the heading level of the outline', { tag: '@layout' }, async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await open(page, '/insights');
  // /insights: the page's h1, then each card's title an h2 (no section heading between them).
  const titles = page.locator('.blog-card').getByRole('heading', { level: 2 });
  await expect(titles).not.toHaveCount(0);
  const pageHeading = await page.getByRole('heading', { level: 1 }).evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
  for (const title of await titles.all()) {
    const { size, lines } = await title.evaluate((el) => {
      const style = getComputedStyle(el);
      return { size: parseFloat(style.fontSize), lines: Math.round(el.getBoundingClientRect().height / parseFloat(style.lineHeight)) };
    });
    // The size of a card's h3 elsewhere (1.2rem), far from the page's heading; at most three lines in three columns.
    expect(size).toBe(19.2);
    expect(size).toBeLessThan(pageHeading / 2);
    expect(lines).toBeLessThanOrEqual(3);
  }
  // The home page's cards (h3 under the section's h2) are the same size.
  await open(page, '/');
  expect(
    await page
      .locator('.blog-card h3')
      .first()
      .evaluate((el) => getComputedStyle(el).fontSize),
  ).toBe('19.2px');
});

/** The search result of `q` of this kind (its label) and title. */
const result = (page: Page, kind: string, title: string) =>
  page.locator('.search-results li').filter({ hasText: kind }).getByRole('link', { name: title, exact: true });

test.describe('a search result opens /projects in the state that shows it', { tag: '@layout' }, () => {
  test('with JavaScript: a project price on Project Pricing with its group open, an add-on with the add-ons open', async ({ page }) => {
    test.setTimeout(120_000);
    await open(page, '/search?q=cctv');
    const project = result(page, 'Project price', 'CCTV Installation');
    await expect(project).toHaveAttribute('href', '/projects?view=project#project-it');
    await project.click();
    await expect(page).toHaveURL('/projects?view=project#project-it');
    await expect(page.locator('html[data-ready="true"]')).toHaveCount(1);
    await expect(page.getByRole('button', { name: 'Project Pricing' })).toHaveAttribute('aria-pressed', 'true');
    const group = page.locator('#project-it');
    await expect(group.locator('#project-it-button')).toHaveAttribute('aria-expanded', 'true');
    // The other groups stay closed (one open at most).
    await expect(page.locator('.project-group [aria-expanded="true"]')).toHaveCount(1);
    const item = group.getByRole('heading', { name: 'CCTV Installation' });
    await expect(item).toBeVisible();
    await expect(item).toBeInViewport();
    await revealAll(page);
    await expectNoAxeViolations(page, 'pricing opened on a project group');

    await open(page, '/search?q=priority+support');
    const addon = result(page, 'Add-on', 'Priority Support');
    await expect(addon).toHaveAttribute('href', '/projects?view=addons#addon-priority-support');
    await addon.click();
    await expect(page).toHaveURL('/projects?view=addons#addon-priority-support');
    await expect(page.locator('html[data-ready="true"]')).toHaveCount(1);
    await expect(page.getByRole('button', { name: 'View Add-ons' })).toHaveAttribute('aria-expanded', 'true');
    // Monthly Plans stays the model.
    await expect(page.getByRole('button', { name: 'Monthly Plans' })).toHaveAttribute('aria-pressed', 'true');
    const card = page.locator('#addon-priority-support');
    await expect(card.getByRole('heading', { name: 'Priority Support' })).toBeInViewport();
    await expect(card.getByRole('button', { name: /^Add to Plan/ })).toBeVisible();
    await revealAll(page);
    await expectNoAxeViolations(page, 'pricing opened on an add-on');

    // The switch and the toggle still work from there.
    await page.getByRole('button', { name: 'View Add-ons' }).click();
    await expect(page.getByRole('button', { name: 'View Add-ons' })).toHaveAttribute('aria-expanded', 'false');
  });

  test('without JavaScript: the page the link opens shows the project item and the add-on, scrolled to', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto('/search?q=cctv');
    await result(page, 'Project price', 'CCTV Installation').click();
    await expect(page).toHaveURL('/projects?view=project#project-it');
    const group = page.locator('#project-it');
    await expect(group.getByRole('heading', { name: 'IT & Infrastructure' })).toBeInViewport();
    await expect(group.getByRole('heading', { name: 'CCTV Installation' })).toBeVisible();
    await expect(group.getByRole('link', { name: named('Get Quote', 'CCTV Installation') })).toBeVisible();

    await page.goto('/search?q=priority+support');
    await result(page, 'Add-on', 'Priority Support').click();
    await expect(page).toHaveURL('/projects?view=addons#addon-priority-support');
    const card = page.locator('#addon-priority-support');
    await expect(card.getByRole('heading', { name: 'Priority Support' })).toBeInViewport();
    await expect(card.getByRole('link', { name: /^Add to Plan/ })).toBeVisible();
    await context.close();
  });
});

test("a project group's Get Quote sits inside the card's edge, aligned with the items", { tag: '@layout' }, async ({ page }) => {
  await open(page, '/projects');
  await page.getByRole('button', { name: 'Project Pricing' }).click();
  const group = page.locator('.project-group').first();
  await group.getByRole('button').click();
  const box = async (selector: string) => (await group.locator(selector).first().boundingBox())!;
  await expect(group.locator('.group-quote .muted')).toBeVisible();
  await expect.poll(async () => (await group.boundingBox())!.height).toBeGreaterThan(200);
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  const [card, item, hint] = [await group.boundingBox(), await box('.project-items li'), await box('.group-quote .muted')];
  // The hint starts where the items do, 22 px in from the card's edge, and ends 22 px above its bottom.
  expect(hint.x).toBe(item.x);
  expect(hint.x - card!.x).toBeGreaterThanOrEqual(20);
  expect(card!.y + card!.height - (hint.y + hint.height)).toBeGreaterThanOrEqual(20);
  // Once an item is ticked, its Get Quote button likewise.
  await group.getByRole('checkbox').first().check();
  const button = await box('.group-quote .btn');
  const grown = (await group.boundingBox())!;
  expect(button.x).toBe(item.x);
  expect(grown.y + grown.height - (button.y + button.height)).toBeGreaterThanOrEqual(20);
});

test.describe('the selection bar never covers a focused Add to Plan', { tag: '@layout' }, () => {
  /** Whether the point at the middle of this add-on's button is the button itself (not the bar over it). */
  const uncovered = (page: Page, name: string) =>
    page.evaluate((n) => {
      const button = document.querySelector<HTMLElement>(`[data-addon="${n}"]`)!;
      const r = button.getBoundingClientRect();
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      return !!hit && button.contains(hit);
    }, name);

  /** Scrolls so that the middle of this add-on's button is `above` px above the screen's bottom edge. */
  const placeAbove = (page: Page, name: string, above: number) =>
    page.evaluate(
      ([n, a]) => {
        const r = document.querySelector(`[data-addon="${n}"]`)!.getBoundingClientRect();
        window.scrollTo({ top: window.scrollY + r.top + r.height / 2 - window.innerHeight + Number(a), behavior: 'instant' });
      },
      [name, above] as const,
    );

  test('tabbing to a button behind the bar brings it above the bar', async ({ page }) => {
    await open(page, '/projects');
    await showAddOns(page);
    await page.locator('[data-addon="Priority Support"]').click();
    const bar = page.locator('.selection-bar');
    await expect(bar).toBeVisible();
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
    // The last add-on's button just behind the bar, the focus on the control before it in the tab order.
    const barHeight = (await bar.boundingBox())!.height;
    await placeAbove(page, 'Custom Reporting', barHeight / 2);
    expect(await uncovered(page, 'Custom Reporting')).toBe(false);
    await page.locator('[data-addon="Additional Website"]').evaluate((el) => (el as HTMLElement).focus({ preventScroll: true }));
    await page.keyboard.press('Tab');
    await expect(page.locator('[data-addon="Custom Reporting"]')).toBeFocused();
    await expect.poll(() => uncovered(page, 'Custom Reporting')).toBe(true);
  });

  test('choosing a button near the bottom edge with the keyboard keeps it in view above the bar that appears', async ({ page }) => {
    await open(page, '/projects');
    await page.getByRole('button', { name: 'View Add-ons' }).click();
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
    await placeAbove(page, 'Advanced Security', 30);
    const button = page.locator('[data-addon="Advanced Security"]');
    await button.evaluate((el) => (el as HTMLElement).focus({ preventScroll: true }));
    await page.keyboard.press('Enter');
    await expect(button).toHaveAttribute('aria-pressed', 'true');
    await expect(page.locator('.selection-bar')).toBeVisible();
    await expect.poll(() => uncovered(page, 'Advanced Security')).toBe(true);
    await expectNoAxeViolations(page, 'pricing with the selection bar');
  });
});
