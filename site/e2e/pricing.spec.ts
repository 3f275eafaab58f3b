import { defaultCompany } from '@kafue/common/company';
import { test, expect, named, open } from './fixtures';
import { comparison } from '../src/content/pricing';
import { addOns, plans, pricingFaq, projectGroups } from '../src/content/seed';

test.describe('pricing page (/projects)', () => {
  test('dark hero with badges, the four-item strip, comparison table and closing call to action', async ({ page }) => {
    await open(page, '/projects');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Simple, Transparent Pricing');
    await expect(page.locator('.pricing-hero .badges li')).toHaveText(['30-Day Money Back Guarantee', 'No Setup Fees', 'Cancel Anytime']);
    await expect(page.locator('.strip-item strong')).toHaveText([
      'No Hidden Fees',
      '30-Day Guarantee',
      'Flexible Terms',
      'Scalable Solutions',
    ]);
    const table = page.getByRole('table');
    await expect(page.getByRole('heading', { name: 'Detailed Plan Comparison' })).toBeVisible();
    await expect(table.getByRole('columnheader')).toHaveText(['Feature', 'Starter', 'Business', 'Enterprise']);
    // The rows come from the plans now (their price and comparison rows): the same table as before.
    await expect(table.getByRole('rowheader')).toHaveText([
      'Monthly price',
      'Email accounts',
      'Website pages',
      'Storage',
      'Support response',
      'Reports',
      '24/7 email and chat support',
      'Free SSL certificate',
      'No setup fees',
      'Dedicated account manager',
    ]);
    await expect(table.getByRole('row', { name: /Monthly price/ }).getByRole('cell')).toHaveText(['$29', '$99', 'Custom']);
    await expect(table.getByRole('row', { name: /Dedicated account manager/ }).getByRole('cell')).toHaveText([
      comparison.no,
      comparison.no,
      comparison.yes,
    ]);
    await expect(table.getByRole('row', { name: /Support response/ }).getByRole('cell')).toHaveText([
      '24–48 hours',
      '4–8 hours',
      '1–2 hours',
    ]);
    const cta = page.locator('.cta-band');
    await expect(cta.getByRole('link', { name: 'Get free consultation' })).toHaveAttribute('href', '/contact?topic=consultation');
    await expect(cta.getByRole('link', { name: 'Email us' })).toHaveAttribute('href', `mailto:${defaultCompany.email}`);
  });

  test('the switch starts on Monthly Plans with three plans; Project Pricing shows three groups, one open at most', async ({ page }) => {
    await open(page, '/projects');
    const sw = page.getByRole('group', { name: 'Pricing model' });
    const monthly = sw.getByRole('button', { name: 'Monthly Plans' });
    const project = sw.getByRole('button', { name: 'Project Pricing' });
    await expect(monthly).toHaveAttribute('aria-pressed', 'true');
    await expect(project).toHaveAttribute('aria-pressed', 'false');
    const cards = page.locator('.plan-card');
    await expect(cards).toHaveCount(3);
    for (const [i, plan] of plans.entries()) {
      await expect(cards.nth(i).getByRole('heading')).toHaveText(plan.name);
      await expect(cards.nth(i)).toContainText(plan.price + (plan.period ?? ''));
      for (const f of plan.features) await expect(cards.nth(i)).toContainText(f);
      await expect(cards.nth(i).getByRole('link', { name: plan.cta })).toHaveAttribute('href', `/contact?plan=${plan.name}`);
    }
    await expect(cards.nth(1)).toContainText('Most Popular');
    await expect(cards.nth(1)).toContainText('Save $200/year');

    await project.click();
    await expect(project).toHaveAttribute('aria-pressed', 'true');
    await expect(monthly).toHaveAttribute('aria-pressed', 'false');
    await expect(cards).toHaveCount(0);
    const groups = page.locator('.project-group');
    await expect(groups).toHaveCount(3);
    const headers = groups.getByRole('button', { expanded: false });
    await expect(headers).toHaveText(projectGroups.map((g) => g.name));
    for (const [i, group] of projectGroups.entries()) {
      const button = groups.nth(i).getByRole('button', { name: group.name });
      await button.click();
      await expect(button).toHaveAttribute('aria-expanded', 'true');
      await expect(page.locator('.project-group [aria-expanded="true"]')).toHaveCount(1);
      for (const item of group.items) {
        const row = groups.nth(i).locator('li', { hasText: item.title });
        await expect(row).toBeVisible();
        await expect(row).toContainText(item.price);
        await expect(row).toContainText(item.time);
        // With JavaScript each item is ticked for the group's Get Quote (without, it is a link: calls-to-action.spec).
        await expect(row.getByRole('checkbox', { name: named('Include in my quote', item.title) })).toBeVisible();
      }
    }
    const last = groups.nth(2).getByRole('button', { name: projectGroups[2].name });
    await last.click();
    await expect(page.locator('.project-group [aria-expanded="true"]')).toHaveCount(0);
    await expect(groups.nth(2).locator('li').first()).toBeHidden();
    await monthly.click();
    await expect(cards).toHaveCount(3);
  });

  test('Optional Add-ons are closed until View Add-ons, which toggles them', async ({ page }) => {
    await open(page, '/projects');
    const toggle = page.getByRole('button', { name: 'View Add-ons' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(toggle).toHaveAttribute('aria-controls', 'addons-panel');
    const first = page.getByRole('heading', { name: addOns[0].name });
    await expect(first).toBeHidden();
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    for (const a of addOns) {
      const card = page.locator('.addon-card', { hasText: a.name });
      await expect(card).toBeVisible();
      await expect(card).toContainText(a.price);
      // With JavaScript Add to Plan adds to the selection (without, it is a link: calls-to-action.spec).
      await expect(card.getByRole('button', { name: /Add to Plan/ })).toHaveAttribute('aria-pressed', 'false');
    }
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(first).toBeHidden();
  });

  test('pricing FAQ: at most one open', async ({ page }) => {
    await open(page, '/projects#faq');
    const faq = page.locator('#faq');
    const buttons = faq.getByRole('button');
    await expect(buttons).toHaveText(pricingFaq.items.map((i) => i.question));
    await expect(faq.locator('[aria-expanded="true"]')).toHaveCount(0);
    await buttons.nth(1).click();
    await expect(faq.getByText(pricingFaq.items[1].answer)).toBeVisible();
    await buttons.nth(4).click();
    await expect(faq.getByText(pricingFaq.items[4].answer)).toBeVisible();
    await expect(faq.getByText(pricingFaq.items[1].answer)).toBeHidden();
    await buttons.nth(4).click();
    await expect(faq.locator('[aria-expanded="true"]')).toHaveCount(0);
  });
});
