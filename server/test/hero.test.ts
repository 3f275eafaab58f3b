/**
 * The home page's hero video: GET/PUT /api/admin/settings/hero. The file of the specification
 * until a Super Admin saves another (a https address or a path of this site, nothing else),
 * audited, and published with the home page, which alone carries it; a browser that asks to
 * save data gets the home page marked so that it fetches no video. Needs the site's build.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, messages } from '@kafue/common/contract';
import { defaultHero } from '@kafue/common/hero';
import { eventuallyServed, sitePage, startSiteTestServer, type Client, type TestServer } from './helpers.js';

let t: TestServer;
let superAdmin: Client;
beforeAll(async () => {
  t = await startSiteTestServer();
  superAdmin = (await t.admin('Super Admin')).client;
});
afterAll(() => t?.close());

const page = (path: string, headers: Record<string, string> = {}) => sitePage(t, path, headers);
/** The video the home page's hero island would play: its address as the page carries it. */
const heroOf = (html: string) => /<video[^>]*\sdata-url="([^"]*)"/.exec(html)?.[1];
const eventually = (path: string, check: (html: string) => boolean) => eventuallyServed(t, path, check);

describe('the hero video setting', () => {
  it('reads as the specification’s file until saved; the home page, and only it, carries it', async () => {
    const { client } = await t.admin('Moderator');
    expect(await client.get(api.heroSettings)).toMatchObject({ status: 200, body: defaultHero });
    expect(heroOf((await page('/')).text)).toBe(defaultHero.videoUrl);
    expect(heroOf((await page('/about')).text)).toBeUndefined();
  });

  it('refuses anything but a https address or a path of this site, changing nothing', async () => {
    for (const videoUrl of [
      '',
      'http://videos.example/hero.mp4',
      'javascript:alert(1)',
      '//evil.example/hero.mp4',
      'videos.example/hero.mp4',
      'https://localhost/hero.mp4',
      '/media/hero video.mp4',
      '/media/"><script>.mp4',
      `https://videos.example/${'a'.repeat(500)}.mp4`,
    ]) {
      const answer = await superAdmin.put(api.heroSettings, { videoUrl });
      expect(answer.status, videoUrl).toBe(400);
      expect(Object.keys(answer.body.errors), videoUrl).toEqual(['videoUrl']);
    }
    expect((await superAdmin.put(api.heroSettings, { videoUrl: 'ftp://x.example/a.mp4' })).body.errors.videoUrl).toBe(
      'Enter the full address starting with https://, or a path of this site starting with /.',
    );
    expect((await superAdmin.get(api.heroSettings)).body).toEqual(defaultHero);
  });

  it('only a Super Admin saves it', async () => {
    for (const role of ['Editor', 'Moderator'] as const) {
      const { client } = await t.admin(role);
      expect((await client.put(api.heroSettings, { videoUrl: '/media/hero.mp4' })).status, role).toBe(403);
    }
  });

  it('saved: "Settings updated successfully", one audit row, and the home page re-rendered with it', async () => {
    for (const videoUrl of ['/media/hero-720p.mp4', 'https://cdn.kafue.example/hero.webm']) {
      const extra = await superAdmin.put(api.heroSettings, { videoUrl, extra: 'refused' });
      expect(extra).toMatchObject({ status: 400, body: { errors: { extra: messages.unknownField } } });
      const answer = await superAdmin.put(api.heroSettings, { videoUrl });
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ message: messages.settingsUpdated, hero: { videoUrl } });
      expect((await superAdmin.get(api.heroSettings)).body).toEqual({ videoUrl });
      const html = await eventually('/', (text) => heroOf(text) === videoUrl);
      // Still no element that fetches it before the page's script decides.
      expect(html).not.toMatch(/<(video|source)[^>]+src=/);
    }
    const rows = await t.db.query(
      `SELECT action, target_label, changes FROM audit_log WHERE target_type = 'settings' AND target_id = 'hero' ORDER BY at`,
    );
    expect(rows).toHaveLength(2);
    expect(rows[1]).toMatchObject({
      action: 'settings.update',
      target_label: 'Home page video',
      changes: { videoUrl: { old: '/media/hero-720p.mp4', new: 'https://cdn.kafue.example/hero.webm' } },
    });
    expect((await superAdmin.put(api.heroSettings, defaultHero)).status).toBe(200);
    await eventually('/', (text) => heroOf(text) === defaultHero.videoUrl);
  });
});

describe('Save-Data', () => {
  it('marks the page for a browser that asks to save data; both answers say they vary with it', async () => {
    const plain = await page('/');
    const saving = await page('/', { 'save-data': 'on' });
    expect(plain.headers.get('vary')).toMatch(/Save-Data/);
    expect(saving.headers.get('vary')).toMatch(/Save-Data/);
    expect(plain.text).toMatch(/^<!doctype html>\s*<html lang="en">/i);
    expect(saving.text).toMatch(/^<!doctype html>\s*<html data-save-data="" lang="en">/i);
    expect(saving.text.replace('data-save-data="" ', '')).toBe(plain.text);
    expect(saving.headers.get('etag')).not.toBe(plain.headers.get('etag'));
    // Compressed too, as every page.
    expect((await t.client().get('/', { 'accept-encoding': 'br', 'save-data': 'on' })).headers.get('content-encoding')).toBe('br');
    expect((await page('/', { 'save-data': 'off' })).text).toBe(plain.text);
  });
});
