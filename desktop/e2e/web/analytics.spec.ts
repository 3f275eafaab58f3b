/**
 * The site's own visitor analytics end to end (issue 24): a visitor comes from a Facebook link,
 * opens three pages and sends the contact form; the Analytics screen counts the visit, its pages,
 * Facebook as its source and the enquiry as its conversion, sorts and exports them, and is axe
 * clean at desktop and phone width. The lead report links to it.
 */
import { readFileSync } from 'node:fs';
import { expect as baseExpect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { api } from '@kafue/common/contract';
import type { AnalyticsReport } from '@kafue/common/schemas';
import { axeAtBothWidths, widths } from './axe';
import { baseURL, readBack, signIn, superAdmin, unique } from './support';

// The screens load their own chunk first: on a busy machine that takes more than the default 5 s.
const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 120_000 });

/** A person's browser (not a robot's, which the server does not count), signed in nowhere. */
const personsBrowser =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Mobile Safari/537.36';

/** The first day of the `days` days up to today, and today. */
function lastDays(days: number) {
  const now = new Date();
  const from = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - days + 1));
  return { from: from.toISOString().slice(0, 10), to: now.toISOString().slice(0, 10) };
}

/** A visit from a Facebook link: three pages of the site, the last the contact form, sent. */
async function visitFromFacebook(browser: Browser, campaign: string): Promise<void> {
  const n = Math.floor(Math.random() * 250);
  const context = await browser.newContext({
    baseURL: baseURL(),
    userAgent: personsBrowser,
    viewport: widths.phone,
    screen: widths.phone,
    // A visitor of their own (the server trusts the tests' X-Forwarded-For).
    extraHTTPHeaders: { 'X-Forwarded-For': `198.51.100.${n + 1}` },
  });
  const page = await context.newPage();
  // The page's clock runs 10 s behind the server's: the form reads as filled in by a person.
  await page.clock.install({ time: Date.now() - 10_000 });
  const pageViews: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/api/collect') && r.postData()?.includes('"pageview"')) pageViews.push(r.postData()!);
  });
  await page.goto(`/services?utm_source=facebook&utm_campaign=${campaign}`);
  await expect.poll(() => pageViews.length).toBe(1);
  await page.locator('footer').getByRole('link', { name: 'About', exact: true }).click();
  await expect.poll(() => pageViews.length).toBe(2);
  await page.locator('footer').getByRole('link', { name: 'Contact', exact: true }).click();
  await expect.poll(() => pageViews.length).toBe(3);
  const form = page.getByRole('region', { name: 'Send us a Message' });
  await form.getByRole('textbox', { name: 'Full Name' }).fill(`Visitor ${campaign}`);
  await form.getByRole('textbox', { name: 'Email Address' }).fill(`${campaign}@example.com`);
  await form.getByRole('textbox', { name: 'Message' }).fill('I saw your post on Facebook: a website, please.');
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(form.getByRole('status')).toHaveText("Message sent! We'll get back to you shortly.");
  await context.close();
}

/** The cells of the row of `table` (a region named by its title) that `name` begins. */
const rowOf = (page: Page, table: string, name: string): Locator =>
  page
    .getByRole('region', { name: table })
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name, exact: true }) })
    .getByRole('cell');

test(
  'a visit from Facebook: the Analytics screen counts it, its pages, its source and its enquiry',
  { tag: '@alone' },
  async ({ page, browser }) => {
    await page.setViewportSize(widths.desktop);
    await signIn(page, superAdmin);
    // The screen's default period: the last 30 days, by day.
    const { from, to } = lastDays(30);
    const query = `${api.analytics}?from=${from}&to=${to}&by=day`;
    const before = await readBack<AnalyticsReport>(page, query);
    const campaign = unique('spring');

    await visitFromFacebook(browser, campaign);

    // The server writes beacons in batches: the report has them within seconds.
    const read = () => readBack<AnalyticsReport>(page, query);
    const bySource = (r: AnalyticsReport) => r.conversionsBySource.find((s) => s.source === 'facebook');
    await expect
      .poll(async () => {
        const now = await read();
        return [
          now.totals.visitors - before.totals.visitors,
          now.totals.pageViews - before.totals.pageViews,
          now.totals.visits - before.totals.visits,
        ];
      })
      .toEqual([1, 3, 1]);
    const after = await read();
    expect(after.campaigns.find((c) => c.campaign === campaign)).toEqual({ campaign, visits: 1, visitors: 1 });
    expect((bySource(after)?.enquiries ?? 0) - (bySource(before)?.enquiries ?? 0)).toBe(1);
    const byLanding = (r: AnalyticsReport) => r.conversionsByPage.find((p) => p.landingPage === '/services')?.enquiries ?? 0;
    expect(byLanding(after) - byLanding(before)).toBe(1);
    expect(after.devices.find((d) => d.device === 'phone')?.visits).toBeGreaterThan(0);

    // The lead report leads to the screen.
    await page.goto('/admin/reports');
    await page.getByRole('main').getByRole('link', { name: 'Analytics' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Analytics' })).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/analytics$/);

    await expect(page.getByTestId('figure Visitors')).toHaveText(after.totals.visitors.toLocaleString('en'));
    await expect(page.getByTestId('figure Page views')).toHaveText(after.totals.pageViews.toLocaleString('en'));
    for (const path of ['/services', '/about', '/contact']) await expect(rowOf(page, 'Top pages', path)).toHaveCount(3);
    const facebook = after.sources.find((s) => s.source === 'facebook')!;
    await expect(rowOf(page, 'Sources', 'facebook')).toHaveText(['facebook', String(facebook.visits), String(facebook.visitors)]);
    await expect(rowOf(page, 'Campaigns', campaign)).toHaveText([campaign, '1', '1']);
    await expect(rowOf(page, 'Enquiries by source', 'facebook').nth(2)).toHaveText(String(bySource(after)!.enquiries));
    await expect(rowOf(page, 'Enquiries by landing page', '/services').nth(2)).toHaveText(String(byLanding(after)));
    await axeAtBothWidths(page, 'Analytics');

    // Sorted by a column: the header says which way.
    const sources = page.getByRole('region', { name: 'Sources' });
    const visitsHeader = sources.getByRole('columnheader', { name: /^Visits/ });
    await expect(visitsHeader).toHaveAttribute('aria-sort', 'descending');
    await visitsHeader.getByRole('button').click();
    await expect(visitsHeader).toHaveAttribute('aria-sort', 'ascending');
    const sourceHeader = sources.getByRole('columnheader', { name: /^Source/ });
    await sourceHeader.getByRole('button').click();
    await expect(sourceHeader).toHaveAttribute('aria-sort', 'ascending');
    await expect(visitsHeader).toHaveAttribute('aria-sort', 'none');

    // The CSV holds every section, the visit's campaign among them.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`analytics-${after.from}-to-${after.to}.csv`);
    const csv = readFileSync(await file.path(), 'utf8');
    expect(csv).toContain(`"Visitors","${after.totals.visitors}","${after.previous.visitors}"`);
    expect(csv).toContain(`"Campaigns"\r\n"Campaign","Visits","Visitors"`);
    expect(csv).toContain(`"${campaign}","1","1"`);

    // Another period: the last 7 days.
    await page.getByRole('button', { name: 'Last 7 days' }).click();
    const week = lastDays(7);
    await expect(page.getByText(/compared with the period just before/)).toContainText(`${week.from} to ${week.to}`);
    await expect(page.getByLabel('From')).toHaveValue(week.from);

    // A period of one's own, charted by week: a point per week on each line, visitors and page views.
    const fortnight = lastDays(14);
    await page.getByRole('textbox', { name: 'From', exact: true }).fill(fortnight.from);
    await page.getByRole('textbox', { name: 'To', exact: true }).fill(fortnight.to);
    await page.getByText('Week', { exact: true }).click();
    await page.getByRole('button', { name: 'Show', exact: true }).click();
    await expect(page.getByText(/compared with the period just before/)).toContainText(`${fortnight.from} to ${fortnight.to}`);
    const weekly = await readBack<AnalyticsReport>(page, `${api.analytics}?from=${fortnight.from}&to=${fortnight.to}&by=week`);
    expect(weekly.series.length).toBeGreaterThanOrEqual(2);
    const chart = page.locator('[aria-label^="Visitors and page views per week"]');
    await expect(chart.locator('.recharts-line')).toHaveCount(2);
    await expect(chart.locator('.recharts-line-dot')).toHaveCount(2 * weekly.series.length);
    await expect(chart).toContainText(weekly.series[0].start);
  },
);
