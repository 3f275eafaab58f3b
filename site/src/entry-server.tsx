import { renderToString } from 'react-dom/server';
import { StaticRouter } from './router';
import { App } from './App';
import { loadPage } from './pages/registry';
import { matchPage, type PageKey } from './routes';
import { renderHead } from './seo';

export { robotsTxt, sitemapXml } from './seo';
export { serviceDetailPaths } from './content/services';

/** Paths of the public routes, prerendered and listed in the sitemap. */
export const staticPaths = ['/', '/services', '/projects', '/about', '/contact'];

export interface Rendered {
  html: string;
  head: string;
  page: PageKey;
}

/** Renders one URL. notFoundPage renders the 404 page (for 404.html) without a canonical link. */
export async function render(url: string, siteUrl?: string): Promise<Rendered> {
  const { page, params } = matchPage(url);
  const mod = await loadPage(page);
  const html = renderToString(
    <StaticRouter location={url}>
      <App />
    </StaticRouter>,
  );
  return { html, page, head: renderHead(mod.meta(params), page === 'notFound' ? null : url, siteUrl) };
}
