/**
 * The collections as the site shipped them before they moved into the database (common's
 * seedContent), in the shapes the site's tests and its own build use. Never imported by a page or
 * component: the JavaScript bundles carry no collection content (see data.ts).
 */
import { seedContent } from '@kafue/common/content-seed';
import { categoryKeys, type CategoryKey } from '@kafue/common/vocabulary';
import { findService as findIn, servicesIn } from './data';
import { pricingFaqText } from './pricing';
import { servicesFaqText } from './services-page';

export { seedContent };

/** Every service, grouped by category; a service's URL is /service/{category}/{index}. */
export const servicesByCategory = Object.fromEntries(categoryKeys.map((c) => [c, servicesIn(seedContent.services, c)])) as Record<
  CategoryKey,
  typeof seedContent.services
>;

/** Looks a service up by category and zero-based position, as the detail route does. */
export const findService = (category: string | undefined, index: string | undefined) => findIn(seedContent, category, index);

/** Every service detail path, for prerendering and the sitemap. */
export const serviceDetailPaths = (): string[] =>
  Object.entries(servicesByCategory).flatMap(([category, list]) => list.map((_, i) => `/service/${category}/${i}`));

export const plans = seedContent.plans;
export const addOns = seedContent.addons;
export const projectGroups = seedContent.projectPrices.map(({ key, ...group }) => ({ id: key, ...group }));
export const pricingFaq = { heading: pricingFaqText.heading, items: seedContent.faqs.filter((f) => f.page === 'pricing') };
export const servicesFaq = { heading: servicesFaqText.heading, items: seedContent.faqs.filter((f) => f.page === 'services') };
export const testimonials = seedContent.testimonials.map((t, i) => ({ id: i + 1, ...t }));
export const blogTeasers = seedContent.insights.map((t, i) => ({ id: i + 1, ...t }));
