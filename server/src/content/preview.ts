/** The draft preview: the public page an item appears on, with the published content and this item as saved. */
import type { DataSource } from 'typeorm';
import type { SiteContent } from '@kafue/common/contract';
import type { ContentCollection } from '@kafue/common/vocabulary';
import { loadSiteContent } from './published.js';
import { findItem } from './store.js';

/** The public page an item appears on (a service: its own page, at its place among the published ones). */
async function previewPath(db: DataSource, collection: ContentCollection, item: { id: string; fields: Record<string, unknown> }): Promise<string> {
  switch (collection) {
    case 'services': {
      const category = String(item.fields.category);
      const ids = await db.query<{ id: string }[]>(
        `SELECT id FROM content_items WHERE collection = 'services' AND (status = 'published' OR id = $1)
            AND fields->>'category' = $2 ORDER BY position, created_at, id`,
        [item.id, category],
      );
      return `/service/${encodeURIComponent(category)}/${ids.findIndex((r) => r.id === item.id)}`;
    }
    case 'faqs':
      return item.fields.page === 'pricing' ? '/projects' : '/services';
    case 'plans':
    case 'addons':
    case 'projectPrices':
      return '/projects';
    default:
      return '/';
  }
}

/** What the preview renders: the page's path, and the content to render it with (a draft shows where it would appear). */
export async function previewOf(db: DataSource, collection: ContentCollection, id: string): Promise<{ path: string; content: SiteContent }> {
  const item = await findItem(db, collection, id);
  return { path: await previewPath(db, collection, item), content: await loadSiteContent(db, item.id) };
}
