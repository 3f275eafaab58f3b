/**
 * The content API as the console calls it: the collections of the public site, their
 * order, revisions and the draft preview. Every call goes through lib/api, so
 * it carries the cookie session on the web and the bearer session in the desktop app.
 */
import { api, type ContentRevision, type ContentOrderBody, type ContentStatus, type MessageAnswer } from '@kafue/common/contract';
import { apiDelete, apiGet, apiPost, apiPut } from '../../lib/api';

/**
 * An item of any collection (the contract's ContentItem), its fields read by name: the editors
 * are one component for all collections, the fields named by each collection's spec.
 */
export type ContentItem = { _id: string; status: ContentStatus; position: number; updatedAt: string } & Record<string, unknown>;
export type Revision = Omit<ContentRevision, 'item'> & { item: ContentItem };
type ItemAnswer = MessageAnswer & { item: ContentItem };

/** What an item is sent as: its fields, status and position (never its id or timestamps). */
export type ContentBody = Record<string, unknown>;

export const contentApi = {
  list: (c: string) => apiGet<ContentItem[]>(api.content(c)),
  create: (c: string, body: ContentBody) => apiPost<ItemAnswer>(api.content(c), body),
  update: (c: string, id: string, body: ContentBody) => apiPut<ItemAnswer>(api.contentItem(c, id), body),
  remove: (c: string, id: string) => apiDelete<MessageAnswer>(api.contentItem(c, id)),
  /** The collection's items in their new order (every id, once); answers the list as `list` does. */
  reorder: (c: string, ids: string[]) => apiPut<ContentItem[]>(api.contentOrder(c), { ids } satisfies ContentOrderBody),
  revisions: (c: string, id: string) => apiGet<Revision[]>(api.contentRevisions(c, id)),
  restore: (c: string, id: string, revisionId: string) => apiPost<ItemAnswer>(api.contentRestore(c, id, revisionId)),
  /** The public page with the item as saved: HTML text. */
  preview: (c: string, id: string) => apiGet<string>(api.contentPreview(c, id)),
};

/** The body a stored item is sent back as, with some fields changed. */
export function bodyOf(item: ContentItem, changes: ContentBody = {}): ContentBody {
  const { _id: _omitId, updatedAt: _omitUpdated, ...fields } = item;
  return { ...fields, ...changes };
}
