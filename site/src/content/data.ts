/**
 * The collections' content (services, plans, add-ons, project prices, FAQs, testimonials,
 * insights) reaches the pages at render time, never through the JavaScript bundles: the server
 * (or the site's own build) renders each page with its data, which stays there (no script in the
 * browser reads it).
 */
import { createContext, use } from 'react';
import { defaultCompany, type CompanyProfile } from '@kafue/common/company';
import type { ServiceFields, SiteContent } from '@kafue/common/contract';
import type { PageData } from '@kafue/common/ssr';
import type { CategoryKey } from '@kafue/common/vocabulary';
import { isServicePosition } from '@kafue/common/service-addresses';
import { useLocation } from '../router';
import { matchPage } from '@kafue/common/pages';

/** The page data of a page key (the server knows one page; the browser every page it has seen). */
export const PageDataSource = createContext<(key: string) => PageData>(() => ({}));

/**
 * Which address a page's data belongs to: its pathname, and for the contact page its query too,
 * where the server resolved the selection a call to action put there (the search page's query
 * is its results).
 */
export const pageDataKey = (pathname: string, search: string) =>
  search && ['contact', 'search'].includes(matchPage(pathname).page) ? pathname + search : pathname;
export const PageDataContext = createContext<PageData>({});

export function useCollection<C extends keyof SiteContent>(collection: C): SiteContent[C] {
  return (use(PageDataContext)[collection] ?? []) as SiteContent[C];
}

/** The company's contact points, as the page was rendered with them (the layout around the page reads them too). */
export function useCompany(): CompanyProfile {
  const { pathname } = useLocation();
  return use(PageDataSource)(pathname).company ?? defaultCompany;
}

/** A category's services, in order: /service/{category}/{index in this list} answers with one. */
export const servicesIn = (services: readonly ServiceFields[], category: CategoryKey) => services.filter((s) => s.category === category);

/** The service at /service/{category}/{key}, from the page's data: `key` is its slug or its position in the category. */
export function findService(data: PageData, category: string | undefined, key: string | undefined): ServiceFields | undefined {
  if (!category || !key) return undefined;
  const position = isServicePosition(key);
  if (data.services) {
    const inCategory = servicesIn(data.services, category as CategoryKey);
    return position ? inCategory[Number(key)] : inCategory.find((s) => s.slug === key);
  }
  const { service } = data;
  return service?.category === category && (position || service.slug === key) ? service : undefined;
}
