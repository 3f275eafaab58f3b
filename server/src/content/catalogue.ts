/**
 * The published services the dashboard counts (Total Services, Services by Category) and the
 * content changes it lists, read from the site's content (`content_items`).
 */
import type { DataSource } from 'typeorm';
import { seedAuthor } from './revisions.js';
import { contentCollectionLabels, type CategoryKey, type ContentCollection } from '@kafue/common/vocabulary';

export interface PublishedService {
  title: string;
  category: CategoryKey;
  /** When it was added in the console (the dashboard's change against last month); none for the seed. */
  publishedAt?: Date;
}

export async function publishedServices(db: DataSource): Promise<PublishedService[]> {
  const rows = await db.query<{ title: string; category: CategoryKey; created_at: Date | null }[]>(
    `SELECT fields->>'title' AS title, fields->>'category' AS category,
            CASE WHEN EXISTS (SELECT 1 FROM content_revisions r WHERE r.item_id = i.id AND r.author_id IS NULL AND r.author_name = $1)
                 THEN NULL ELSE created_at END AS created_at
       FROM content_items i WHERE collection = 'services' AND status = 'published'`,
    [seedAuthor],
  );
  return rows.map((r) => ({ title: r.title, category: r.category, publishedAt: r.created_at ?? undefined }));
}

export interface ContentChange {
  id: string;
  user: string;
  action: string;
  at: Date;
}

/** The latest content saves by an admin (the seed's revisions, by nobody, are left out). */
export async function recentContentChanges(db: DataSource, limit: number): Promise<ContentChange[]> {
  const rows = await db.query<{ id: string; author_name: string; created_at: Date; collection: ContentCollection; label: string | null }[]>(
    `SELECT r.id, r.author_name, r.created_at, i.collection,
            coalesce(r.snapshot->'fields'->>'title', r.snapshot->'fields'->>'name', r.snapshot->'fields'->>'question') AS label
       FROM content_revisions r JOIN content_items i ON i.id = r.item_id
      WHERE r.author_id IS NOT NULL
      ORDER BY r.created_at DESC LIMIT $1`,
    [limit],
  );
  return rows.map((r) => ({
    id: r.id,
    user: r.author_name,
    action: `edited ${contentCollectionLabels[r.collection]}${r.label ? `: ${r.label}` : ''}`,
    at: r.created_at,
  }));
}
