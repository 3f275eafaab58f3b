/**
 * WhatsApp, as a visitor meets it: with no number in the company profile the site offers no chat;
 * once the owner sets one, the contact page, each service page and the pricing summary offer "Chat on WhatsApp", a
 * wa.me link whose message names the service and the page, opening in a new tab; axe finds nothing.
 */
import type { APIRequestContext } from '@playwright/test';
import { defaultCompany } from '@kafue/common/company';
import { seedContent } from '@kafue/common/content-seed';
import { api } from '@kafue/common/contract';
import { siteConfig } from '../src/content/site';
import { siteAdmin } from '../playwright.config';
import { expect, expectNoAxeViolations, named, open, revealAll, showAddOns, test } from './fixtures';

const number = '+260971234567';
const chat = { name: 'Chat on WhatsApp (opens in a new tab)' };
const [service] = seedContent.services.filter((s) => s.category === 'Web');

async function saveCompany(request: APIRequestContext, whatsapp: string) {
  const login = await request.post(api.authLogin, { data: { ...siteAdmin, session: 'bearer' } });
  const headers = { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
  expect((await request.put(api.companySettings, { headers, data: { ...defaultCompany, whatsapp } })).status()).toBe(200);
  // Published as content is: every page is rendered again.
  await expect.poll(async () => (await (await request.get('/contact')).text()).includes('wa.me'), { timeout: 10_000 }).toBe(!!whatsapp);
}

/** The message a wa.me link opens the chat with. */
const messageOf = (href: string | null) => new URL(href ?? '').searchParams.get('text') ?? '';

test.describe('Chat on WhatsApp', { tag: '@alone' }, () => {
  test('no number set: neither the contact page nor a service page offers it', async ({ page }) => {
    for (const path of ['/contact', '/service/Web/0']) {
      await open(page, path);
      await expect(page.getByRole('link', chat)).toHaveCount(0);
      await expect(page.locator('a[href^="https://wa.me/"]')).toHaveCount(0);
    }
  });

  test(
    'with a number: the contact page, a service page and the pricing summary link to the chat, naming what was chosen and the page',
    { tag: '@layout' },
    async ({ page, request }) => {
      await saveCompany(request, number);
      try {
        await open(page, '/contact');
        const contactLink = page.getByRole('link', chat);
        await expect(contactLink).toBeVisible();
        await expect(contactLink).toHaveText('Chat on WhatsApp');
        await expect(contactLink).toHaveAttribute('target', '_blank');
        const contactHref = await contactLink.getAttribute('href');
        expect(contactHref).toMatch(/^https:\/\/wa\.me\/260971234567\?text=/);
        expect(messageOf(contactHref)).toContain(new URL('/contact', siteConfig.siteUrl).href);
        await revealAll(page);
        await expectNoAxeViolations(page, 'contact page with the WhatsApp link');

        await open(page, '/service/Web/0');
        const serviceLink = page.getByRole('link', chat);
        await expect(serviceLink).toBeVisible();
        const message = messageOf(await serviceLink.getAttribute('href'));
        expect(message).toContain(service.title);
        expect(message).toContain(new URL('/service/Web/0', siteConfig.siteUrl).href);
        await revealAll(page);
        await expectNoAxeViolations(page, 'service page with the WhatsApp link');

        // The pricing page's summary of chosen add-ons offers the chat about that selection.
        await open(page, '/projects');
        await showAddOns(page);
        await page.getByRole('button', { name: named('Add to Plan', 'Priority Support') }).click();
        const summaryLink = page.getByRole('region', { name: 'Your selection' }).getByRole('link', chat);
        await expect(summaryLink).toBeVisible();
        expect(messageOf(await summaryLink.getAttribute('href'))).toContain('Priority Support, estimated $49/month');
      } finally {
        await saveCompany(request, '');
      }
    },
  );
});
