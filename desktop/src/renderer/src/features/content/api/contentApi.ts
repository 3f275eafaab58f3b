/**
 * The content API as the console calls it: the collections of the public site, their order,
 * revisions and the draft preview, each a call of common's table, typed by its schemas.
 */
import { calls } from '@kafue/common/calls';
import type { ContentBody, ContentCollection, ContentItem, ContentStatus, ShareLinkBody } from '@kafue/common/contract';
import { call } from '../../../lib/api';

export const contentApi = {
  list: (collection: ContentCollection) => call(calls.listContent, { params: { collection } }),
  create: (collection: ContentCollection, body: ContentBody) => call(calls.createContent, { params: { collection }, body }),
  update: (collection: ContentCollection, id: string, body: ContentBody) => call(calls.updateContent, { params: { collection, id }, body }),
  remove: (collection: ContentCollection, id: string) => call(calls.deleteContent, { params: { collection, id } }),
  /** The collection's items in their new order (every id, once); answers the list as `list` does. */
  reorder: (collection: ContentCollection, ids: string[]) => call(calls.reorderContent, { params: { collection }, body: { ids } }),
  revisions: (collection: ContentCollection, id: string) => call(calls.listContentRevisions, { params: { collection, id } }),
  restore: (collection: ContentCollection, id: string, revisionId: string) =>
    call(calls.restoreContentRevision, { params: { collection, id, revisionId } }),
  /** The public page with the item as the form has it, saved or not: HTML text. */
  preview: (collection: ContentCollection, id: string, body: ContentBody) =>
    call(calls.previewContentChanges, { params: { collection, id }, body }),
  /** Pending changes of a published item: stored beside it, put live, or dropped. */
  saveDraft: (collection: ContentCollection, id: string, body: ContentBody) =>
    call(calls.saveContentDraft, { params: { collection, id }, body }),
  publishDraft: (collection: ContentCollection, id: string) => call(calls.publishContentDraft, { params: { collection, id } }),
  discardDraft: (collection: ContentCollection, id: string) => call(calls.discardContentDraft, { params: { collection, id } }),
  shareLinks: (collection: ContentCollection, id: string) => call(calls.listShareLinks, { params: { collection, id } }),
  share: (collection: ContentCollection, id: string, body: ShareLinkBody) =>
    call(calls.createShareLink, { params: { collection, id }, body }),
  revokeShareLink: (id: string) => call(calls.revokeShareLink, { params: { id } }),
};

/** The body a stored item is sent back as, with its status changed (its pending changes stay pending). */
export function bodyOf(item: ContentItem, status: ContentStatus): ContentBody {
  const { _id: _omitId, updatedAt: _omitUpdated, draft: _omitDraft, ...fields } = item;
  return { ...fields, status };
}

/** The item as its editor starts: its pending changes over its live fields. */
export function editedValues(item: ContentItem): ContentItem {
  return item.draft ? ({ ...item, ...item.draft } as ContentItem) : item;
}
