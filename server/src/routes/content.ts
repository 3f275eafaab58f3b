/**
 * The public site's content (issue 10): /api/content/{collection}, its items, their revisions and
 * the preview, and /api/site/status. Every write is one transaction that also writes the item's
 * new revision and, when visitors would see the change, notifies every server process (NOTIFY
 * on commit) to render the pages it touches.
 */
import type { EntityManager } from 'typeorm';
import type { z } from 'zod';
import { api, contentMessages } from '@kafue/common/contract';
import {
  contentBodies,
  contentChangeAnswer,
  contentItemBody,
  contentList,
  contentRevisionList,
  messageAnswer,
  previewPage,
  siteStatus,
  type ContentItem,
} from '@kafue/common/schemas';
import { categoryKeys, isContentCollection, type ContentCollection, type ContentStatus } from '@kafue/common/vocabulary';
import { diff } from '../audit/audit.js';
import type { AppDeps } from '../deps.js';
import { endpoint, type Endpoint } from '../web/endpoint.js';
import { notFound } from '../http/errors.js';
import { parseBody, parseId } from '../http/validate.js';
import { loadSiteContent, notifyContentChanged } from '../site/content.js';

interface ItemRow {
  id: string;
  status: ContentStatus;
  position: number;
  fields: Record<string, unknown>;
  updated_at: Date;
}

interface Snapshot {
  status: ContentStatus;
  position: number;
  fields: Record<string, unknown>;
}

/** The body of a write, validated with its collection's schema: the item's fields, and its state. */
function parseItemBody(collection: ContentCollection, body: unknown): { status?: ContentStatus; position?: number; fields: Record<string, unknown> } {
  const schema = contentBodies[collection] as z.ZodType<{ status?: ContentStatus; position?: number } & Record<string, unknown>>;
  const { status, position, ...fields } = parseBody(schema, body);
  return { status, position, fields };
}

const toItem = (row: ItemRow): ContentItem =>
  ({ _id: row.id, status: row.status, position: row.position, updatedAt: row.updated_at.toISOString(), ...row.fields });

function collectionOf(params: Record<string, string>): ContentCollection {
  const collection = params.collection ?? '';
  if (!isContentCollection(collection)) throw notFound();
  return collection;
}

/** Services are ordered by category (in the site's order), then position; the others by position. */
const listOrder = `CASE WHEN collection = 'services' THEN array_position($2::text[], fields->>'category') END, position, created_at, id`;

/** The item, locked for the rest of the transaction; 404 when the collection holds no such id. */
/** An item's name in the audit log: its resource (service, faq, ...) and what people call it. */
const auditResources: Record<ContentCollection, string> = {
  services: 'service',
  plans: 'plan',
  addons: 'addon',
  projectPrices: 'project_price',
  faqs: 'faq',
  testimonials: 'testimonial',
  insights: 'insight',
};
function auditTarget(collection: ContentCollection, id: string, snapshot: Snapshot) {
  const { title, name, question } = snapshot.fields;
  const label = [title, name, question].find((v) => typeof v === 'string');
  return { type: auditResources[collection], id, label: typeof label === 'string' ? label : null };
}
/** `service.publish` when a write makes it visible, `.unpublish` when it hides it, else `verb`. */
function auditAction(collection: ContentCollection, verb: string, before: ContentStatus | undefined, after: ContentStatus): string {
  const resource = auditResources[collection];
  if (before !== undefined && before !== after) return `${resource}.${after === 'published' ? 'publish' : 'unpublish'}`;
  return `${resource}.${verb}`;
}
const flat = (snapshot: Snapshot) => ({ status: snapshot.status, position: snapshot.position, ...snapshot.fields });

async function lockItem(m: EntityManager, collection: ContentCollection, id: string): Promise<ItemRow> {
  const [row] = await m.query<ItemRow[]>(
    `SELECT id, status, position, fields, updated_at FROM content_items WHERE id = $1 AND collection = $2 FOR UPDATE`,
    [id, collection],
  );
  if (!row) throw notFound();
  return row;
}

/** Where a new item (or a service moved to another category) goes: after the last one. */
async function nextPosition(m: EntityManager, collection: ContentCollection, fields: Record<string, unknown>): Promise<number> {
  const [{ next }] = await m.query<[{ next: number }]>(
    `SELECT coalesce(max(position) + 1, 0)::int AS next FROM content_items
      WHERE collection = $1 AND ($2::text IS NULL OR fields->>'category' = $2)`,
    [collection, collection === 'services' ? String(fields.category) : null],
  );
  return next;
}

async function saveRevision(m: EntityManager, itemId: string, author: { id: string; name: string }, snapshot: Snapshot) {
  await m.query(`INSERT INTO content_revisions (item_id, author_id, author_name, snapshot) VALUES ($1, $2, $3, $4)`, [
    itemId,
    author.id,
    author.name.slice(0, 100),
    JSON.stringify(snapshot),
  ]);
}

async function writeItem(m: EntityManager, id: string, s: Snapshot): Promise<ItemRow> {
  const [[row]] = await m.query<[ItemRow[], number]>(
    `UPDATE content_items SET status = $2, position = $3, fields = $4, updated_at = now() WHERE id = $1
      RETURNING id, status, position, fields, updated_at`,
    [id, s.status, s.position, JSON.stringify(s.fields)],
  );
  return row;
}

/** The public page an item appears on (a service: its own page, at its place among the published ones). */
async function previewPath(db: AppDeps['db'], collection: ContentCollection, item: { id: string; fields: Record<string, unknown> }): Promise<string> {
  switch (collection) {
    case 'services': {
      const category = String(item.fields.category);
      const ids = await db.query<{ id: string }[]>(
        `SELECT id FROM content_items WHERE collection = 'services' AND (status = 'published' OR id = $1)
            AND fields->>'category' = $2 ORDER BY position, created_at, id`,
        [item.id, category],
      );
      return `/service/${encodeURIComponent(category)}/${ids.findIndex((r) => r.id === item.id)}`;
    }
    case 'faqs':
      return item.fields.page === 'pricing' ? '/projects' : '/services';
    case 'plans':
    case 'addons':
    case 'projectPrices':
      return '/projects';
    default:
      return '/';
  }
}

export function contentEndpoints({ db, site }: AppDeps): Endpoint[] {
  const collectionPath = '/api/content/:collection';
  const itemPath = `${collectionPath}/:id`;
  return [
    endpoint({
      method: 'GET',
      path: collectionPath,
      access: 'anyAdmin',
      answer: { 200: contentList },
      async handle({ params }) {
        const collection = collectionOf(params);
        const rows = await db.query<ItemRow[]>(
          `SELECT id, status, position, fields, updated_at FROM content_items WHERE collection = $1 ORDER BY ${listOrder}`,
          [collection, categoryKeys],
        );
        return rows.map(toItem);
      },
    }),
    endpoint({
      method: 'POST',
      path: collectionPath,
      access: 'editor',
      documentedBody: contentItemBody,
      answer: { 201: contentChangeAnswer },
      async handle({ ctx, params, principal, audit }) {
        const collection = collectionOf(params);
        const { status = 'draft', position, fields } = parseItemBody(collection, ctx.request.body);
        const row = await db.transaction(async (m) => {
          const snapshot: Snapshot = { status, position: position ?? (await nextPosition(m, collection, fields)), fields };
          const [inserted] = await m.query<ItemRow[]>(
            `INSERT INTO content_items (collection, status, position, fields) VALUES ($1, $2, $3, $4)
             RETURNING id, status, position, fields, updated_at`,
            [collection, snapshot.status, snapshot.position, JSON.stringify(fields)],
          );
          await saveRevision(m, inserted.id, principal, snapshot);
          if (status === 'published') await notifyContentChanged(m, collection);
          await audit(m, { action: auditAction(collection, 'create', undefined, status), target: auditTarget(collection, inserted.id, snapshot), changes: diff(null, flat(snapshot)) });
          return inserted;
        });
        ctx.status = 201;
        return { message: contentMessages(collection).added, item: toItem(row) };
      },
    }),
    endpoint({
      method: 'PUT',
      path: itemPath,
      access: 'editor',
      documentedBody: contentItemBody,
      answer: { 200: contentChangeAnswer },
      async handle({ ctx, params, principal, audit }) {
        const collection = collectionOf(params);
        const { status, position, fields } = parseItemBody(collection, ctx.request.body);
        const row = await db.transaction(async (m) => {
          const current = await lockItem(m, collection, params.id);
          const movedCategory = collection === 'services' && current.fields.category !== fields.category;
          const snapshot: Snapshot = {
            status: status ?? current.status,
            position: position ?? (movedCategory ? await nextPosition(m, collection, fields) : current.position),
            fields,
          };
          const saved = await writeItem(m, current.id, snapshot);
          await saveRevision(m, current.id, principal, snapshot);
          if (current.status === 'published' || snapshot.status === 'published') await notifyContentChanged(m, collection);
          await audit(m, {
            action: auditAction(collection, 'update', current.status, snapshot.status),
            target: auditTarget(collection, current.id, snapshot),
            changes: diff(flat(current), flat(snapshot)),
          });
          return saved;
        });
        return { message: contentMessages(collection).updated, item: toItem(row) };
      },
    }),
    endpoint({
      method: 'DELETE',
      path: itemPath,
      access: 'editor',
      answer: { 200: messageAnswer },
      async handle({ params, audit }) {
        const collection = collectionOf(params);
        await db.transaction(async (m) => {
          const current = await lockItem(m, collection, params.id);
          await m.query(`DELETE FROM content_items WHERE id = $1`, [current.id]);
          if (current.status === 'published') await notifyContentChanged(m, collection);
          await audit(m, { action: auditAction(collection, 'delete', undefined, current.status), target: auditTarget(collection, current.id, current), changes: diff(flat(current), null) });
        });
        return { message: contentMessages(collection).deleted };
      },
    }),
    endpoint({
      method: 'GET',
      path: `${itemPath}/revisions`,
      access: 'anyAdmin',
      answer: { 200: contentRevisionList },
      async handle({ params }) {
        const collection = collectionOf(params);
        const [item] = await db.query<{ id: string }[]>(`SELECT id FROM content_items WHERE id = $1 AND collection = $2`, [
          params.id,
          collection,
        ]);
        if (!item) throw notFound();
        // The newest 100: an item's history may grow without end, the console shows the recent past.
        const rows = await db.query<{ id: string; created_at: Date; author_id: string | null; author_name: string; snapshot: Snapshot }[]>(
          `SELECT id, created_at, author_id, author_name, snapshot FROM content_revisions
            WHERE item_id = $1 ORDER BY created_at DESC, id LIMIT 100`,
          [item.id],
        );
        return rows.map((r) => ({
          _id: r.id,
          createdAt: r.created_at.toISOString(),
          author: { _id: r.author_id, name: r.author_name },
          item: toItem({ id: item.id, ...r.snapshot, updated_at: r.created_at }),
        }));
      },
    }),
    endpoint({
      method: 'POST',
      path: `${itemPath}/revisions/:revisionId/restore`,
      access: 'editor',
      answer: { 200: contentChangeAnswer },
      async handle({ params, principal, audit }) {
        const collection = collectionOf(params);
        const row = await db.transaction(async (m) => {
          const current = await lockItem(m, collection, params.id);
          const [revision] = await m.query<{ snapshot: Snapshot }[]>(
            `SELECT snapshot FROM content_revisions WHERE id = $1 AND item_id = $2`,
            [parseId(params.revisionId), current.id],
          );
          if (!revision) throw notFound();
          // A new revision, equal to the old one: history is never rewritten.
          const saved = await writeItem(m, current.id, revision.snapshot);
          await saveRevision(m, current.id, principal, revision.snapshot);
          if (current.status === 'published' || revision.snapshot.status === 'published') await notifyContentChanged(m, collection);
          await audit(m, {
            action: auditAction(collection, 'restore', undefined, revision.snapshot.status),
            target: auditTarget(collection, current.id, revision.snapshot),
            changes: diff(flat(current), flat(revision.snapshot)),
          });
          return saved;
        });
        return { message: contentMessages(collection).updated, item: toItem(row) };
      },
    }),
    endpoint({
      method: 'GET',
      path: `${itemPath}/preview`,
      access: 'anyAdmin',
      answer: { 200: previewPage },
      async handle({ ctx, params }) {
        const collection = collectionOf(params);
        const [row] = await db.query<{ id: string; fields: Record<string, unknown> }[]>(
          `SELECT id, fields FROM content_items WHERE id = $1 AND collection = $2`,
          [params.id, collection],
        );
        if (!row) throw notFound();
        // The published content with this item as saved (a draft shows where it would appear).
        const content = await loadSiteContent(db, row.id);
        const html = await site.renderWith(await previewPath(db, collection, row), content);
        ctx.type = 'text/html; charset=utf-8';
        ctx.set('Cache-Control', 'no-store');
        ctx.set('X-Robots-Tag', 'noindex');
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
