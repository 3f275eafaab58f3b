/**
 * `npm run export -w server -- DIR`: the published site as plain files for any static host,
 * laid out as the site's own build lays them out (/x/y -> x/y/index.html, 404.html, sitemap.xml,
 * robots.txt, the articles' feed, and the build's assets), rendered from the database with the site's SSR build.
 */
import { cpSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import type { DataSource } from 'typeorm';
import { articleFeedPath } from '@kafue/common/articles';
import { loadSiteContent } from '../content/published.js';
import { loadRenderer } from './renderer.js';

/** Files of the build that are pages (rendered here instead), or their precompressed copies. */
const isPage = (file: string) => /\.html(\.gz|\.br)?$|^(sitemap\.xml|robots\.txt|insights\/feed\.xml)(\.gz|\.br)?$/.test(file);

function write(file: string, content: string) {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, content);
}

/** Writes the site into `out`; answers the number of pages written (the 404 page aside). */
export async function exportSite(db: DataSource, siteDir: string, out: string, siteUrl?: string): Promise<number> {
  const renderer = await loadRenderer(siteDir, siteUrl);
  if (!renderer) throw new Error('The site has not been built: run "npm run build -w site" first.');
  mkdirSync(out, { recursive: true });
  cpSync(siteDir, out, {
    recursive: true,
    filter: (source) => !isPage(relative(siteDir, source)) && !relative(siteDir, source).startsWith('.vite'),
  });
  const content = await loadSiteContent(db);
  const paths = renderer.pagePaths(content);
  for (const path of paths) {
    const { html, status } = await renderer.renderPage(path, content);
    if (status === 404) throw new Error(`export: ${path} rendered a 404 page`);
    write(path === '/' ? join(out, 'index.html') : join(out, path.slice(1), 'index.html'), html);
  }
  write(join(out, '404.html'), (await renderer.renderPage('/404', content)).html);
  write(join(out, 'sitemap.xml'), renderer.sitemapXml(paths));
  write(join(out, 'robots.txt'), renderer.robotsTxt());
  write(join(out, articleFeedPath.slice(1)), renderer.feedXml(content));
  return paths.length;
}

/** Every file under `dir`, relative to it, sorted. */
export function listFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath, e.name)))
    .sort();
}
