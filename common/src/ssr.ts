/**
 * What the site's SSR build (site/src/entry-server.tsx) offers the server, which renders the
 * public pages with it, and the data a page carries for hydration. Types only.
 */
import type { CompanyProfile } from './company';
import type { ContactNote } from './contact-form';
import type { HeroSettings } from './hero';
import type { ServiceFields, SiteContent } from './content';
import type { PageKey } from './pages';
import type { ResolvedSelection } from './requests';

/**
 * What the pages are rendered from: the published collections, the company's contact points and the
 * home page's hero (the server reads them all; the site's own build has the seed and the defaults).
 */
export type SiteSource = SiteContent & { company?: CompanyProfile; hero?: HeroSettings };

/** What one page shows of the collections; a service page carries just its service. */
export type PageData = Partial<SiteContent> & {
  /** Every page: the company's contact points (top bar, footer, JSON-LD). */
  company?: CompanyProfile;
  /** The home page: its hero's video (without it, defaultHero's). */
  hero?: HeroSettings;
  service?: ServiceFields;
  /** The contact page: the note after a form sent without JavaScript. */
  contactNote?: ContactNote;
  /** The contact page as the server serves it: when it was rendered, the form's `startedAt` without JavaScript. */
  startedAt?: number;
  /** The contact page: what the call to action that led here chose, resolved by the server. */
  request?: ResolvedSelection;
};

export interface RenderedPage {
  html: string;
  head: string;
  page: PageKey;
  data: PageData;
  /** 200, or 404 for the 404 page and for a service that does not exist. */
  status: 200 | 404;
}

/** The exports of the SSR build's entry the server and the site's prerender use. */
export interface SsrEntry {
  /** Renders one URL with its page's data. */
  render(url: string, data: PageData, siteUrl?: string): Promise<RenderedPage>;
  /** What the page at `url` shows of the content, and carries for hydration. */
  pageData(url: string, content: SiteSource): PageData;
  /** Every page of the site with this content (the 404 page aside). */
  pagePaths(content: SiteContent): string[];
  /** The whole HTML document: the build's template with the rendered page and its data. */
  pageDocument(template: string, rendered: RenderedPage): string;
  sitemapXml(paths: readonly string[], siteUrl?: string): string;
  robotsTxt(siteUrl?: string): string;
}
