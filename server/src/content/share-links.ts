/**
 * Share links: an address that opens an item's page, as it would look published, to someone
 * without an account, until it expires or is revoked. The token is random (256 bits) and kept
 * only as its hash; a link shows the revision it pins, else the item's pending changes, else the
 * item as saved (what it shows is read at each visit).
 */
import { randomBytes } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { sharedPreviewPath } from '@kafue/common/calls';
import { messages, type ShareLink, type ShareLinkBody, type ShareLinkCreated } from '@kafue/common/contract';
import { isContentCollection, type ContentCollection } from '@kafue/common/vocabulary';
import { diff, type AuditRecorder } from '../audit/audit.js';
import { hashToken } from '../auth/sessions.js';
import { HttpError } from '../http/errors.js';
import { auditResources, auditTarget } from './auditing.js';
import { findItem, lockItem, type Author, type Snapshot } from './store.js';

export async function createShareLink(
  db: DataSource,
  collection: ContentCollection,
  id: string,
  { expiresInHours, revisionId }: ShareLinkBody,
  author: Author,
  publicUrl: string,
  audit: AuditRecorder,
): Promise<ShareLinkCreated> {
  const token = randomBytes(32).toString('base64url');
  const link = await db.transaction(async (m) => {
    const item = await lockItem(m, collection, id);
    if (revisionId) {
      const [known] = await m.query<unknown[]>(`SELECT 1 FROM content_revisions WHERE id = $1 AND item_id = $2`, [revisionId, item.id]);
      if (!known) throw new HttpError(400, messages.shareLinkRevisionUnknown, { revisionId: messages.shareLinkRevisionUnknown });
    }
    const [row] = await m.query<{ id: string; expires_at: Date }[]>(
      `INSERT INTO content_share_links (item_id, revision_id, token_hash, expires_at, author_id, author_name)
       VALUES ($1, $2, $3, now() + make_interval(hours => $4), $5, $6) RETURNING id, expires_at`,
      [item.id, revisionId ?? null, hashToken(token), expiresInHours, author.id, author.name.slice(0, 100)],
    );
    await audit(m, {
      action: `${auditResources[collection]}.share`,
      target: auditTarget(collection, item.id, item),
      changes: diff(null, { expiresAt: row.expires_at.toISOString(), revisionId: revisionId ?? null }),
    });
    return row;
  });
  return { _id: link.id, url: `${publicUrl}${sharedPreviewPath}/${token}`, expiresAt: link.expires_at.toISOString() };
}

/** The item's share links, newest first, expired ones included (their addresses are not kept). */
export async function listShareLinks(db: DataSource, collection: ContentCollection, id: string): Promise<ShareLink[]> {
  const item = await findItem(db, collection, id);
  const rows = await db.query<
    { id: string; created_at: Date; expires_at: Date; revision_id: string | null; author_id: string | null; author_name: string }[]
  >(
    `SELECT id, created_at, expires_at, revision_id, author_id, author_name FROM content_share_links
      WHERE item_id = $1 ORDER BY created_at DESC, id`,
    [item.id],
  );
  return rows.map((r) => ({
    _id: r.id,
    createdAt: r.created_at.toISOString(),
    expiresAt: r.expires_at.toISOString(),
    revisionId: r.revision_id,
    author: { _id: r.author_id, name: r.author_name },
  }));
}

/** Revokes the link: its address answers 404 from now on. */
export async function revokeShareLink(db: DataSource, id: string, audit: AuditRecorder): Promise<void> {
  await db.transaction(async (m) => {
    const [[link]] = await m.query<[{ item_id: string; expires_at: Date }[], number]>(
      `DELETE FROM content_share_links WHERE id = $1 RETURNING item_id, expires_at`,
      [id],
    );
    if (!link) throw new HttpError(404, messages.shareLinkNotFound);
    const [item] = await m.query<(Snapshot & { collection: string })[]>(
      `SELECT collection, status, position, fields FROM content_items WHERE id = $1`,
      [link.item_id],
    );
    if (!isContentCollection(item.collection)) throw new Error(`Unknown content collection ${item.collection}`);
    await audit(m, {
      action: `${auditResources[item.collection]}.share_revoke`,
      target: auditTarget(item.collection, link.item_id, item),
      changes: diff({ expiresAt: link.expires_at.toISOString() }, null),
    });
  });
}

/** An expired link says so (410) for this long, then it is deleted (the hourly purges) and answers 404 like any unknown one. */
export const expiredLinksKeptDays = 30;

/** Deletes the links expired over `expiredLinksKeptDays` ago: a repeat, or two processes at once, delete no more. */
export async function purgeExpiredShareLinks(db: DataSource): Promise<void> {
  await db.query(`DELETE FROM content_share_links WHERE expires_at < now() - make_interval(days => $1)`, [expiredLinksKeptDays]);
}

/** What a share link shows: its item's collection and id, and the fields to show it with. */
export interface SharedItem {
  collection: ContentCollection;
  id: string;
  fields: Record<string, unknown>;
}

/**
 * The item a token opens, with what the link shows of it: undefined for an unknown or revoked
 * token, 'expired' for an expired one.
 */
export async function sharedItem(db: DataSource, token: string): Promise<SharedItem | 'expired' | undefined> {
  const [link] = /^[A-Za-z0-9_-]{43}$/.test(token)
    ? await db.query<{ item_id: string; collection: string; expired: boolean; pinned: Snapshot | null }[]>(
        `SELECT l.item_id, i.collection, l.expires_at <= now() AS expired, r.snapshot AS pinned
           FROM content_share_links l JOIN content_items i ON i.id = l.item_id
           LEFT JOIN content_revisions r ON r.id = l.revision_id
          WHERE l.token_hash = $1`,
        [hashToken(token)],
      )
    : [];
  if (!link || !isContentCollection(link.collection)) return undefined;
  if (link.expired) return 'expired';
  const item = await findItem(db, link.collection, link.item_id);
  return { collection: link.collection, id: item.id, fields: link.pinned?.fields ?? item.draft ?? item.fields };
}

const banner =
  '<div role="note" style="position:sticky;top:0;z-index:2147483647;margin:0;padding:10px 16px;text-align:center;' +
  `font:600 16px/1.4 system-ui,sans-serif;color:#1a1a1a;background:#ffd43b;border-bottom:2px solid #1a1a1a">${messages.previewBanner}</div>`;

/** The rendered page with the banner that says it is a preview, first in its body. */
export const withPreviewBanner = (html: string) => html.replace(/<body[^>]*>/, (body) => `${body}${banner}`);

/** The page a link that opens nothing answers: why, in a few words. */
export const sharedPreviewFailure = (message: string) =>
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
  `<title>${messages.previewBanner}</title></head><body style="font:16px/1.5 system-ui,sans-serif;max-width:640px;margin:48px auto;padding:0 16px">` +
  `<h1 style="font-size:1.5rem">${messages.previewBanner}</h1><p>${message}</p></body></html>`;
