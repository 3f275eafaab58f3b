// Prerenders every public route into site/dist (team-notes layout: /x/y -> dist/x/y/index.html,
// 404.html, sitemap.xml, robots.txt) and inlines the one small stylesheet.
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

process.env.NODE_ENV ??= 'production';
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist');
const { ssrEntry: ssr, seedContent } = await import(pathToFileURL(join(root, 'dist-ssr', 'entry-server.js')).href);
const siteUrl = process.env.SITE_URL || undefined;

let template = readFileSync(join(dist, 'index.html'), 'utf8');

// Inline the stylesheet: no render-blocking request before the first paint.
template = template.replace(/<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/, (_, file) => {
  const css = readFileSync(join(dist, file), 'utf8').trim();
  return `<style>${css}</style>`;
});
if (!template.includes('<style>')) throw new Error('prerender: stylesheet link not found in dist/index.html');
// The page is complete without scripts (its islands only add behaviour), so the scripts are
// fetched at low priority: they never compete with, or hold back, the first paint.
template = template.replace(/<script type="module" crossorigin src=/, '<script type="module" crossorigin fetchpriority="low" src=');
if (!template.includes('fetchpriority="low"')) throw new Error('prerender: entry script not found in dist/index.html');

// The server renders pages from the database with this same template and SSR build.
write(join(root, 'dist-ssr', 'template.html'), template);

function write(file, content) {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, content);
}

// The collections as the site shipped them (common's seed content): these files are what a
// static host serves; `npm run export -w server` writes the same from the database.
const content = seedContent;
const page = async (path) => {
  const rendered = await ssr.render(path, ssr.pageData(path, content), siteUrl);
  return { rendered, html: ssr.pageDocument(template, rendered) };
};
const paths = ssr.pagePaths(content);
for (const path of paths) {
  const { rendered, html } = await page(path);
  if (rendered.status === 404) throw new Error(`prerender: ${path} rendered a 404 page`);
  write(path === '/' ? join(dist, 'index.html') : join(dist, path.slice(1), 'index.html'), html);
}
write(join(dist, '404.html'), (await page('/404')).html);
write(join(dist, 'sitemap.xml'), ssr.sitemapXml(paths, siteUrl));
write(join(dist, 'robots.txt'), ssr.robotsTxt(siteUrl));
write(join(dist, 'insights', 'feed.xml'), ssr.feedXml(content, siteUrl));
console.log(`prerendered ${paths.length} routes + 404.html, sitemap.xml, robots.txt, insights/feed.xml`);
