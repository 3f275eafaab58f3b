/**
 * What the site's SSR build (site/src/entry-server.tsx) offers the server, which renders the
 * public pages with it, and the data a page carries. Types only.
 */
import type { CompanyProfile } from './company';
import type { ContactNote } from './contact-form';
import type { ArticleSummary, ServiceFields, SiteContent } from './content';
import type { NewsletterNote } from './newsletter';
import type { HeroSettings } from './hero';
import type { SiteMedia } from './media';
import type { PageKey } from './pages';
import type { CategoryKey } from './vocabulary';
import type { ResolvedSelection } from './requests';
import type { SearchAnswer } from './search';

/**
 * What the pages are rendered from: the published collections, the company's contact points and the
 * home page's hero (the server reads them all; the site's own build has the seed and the defaults).
 */
export type SiteSource = SiteContent & { company?: CompanyProfile; hero?: HeroSettings; media?: Record<string, SiteMedia> };

/** What one page shows of the collections; a service page carries just its service. */
export type PageData = Partial<Omit<SiteContent, 'insights'>> & {
  /** The home page's teasers: the newest articles, without their bodies. */
  insights?: ArticleSummary[];
  /** A list of articles (/insights...): one page of cards, the categories to filter by, where it is in the paging. */
  articleList?: ArticleList;
  /** An article's page: the article with its body as safe HTML (rendered on the server), and its related articles. */
  article?: ArticleSummary & { html: string };
  related?: ArticleSummary[];
  /** Every page: the company's contact points (top bar, footer, JSON-LD). */
  company?: CompanyProfile;
  /** The home page: its hero's video (without it, defaultHero's). */
  hero?: HeroSettings;
  /** The media library's files the page's content names, by id (absent when it names none). */
  media?: Record<string, SiteMedia>;
  service?: ServiceFields;
  /** A deleted service's address (410 Gone): the category it was in, which the page links to. */
  goneFrom?: CategoryKey;
  /** The contact page: the note after a form sent without JavaScript. */
  contactNote?: ContactNote;
  /** The newsletter's pages: the outcome of a sign-up, confirmation or unsubscription, rendered by the server. */
  newsletterNote?: NewsletterNote;
  /** A page as the server serves it: when it was rendered, the `startedAt` its forms (contact, newsletter) send without JavaScript. */
  startedAt?: number;
  /** The contact page: what the call to action that led here chose, resolved by the server. */
  request?: ResolvedSelection;
  /** A legal page (/privacy, /terms, /cookies): its body as HTML, rendered from Markdown on the server. */
  legalPage?: { title: string; updated: string; html: string };
  /** The search page as the server rendered it for a query. */
  search?: SearchAnswer;
};

export interface ArticleList {
  articles: ArticleSummary[];
  /** Every category with a published article, by name, in the order of their newest article. */
  categories: string[];
  /** The category shown (undefined: every article). */
  category?: string;
  page: number;
  pages: number;
}

export interface RenderedPage {
  html: string;
  head: string;
  page: PageKey;
  /** 200, or 404 for the 404 page and for a service that does not exist. */
  status: 200 | 404;
}

/** The exports of the SSR build's entry the server and the site's prerender use. */
export interface SsrEntry {
  /** Renders one URL with its page's data. */
  render(url: string, data: PageData, siteUrl?: string): Promise<RenderedPage>;
  /** What the page at `url` shows of the content: the data it is rendered with. */
  pageData(url: string, content: SiteSource): PageData;
  /** Every page of the site with this content (the 404 page aside). */
  pagePaths(content: SiteContent): string[];
  /** The whole HTML document: the build's template with the rendered page. */
  pageDocument(template: string, rendered: RenderedPage): string;
  sitemapXml(paths: readonly string[], siteUrl?: string): string;
  robotsTxt(siteUrl?: string): string;
  /** The RSS 2.0 feed of the newest articles (served at articleFeedPath). */
  feedXml(content: SiteContent, siteUrl?: string): string;
}
