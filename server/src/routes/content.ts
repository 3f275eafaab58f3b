/**
 * The public site's content: /api/content/{collection}, its items, their order, revisions and
 * preview, and /api/site/status. What each call does is the content module's (content/).
 */
import { api, contentMessages } from '@kafue/common/contract';
import {
  contentChangeAnswer,
  contentItemBody,
  contentList,
  contentOrderBody,
  contentRevisionList,
  messageAnswer,
  previewPage,
  siteStatus,
} from '@kafue/common/schemas';
import { collectionNamed, createItem, deleteItem, listItems, parseItemBody, updateItem } from '../content/items.js';
import { reorderItems } from '../content/order.js';
import { previewOf } from '../content/preview.js';
import { listRevisions, restoreRevision } from '../content/revisions.js';
import type { AppDeps } from '../deps.js';
import { endpoint, type Endpoint } from '../web/endpoint.js';
import { parseId } from '../http/validate.js';

export function contentEndpoints({ db, site }: AppDeps): Endpoint[] {
  const collectionPath = '/api/content/:collection';
  const itemPath = `${collectionPath}/:id`;
  return [
    endpoint({
      method: 'GET',
      path: collectionPath,
      access: 'anyAdmin',
      answer: { 200: contentList },
      handle: async ({ params }) => listItems(db, collectionNamed(params.collection)),
    }),
    endpoint({
      method: 'POST',
      path: collectionPath,
      access: 'editor',
      documentedBody: contentItemBody,
      answer: { 201: contentChangeAnswer },
      async handle({ ctx, params, principal, audit }) {
        const collection = collectionNamed(params.collection);
        const item = await createItem(db, collection, parseItemBody(collection, ctx.request.body), principal, audit);
        ctx.status = 201;
        return { message: contentMessages(collection).added, item };
      },
    }),
    // Before the item's PUT, whose :id would otherwise take "order".
    endpoint({
      method: 'PUT',
      path: `${collectionPath}/order`,
      access: 'editor',
      body: contentOrderBody,
      answer: { 200: contentList },
      async handle({ params, body, principal, audit }) {
        const collection = collectionNamed(params.collection);
        await reorderItems(db, collection, body.ids, principal, audit);
        return listItems(db, collection);
      },
    }),
    endpoint({
      method: 'PUT',
      path: itemPath,
      access: 'editor',
      documentedBody: contentItemBody,
      answer: { 200: contentChangeAnswer },
      async handle({ ctx, params, principal, audit }) {
        const collection = collectionNamed(params.collection);
        const item = await updateItem(db, collection, params.id, parseItemBody(collection, ctx.request.body), principal, audit);
        return { message: contentMessages(collection).updated, item };
      },
    }),
    endpoint({
      method: 'DELETE',
      path: itemPath,
      access: 'editor',
      answer: { 200: messageAnswer },
      async handle({ params, audit }) {
        const collection = collectionNamed(params.collection);
        await deleteItem(db, collection, params.id, audit);
        return { message: contentMessages(collection).deleted };
      },
    }),
    endpoint({
      method: 'GET',
      path: `${itemPath}/revisions`,
      access: 'anyAdmin',
      answer: { 200: contentRevisionList },
      handle: async ({ params }) => listRevisions(db, collectionNamed(params.collection), params.id),
    }),
    endpoint({
      method: 'POST',
      path: `${itemPath}/revisions/:revisionId/restore`,
      access: 'editor',
      answer: { 200: contentChangeAnswer },
      async handle({ params, principal, audit }) {
        const collection = collectionNamed(params.collection);
        const item = await restoreRevision(db, collection, params.id, parseId(params.revisionId), principal, audit);
        return { message: contentMessages(collection).updated, item };
      },
    }),
    endpoint({
      method: 'GET',
      path: `${itemPath}/preview`,
      access: 'anyAdmin',
      answer: { 200: previewPage },
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
      method: 'GET',
      path: api.siteStatus,
      access: 'anyAdmin',
      answer: { 200: siteStatus },
      handle: async () => site.status(),
    }),
  ];
}
