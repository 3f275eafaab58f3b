/**
 * A service's addresses: its permanent one, /service/{category}/{slug}, and the specification's
 * positional one, /service/{category}/{index}. Plain values, no zod or React: the site, the
 * console and the server share them.
 */
import { slugRule } from './articles';

/** The longest service slug. */
export const serviceSlugMax = 80;
/** The rule of a service's slug: digits alone are the positional address's (/service/Web/2). */
export const serviceSlugRule = `${slugRule('website-creation')} Not a number alone (such as 2): add a word, e.g. "plan-2".`;
/** A key of /service/{category}/{key} that is a position (the specification's address), not a slug. */
export const isServicePosition = (key: string) => /^\d+$/.test(key);

/** A service's permanent address, /service/{category}/{slug}: it does not change when services are reordered. */
export const servicePath = (service: { category: string; slug: string }) => `/service/${service.category}/${service.slug}`;

/** The Services page showing one category's services in its browser. */
export const servicesInCategoryPath = (category: string) => `/services?category=${encodeURIComponent(category)}#services`;
