import { renderToString } from 'react-dom/server';
import type { SiteContent } from '@kafue/common/contract';
import { categoryKeys, type ContentCollection } from '@kafue/common/vocabulary';
import { StaticRouter } from './router';
import { App } from './App';
import { PageDataSource, findService, pageDataScript, servicesIn, type PageData } from './content/data';
import { loadPage } from './pages/registry';
import { matchPage, type PageKey } from './routes';
import { renderHead } from './seo';

export { robotsTxt, sitemapXml } from './seo';
export { seedContent } from '@kafue/common/content-seed';
export type { PageData };
export { matchPage };

/** Paths of the public routes, prerendered and listed in the sitemap. */
export const staticPaths = ['/', '/services', '/projects', '/about', '/contact'];

/** The collections each page shows: a change to one re-renders these pages only. */
export const pageCollections: Record<PageKey, readonly ContentCollection[]> = {
  home: ['testimonials', 'insights'],
  services: ['services', 'faqs'],
  pricing: ['plans', 'addons', 'projectPrices', 'faqs'],
  serviceDetail: ['services'],
  about: [],
  contact: [],
  notFound: [],
};

/** Every service detail path: /service/{category}/{index within the category}. */
export function serviceDetailPaths(content: Pick<SiteContent, 'services'>): string[] {
  return categoryKeys.flatMap((category) => servicesIn(content.services, category).map((_, i) => `/service/${category}/${i}`));
}

/** Every page of the site with this content (the 404 page aside), as prerendered and in the sitemap. */
export const pagePaths = (content: SiteContent): string[] => [...staticPaths, ...serviceDetailPaths(content)];

/** What the page at `url` shows of the content, and carries for hydration. */
export function pageData(url: string, content: SiteContent): PageData {
  const { page, params } = matchPage(url);
  switch (page) {
    case 'home':
      return { testimonials: content.testimonials, insights: content.insights };
    case 'services':
      return { services: content.services, faqs: content.faqs.filter((f) => f.page === 'services') };
    case 'pricing':
      return {
        plans: content.plans,
        addons: content.addons,
        projectPrices: content.projectPrices,
        faqs: content.faqs.filter((f) => f.page === 'pricing'),
      };
    case 'serviceDetail': {
      const service = findService(content, params.category, params.index);
      return service ? { service } : {};
    }
    default:
      return {};
  }
}

export interface Rendered {
  html: string;
  head: string;
  page: PageKey;
  data: PageData;
}

/** Renders one URL with its page's data. The 404 page is rendered without a canonical link. */
export async function render(url: string, data: PageData, siteUrl?: string): Promise<Rendered> {
  const { page, params } = matchPage(url);
  const mod = await loadPage(page);
  const html = renderToString(
    <PageDataSource value={() => data}>
      <StaticRouter location={url}>
        <App />
      </StaticRouter>
    </PageDataSource>,
  );
  return { html, page, data, head: renderHead(mod.meta(params, data), page === 'notFound' ? null : url, siteUrl) };
}

/** The whole page: the build's template (scripts/prerender.mjs) with the rendered page and its data. */
export function pageDocument(template: string, { html, head, page, data }: Rendered): string {
  return template
    .replace('<!--app-head-->', () => head)
    .replace('<!--app-page-->', () => page)
    .replace('<!--app-html-->', () => html)
    .replace('<!--app-data-->', () => pageDataScript(data));
}
