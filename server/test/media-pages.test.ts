/**
 * The media library on the public pages (the site's build, rendered by the server): a service's
 * photograph as a <picture> offering AVIF and WebP by width with a JPEG fallback, its width and
 * height set, lazy below the fold; the hero's poster eager; shown only once its renditions exist.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '@kafue/common/contract';
import type { MediaItem } from '@kafue/common/media';
import { sampleService, sitePage, startSiteTestServer, type Client, type TestServer } from './helpers.js';

let t: TestServer;
let admin: Client;

beforeAll(async () => {
  t = await startSiteTestServer();
  admin = (await t.admin('Super Admin')).client;
});
afterAll(() => t?.close());

async function uploadPhoto(width: number, height: number, alt: string): Promise<MediaItem & { hash: string }> {
  const bytes = await sharp({ create: { width, height, channels: 3, background: '#2a6' } })
    .jpeg()
    .toBuffer();
  const form = new FormData();
  form.append('alt', alt);
  form.append('file', new Blob([new Uint8Array(bytes)]), 'photo.jpg');
  const response = await fetch(t.url + api.media, { method: 'POST', body: form, headers: { cookie: `kafue_session=${admin.cookie}` } });
  expect(response.status).toBe(201);
  const { item } = (await response.json()) as { item: MediaItem };
  return { ...item, hash: /\/media\/([0-9a-f]{32})\./.exec(item.url)![1] };
}

/** The page once it satisfies `check` (renditions and publishing happen after the calls answer). */
async function pageWhen(path: string, check: (html: string) => boolean): Promise<string> {
  const until = Date.now() + 20_000;
  for (;;) {
    const html = (await sitePage(t, path)).text;
    if (check(html)) return html;
    if (Date.now() > until) throw new Error(`${path} never showed the change`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('pages showing the media library', () => {
  it("a service's photograph: AVIF and WebP by width, JPEG fallback, width and height, lazy", async () => {
    const photo = await uploadPhoto(1000, 750, 'Technician fitting a network cabinet');
    const created = await admin.post(api.content('services'), { ...sampleService, image: photo._id, status: 'published' });
    expect(created.status).toBe(201);
    // Web has three services: this one is the fourth.
    const html = await pageWhen('/service/Web/3', (h) => h.includes('<picture>'));
    const picture = /<picture>.*?<\/picture>/s.exec(html)![0];
    const set = (format: string) => [320, 640, 960].map((w) => `/media/${photo.hash}-${w}.${format} ${w}w`).join(', ');
    expect(picture).toContain(`<source type="image/avif" srcSet="${set('avif')}" sizes="(min-width: 1024px) 640px, calc(100vw - 40px)"/>`);
    expect(picture).toContain(`<source type="image/webp" srcSet="${set('webp')}"`);
    expect(picture).toMatch(
      new RegExp(
        `<img class="service-photo" src="/media/${photo.hash}-640.jpg" srcSet="${set('jpg')}" sizes="[^"]+" width="1000" height="750" alt="Technician fitting a network cabinet" loading="lazy" decoding="async"/>`,
      ),
    );
    // Every address the page names answers.
    for (const [, path] of picture.matchAll(/(\/media\/[^ "]+)/g)) expect((await t.client().get(path)).status, path).toBe(200);
  });

  it("the hero's poster from the library, eager, in place of the built-in one", async () => {
    const poster = await uploadPhoto(2400, 1350, 'Lusaka at dusk');
    const saved = await admin.put(api.heroSettings, { videoUrl: '/media/hero.mp4', poster: poster._id });
    expect(saved.status).toBe(200);
    const html = await pageWhen('/', (h) => h.includes(`/media/${poster.hash}-1920.avif 1920w`));
    const img = new RegExp(`<img class="hero-poster" src="/media/${poster.hash}-640.jpg"[^>]*>`).exec(html)![0];
    expect(img).toContain('width="2400" height="1350" alt=""');
    expect(img).toContain('fetchPriority="high"');
    expect(img).not.toContain('loading=');
  });
});
