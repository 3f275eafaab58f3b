/**
 * What the site's SSR build (site/src/entry-server.tsx) offers the server, which renders the
 * public pages with it, and the data a page carries for hydration. Types only.
 */
import type { CompanyProfile } from './company';
import type { ContactNote } from './contact-form';
import type { NewsletterNote } from './newsletter';
import type { ServiceFields, SiteContent } from './content';
import type { PageKey } from './pages';
import type { ResolvedSelection } from './requests';

/**
 * What the pages are rendered from: the published collections and the company's contact points
 * (the server reads both; the site's own build has the seed and, without `company`, defaultCompany).
 */
export type SiteSource = SiteContent & { company?: CompanyProfile };

/** What one page shows of the collections; a service page carries just its service. */
export type PageData = Partial<SiteContent> & {
  /** Every page: the company's contact points (top bar, footer, JSON-LD). */
  company?: CompanyProfile;
  service?: ServiceFields;
  /** The contact page: the note after a form sent without JavaScript. */
  contactNote?: ContactNote;
  /** The newsletter's pages: the outcome of a sign-up, confirmation or unsubscription, rendered by the server. */
  newsletterNote?: NewsletterNote;
  /** A page as the server serves it: when it was rendered, the `startedAt` its forms (contact, newsletter) send without JavaScript. */
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
