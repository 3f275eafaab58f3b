import type { ComponentType } from 'react';
import type { PageData } from '@kafue/common/ssr';
import type { PageMeta } from '../content/meta';
import type { PageKey } from '@kafue/common/pages';
import * as home from './Home';
import * as services from './Services';
import * as pricing from './Pricing';
import * as about from './About';
import * as contact from './Contact';
import * as serviceDetail from './ServiceDetail';
import * as insights from './Insights';
import * as article from './Article';
import * as legal from './Legal';
import * as search from './Search';
import * as notFound from './NotFound';
import * as newsletter from './Newsletter';

export interface PageModule {
  default: ComponentType;
  meta: (params: Record<string, string | undefined>, data: PageData) => PageMeta;
}

/** Every page, by key: rendered on the server only (what runs in the browser is src/islands/). */
export const pages: Record<PageKey, PageModule> = {
  home,
  services,
  pricing,
  about,
  contact,
  serviceDetail,
  insights,
  article,
  legal,
  search,
  notFound,
  newsletter,
};
