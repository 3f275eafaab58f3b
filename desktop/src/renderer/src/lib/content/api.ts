/**
 * The content API of issue 10 as the console calls it: the collections of the public site, their
 * revisions, the draft preview and the site's publish state. Every call goes through lib/api, so
 * it carries the cookie session on the web and the bearer session in the desktop app.
 */
import { apiDelete, apiGet, apiPost, apiPut } from '../api';

export type ContentStatus = 'draft' | 'published';

/** An item of any collection: its own fields beside the four every item has. */
export interface ContentItem {
  _id: string;
  status: ContentStatus;
  position: number;
  updatedAt: string;
  [field: string]: unknown;
}

export interface ContentRevision {
  _id: string;
  createdAt: string;
  author: { _id: string; name: string } | null;
  item: ContentItem;
}

export interface SiteStatus {
  state: 'idle' | 'rendering';
  lastPublishedAt: string | null;
  lastDurationMs: number | null;
  pagesRendered: number;
}

/** What an item is sent as: its fields, status and position (never its id or timestamps). */
export type ContentBody = Record<string, unknown>;

const enc = encodeURIComponent;
export const contentPaths = {
  collection: (c: string) => `/api/content/${enc(c)}`,
  item: (c: string, id: string) => `/api/content/${enc(c)}/${enc(id)}`,
  revisions: (c: string, id: string) => `/api/content/${enc(c)}/${enc(id)}/revisions`,
  restore: (c: string, id: string, revisionId: string) => `/api/content/${enc(c)}/${enc(id)}/revisions/${enc(revisionId)}/restore`,
  preview: (c: string, id: string) => `/api/content/${enc(c)}/${enc(id)}/preview`,
  siteStatus: '/api/site/status',
};

interface ItemAnswer {
  message: string;
  item: ContentItem;
}

export const contentApi = {
  list: (c: string) => apiGet<ContentItem[]>(contentPaths.collection(c)),
  create: (c: string, body: ContentBody) => apiPost<ItemAnswer>(contentPaths.collection(c), body),
  update: (c: string, id: string, body: ContentBody) => apiPut<ItemAnswer>(contentPaths.item(c, id), body),
  remove: (c: string, id: string) => apiDelete<{ message: string }>(contentPaths.item(c, id)),
  revisions: (c: string, id: string) => apiGet<ContentRevision[]>(contentPaths.revisions(c, id)),
  restore: (c: string, id: string, revisionId: string) => apiPost<ItemAnswer>(contentPaths.restore(c, id, revisionId)),
  preview: (c: string, id: string) => apiGet<string>(contentPaths.preview(c, id)),
  siteStatus: () => apiGet<SiteStatus>(contentPaths.siteStatus),
};

/** The body a stored item is sent back as, with some fields changed. */
export function bodyOf(item: ContentItem, changes: ContentBody = {}): ContentBody {
  const { _id: _omitId, updatedAt: _omitUpdated, createdAt: _omitCreated, ...fields } = item;
  return { ...fields, ...changes };
}
