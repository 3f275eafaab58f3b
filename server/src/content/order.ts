/** A collection's new order, as one change: one transaction, one revision per moved item, one audit row, one render. */
import type { DataSource } from 'typeorm';
import { messages } from '@kafue/common/contract';
import { contentOrderRefusal } from '@kafue/common/schemas';
import type { ContentCollection } from '@kafue/common/vocabulary';
import type { AuditChanges, AuditRecorder } from '../audit/audit.js';
import { HttpError } from '../http/errors.js';
import { auditResources } from './auditing.js';
import { notifyContentChanged } from './published.js';
import { saveRevision, selectItems, writeItem, type Author, type ItemRow } from './store.js';

/** Positions count from 0 in the given order: within the collection, for services within their category. */
function positionsOf(collection: ContentCollection, ordered: ItemRow[]): Map<string, number> {
  const counters = new Map<unknown, number>();
  const positions = new Map<string, number>();
  for (const row of ordered) {
    const scope = collection === 'services' ? row.fields.category : collection;
    const position = counters.get(scope) ?? 0;
    positions.set(row.id, position);
    counters.set(scope, position + 1);
  }
  return positions;
}

/**
 * Gives the collection's items the order of `ids`, which must name every item (any status) once:
 * 400 on `ids` otherwise. Only items whose position changes are written, each with its revision;
 * the site is rendered again only when a published item moved.
 */
export async function reorderItems(
  db: DataSource,
  collection: ContentCollection,
  ids: string[],
  author: Author,
  audit: AuditRecorder,
): Promise<void> {
  await db.transaction(async (m) => {
    const rows = await selectItems(m, collection, true);
    const byId = new Map(rows.map((r) => [r.id, r]));
    const wanted = ids.map((id) => id.toLowerCase());
    if (new Set(wanted).size !== wanted.length || wanted.length !== rows.length || !wanted.every((id) => byId.has(id))) {
      throw new HttpError(400, messages.invalidInput, { ids: contentOrderRefusal });
    }
    const positions = positionsOf(
      collection,
      wanted.map((id) => byId.get(id)!),
    );
    const moved = rows.filter((r) => positions.get(r.id) !== r.position);
    if (moved.length === 0) return audit.none('the order is unchanged');
    const changes: AuditChanges = {};
    for (const row of moved) {
      const snapshot = { status: row.status, position: positions.get(row.id)!, fields: row.fields };
      await writeItem(m, row.id, snapshot);
      await saveRevision(m, row.id, author, snapshot);
      changes[row.id] = { old: row.position, new: snapshot.position };
    }
    if (moved.some((r) => r.status === 'published')) await notifyContentChanged(m, collection);
    await audit(m, {
      action: `${auditResources[collection]}.reorder`,
      target: { type: auditResources[collection], id: null, label: collection },
      changes,
    });
  });
}
