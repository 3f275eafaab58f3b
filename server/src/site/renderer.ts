/**
 * The site's own server-side rendering (site/dist-ssr, written by `npm run build -w site`): the
 * same React components and template the site's build prerenders with, given the content at
 * render time. Other modules render a page with `renderPage` (e.g. the contact page with a note).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { SiteContent } from '@kafue/common/contract';
import type { PageKey } from '@kafue/common/pages';
import type { PageData, SiteSource, SsrEntry } from '@kafue/common/ssr';

export interface Renderer {
  /**
   * The whole HTML document of `url` with this content; `page` is 'notFound' for the 404 page,
   * `status` 404 for it and for a service that does not exist.
   */
  renderPage(url: string, content: SiteSource, data?: PageData): Promise<{ html: string; page: PageKey; status: 200 | 404 }>;
  pagePaths(content: SiteContent): string[];
  /**
   * What the page at `url` shows of the content (the data it carries) as this server serves it:
   * every page also carries when it was rendered, the `startedAt` its forms send without
   * JavaScript (the site's build and the export leave it out: a static host takes no form).
   */
  pageData(url: string, content: SiteSource): PageData;
  sitemapXml(paths: readonly string[]): string;
  robotsTxt(): string;
  feedXml(content: SiteContent): string;
}

/** site/dist-ssr beside site/dist. */
export const ssrDirOf = (siteDir: string) => resolve(siteDir, '..', 'dist-ssr');

/** Loads the SSR build; undefined when the site has not been built (the server then serves site/dist's files as they are). */
export async function loadRenderer(siteDir: string, siteUrl?: string): Promise<Renderer | undefined> {
  const dir = ssrDirOf(siteDir);
  const entry = join(dir, 'entry-server.js');
  const templateFile = join(dir, 'template.html');
  if (!existsSync(entry) || !existsSync(templateFile)) return undefined;
  const { ssrEntry: ssr } = (await import(pathToFileURL(entry).href)) as { ssrEntry: SsrEntry };
  const template = readFileSync(templateFile, 'utf8');
  return {
    async renderPage(url, content, data) {
      const rendered = await ssr.render(url, data ?? ssr.pageData(url, content), siteUrl);
      return { html: ssr.pageDocument(template, rendered), page: rendered.page, status: rendered.status };
    },
    pagePaths: (content) => ssr.pagePaths(content),
    pageData(url, content) {
      // Every page carries the footer's newsletter form.
      return { ...ssr.pageData(url, content), startedAt: Date.now() };
    },
    sitemapXml: (paths) => ssr.sitemapXml(paths, siteUrl),
    robotsTxt: () => ssr.robotsTxt(siteUrl),
    feedXml: (content) => ssr.feedXml(content, siteUrl),
  };
}
