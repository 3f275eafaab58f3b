/**
 * The public site's content: /api/content/{collection}, its items, their order, revisions and
 * preview, and /api/site/status. What each call does is the content module's (content/).
 */
import type { Context } from 'koa';
import { contentMessages, messages } from '@kafue/common/contract';
import { endpoints } from '@kafue/common/endpoints';
import { collectionNamed, createItem, deleteItem, listItems, parseItemBody, updateItem } from '../content/items.js';
import { discardDraft, publishDraft, saveDraft } from '../content/drafts.js';
import { reorderItems } from '../content/order.js';
import { previewOf } from '../content/preview.js';
import { listRevisions, restoreRevision } from '../content/revisions.js';
import {
  createShareLink,
  listShareLinks,
  revokeShareLink,
  sharedItem,
  sharedPreviewFailure,
  withPreviewBanner,
} from '../content/share-links.js';
import type { AppDeps } from '../deps.js';
import { endpoint, type Endpoint } from '../web/endpoint.js';
import { parseId } from '../http/validate.js';

/**
 * A preview is a page with the site's scripts on the API's origin, unpublished: the browser opens
 * it as a sandbox (a unique origin, no scripts) under the site's own directives, nothing keeps a
 * copy, and search engines skip it.
 */
function previewHeaders(ctx: Context): void {
  ctx.type = 'text/html; charset=utf-8';
  ctx.set('Cache-Control', 'no-store');
  const sitePolicy = ctx.response.get('Content-Security-Policy');
  ctx.set('Content-Security-Policy', sitePolicy ? `sandbox; ${sitePolicy}` : 'sandbox');
  ctx.set('X-Robots-Tag', 'noindex, nofollow');
}

export function contentEndpoints({ db, site, config }: AppDeps): Endpoint[] {
  return [
    // Before the item's DELETE, whose :collection would otherwise take "share-links".
    endpoint({
      ...endpoints.revokeShareLink,
      access: 'editor',
      async handle({ params, audit }) {
        await revokeShareLink(db, params.id, audit);
        return { message: messages.shareLinkRevoked };
      },
    }),
    endpoint({
      ...endpoints.listContent,
      access: 'anyAdmin',
      handle: async ({ params }) => listItems(db, collectionNamed(params.collection)),
    }),
    endpoint({
      ...endpoints.createContent,
      access: 'editor',
      async handle({ ctx, params, principal, audit }) {
        const collection = collectionNamed(params.collection);
        const item = await createItem(db, collection, parseItemBody(collection, ctx.request.body), principal, audit);
        ctx.status = 201;
        return { message: contentMessages(collection).added, item };
      },
    }),
    // Before the item's PUT, whose :id would otherwise take "order".
    endpoint({
      ...endpoints.reorderContent,
      access: 'editor',
      async handle({ params, body, principal, audit }) {
        const collection = collectionNamed(params.collection);
        await reorderItems(db, collection, body.ids, principal, audit);
        return listItems(db, collection);
      },
    }),
    endpoint({
      ...endpoints.updateContent,
      access: 'editor',
      async handle({ ctx, params, principal, audit }) {
        const collection = collectionNamed(params.collection);
        const item = await updateItem(db, collection, params.id, parseItemBody(collection, ctx.request.body), principal, audit);
        return { message: contentMessages(collection).updated, item };
      },
    }),
    endpoint({
      ...endpoints.deleteContent,
      access: 'editor',
      async handle({ params, audit }) {
        const collection = collectionNamed(params.collection);
        await deleteItem(db, collection, params.id, audit);
        return { message: contentMessages(collection).deleted };
      },
    }),
    endpoint({
      ...endpoints.listContentRevisions,
      access: 'anyAdmin',
      handle: async ({ params }) => listRevisions(db, collectionNamed(params.collection), params.id),
    }),
    endpoint({
      ...endpoints.restoreContentRevision,
      access: 'editor',
      async handle({ params, principal, audit }) {
        const collection = collectionNamed(params.collection);
        const item = await restoreRevision(db, collection, params.id, parseId(params.revisionId), principal, audit);
        return { message: contentMessages(collection).updated, item };
      },
    }),
    endpoint({
      ...endpoints.previewContent,
      access: 'anyAdmin',
      async handle({ ctx, params }) {
        const { path, content } = await previewOf(db, collectionNamed(params.collection), params.id);
        const html = await site.renderWith(path, content);
        previewHeaders(ctx);
        return html;
      },
    }),
    endpoint({
      ...endpoints.previewContentChanges,
      access: 'anyAdmin',
      unaudited: 'a preview renders the fields posted and saves nothing',
      async handle({ ctx, params }) {
        const collection = collectionNamed(params.collection);
        const { fields } = parseItemBody(collection, ctx.request.body);
        const { path, content } = await previewOf(db, collection, params.id, fields);
        const html = await site.renderWith(path, content);
        previewHeaders(ctx);
        return html;
      },
    }),
    endpoint({
      ...endpoints.saveContentDraft,
      access: 'editor',
      async handle({ ctx, params, audit }) {
        const collection = collectionNamed(params.collection);
        const item = await saveDraft(db, collection, params.id, parseItemBody(collection, ctx.request.body).fields, audit);
        return { message: messages.draftSaved, item };
      },
    }),
    endpoint({
      ...endpoints.publishContentDraft,
      access: 'editor',
      async handle({ params, principal, audit }) {
        const item = await publishDraft(db, collectionNamed(params.collection), params.id, principal, audit);
        return { message: messages.draftPublished, item };
      },
    }),
    endpoint({
      ...endpoints.discardContentDraft,
      access: 'editor',
      async handle({ params, audit }) {
        const item = await discardDraft(db, collectionNamed(params.collection), params.id, audit);
        return { message: messages.draftDiscarded, item };
      },
    }),
    endpoint({
      ...endpoints.createShareLink,
      access: 'editor',
      async handle({ ctx, params, body, principal, audit }) {
        const link = await createShareLink(db, collectionNamed(params.collection), params.id, body, principal, config.publicUrl, audit);
        ctx.status = 201;
        return link;
      },
    }),
    endpoint({
      ...endpoints.listShareLinks,
      access: 'anyAdmin',
      handle: async ({ params }) => listShareLinks(db, collectionNamed(params.collection), params.id),
    }),
    endpoint({
      ...endpoints.viewSharedPreview,
      access: 'public',
      refusedInMaintenance: true,
      async handle({ ctx, params }) {
        const shared = await sharedItem(db, params.token);
        previewHeaders(ctx);
        if (shared === undefined || shared === 'expired') {
          ctx.status = shared ? 410 : 404;
          return sharedPreviewFailure(shared ? messages.shareLinkExpired : messages.shareLinkNotFound);
        }
        const { path, content } = await previewOf(db, shared.collection, shared.id, shared.fields);
        return withPreviewBanner(await site.renderWith(path, content));
      },
    }),
    endpoint({
      ...endpoints.getSiteStatus,
      access: 'anyAdmin',
      handle: async () => site.status(),
    }),
  ];
}
