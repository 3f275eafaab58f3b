/** The draft preview: the public page an item appears on, with the published content and this item as saved. */
import type { SiteSource } from '@kafue/common/ssr';
import { articlePath } from '@kafue/common/articles';
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
 * its place among the published ones), an article too, and an FAQ shows on the page its `page` field names.
 */
async function previewPath(
  db: DataSource,
  collection: ContentCollection,
  item: { id: string; fields: Record<string, unknown> },
): Promise<string> {
  if (collection === 'services') {
    const category = String(item.fields.category);
    const ids = await db.query<{ id: string }[]>(
      `SELECT id FROM content_items WHERE collection = 'services' AND (status = 'published' OR id = $1)
          AND fields->>'category' = $2 ORDER BY position, created_at, id`,
      [item.id, category],
    );
    return `/service/${encodeURIComponent(category)}/${ids.findIndex((r) => r.id === item.id)}`;
  }
  if (collection === 'insights' && typeof item.fields.slug === 'string') return articlePath(item.fields.slug);
  // A legal page is the page its key names.
  if (collection === 'legalPages') return `/${String(item.fields.key)}`;
  const faqPage = faqPages.find((page) => page === item.fields.page);
  if (collection === 'faqs' && faqPage) return pagePath(faqPage);
  return collectionPagePath(collection);
}

/** What the preview renders: the page's path, and the content to render it with (a draft shows where it would appear). */
export async function previewOf(db: DataSource, collection: ContentCollection, id: string): Promise<{ path: string; content: SiteSource }> {
  const item = await findItem(db, collection, id);
  return { path: await previewPath(db, collection, item), content: await loadSiteContent(db, item.id) };
}
