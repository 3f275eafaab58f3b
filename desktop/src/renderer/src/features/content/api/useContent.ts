/**
 * The collections' server data through the console's data layer, shared by every collection
 * editor (Manage Services, Site Content): list, save, publish, delete, reorder, history, restore.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  contentMessages,
  messages,
  type ContentBody,
  type ContentCollection,
  type ContentItem,
  type ShareLinkBody,
} from '@kafue/common/contract';
import { ApiFailure, unwrap } from '../../../lib/api';
import { failureToast, toast } from '../../../lib/toast';
import { contentApi } from './contentApi';
import { publicChangeMade } from '../../../lib/publishing';

/** The toasts of one collection's editor: services have their own words, the others Saved / Deleted and the server's message. */
export function contentTexts(collection: string) {
  const m = contentMessages(collection);
  return {
    ...m,
    saveFailed: m.saveFailed ?? messages.somethingWentWrong,
    deleteFailed: m.deleteFailed ?? messages.somethingWentWrong,
    loadFailed: collection === 'services' ? 'Failed to load services' : 'Failed to load content',
  };
}

export const listKey = (collection: ContentCollection) => ['content', collection];
const revisionsKey = (collection: ContentCollection, id: string) => ['content', collection, id, 'revisions'];

export function useContentList(collection: ContentCollection) {
  const texts = contentTexts(collection);
  return useQuery({
    queryKey: listKey(collection),
    queryFn: () => unwrap(contentApi.list(collection)),
    meta: { failureToast: { fallback: texts.loadFailed } },
  });
}

/** Whether saving `after` over `before` changes what visitors see (a draft's edits do not). */
function seenByVisitors(before: ContentItem | null, after: ContentBody | null): boolean {
  return before?.status === 'published' || after?.status === 'published';
}

export interface SaveRequest {
  /** The stored item, or null to add one. */
  editing: ContentItem | null;
  body: ContentBody;
}

/**
 * Whether a save keeps the edit as pending changes: an edit of a published item that stays
 * published (visitors see the published version until the changes are published).
 */
export const savesPending = ({ editing, body }: SaveRequest) => editing?.status === 'published' && body.status === 'published';

function saveCall(collection: ContentCollection, request: SaveRequest) {
  const { editing, body } = request;
  if (!editing) return contentApi.create(collection, body);
  return savesPending(request) ? contentApi.saveDraft(collection, editing._id, body) : contentApi.update(collection, editing._id, body);
}

/**
 * Adds or updates an item (an edit of a published item is kept as pending changes); the answer's
 * item replaces the stored one in the list at once.
 */
export function useSaveItem(collection: ContentCollection, onSaved?: (item: ContentItem) => void) {
  const client = useQueryClient();
  const texts = contentTexts(collection);
  return useMutation({
    mutationFn: (request: SaveRequest) => unwrap(saveCall(collection, request)),
    onSuccess(answer, request) {
      const { editing, body } = request;
      const pending = savesPending(request);
      toast('success', pending ? messages.draftSaved : editing ? texts.updated : texts.added);
      if (!pending && seenByVisitors(editing, body)) publicChangeMade();
      onSaved?.(answer.item);
      void client.invalidateQueries({ queryKey: revisionsKey(collection, answer.item._id) });
      return client.invalidateQueries({ queryKey: listKey(collection), exact: true });
    },
    onError: (error) => failureToast(error, texts.saveFailed),
  });
}

export function useDeleteItem(collection: ContentCollection) {
  const client = useQueryClient();
  const texts = contentTexts(collection);
  return useMutation({
    mutationFn: (item: ContentItem) => unwrap(contentApi.remove(collection, item._id)),
    onSuccess(_, item) {
      toast('success', texts.deleted);
      if (item.status === 'published') publicChangeMade();
      client.setQueryData<ContentItem[]>(listKey(collection), (list) => list?.filter((i) => i._id !== item._id));
      return client.invalidateQueries({ queryKey: listKey(collection), exact: true });
    },
    onError: (error) => failureToast(error, texts.deleteFailed),
  });
}

export interface MoveRequest {
  /** The collection's items as listed. */
  list: ContentItem[];
  item: ContentItem;
  /** The neighbour in its group it changes places with: the one above (moving up) or below (moving down). */
  other: ContentItem;
  direction: 'up' | 'down';
}

/** The list's ids with `item` and `other` in each other's place: every other item keeps its place. */
const swapped = ({ list, item, other }: MoveRequest) =>
  list.map((i) => (i._id === item._id ? other._id : i._id === other._id ? item._id : i._id));

/** Moves an item one place: the collection's new order is saved as one change, and its answer is the new list. */
export function useMoveItem(collection: ContentCollection) {
  const client = useQueryClient();
  const texts = contentTexts(collection);
  return useMutation({
    mutationFn: (request: MoveRequest) => unwrap(contentApi.reorder(collection, swapped(request))),
    onSuccess(list, { item, other }) {
      toast('success', texts.updated);
      if (item.status === 'published' || other.status === 'published') publicChangeMade();
      client.setQueryData<ContentItem[]>(listKey(collection), list);
    },
    onError: (error) => failureToast(error, texts.saveFailed),
    onSettled: () => client.invalidateQueries({ queryKey: listKey(collection), exact: true }),
  });
}

export function useRevisions(collection: ContentCollection, id: string | null) {
  return useQuery({
    queryKey: revisionsKey(collection, id ?? ''),
    queryFn: () => unwrap(contentApi.revisions(collection, id ?? '')),
    enabled: id !== null,
  });
}

/** Makes a revision current (the server records it as a new revision). */
export function useRestoreRevision(collection: ContentCollection, onRestored?: (item: ContentItem) => void) {
  const client = useQueryClient();
  const texts = contentTexts(collection);
  return useMutation({
    mutationFn: ({ item, revisionId }: { item: ContentItem; revisionId: string }) =>
      unwrap(contentApi.restore(collection, item._id, revisionId)),
    onSuccess(answer, { item }) {
      toast('success', texts.updated);
      if (seenByVisitors(item, answer.item)) publicChangeMade();
      onRestored?.(answer.item);
      void client.invalidateQueries({ queryKey: revisionsKey(collection, item._id) });
      return client.invalidateQueries({ queryKey: listKey(collection), exact: true });
    },
    onError: (error) => failureToast(error, texts.saveFailed),
  });
}

/** Publishes the item's pending changes, or drops them; the answer's item replaces the stored one. */
export function useDraftAction(collection: ContentCollection, action: 'publish' | 'discard', onDone?: (item: ContentItem) => void) {
  const client = useQueryClient();
  const texts = contentTexts(collection);
  return useMutation({
    mutationFn: (item: ContentItem) =>
      unwrap(action === 'publish' ? contentApi.publishDraft(collection, item._id) : contentApi.discardDraft(collection, item._id)),
    onSuccess(answer) {
      toast('success', answer.message);
      if (action === 'publish') publicChangeMade();
      onDone?.(answer.item);
      void client.invalidateQueries({ queryKey: revisionsKey(collection, answer.item._id) });
      return client.invalidateQueries({ queryKey: listKey(collection), exact: true });
    },
    onError: (error) => failureToast(error, texts.saveFailed),
  });
}

/** The public page with the item as the form has it (saved or not), HTML text, never cached. */
export function usePreview(collection: ContentCollection, id: string, body: ContentBody) {
  return useQuery({
    queryKey: ['content', collection, id, 'preview', body],
    queryFn: () => unwrap(contentApi.preview(collection, id, body)),
    gcTime: 0,
    staleTime: 0,
  });
}

const shareLinksKey = (collection: ContentCollection, id: string) => ['content', collection, id, 'share-links'];

export function useShareLinks(collection: ContentCollection, id: string) {
  return useQuery({ queryKey: shareLinksKey(collection, id), queryFn: () => unwrap(contentApi.shareLinks(collection, id)) });
}

export function useCreateShareLink(collection: ContentCollection, id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ShareLinkBody) => unwrap(contentApi.share(collection, id, body)),
    onSuccess: () => client.invalidateQueries({ queryKey: shareLinksKey(collection, id) }),
    onError: (error) => failureToast(error, messages.somethingWentWrong),
  });
}

export function useRevokeShareLink(collection: ContentCollection, id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (linkId: string) => unwrap(contentApi.revokeShareLink(linkId)),
    onSuccess(answer) {
      toast('success', answer.message);
      return client.invalidateQueries({ queryKey: shareLinksKey(collection, id) });
    },
    onError: (error) => failureToast(error, messages.somethingWentWrong),
  });
}

/** The per-field errors of a failed save (the server's 400), for the form to show. */
export function serverFieldErrors(error: unknown): Record<string, string> {
  return error instanceof ApiFailure ? (error.result.errors ?? {}) : {};
}
