/**
 * The content tables' rows as the domain reads and writes them: an item (content_items) and its
 * saved versions (content_revisions). Each write of an item is followed by its revision, in the
 * caller's transaction.
 */
import type { DataSource, EntityManager } from 'typeorm';
import type { ContentItem } from '@kafue/common/schemas';
import { categoryKeys, type ContentCollection, type ContentStatus } from '@kafue/common/vocabulary';
import { notFound } from '../http/errors.js';

export interface ItemRow {
  id: string;
  status: ContentStatus;
  position: number;
  fields: Record<string, unknown>;
  /** Pending changes: fields saved but not live, or null. */
  draft: Record<string, unknown> | null;
  updated_at: Date;
}

/** An item as a revision keeps it. */
export interface Snapshot {
  status: ContentStatus;
  position: number;
  fields: Record<string, unknown>;
}

/** Who saved a revision (id null: an admin since deleted, whose change was scheduled). */
export interface Author {
  id: string | null;
  name: string;
}

const itemColumns = 'id, status, position, fields, draft, updated_at';

/** An item as the API answers it: its stored fields passed the collection's schema when saved. */
export const toItem = (row: ItemRow): ContentItem =>
  ({
    _id: row.id,
    status: row.status,
    position: row.position,
    updatedAt: row.updated_at.toISOString(),
    ...row.fields,
    draft: row.draft,
  }) as ContentItem;

/** Every item of the collection in the console's order: services by category (in the site's order), then position. */
export async function selectItems(db: DataSource | EntityManager, collection: ContentCollection, lock = false): Promise<ItemRow[]> {
  return db.query<ItemRow[]>(
    `SELECT ${itemColumns} FROM content_items WHERE collection = $1
      ORDER BY CASE WHEN collection = 'services' THEN array_position($2::text[], fields->>'category') END, position, created_at, id
      ${lock ? 'FOR UPDATE' : ''}`,
    [collection, categoryKeys],
  );
}

/** The item, locked for the rest of the transaction; 404 when the collection holds no such id. */
export async function lockItem(m: EntityManager, collection: ContentCollection, id: string): Promise<ItemRow> {
  const [row] = await m.query<ItemRow[]>(`SELECT ${itemColumns} FROM content_items WHERE id = $1 AND collection = $2 FOR UPDATE`, [
    id,
    collection,
  ]);
  if (!row) throw notFound();
  return row;
}

/** The item's id, fields and pending changes, unlocked; 404 when the collection holds no such id. */
export async function findItem(
  db: DataSource,
  collection: ContentCollection,
  id: string,
): Promise<Pick<ItemRow, 'id' | 'fields' | 'draft'>> {
  const [row] = await db.query<Pick<ItemRow, 'id' | 'fields' | 'draft'>[]>(
    `SELECT id, fields, draft FROM content_items WHERE id = $1 AND collection = $2`,
    [id, collection],
  );
  if (!row) throw notFound();
  return row;
}

/** Where a new item (or a service moved to another category) goes: after the last one. */
export async function nextPosition(m: EntityManager, collection: ContentCollection, fields: Record<string, unknown>): Promise<number> {
  const [{ next }] = await m.query<[{ next: number }]>(
    `SELECT coalesce(max(position) + 1, 0)::int AS next FROM content_items
      WHERE collection = $1 AND ($2::text IS NULL OR fields->>'category' = $2)`,
    [collection, collection === 'services' ? String(fields.category) : null],
  );
  return next;
}

export async function insertItem(m: EntityManager, collection: ContentCollection, s: Snapshot): Promise<ItemRow> {
  const [row] = await m.query<ItemRow[]>(
    `INSERT INTO content_items (collection, status, position, fields) VALUES ($1, $2, $3, $4) RETURNING ${itemColumns}`,
    [collection, s.status, s.position, JSON.stringify(s.fields)],
  );
  return row;
}

export async function writeItem(m: EntityManager, id: string, s: Snapshot): Promise<ItemRow> {
  const [[row]] = await m.query<[ItemRow[], number]>(
    `UPDATE content_items SET status = $2, position = $3, fields = $4, updated_at = now() WHERE id = $1 RETURNING ${itemColumns}`,
    [id, s.status, s.position, JSON.stringify(s.fields)],
  );
  return row;
}

/** Stores the item's pending changes (null: none); the live fields stay as they are. */
export async function writeDraft(m: EntityManager, id: string, draft: Record<string, unknown> | null): Promise<ItemRow> {
  const [[row]] = await m.query<[ItemRow[], number]>(`UPDATE content_items SET draft = $2 WHERE id = $1 RETURNING ${itemColumns}`, [
    id,
    draft && JSON.stringify(draft),
  ]);
  return row;
}

export async function deleteItemRow(m: EntityManager, id: string): Promise<void> {
  await m.query(`DELETE FROM content_items WHERE id = $1`, [id]);
}

export async function saveRevision(m: EntityManager, itemId: string, author: Author, snapshot: Snapshot): Promise<void> {
  await m.query(`INSERT INTO content_revisions (item_id, author_id, author_name, snapshot) VALUES ($1, $2, $3, $4)`, [
    itemId,
    author.id,
    author.name.slice(0, 100),
    JSON.stringify(snapshot),
  ]);
}
