/**
 * The public site's content: /api/content/{collection}, its items, their order, revisions and
 * preview, and /api/site/status. What each call does is the content module's (content/).
 */
import { contentMessages } from '@kafue/common/contract';
import { endpoints } from '@kafue/common/endpoints';
import { collectionNamed, createItem, deleteItem, listItems, parseItemBody, updateItem } from '../content/items.js';
import { reorderItems } from '../content/order.js';
import { previewOf } from '../content/preview.js';
import { listRevisions, restoreRevision } from '../content/revisions.js';
import type { AppDeps } from '../deps.js';
import { endpoint, type Endpoint } from '../web/endpoint.js';
import { parseId } from '../http/validate.js';

export function contentEndpoints({ db, site }: AppDeps): Endpoint[] {
  return [
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
        ctx.type = 'text/html; charset=utf-8';
        ctx.set('Cache-Control', 'no-store');
        // A page with the site's scripts on the API's origin: the browser opens it as a sandbox
        // (a unique origin, no scripts), under the site's own directives, and search engines skip it.
        const sitePolicy = ctx.response.get('Content-Security-Policy');
        ctx.set('Content-Security-Policy', sitePolicy ? `sandbox; ${sitePolicy}` : 'sandbox');
        ctx.set('X-Robots-Tag', 'noindex, nofollow');
        return html;
      },
    }),
    endpoint({
      ...endpoints.getSiteStatus,
      access: 'anyAdmin',
      handle: async () => site.status(),
    }),
  ];
}
