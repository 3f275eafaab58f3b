/**
 * The public site's redirects (site_redirects): those made by hand, those the site leaves when a
 * service or article moves to another address (301), and the addresses of deleted services (410
 * Gone). Chains collapse (A->B then B->C makes A->C), so that a visitor is sent once; a loop, a
 * redirect to itself and one from a page of the site are refused. Every change notifies every
 * server process (NOTIFY on commit), whose table in memory follows (table.ts).
 */
import type { DataSource, EntityManager } from 'typeorm';
import { articlePath } from '@kafue/common/articles';
import { goneStatus, redirectMessages as says, type Redirect } from '@kafue/common/redirects';
import { servicePath, servicesInCategoryPath } from '@kafue/common/service-addresses';
import type { ContentCollection } from '@kafue/common/vocabulary';
import { quotePagePath } from '@kafue/common/calls';
import { diff, type AuditRecorder } from '../audit/audit.js';
import { HttpError, notFound } from '../http/errors.js';
import { isApiPath, isConsolePath } from '../http/paths.js';

/** NOTIFY channel: the site's redirects changed (no payload: every process reads them again). */
export const redirectsChannel = 'redirects_changed';

interface Row {
  id: string;
  from_path: string;
  to_target: string;
  status: 301 | 302 | 410;
  reason: string | null;
  updated_at: Date;
}
const columns = 'id, from_path, to_target, status, reason, updated_at';
const toRedirect = (r: Row): Redirect => ({
  _id: r.id,
  from: r.from_path,
  to: r.to_target,
  status: r.status,
  reason: r.reason,
  updatedAt: r.updated_at.toISOString(),
});

/** A path as the redirects key it: without its trailing slashes ("/old/" is "/old"). */
export const redirectKey = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') || '/' : path);

/** The site path a target names (its query and fragment aside); undefined for an https address. */
const targetPath = (to: string) => (to.startsWith('/') ? redirectKey(to.replace(/[?#].*$/, '')) : undefined);

async function notifyRedirectsChanged(m: EntityManager): Promise<void> {
  await m.query(`SELECT pg_notify($1, '')`, [redirectsChannel]);
}

/** Every redirect, automatic ones too, newest first. */
export async function listRedirects(db: DataSource): Promise<Redirect[]> {
  return (await db.query<Row[]>(`SELECT ${columns} FROM site_redirects ORDER BY updated_at DESC, from_path`)).map(toRedirect);
}

/** Every redirect as the table in memory keeps it: from -> where and how. */
export async function loadRedirects(db: DataSource): Promise<{ from: string; to: string; status: number }[]> {
  return db.query(`SELECT from_path AS "from", to_target AS "to", status FROM site_redirects`);
}

export interface RedirectInput {
  from: string;
  to: string;
  status: 301 | 302;
}

/** Whether a path is a page of the site now (the caller's: the publisher knows). */
export type IsPage = (path: string) => Promise<boolean>;

const refuse = (field: 'from' | 'to', message: string) => new HttpError(400, message, { [field]: message });

/**
 * The redirect as it will be kept, its target collapsed through the redirect from it (one hop:
 * the kept ones are collapsed already); refused when it would loop or hide a page.
 */
async function checked(m: EntityManager, input: RedirectInput, isPage: IsPage, id?: string): Promise<RedirectInput> {
  const from = redirectKey(input.from);
  if (isApiPath(from) || isConsolePath(from) || from === quotePagePath || from.startsWith(`${quotePagePath}/`)) {
    throw refuse('from', says.notSitePath);
  }
  if (await isPage(from)) throw refuse('from', says.existingPage(from));
  const [twin] = await m.query<{ id: string }[]>(`SELECT id FROM site_redirects WHERE from_path = $1 AND id IS DISTINCT FROM $2::uuid`, [
    from,
    id ?? null,
  ]);
  if (twin) throw new HttpError(409, says.duplicate(from), { from: says.duplicate(from) });
  if (targetPath(input.to) === from) throw refuse('to', says.toItself);
  const hop = targetPath(input.to);
  const [next] = hop
    ? await m.query<Row[]>(`SELECT ${columns} FROM site_redirects WHERE from_path = $1 AND status <> $2 AND id IS DISTINCT FROM $3::uuid`, [
        hop,
        goneStatus,
        id ?? null,
      ])
    : [];
  const to = next ? next.to_target : input.to;
  if (targetPath(to) === from) throw refuse('to', says.loop(from, input.to));
  return { from, to, status: input.status };
}

/** Redirects that led to `from` now lead where it leads: a visitor is sent once. */
async function collapseInto(m: EntityManager, from: string, to: string): Promise<void> {
  await m.query(`UPDATE site_redirects SET to_target = $2, updated_at = now() WHERE to_target = $1 AND status <> $3`, [
    from,
    to,
    goneStatus,
  ]);
}

/** A redirect in the audit log: by the address it leaves; its changes compared on these fields. */
const target = (r: Redirect) => ({ type: 'redirect', id: r._id, label: r.from });
const audited = ['from', 'to', 'status'] as const;

export async function createRedirect(db: DataSource, input: RedirectInput, isPage: IsPage, audit: AuditRecorder): Promise<Redirect> {
  return db.transaction(async (m) => {
    const r = await checked(m, input, isPage);
    await collapseInto(m, r.from, r.to);
    const [row] = await m.query<Row[]>(
      `INSERT INTO site_redirects (from_path, to_target, status) VALUES ($1, $2, $3) RETURNING ${columns}`,
      [r.from, r.to, r.status],
    );
    await notifyRedirectsChanged(m);
    const created = toRedirect(row);
    await audit(m, { action: 'redirect.create', target: target(created), changes: diff(null, created, audited) });
    return created;
  });
}

/** Answers the redirect changed (404 when there is none). Once edited, it is the owner's (no reason). */
export async function updateRedirect(
  db: DataSource,
  id: string,
  input: RedirectInput,
  isPage: IsPage,
  audit: AuditRecorder,
): Promise<Redirect> {
  return db.transaction(async (m) => {
    const [old] = await m.query<Row[]>(`SELECT ${columns} FROM site_redirects WHERE id = $1 FOR UPDATE`, [id]);
    if (!old) throw notFound();
    const r = await checked(m, input, isPage, id);
    await collapseInto(m, r.from, r.to);
    const [[row]] = await m.query<[Row[], number]>(
      `UPDATE site_redirects SET from_path = $2, to_target = $3, status = $4, reason = NULL, updated_at = now() WHERE id = $1 RETURNING ${columns}`,
      [id, r.from, r.to, r.status],
    );
    await notifyRedirectsChanged(m);
    const after = toRedirect(row);
    await audit(m, { action: 'redirect.update', target: target(after), changes: diff(toRedirect(old), after, audited) });
    return after;
  });
}

/** Deletes a redirect (404 when there is none). */
export async function deleteRedirect(db: DataSource, id: string, audit: AuditRecorder): Promise<void> {
  await db.transaction(async (m) => {
    const [[row]] = await m.query<[Row[], number]>(`DELETE FROM site_redirects WHERE id = $1 RETURNING ${columns}`, [id]);
    if (!row) throw notFound();
    await notifyRedirectsChanged(m);
    const gone = toRedirect(row);
    await audit(m, { action: 'redirect.delete', target: target(gone), changes: diff(gone, null, audited) });
  });
}

// ---------------------------------------------------------------------------------------------
// Automatic: what the content's writes leave behind, in their transaction.

interface Published {
  status: string;
  fields: Record<string, unknown>;
}

/** The public address of an item of a collection whose items have one of their own (services, articles). */
function addressOf(collection: ContentCollection, fields: Record<string, unknown>): string | undefined {
  if (collection === 'services') return servicePath(fields as { category: string; slug: string });
  if (collection === 'insights') return articlePath(String(fields.slug));
  return undefined;
}

const titleOf = (fields: Record<string, unknown>) => `"${String(fields.title)}"`;

/**
 * After a write of a published item that stays published: when its address changed (another
 * slug, a service in another category), every address it had leads to the new one (301), and
 * anything kept at the new address goes (it is a page now).
 */
export async function followAddress(m: EntityManager, collection: ContentCollection, before: Published, after: Published): Promise<void> {
  if (before.status !== 'published' || after.status !== 'published') return;
  const from = addressOf(collection, before.fields);
  const to = addressOf(collection, after.fields);
  if (!from || !to || from === to) return;
  const movedCategory = collection === 'services' && before.fields.category !== after.fields.category;
  const reason = movedCategory
    ? `${titleOf(after.fields)} moved from ${String(before.fields.category)} to ${String(after.fields.category)}`
    : `${titleOf(after.fields)} got a new address`;
  await m.query(`DELETE FROM site_redirects WHERE from_path = $1`, [to]);
  await collapseInto(m, from, to);
  await m.query(
    `INSERT INTO site_redirects (from_path, to_target, status, reason) VALUES ($1, $2, 301, $3)
      ON CONFLICT (from_path) DO UPDATE SET to_target = $2, status = 301, reason = $3, updated_at = now()`,
    [from, to, reason],
  );
  await notifyRedirectsChanged(m);
}

/** After a published service is deleted: its address answers 410 Gone, linking to its category. */
export async function leaveGone(m: EntityManager, collection: ContentCollection, item: Published): Promise<void> {
  if (collection !== 'services' || item.status !== 'published') return;
  const from = addressOf(collection, item.fields)!;
  await m.query(
    `INSERT INTO site_redirects (from_path, to_target, status, reason) VALUES ($1, $2, $3, $4)
      ON CONFLICT (from_path) DO UPDATE SET to_target = $2, status = $3, reason = $4, updated_at = now()`,
    [from, servicesInCategoryPath(String(item.fields.category)), goneStatus, `${titleOf(item.fields)} was deleted`],
  );
  await notifyRedirectsChanged(m);
}
