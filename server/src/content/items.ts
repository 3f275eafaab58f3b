/**
 * The collections' items: list, add, change, delete. Every write is one transaction that also
 * saves the item's new revision, writes the call's audit row and, when visitors would see the
 * change, notifies every server process (NOTIFY on commit) to render the pages it touches.
 */
import type { DataSource, EntityManager } from 'typeorm';
import type { z } from 'zod';
import { contentBodies, type ContentItem } from '@kafue/common/schemas';
import { isContentCollection, type ContentCollection, type ContentStatus } from '@kafue/common/vocabulary';
import { diff, type AuditInput, type AuditRecorder } from '../audit/audit.js';
import { HttpError, notFound } from '../http/errors.js';
import { parseBody } from '../http/validate.js';
import { followAddress, leaveGone } from '../redirects/redirects.js';
import { checkMediaFields, contentMediaKinds } from '../media/library.js';
import { settleSlug } from './articles.js';
import { auditAction, auditTarget, flat } from './auditing.js';
import { notifyContentChanged } from './published.js';
import {
  deleteItemRow,
  insertItem,
  lockItem,
  nextPosition,
  saveRevision,
  selectItems,
  toItem,
  writeItem,
  type Author,
  type ItemRow,
  type Snapshot,
} from './store.js';

/** The collection a path names; 404 for any other name. */
export function collectionNamed(name: string | undefined): ContentCollection {
  if (!name || !isContentCollection(name)) throw notFound();
  return name;
}

/** The legal pages are three fixed items (privacy, terms, cookies): edited, never added, deleted or given another page. */
export const fixedCollectionRefusal =
  'The legal pages are fixed: edit the Privacy Policy, Terms of Service or Cookie Policy that are there.';
const fixedCollections: readonly ContentCollection[] = ['legalPages'];

function refuseFixed(collection: ContentCollection): void {
  if (fixedCollections.includes(collection)) throw new HttpError(409, fixedCollectionRefusal);
}

export interface ItemInput {
  status?: ContentStatus;
  position?: number;
  fields: Record<string, unknown>;
}

/** The body of a write, validated with its collection's schema: the item's fields, and its state. */
export function parseItemBody(collection: ContentCollection, body: unknown): ItemInput {
  const schema = contentBodies[collection] as z.ZodType<{ status?: ContentStatus; position?: number } & Record<string, unknown>>;
  const { status, position, ...fields } = parseBody(schema, body);
  return { status, position, fields };
}

export async function listItems(db: DataSource, collection: ContentCollection): Promise<ContentItem[]> {
  return (await selectItems(db, collection)).map(toItem);
}

/** A new item: a draft unless it says published, after the last one unless it gives a position. */
export async function createItem(db: DataSource, collection: ContentCollection, input: ItemInput, author: Author, audit: AuditRecorder) {
  refuseFixed(collection);
  const { status = 'draft', position } = input;
  const row = await db.transaction(async (m) => {
    const fields = await settleSlug(m, collection, input.fields);
    await checkMediaFields(m, fields, contentMediaKinds(collection));
    const snapshot: Snapshot = { status, position: position ?? (await nextPosition(m, collection, fields)), fields };
    const inserted = await insertItem(m, collection, snapshot);
    await saveRevision(m, inserted.id, author, snapshot);
    if (status === 'published') await notifyContentChanged(m, collection);
    await audit(m, {
      action: auditAction(collection, 'create', undefined, status),
      target: auditTarget(collection, inserted.id, snapshot),
      changes: diff(null, flat(snapshot)),
    });
    return inserted;
  });
  return toItem(row);
}

/** The item's new fields; its status and position stay unless given (a service moved to another category goes last in it). */
export async function updateItem(
  db: DataSource,
  collection: ContentCollection,
  id: string,
  input: ItemInput,
  author: Author,
  audit: AuditRecorder,
) {
  const row = await db.transaction(async (m) => changeItem(m, collection, await lockItem(m, collection, id), input, author, audit));
  return toItem(row);
}

/** A legal page keeps its key: it is one of the fixed pages. */
export function refuseNewKey(collection: ContentCollection, current: ItemRow, fields: Record<string, unknown>): void {
  if (current.fields.key !== fields.key) refuseFixed(collection);
}

/**
 * Writes the locked item's new version (an edit, its pending changes published, or a scheduled
 * change at its time, recorded as the scheduler: schedule.ts), in the caller's transaction: its revision, its audit row, and the notification when visitors see it.
 */
export async function changeItem(
  m: EntityManager,
  collection: ContentCollection,
  current: ItemRow,
  input: ItemInput,
  author: Author,
  audit: (m: EntityManager, input: AuditInput) => Promise<void>,
): Promise<ItemRow> {
  const { status, position } = input;
  const fields = await settleSlug(m, collection, input.fields, current.id);
  await checkMediaFields(m, fields, contentMediaKinds(collection));
  refuseNewKey(collection, current, fields);
  const movedCategory = collection === 'services' && current.fields.category !== fields.category;
  const snapshot: Snapshot = {
    status: status ?? current.status,
    position: position ?? (movedCategory ? await nextPosition(m, collection, fields) : current.position),
    fields,
  };
  const saved = await writeItem(m, current.id, snapshot);
  await saveRevision(m, current.id, author, snapshot);
  await followAddress(m, collection, current, snapshot);
  if (current.status === 'published' || snapshot.status === 'published') await notifyContentChanged(m, collection);
  await audit(m, {
    action: auditAction(collection, 'update', current.status, snapshot.status),
    target: auditTarget(collection, current.id, snapshot),
    changes: diff(flat(current), flat(snapshot)),
  });
  return saved;
}

/** Deletes the item and its revisions. */
export async function deleteItem(db: DataSource, collection: ContentCollection, id: string, audit: AuditRecorder): Promise<void> {
  refuseFixed(collection);
  await db.transaction(async (m) => {
    const current = await lockItem(m, collection, id);
    await deleteItemRow(m, current.id);
    await leaveGone(m, collection, current);
    if (current.status === 'published') await notifyContentChanged(m, collection);
    await audit(m, {
      action: auditAction(collection, 'delete', undefined, current.status),
      target: auditTarget(collection, current.id, current),
      changes: diff(flat(current), null),
    });
  });
}
