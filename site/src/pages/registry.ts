import type { ComponentType } from 'react';
import type { PageData } from '@kafue/common/ssr';
import type { PageMeta } from '../content/meta';
import type { PageKey } from '@kafue/common/pages';

export interface PageModule {
  default: ComponentType;
  meta: (params: Record<string, string | undefined>, data: PageData) => PageMeta;
}

/** Each page is its own chunk, so a route loads only its own code and content. */
const loaders: Record<PageKey, () => Promise<PageModule>> = {
  home: () => import('./Home'),
  services: () => import('./Services'),
  pricing: () => import('./Pricing'),
  about: () => import('./About'),
  contact: () => import('./Contact'),
  serviceDetail: () => import('./ServiceDetail'),
  insights: () => import('./Insights'),
  article: () => import('./Article'),
  legal: () => import('./Legal'),
  search: () => import('./Search'),
  notFound: () => import('./NotFound'),
  newsletter: () => import('./Newsletter'),
};

const loaded = new Map<PageKey, PageModule>();
const pending = new Map<PageKey, Promise<PageModule>>();

export function loadPage(key: PageKey): Promise<PageModule> {
  let p = pending.get(key);
  if (!p) {
    p = loaders[key]().then((m) => {
      loaded.set(key, m);
      return m;
    });
    pending.set(key, p);
  }
  return p;
}

/** The page's module if it is already loaded (always true for the page being hydrated). */
export function loadedPage(key: PageKey): PageModule | undefined {
  return loaded.get(key);
}
