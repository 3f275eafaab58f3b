/** The draft preview: the public page an item appears on, with the published content and this item as saved. */
import type { SiteSource } from '@kafue/common/ssr';
import { articlePath } from '@kafue/common/articles';
import type { ServiceFields } from '@kafue/common/contract';
import { servicePath } from '@kafue/common/service-addresses';
import type { DataSource } from 'typeorm';
import { pageCollections, pageRoutes, type PageKey } from '@kafue/common/pages';
import { faqPages, type ContentCollection } from '@kafue/common/vocabulary';
import { loadSiteContent } from './published.js';
import { findItem } from './store.js';

/** The path of the first page, in route order, that shows the collection and takes no parameters. */
function collectionPagePath(collection: ContentCollection): string {
  const route = pageRoutes.find((r) => !r.path.includes(':') && pageCollections[r.page].includes(collection));
  return route?.path ?? '/';
}

/** The path of a page that takes no parameters. */
const pagePath = (page: PageKey) => pageRoutes.find((r) => r.page === page)?.path ?? '/';

/**
 * The public page an item appears on: its collection's page, but a service has its own page (at
 * its permanent address), an article too, and an FAQ shows on the page its `page` field names.
 */
function previewPath(collection: ContentCollection, fields: Record<string, unknown>): string {
  if (collection === 'services') return servicePath(fields as ServiceFields);
  if (collection === 'insights' && typeof fields.slug === 'string') return articlePath(fields.slug);
  // A legal page is the page its key names.
  if (collection === 'legalPages') return `/${String(fields.key)}`;
  const faqPage = faqPages.find((page) => page === fields.page);
  if (collection === 'faqs' && faqPage) return pagePath(faqPage);
  return collectionPagePath(collection);
}

/**
 * What the preview renders: the page's path, and the content to render it with, the item shown
 * with `fields` when given (unsaved changes), else its pending changes, else as saved (a draft
 * shows where it would appear).
 */
export async function previewOf(
  db: DataSource,
  collection: ContentCollection,
  id: string,
  fields?: Record<string, unknown>,
): Promise<{ path: string; content: SiteSource }> {
  const item = await findItem(db, collection, id);
  const shown = fields ?? item.draft ?? item.fields;
  return { path: previewPath(collection, shown), content: await loadSiteContent(db, { id: item.id, fields: shown }) };
}
