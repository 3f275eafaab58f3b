/** axe-core on the console as a test meets it: every WCAG A and AA rule, once the screen has settled. */
import { expect, test, type Page } from '@playwright/test';
import { axeViolations as axeFinds } from '../../../scripts/axe.mjs';

const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** Waits until nothing is loading or moving, so that axe sees the settled colours. */
export async function settle(page: Page): Promise<void> {
  await expect(page.getByText('Checking authentication...')).toHaveCount(0);
  await expect(page.getByText('Loading...', { exact: true })).toHaveCount(0);
  await expect(page.getByRole('status', { name: 'Loading page' })).toHaveCount(0);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await page.waitForFunction(() => document.getAnimations().every((a) => !(a instanceof CSSTransition) || a.playState !== 'running'));
}

/** axe on the page as it stands (but for what `exclude` selects): each violation by rule, element and reason. */
export async function axeViolations(page: Page, exclude?: string) {
  const violations = await axeFinds(page, { tags: wcagTags, exclude });
  const found = violations.map((v) => ({
    rule: v.id,
    impact: v.impact,
    help: v.help,
    nodes: v.nodes.map((n) => ({ target: n.target.join(' '), why: n.failureSummary ?? '' })),
  }));
  const lines = found.flatMap((v) => v.nodes.map((n) => `${v.rule}: ${v.help} | ${n.target} | ${n.why.replace(/\s+/g, ' ')}`));
  return { found, lines };
}

/**
 * Runs axe on the settled page (but for what `exclude` selects). Each violation is listed by
 * rule, element and reason in the failure, and attached in full (JSON) to the report; the test
 * goes on to the next state.
 */
export async function expectNoViolations(page: Page, state: string, exclude?: string): Promise<void> {
  await settle(page);
  // A toast may start to leave while axe runs (they close on a timer): with transitions off, it
  // is at its end state at once, not a half-faded grey axe would measure.
  const still = await page.addStyleTag({ content: '*, *::before, *::after { transition: none !important; }' });
  const { found, lines } = await axeViolations(page, exclude);
  await still.evaluate((style) => (style as Element).remove());
  await test.info().attach(`axe: ${state}`, { body: JSON.stringify(found, null, 2), contentType: 'application/json' });
  expect.soft(lines, `axe violations on ${state}`).toEqual([]);
}

/** The two widths every screen is checked at: a laptop's and a phone's. */
export const widths = { desktop: { width: 1366, height: 800 }, phone: { width: 390, height: 844 } };

/** Axe at both widths on the screen as it stands, and nothing wider than the screen; back at the desktop width after. */
export async function axeAtBothWidths(page: Page, screen: string): Promise<void> {
  for (const [name, size] of Object.entries(widths)) {
    await page.setViewportSize(size);
    await expectNoViolations(page, `${screen} at ${name} width`);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, `${screen} wider than the ${name} screen`).toBeLessThanOrEqual(0);
  }
  await page.setViewportSize(widths.desktop);
}
