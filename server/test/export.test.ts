/**
 * Static hosting: `npm run export -w server -- DIR` writes the published site as plain
 * files; with the seeded content they equal the site's own build (`npm run build -w site`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { api } from '@kafue/common/contract';
import { repoRoot } from '../src/config.js';
import { exportSite, listFiles } from '../src/site/export.js';
import { startTestServer, type TestServer } from './helpers.js';

const siteDir = resolve(repoRoot, 'site/dist');
const out = mkdtempSync(join(tmpdir(), 'kafue-export-'));
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t?.close();
  rmSync(out, { recursive: true, force: true });
});

/** The build's files a static host serves (not its precompressed copies or Vite's manifest). */
const plainFiles = (dir: string) => listFiles(dir).filter((f) => !/\.(br|gz)$/.test(f) && !f.startsWith('.vite'));

describe('export', () => {
  it('with the seeded content, writes exactly the pages and files of the site build', async () => {
    const n = await exportSite(t.db, siteDir, join(out, 'seeded'));
    // 5 routes, 18 services at their permanent and their positional addresses (a static host
    // cannot redirect), the articles' (/insights, its 3 categories, 3 articles), the 3 legal pages
    // and the newsletter's 3.
    expect(n).toBe(54);
    const built = plainFiles(siteDir);
    expect(plainFiles(join(out, 'seeded'))).toEqual(built);
    expect(built.filter((f) => f.endsWith('.html'))).toHaveLength(55);
    for (const file of built) {
      expect(readFileSync(join(out, 'seeded', file)).equals(readFileSync(join(siteDir, file))), file).toBe(true);
    }
  });

  it('writes the content as published, drafts left out', async () => {
    const editor = (await t.admin('Editor')).client;
    const service = {
      category: 'CCTV',
      title: 'Drone Patrols',
      price: '$999',
      description: 'Eyes in the sky.',
      features: ['Night flights'],
    };
    await editor.post(api.content('services'), { ...service, status: 'published' });
    await editor.post(api.content('services'), { ...service, title: 'Draft Balloon' });
    await exportSite(t.db, siteDir, join(out, 'changed'));
    expect(readFileSync(join(out, 'changed/service/CCTV/3/index.html'), 'utf8')).toContain('<h1 id="service-title">Drone Patrols</h1>');
    expect(readFileSync(join(out, 'changed/service/CCTV/drone-patrols/index.html'), 'utf8')).toContain(
      '<h1 id="service-title">Drone Patrols</h1>',
    );
    // The sitemap names the permanent address only.
    const sitemap = readFileSync(join(out, 'changed/sitemap.xml'), 'utf8');
    expect(sitemap).toContain('/service/CCTV/drone-patrols</loc>');
    expect(sitemap).not.toContain('/service/CCTV/3</loc>');
    expect(listFiles(join(out, 'changed')).filter((f) => f.startsWith('service/CCTV/'))).toHaveLength(8);
    expect(readFileSync(join(out, 'changed/services/index.html'), 'utf8')).not.toContain('Draft Balloon');
  });
});
