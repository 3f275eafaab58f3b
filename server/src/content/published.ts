/**
 * The site's content as the pages show it, read from the database, and the notification that
 * tells every server process that it changed.
 */
import type { DataSource, EntityManager } from 'typeorm';
import type { SiteContent } from '@kafue/common/contract';
import type { CompanyProfile } from '@kafue/common/company';
import type { HeroSettings } from '@kafue/common/hero';
import type { SiteMedia } from '@kafue/common/media';
import { categoryKeys, contentCollections, type ContentCollection } from '@kafue/common/vocabulary';
import { reindexSearch } from '../search/search.js';
import { readCompanyProfile, readHeroSettings } from '../settings/settings.js';
import { loadSiteMedia } from '../media/library.js';

/** NOTIFY channel: the payload names the collection that changed, or '*' for everything. */
export const contentChannel = 'content_changed';

/** NOTIFY channel: a scheduled change was set, cancelled or applied, or everything changed (schedule.ts). */
export const scheduleChannel = 'content_schedule';

/**
 * Tells every process listening, when the transaction commits, that a collection changed ('*': the
 * company profile too, which every page shows); the search index follows in the same transaction.
 * Everything changed (a restore) may have brought other scheduled changes: the schedulers look again.
 */
export async function notifyContentChanged(m: EntityManager | DataSource, collection: ContentCollection | '*'): Promise<void> {
  await reindexSearch(m, [collection]);
  await m.query(`SELECT pg_notify($1, $2)`, [contentChannel, collection]);
  if (collection === '*') await m.query(`SELECT pg_notify($1, '')`, [scheduleChannel]);
}

export function emptyContent(): SiteContent {
  return Object.fromEntries(contentCollections.map((c) => [c, []])) as unknown as SiteContent;
}

/**
 * Every published item of `collections` with its id, in the site's order (services by category,
 * then position). `include` names one more item to show whatever its status (the preview of a draft).
 */
export async function loadPublishedItems(
  db: DataSource,
  collections: readonly ContentCollection[],
  include?: string,
): Promise<{ id: string; collection: ContentCollection; fields: Record<string, unknown> }[]> {
  return db.query(
    `SELECT id, collection, fields FROM content_items
      WHERE (status = 'published' OR id = $2) AND collection = ANY($3::text[])
      ORDER BY collection, CASE WHEN collection = 'services' THEN array_position($1::text[], fields->>'category') END, position, created_at, id`,
    [categoryKeys, include ?? null, collections],
  );
}

/**
 * Every published item, fields only, in the site's order, the company's contact points, which
 * every page shows, the home page's hero, and the media library's files pages may show; `include`
 * names one more item to show whatever its status, with the fields given (the preview: its pending
 * or unsaved changes).
 */
export async function loadSiteContent(
  db: DataSource,
  include?: { id: string; fields: Record<string, unknown> },
): Promise<SiteContent & { company: CompanyProfile; hero: HeroSettings; media: Record<string, SiteMedia> }> {
  const [company, hero, media] = await Promise.all([readCompanyProfile(db), readHeroSettings(db), loadSiteMedia(db)]);
  const rows = await loadPublishedItems(db, contentCollections, include?.id);
  const content = emptyContent() as Record<ContentCollection, unknown[]>;
  for (const row of rows) content[row.collection].push(row.id === include?.id ? include.fields : row.fields);
  return { ...(content as unknown as SiteContent), company, hero, media };
}
