import { renderToString } from 'react-dom/server';
import type { SiteContent } from '@kafue/common/contract';
import { matchPage } from '@kafue/common/pages';
import { defaultCompany } from '@kafue/common/company';
import { defaultHero } from '@kafue/common/hero';
import type { PageData, RenderedPage, SiteSource, SsrEntry } from '@kafue/common/ssr';
import { articleListPath, articlePath, articlesPerPage, categorySlug, newestFirst, relatedArticles } from '@kafue/common/articles';
import type { ArticleSummary, InsightFields } from '@kafue/common/contract';
import { categoryKeys } from '@kafue/common/vocabulary';
import { isServicePosition, servicePath } from '@kafue/common/service-addresses';
import { renderMarkdown } from '@kafue/common/markdown';
import { confirmSubscriptionPath, subscribePath, unsubscribePath } from '@kafue/common/newsletter';
import { StaticRouter } from './router';
import { App } from './App';
import { PageDataSource, findService, servicesIn } from './content/data';
import { pages } from './pages/registry';
import { feedXml, robotsTxt, sitemapXml, renderHead } from './seo';

export { seedContent } from '@kafue/common/content-seed';

/** The newsletter's pages: prerendered, but reached from a form or a mail, so neither indexed nor in the sitemap. */
const newsletterPaths = [subscribePath, confirmSubscriptionPath, unsubscribePath];

/**
 * Paths of the public routes, prerendered and listed in the sitemap (the search page is rendered
 * for each query; the newsletter's pages are left out of the sitemap).
 */
const staticPaths = ['/', '/services', '/projects', '/about', '/contact', ...newsletterPaths];

/**
 * Every service detail path: its permanent address (/service/{category}/{slug}), and the
 * specification's positional one (/service/{category}/{index within the category}), which the
 * sitemap leaves out: its canonical link is the permanent address.
 */
function serviceDetailPaths(content: Pick<SiteContent, 'services'>): string[] {
  const permanent = content.services.map(servicePath);
  const positional = categoryKeys.flatMap((category) => servicesIn(content.services, category).map((_, i) => `/service/${category}/${i}`));
  return [...permanent, ...positional];
}

/** A positional service address (not in the sitemap). */
const isPositionalServicePath = (path: string) => {
  const { page, params } = matchPage(path);
  return page === 'serviceDetail' && isServicePosition(params.key ?? '');
};

/** An article as a card shows it: everything but the body. */
const summary = ({ body: _body, ...card }: InsightFields): ArticleSummary => card;

/** The categories with articles, in the order of their newest article. */
const categoriesOf = (newest: readonly InsightFields[]) => [...new Set(newest.map((a) => a.category))];

const pageCount = (n: number) => Math.max(1, Math.ceil(n / articlesPerPage));

/** The list pages (every article's, each category's, paged) and every article's page. */
function articlePaths(content: Pick<SiteContent, 'insights'>): string[] {
  const newest = newestFirst(content.insights);
  const lists = [undefined, ...categoriesOf(newest)].flatMap((category) => {
    const count = category ? newest.filter((a) => a.category === category).length : newest.length;
    return Array.from({ length: pageCount(count) }, (_, i) => articleListPath(category, i + 1));
  });
  return [...lists, ...newest.map((a) => articlePath(a.slug))];
}

/** Every page of the site with this content (the 404 page aside), as prerendered and in the sitemap. */
const pagePaths = (content: SiteContent): string[] => [
  ...staticPaths,
  // A legal page unpublished is not a page (it answers 404).
  ...content.legalPages.map((p) => `/${p.key}`),
  ...serviceDetailPaths(content),
  ...articlePaths(content),
];

/** One list page of articles; {} for a category or page that has none (the page then answers 404). */
function articleListData(content: SiteContent, categoryKey: string | undefined, pageParam: string | undefined): PageData {
  const newest = newestFirst(content.insights);
  const categories = categoriesOf(newest);
  const category = categoryKey === undefined ? undefined : categories.find((c) => categorySlug(c) === categoryKey);
  if (categoryKey !== undefined && !category) return {};
  const page = pageParam === undefined ? 1 : /^[1-9]\d{0,5}$/.test(pageParam) ? Number(pageParam) : 0;
  const shown = category ? newest.filter((a) => a.category === category) : newest;
  const pages = pageCount(shown.length);
  // Page 1 has no number in its address: /insights/page/1 is not a page of its own.
  if (page < 1 || page > pages || pageParam === '1') return {};
  const articles = shown.slice((page - 1) * articlesPerPage, page * articlesPerPage).map(summary);
  return { articleList: { articles, categories, category, page, pages } };
}

/** An article's page: its body rendered to safe HTML here, on the server, never in the browser. */
function articleData(content: SiteContent, slug: string | undefined): PageData {
  const article = content.insights.find((a) => a.slug === slug);
  if (!article) return {};
  const related = relatedArticles(newestFirst(content.insights), article.slug).map(summary);
  // The page's h1 is the title: the body's headings start at h2 (markdown-it escapes any typed tag).
  const html = renderMarkdown(article.body).replace(/<(\/?)h1>/g, '<$1h2>');
  return { article: { ...summary(article), html }, related };
}

/** What the page at `url` shows of the content, and carries as its data: every page shows the company's contact points. */
function pageData(url: string, content: SiteSource): PageData {
  const shown = collectionsShown(url, content);
  return { ...shown, company: content.company ?? defaultCompany, ...mediaNamedBy(shown, content.media) };
}

/** The files of the media library that the page's data names (by id, anywhere in it): none, no `media` key. */
function mediaNamedBy(shown: PageData, media: SiteSource['media'] = {}): Pick<PageData, 'media'> {
  const text = JSON.stringify(shown);
  const named = Object.entries(media).filter(([id]) => text.includes(`"${id}"`));
  return named.length ? { media: Object.fromEntries(named) } : {};
}

function collectionsShown(url: string, content: SiteSource): PageData {
  const { page, params } = matchPage(url);
  switch (page) {
    case 'home':
      return {
        testimonials: content.testimonials,
        insights: newestFirst(content.insights).slice(0, 3).map(summary),
        hero: content.hero ?? defaultHero,
      };
    case 'services':
      return { services: content.services, faqs: content.faqs.filter((f) => f.page === 'services') };
    case 'pricing':
      return {
        plans: content.plans,
        addons: content.addons,
        projectPrices: content.projectPrices,
        faqs: content.faqs.filter((f) => f.page === 'pricing'),
      };
    case 'insights':
      return articleListData(content, params.category, params.page);
    case 'article':
      return articleData(content, params.slug);
    case 'legal': {
      const legal = content.legalPages.find((p) => `/${p.key}` === new URL(url, 'http://localhost').pathname.replace(/\/+$/, ''));
      return legal ? { legalPage: { title: legal.title, updated: legal.updated, html: renderMarkdown(legal.body) } } : {};
    }
    case 'serviceDetail': {
      const service = findService(content, params.category, params.key);
      return service ? { service } : {};
    }
    default:
      return {};
  }
}

/**
 * Renders one URL with its page's data. A page whose meta says notFound (the 404 page, a service
 * or article that does not exist...) answers 404; it, and a noindex page, have no canonical link.
 */
async function render(url: string, data: PageData, siteUrl?: string): Promise<RenderedPage> {
  const { page, params } = matchPage(new URL(url, 'http://localhost').pathname);
  const mod = pages[page];
  const html = renderToString(
    <PageDataSource value={() => data}>
      <StaticRouter location={url}>
        <App />
      </StaticRouter>
    </PageDataSource>,
  );
  // Each page's meta says whether its address shows anything (a service, an article... that
  // exists) and whether it is a page of its own for search engines.
  const meta = mod.meta(params, data);
  // The canonical address leaves the query out: /contact?plan=... is the contact page.
  // A page answering at more than one address (a service's position) names its own.
  const canonical = meta.notFound || meta.noindex ? null : (meta.canonical ?? new URL(url, 'http://localhost').pathname);
  return {
    html,
    page,
    status: meta.notFound ? 404 : 200,
    head: renderHead(meta, data.company ?? defaultCompany, canonical, siteUrl),
  };
}

/**
 * The whole page: the build's template (scripts/prerender.mjs) with the rendered page. Its data
 * stays on the server: no script in the browser reads it (islands read the markup they enhance).
 */
function pageDocument(template: string, { html, head, page }: RenderedPage): string {
  return template
    .replace('<!--app-head-->', () => head)
    .replace('<!--app-page-->', () => page)
    .replace('<!--app-html-->', () => html);
}

/** What the server (server/src/site/renderer.ts) and the prerender (scripts/prerender.mjs) use. */
export const ssrEntry = {
  render,
  pageData,
  pagePaths,
  pageDocument,
  sitemapXml: (paths, siteUrl) =>
    sitemapXml(
      paths.filter((path) => !newsletterPaths.includes(path) && !isPositionalServicePath(path)),
      siteUrl,
    ),
  robotsTxt,
  feedXml,
} satisfies SsrEntry;
