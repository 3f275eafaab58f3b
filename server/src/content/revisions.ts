/** An item's saved versions: its history, and making an old version current again. */
import type { DataSource } from 'typeorm';
import type { ContentRevision } from '@kafue/common/schemas';
import type { ContentCollection } from '@kafue/common/vocabulary';
import { diff, type AuditRecorder } from '../audit/audit.js';
import { notFound } from '../http/errors.js';
import { followAddress } from '../redirects/redirects.js';
import { settleSlug } from './articles.js';
import { auditAction, auditTarget, flat } from './auditing.js';
import { notifyContentChanged } from './published.js';
import { findItem, lockItem, saveRevision, toItem, writeItem, type Author, type Snapshot } from './store.js';

/**
 * The author name of the revisions migration Content seeded (by nobody): the content as it was
 * when it moved into the database. The migration keeps its own frozen copy of this name.
 */
export const seedAuthor = 'Initial content';

/** The item's newest 100 revisions: its history may grow without end, the console shows the recent past. */
export async function listRevisions(db: DataSource, collection: ContentCollection, id: string): Promise<ContentRevision[]> {
  const item = await findItem(db, collection, id);
  const rows = await db.query<{ id: string; created_at: Date; author_id: string | null; author_name: string; snapshot: Snapshot }[]>(
    `SELECT id, created_at, author_id, author_name, snapshot FROM content_revisions
      WHERE item_id = $1 ORDER BY created_at DESC, id LIMIT 100`,
    [item.id],
  );
  return rows.map((r) => ({
    _id: r.id,
    createdAt: r.created_at.toISOString(),
    author: { _id: r.author_id, name: r.author_name },
    item: toItem({ id: item.id, ...r.snapshot, draft: null, updated_at: r.created_at }),
  }));
}

/** Makes the revision current, saved as a new revision equal to it: history is never rewritten. */
export async function restoreRevision(
  db: DataSource,
  collection: ContentCollection,
  id: string,
  revisionId: string,
  author: Author,
  audit: AuditRecorder,
) {
  const row = await db.transaction(async (m) => {
    const current = await lockItem(m, collection, id);
    const [revision] = await m.query<{ snapshot: Snapshot }[]>(`SELECT snapshot FROM content_revisions WHERE id = $1 AND item_id = $2`, [
      revisionId,
      current.id,
    ]);
    if (!revision) throw notFound();
    // An article's old slug may since have gone to another article: refused as when typed in the editor.
    const snapshot: Snapshot = { ...revision.snapshot, fields: await settleSlug(m, collection, revision.snapshot.fields, current.id) };
    const saved = await writeItem(m, current.id, snapshot);
    await saveRevision(m, current.id, author, snapshot);
    await followAddress(m, collection, current, snapshot);
    if (current.status === 'published' || snapshot.status === 'published') await notifyContentChanged(m, collection);
    await audit(m, {
      action: auditAction(collection, 'restore', undefined, snapshot.status),
      target: auditTarget(collection, current.id, snapshot),
      changes: diff(flat(current), flat(snapshot)),
    });
    return saved;
  });
  return toItem(row);
}
