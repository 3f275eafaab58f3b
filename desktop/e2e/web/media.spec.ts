/**
 * The media library as the owner meets it: a photograph from a phone dropped on the Media screen
 * (its progress shown), described, chosen for a service in its editor, and the service's page on
 * a phone receiving a rendition of it within 60 KB. Axe on the Media screen at both widths.
 */
import { expect, type Page } from '@playwright/test';
import sharp from 'sharp';
import { api, messages } from '@kafue/common/contract';
import { axeAtBothWidths } from './axe';
import { apiAs, holdRequests, signIn, superAdmin, toasts, unique, test } from './support';

/** A phone's photograph: 4032 x 3024, grain and gradients (a flat picture would compress unrealistically well). */
async function phonePhoto(): Promise<Buffer> {
  const [width, height] = [4032, 3024];
  const raw = Buffer.alloc(width * height * 3);
  let seed = 7;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      const grain = seed % 20;
      const i = (y * width + x) * 3;
      const ring = Math.sin(Math.hypot(x - 2000, y - 1400) / 50) * 40;
      raw[i] = Math.max(0, Math.min(255, (x * 200) / width + ring + grain));
      raw[i + 1] = Math.max(0, Math.min(255, (y * 180) / height + grain));
      raw[i + 2] = Math.max(0, Math.min(255, 110 + ring + grain));
    }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .blur(0.8)
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** Where the service titled `title` is on the site: /service/{category}/{its place among the category's published services}. */
async function servicePath(title: string): Promise<string> {
  const admin = await apiAs(superAdmin);
  const items = (await (await admin.get(api.content('services'))).json()) as {
    title: string;
    category: string;
    status: string;
    position: number;
  }[];
  const mine = items.find((s) => s.title === title)!;
  const index = items.filter((s) => s.category === mine.category && s.status === 'published').sort((a, b) => a.position - b.position);
  return `/service/${mine.category}/${index.indexOf(mine)}`;
}

async function uploadOnMediaScreen(page: Page, name: string, bytes: Buffer) {
  await page.goto('/admin/media');
  await expect(page.getByRole('heading', { name: 'Media', level: 1 })).toBeVisible({ timeout: 20_000 });
  // The upload waits at the server's door until its progress has been seen: on a fast machine it
  // would be over before a check could see it.
  const release = await holdRequests(page, `**${api.media}`, 'POST');
  await page.locator('input[type="file"]').setInputFiles({ name, mimeType: 'image/jpeg', buffer: bytes });
  // Held at 0 %: the words show, and the bar is there for screen readers (its filled part has no width yet).
  await expect(page.getByText(`Uploading ${name}`)).toBeVisible();
  await expect(page.getByRole('progressbar', { name: `Uploading ${name}` })).toHaveAttribute('aria-valuenow', '0');
  release();
  await expect(toasts(page)).toContainText(`Uploaded: ${name}`, { timeout: 30_000 });
}

test('upload a photograph, describe it, attach it to a service: a phone gets a rendition within 60 KB; axe clean', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const title = unique('Pictured Service');
  const admin = await apiAs(superAdmin);
  const created = await admin.post(api.content('services'), {
    data: {
      category: 'Web',
      title,
      price: '$99',
      description: 'A service with a photograph.',
      features: ['Pictured'],
      status: 'published',
    },
  });
  expect(created.status()).toBe(201);

  await signIn(page, superAdmin);
  const file = `${unique('office')}.jpg`;
  await uploadOnMediaScreen(page, file, await phonePhoto());
  const card = page.getByRole('listitem').filter({ hasText: file });
  await expect(card.getByText('Needs a description')).toBeVisible();
  await card.getByRole('textbox', { name: /^Description \(alt text\)/ }).fill('Our team at the Lusaka office');
  await card.getByRole('button', { name: 'Save description' }).click();
  await expect(toasts(page)).toContainText('Description saved');
  // The sizes for phones and computers are made after the upload answered; the card shows them coming.
  await expect(
    page.getByRole('listitem').filter({ hasText: file }).getByRole('img', { name: 'Our team at the Lusaka office' }),
  ).toBeVisible({
    timeout: 60_000,
  });
  await axeAtBothWidths(page, 'the Media screen');

  // The service's editor: its Photograph field, chosen from the library.
  await page.goto('/admin/manage-services');
  await page.getByRole('button', { name: `Edit ${title}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Service' });
  await dialog.getByRole('button', { name: 'Choose' }).click();
  await page
    .getByRole('dialog', { name: /choose from the media library/ })
    .getByRole('button', { name: `Choose ${file}` })
    .click();
  await expect(dialog.getByText(file)).toBeVisible();
  // The service is published: the edit is saved as pending changes, then put live.
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(toasts(page)).toContainText(messages.draftSaved);
  await dialog.getByRole('alert').filter({ hasText: 'Pending changes' }).getByRole('button', { name: 'Publish changes' }).click();
  await expect(toasts(page)).toContainText(messages.draftPublished);

  // The media library now says where it is used, and will not delete it.
  await page.goto('/admin/media');
  const used = page.getByRole('listitem').filter({ hasText: file });
  await expect(used).toContainText(`Used in: the service "${title}"`);
  await expect(used.getByRole('button', { name: `Delete ${file}` })).toBeDisabled();

  // A phone (390 px wide, three device pixels to each): the page's picture, lazy, within 60 KB.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true });
  const visitor = await phone.newPage();
  const media: { url: string; bytes: number }[] = [];
  visitor.on('response', (r) => {
    if (new URL(r.url()).pathname.startsWith('/media/') && r.request().resourceType() === 'image') {
      void r.body().then((b) => media.push({ url: r.url(), bytes: b.length }));
    }
  });
  const path = await servicePath(title);
  await expect.poll(async () => (await (await visitor.request.get(path)).text()).includes('<picture>'), { timeout: 30_000 }).toBe(true);
  await visitor.goto(path);
  const picture = visitor.getByRole('img', { name: 'Our team at the Lusaka office' });
  await picture.scrollIntoViewIfNeeded();
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await expect.poll(() => media.length).toBeGreaterThan(0);
  for (const m of media) expect(m.bytes, m.url).toBeLessThanOrEqual(60 * 1024);
  expect(media.map((m) => m.url).join(' ')).toMatch(/\.avif/);
  await phone.close();
});
