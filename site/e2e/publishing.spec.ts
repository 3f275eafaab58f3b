/**
 * Publishing, as a visitor meets it: a service an Editor publishes through the API appears on the
 * site (the page of the real server, rendered from the database), its markup shown as text;
 * unpublished, then deleted, it is gone.
 */
import { api } from '@kafue/common/contract';
import { expect, open, test } from './fixtures';

test(
  'a published service appears on the site, its markup as text; unpublished it is gone',
  { tag: '@alone' },
  async ({ page, request }) => {
    const login = await request.post(api.authLogin, {
      data: { email: 'site-e2e@kafue.test', password: 'Site-e2e-pass-1', session: 'bearer' },
    });
    expect(login.status()).toBe(200);
    const headers = { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
    const title = 'Night Watch </script><b>bold</b>';
    const fields = { category: 'CCTV', title, price: '$79/mo', description: 'Monitored cameras at night.', features: ['Live monitoring'] };
    const created = await request.post(api.content('services'), { headers, data: { ...fields, status: 'published' } });
    expect(created.status()).toBe(201);
    const { item } = (await created.json()) as { item: { _id: string; slug: string } };
    try {
      await expect.poll(async () => (await request.get('/service/CCTV/3')).status(), { timeout: 10_000 }).toBe(200);
      await open(page, '/services');
      await page.getByRole('button', { name: 'CCTV' }).click();
      const card = page.locator('.service-card').filter({ hasText: 'Night Watch' });
      await expect(card.getByRole('heading', { level: 4 })).toHaveText(title);
      await expect(page.locator('b').filter({ hasText: 'bold' })).toHaveCount(0);
      await card.getByRole('link', { name: /View Details/ }).click();
      // The card links to the permanent address, made from the title.
      expect(item.slug).toBe('night-watch-script-b-bold-b');
      await expect(page).toHaveURL(`/service/CCTV/${item.slug}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
      await expect(page).toHaveTitle(/^Night Watch <\/script><b>bold<\/b>/);

      expect((await request.put(api.contentItem('services', item._id), { headers, data: { ...fields, status: 'draft' } })).status()).toBe(
        200,
      );
      await expect.poll(async () => (await request.get('/service/CCTV/3')).status(), { timeout: 10_000 }).toBe(404);
      await open(page, '/services');
      await page.getByRole('button', { name: 'CCTV' }).click();
      await expect(page.locator('.service-card')).toHaveCount(3);
      await expect(page.getByText('Night Watch')).toHaveCount(0);
    } finally {
      await request.delete(api.contentItem('services', item._id), { headers });
    }
  },
);
