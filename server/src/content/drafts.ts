/**
 * An item's pending changes: fields saved beside the live ones, which visitors keep seeing until
 * the changes are published (then they are the item's new version, like any edit) or discarded.
 */
import type { DataSource } from 'typeorm';
import { messages } from '@kafue/common/contract';
import type { ContentCollection } from '@kafue/common/vocabulary';
import { diff, type AuditRecorder } from '../audit/audit.js';
import { HttpError } from '../http/errors.js';
import { settleSlug } from './articles.js';
import { auditResources, auditTarget } from './auditing.js';
import { changeItem, refuseNewKey } from './items.js';
import { lockItem, toItem, writeDraft, type Author, type ItemRow } from './store.js';

/** The item's pending changes, 404 when it has none. */
function draftOf(row: ItemRow): Record<string, unknown> {
  if (!row.draft) throw new HttpError(404, messages.noDraft);
  return row.draft;
}

/** Stores `fields` (validated with the collection's schema) as the item's pending changes, replacing any. */
export async function saveDraft(
  db: DataSource,
  collection: ContentCollection,
  id: string,
  fields: Record<string, unknown>,
  audit: AuditRecorder,
) {
  const row = await db.transaction(async (m) => {
    const current = await lockItem(m, collection, id);
    // Refused now, as the same edit saved live would be, rather than when it is published.
    const draft = await settleSlug(m, collection, fields, current.id);
    refuseNewKey(collection, current, draft);
    const saved = await writeDraft(m, current.id, draft);
    await audit(m, {
      action: `${auditResources[collection]}.draft_save`,
      target: auditTarget(collection, current.id, { ...current, fields: draft }),
      changes: diff(current.draft ?? current.fields, draft),
    });
    return saved;
  });
  return toItem(row);
}

/** Puts the pending changes live (the item is published with them) and clears them. */
export async function publishDraft(db: DataSource, collection: ContentCollection, id: string, author: Author, audit: AuditRecorder) {
  const row = await db.transaction(async (m) => {
    const current = await lockItem(m, collection, id);
    await changeItem(m, collection, current, { status: 'published', fields: draftOf(current) }, author, audit);
    return writeDraft(m, current.id, null);
  });
  return toItem(row);
}

/** Drops the pending changes: the item stays as it is live. */
export async function discardDraft(db: DataSource, collection: ContentCollection, id: string, audit: AuditRecorder) {
  const row = await db.transaction(async (m) => {
    const current = await lockItem(m, collection, id);
    const draft = draftOf(current);
    const saved = await writeDraft(m, current.id, null);
    await audit(m, {
      action: `${auditResources[collection]}.draft_discard`,
      target: auditTarget(collection, current.id, current),
      changes: diff(draft, current.fields),
    });
    return saved;
  });
  return toItem(row);
}
