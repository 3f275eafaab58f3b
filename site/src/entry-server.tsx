import { renderToString } from 'react-dom/server';
import type { SiteContent } from '@kafue/common/contract';
import { matchPage } from '@kafue/common/pages';
import { defaultCompany } from '@kafue/common/company';
import { defaultHero } from '@kafue/common/hero';
import type { PageData, RenderedPage, SiteSource, SsrEntry } from '@kafue/common/ssr';
import { categoryKeys } from '@kafue/common/vocabulary';
import { StaticRouter } from './router';
import { App } from './App';
import { PageDataSource, findService, pageDataScript, servicesIn } from './content/data';
import { loadPage } from './pages/registry';
import { robotsTxt, sitemapXml, renderHead } from './seo';

export { seedContent } from '@kafue/common/content-seed';

/** Paths of the public routes, prerendered and listed in the sitemap. */
const staticPaths = ['/', '/services', '/projects', '/about', '/contact'];

/** Every service detail path: /service/{category}/{index within the category}. */
function serviceDetailPaths(content: Pick<SiteContent, 'services'>): string[] {
  return categoryKeys.flatMap((category) => servicesIn(content.services, category).map((_, i) => `/service/${category}/${i}`));
}

/** Every page of the site with this content (the 404 page aside), as prerendered and in the sitemap. */
const pagePaths = (content: SiteContent): string[] => [...staticPaths, ...serviceDetailPaths(content)];

/** What the page at `url` shows of the content, and carries for hydration: every page shows the company's contact points. */
function pageData(url: string, content: SiteSource): PageData {
  return { ...collectionsShown(url, content), company: content.company ?? defaultCompany };
}

function collectionsShown(url: string, content: SiteSource): PageData {
  const { page, params } = matchPage(url);
  switch (page) {
    case 'home':
      return { testimonials: content.testimonials, insights: content.insights, hero: content.hero ?? defaultHero };
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

/**
 * Renders one URL with its page's data. The 404 page, and a service page whose service does not
 * exist, answer 404 and have no canonical link.
 */
async function render(url: string, data: PageData, siteUrl?: string): Promise<RenderedPage> {
  const { page, params } = matchPage(new URL(url, 'http://localhost').pathname);
  const mod = await loadPage(page);
  const html = renderToString(
    <PageDataSource value={() => data}>
      <StaticRouter location={url}>
        <App />
      </StaticRouter>
    </PageDataSource>,
  );
  const missing = page === 'notFound' || (page === 'serviceDetail' && !findService(data, params.category, params.index));
  // The canonical address leaves the query out: /contact?plan=... is the contact page.
  const canonical = missing ? null : new URL(url, 'http://localhost').pathname;
  return {
    html,
    page,
    data,
    status: missing ? 404 : 200,
    head: renderHead(mod.meta(params, data), data.company ?? defaultCompany, canonical, siteUrl),
  };
}

/** The whole page: the build's template (scripts/prerender.mjs) with the rendered page and its data. */
function pageDocument(template: string, { html, head, page, data }: RenderedPage): string {
  return template
    .replace('<!--app-head-->', () => head)
    .replace('<!--app-page-->', () => page)
    .replace('<!--app-html-->', () => html)
    .replace('<!--app-data-->', () => pageDataScript(data));
}

/** What the server (server/src/site/renderer.ts) and the prerender (scripts/prerender.mjs) use. */
export const ssrEntry = { render, pageData, pagePaths, pageDocument, sitemapXml, robotsTxt } satisfies SsrEntry;
