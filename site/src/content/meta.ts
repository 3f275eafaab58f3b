import { brand } from '@kafue/common/brand';
import type { ArticleSummary, ServiceFields } from '@kafue/common/contract';
import { servicePath } from '@kafue/common/service-addresses';

export interface PageMeta {
  title: string;
  description: string;
  /** An article's page: Open Graph says so, and the head carries its Article JSON-LD. */
  article?: ArticleSummary;
  /** The page links the articles' RSS feed in its head. */
  feed?: boolean;
  /** Nothing is at this address (the 404 page, or a page whose item does not exist): it answers 404, without a canonical link. */
  notFound?: boolean;
  /** The page is not one of its own for search engines (the newsletter's pages): no canonical link, noindex. */
  noindex?: boolean;
  /** The page's own address, when another answers with it too (a service's position): its canonical link. */
  canonical?: string;
}

const suffix = ` | ${brand.company}`;

/** Title and meta description of each static public route. */
export const routeMeta = {
  home: {
    title: `${brand.company} | Web, IT & Digital Solutions in ${brand.location}`,
    description: `${brand.company} builds websites, hosts email and cloud services, runs digital marketing, IT, design, cybersecurity and CCTV for businesses in ${brand.location}. 24/7 support.`,
  },
  services: {
    title: `Our Services${suffix}`,
    description:
      'Web and hosting, digital marketing, IT and office solutions, design, security, business growth tools and CCTV installation, with prices starting from $19/mo.',
  },
  pricing: {
    title: `Pricing: Monthly Plans & Project Pricing${suffix}`,
    description:
      'Simple, transparent pricing: Starter $29/month, Business $99/month and Enterprise plans, plus fixed project prices. 30-day money back guarantee, no setup fees.',
  },
  about: {
    title: `About Us${suffix}`,
    description: `${brand.company} is a Zambian-owned digital innovation hub in ${brand.city}, helping businesses with technology since ${brand.foundedYear}.`,
  },
  contact: {
    title: `Contact Us${suffix}`,
    description: `Get in touch with ${brand.company} in ${brand.location}. Email responses within 2-4 hours during business hours, 24/7 support, free consultation calls.`,
  },
  insights: {
    title: `Articles${suffix}`,
    description: `Practical articles from ${brand.company} on websites, hosting, security, marketing and IT for businesses in ${brand.location}.`,
  },
  newsletter: {
    title: `Newsletter${suffix}`,
    description: `Confirm or end your subscription to the ${brand.company} newsletter.`,
    noindex: true,
  },
  notFound: {
    title: `Page Not Found${suffix}`,
    description: `The page you are looking for does not exist on the ${brand.company} website.`,
    notFound: true,
  },
} satisfies Record<string, PageMeta>;

/** A service page's meta: canonical on its permanent address (servicePath), whichever address answered. */
export function serviceMeta(service: ServiceFields | undefined): PageMeta {
  return service
    ? { title: `${service.title}${suffix}`, description: service.description, canonical: servicePath(service) }
    : { ...routeMeta.notFound, title: `Service Not Found${suffix}` };
}

/** A legal page's title and description: its own title, as the console edits it. */
export function legalMeta(title: string | undefined): PageMeta {
  return title
    ? { title: `${title}${suffix}`, description: `${title} of ${brand.company}: what this website collects, why, and your rights.` }
    : routeMeta.notFound;
}

/**
 * The search page: the query in its title. Crawlable, its canonical link the bare /search (the
 * query left out), so that a results page is one page for search engines, not one per query.
 */
export function searchMeta(query: string | undefined): PageMeta {
  return {
    title: query ? `Search: ${query}${suffix}` : `Search${suffix}`,
    description: `Search the ${brand.company} website: services, prices, FAQs and articles.`,
  };
}
