import { brand } from '@kafue/common/brand';
import { defaultCompany, phoneHref } from '@kafue/common/company';
import { test, expect, open, stopClock } from './fixtures';
import { hero, servicesOverview, whyChooseUs } from '../src/content/home';
import { blogTeasers, testimonials } from '../src/content/seed';
import type { Page } from '@playwright/test';

test.describe('home', () => {
  test('hero, about, services overview, why choose us, insights and call to action', async ({ page }) => {
    await open(page, '/');
    const heroSection = page.locator('section.hero');
    await expect(heroSection.getByRole('heading', { level: 1 })).toHaveText(hero.heading);
    await expect(heroSection.getByRole('link', { name: 'Explore Our Services' })).toHaveAttribute('href', '/services');
    await expect(heroSection.getByRole('link', { name: 'Contact Us' })).toHaveAttribute('href', '/contact');

    const about = page.locator(`#about-${brand.slug}`);
    await expect(about.locator('.feature-card')).toHaveCount(3);

    const cards = page.locator('.service-overview-card');
    await expect(cards).toHaveCount(6);
    for (const card of servicesOverview.cards) {
      await expect(page.getByRole('link', { name: `Learn More about ${card.title}` })).toHaveAttribute('href', '/services#services');
    }
    for (const s of whyChooseUs.stats) {
      await expect(page.locator('.stats li', { hasText: s.label })).toContainText(s.value);
    }
    await expect(page.locator('.section-dark .feature-card')).toHaveCount(3);

    const posts = page.locator('.blog-card');
    await expect(posts).toHaveCount(3);
    for (const [i, post] of blogTeasers.entries()) {
      await expect(posts.nth(i)).toContainText(post.category);
      await expect(posts.nth(i)).toContainText(post.title);
      await expect(posts.nth(i).getByRole('link', { name: /Read More/ })).toHaveAttribute('href', `/insights/${post.slug}`);
    }
    const cta = page.locator('.cta-band');
    await expect(cta.getByRole('link')).toHaveCount(2);
    await expect(cta.getByRole('link', { name: 'Get a Free Quote' })).toHaveAttribute('href', '/contact?topic=consultation');
    await expect(cta.getByRole('link', { name: 'Call Us Today' })).toHaveAttribute('href', phoneHref(defaultCompany.phone));
  });

  test('a Learn More link opens the category browser on /services', async ({ page }) => {
    await open(page, '/');
    await page.getByRole('link', { name: 'Learn More about CCTV & Networking' }).click();
    await expect(page).toHaveURL('/services#services');
    await expect(page.locator('#services')).toBeInViewport();
  });
});

const activeSlide = (page: Page) => page.locator('[aria-roledescription="slide"][aria-hidden="false"]');

async function expectSlide(page: Page, n: number) {
  await expect(activeSlide(page)).toHaveAttribute('aria-label', `${n} of ${testimonials.length}`);
  await expect(activeSlide(page)).toContainText(testimonials[n - 1].name);
}

test.describe('testimonial carousel', () => {
  test.beforeEach(async ({ page }) => {
    await page.mouse.move(0, 0);
    await stopClock(page);
    await open(page, '/');
    // Bring it into view and let its scroll-reveal finish, so that it no longer moves under the pointer.
    const carousel = page.locator('.carousel');
    await carousel.scrollIntoViewIfNeeded();
    await expect.poll(() => carousel.evaluate((el) => getComputedStyle(el.parentElement!).transform)).toBe('none');
    // In view, its island has loaded (src/islands/registry.ts): the timer runs from here.
    await expect(carousel).toHaveAttribute('data-mounted', '');
  });

  test('starts at the first item, advances every 5000 ms and wraps', async ({ page }) => {
    const carousel = page.getByRole('region', { name: 'Client testimonials' });
    await expect(carousel).toHaveAttribute('aria-roledescription', 'carousel');
    await expect(page.locator('[aria-roledescription="slide"]')).toHaveCount(4);
    await expectSlide(page, 1);
    await expect(activeSlide(page).getByRole('img')).toHaveAttribute('aria-label', 'Rated 5 out of 5');
    await page.clock.runFor(4999);
    await expectSlide(page, 1);
    await page.clock.runFor(1);
    await expectSlide(page, 2);
    await expect(activeSlide(page).getByRole('img')).toHaveAttribute('aria-label', 'Rated 4 out of 5');
    // Rotating by itself: the live region stays quiet.
    await expect(page.locator('#testimonial-slides')).toHaveAttribute('aria-live', 'off');
    await page.clock.runFor(5000);
    await expectSlide(page, 3);
    await page.clock.runFor(5000);
    await expectSlide(page, 4);
    await page.clock.runFor(5000);
    await expectSlide(page, 1);
  });

  test('pauses while the pointer is over it, and the live region becomes polite', async ({ page }) => {
    const carousel = page.getByRole('region', { name: 'Client testimonials' });
    await carousel.locator('.carousel-window').hover();
    await expect(page.locator('#testimonial-slides')).toHaveAttribute('aria-live', 'polite');
    await page.clock.runFor(15000);
    await expectSlide(page, 1);
    await page.mouse.move(0, 0);
    await expect(page.locator('#testimonial-slides')).toHaveAttribute('aria-live', 'off');
    await page.clock.runFor(5000);
    await expectSlide(page, 2);
  });

  test('dots jump to an item and restart the timer', async ({ page }) => {
    const dots = page.getByRole('button', { name: /Show testimonial \d of 4/ });
    await expect(dots).toHaveCount(4);
    await expect(dots.first()).toHaveAttribute('aria-current', 'true');
    await page.clock.runFor(3000);
    // A click without hovering, so that only the restart is measured.
    await dots.nth(2).dispatchEvent('click');
    await expectSlide(page, 3);
    await expect(dots.nth(2)).toHaveAttribute('aria-current', 'true');
    await page.clock.runFor(4000);
    await expectSlide(page, 3);
    await page.clock.runFor(1000);
    await expectSlide(page, 4);
    // And with a real click: the pointer stays over the carousel, so it waits.
    await dots.first().click();
    await expectSlide(page, 1);
    await page.clock.runFor(6000);
    await expectSlide(page, 1);
  });

  test(
    'previous and next arrows on wide screens only, wrapping and restarting the timer',
    { tag: '@layout' },
    async ({ page, isPhone }) => {
      const prev = page.getByRole('button', { name: 'Previous testimonial' });
      const next = page.getByRole('button', { name: 'Next testimonial' });
      if (isPhone) {
        await expect(prev).toBeHidden();
        await expect(next).toBeHidden();
        return;
      }
      await expect(next).toBeVisible();
      await prev.click();
      await expectSlide(page, 4);
      await next.click();
      await expectSlide(page, 1);
      await next.click();
      await expectSlide(page, 2);
      await page.clock.runFor(2000);
      await next.dispatchEvent('click');
      await expectSlide(page, 3);
      await page.mouse.move(0, 0);
      await page.clock.runFor(4999);
      await expectSlide(page, 3);
      await page.clock.runFor(1);
      await expectSlide(page, 4);
    },
  );

  test('a pause button stops the rotation for keyboard and screen-reader users', async ({ page }) => {
    const pause = page.getByRole('button', { name: 'Pause automatic rotation' });
    await pause.dispatchEvent('click');
    await expect(page.getByRole('button', { name: 'Start automatic rotation' })).toBeVisible();
    await expect(page.locator('#testimonial-slides')).toHaveAttribute('aria-live', 'polite');
    await page.clock.runFor(20000);
    await expectSlide(page, 1);
    await page.getByRole('button', { name: 'Start automatic rotation' }).dispatchEvent('click');
    await page.clock.runFor(5000);
    await expectSlide(page, 2);
    // Keyboard focus inside the carousel pauses it too.
    await page.getByRole('button', { name: 'Pause automatic rotation' }).focus();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Shift+Tab');
    await expect(page.getByRole('button', { name: 'Pause automatic rotation' })).toBeFocused();
    await expect(page.locator('#testimonial-slides')).toHaveAttribute('aria-live', 'polite');
    await page.clock.runFor(10000);
    await expectSlide(page, 2);
  });
});
