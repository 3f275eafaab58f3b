/**
 * The media library's rows: files, where each is used (content fields and the hero settings), and
 * what the pages need of them.
 */
import type { DataSource, EntityManager } from 'typeorm';
import { messages } from '@kafue/common/contract';
import { HttpError } from '../http/errors.js';
import { settingsKeys } from '../settings/settings.js';
import {
  contentMediaFields,
  heroMediaFields,
  mediaMessages,
  originalPath,
  renditionPath,
  widthsFor,
  renditionFormats,
  type MediaItem,
  type MediaKind,
  type MediaListFilters,
  type MediaType,
  type MediaUse,
  type SiteMedia,
} from '@kafue/common/media';

type Db = DataSource | EntityManager;

interface MediaRow {
  id: string;
  kind: MediaKind;
  type: MediaType;
  hash: string;
  filename: string;
  size: number;
  width: number | null;
  height: number | null;
  alt: string;
  renditions_done: number;
  created_at: Date;
}

const columns = `m.id, m.kind, m.type, m.hash, m.filename, m.size, m.width, m.height, m.alt, m.created_at,
  (SELECT count(*)::int FROM media_renditions r WHERE r.media_id = m.id) AS renditions_done`;

const renditionsTotal = (row: Pick<MediaRow, 'kind' | 'width'>) =>
  row.kind === 'image' && row.width ? widthsFor(row.width).length * renditionFormats.length : 0;

function toItem(row: MediaRow, usedIn: MediaUse[]): MediaItem {
  const total = renditionsTotal(row);
  return {
    _id: row.id,
    kind: row.kind,
    type: row.type,
    filename: row.filename,
    size: row.size,
    width: row.width,
    height: row.height,
    alt: row.alt,
    url: originalPath(row.hash, row.type),
    // The smallest rendition, once every rendition is made (its width is always the first).
    thumbnailUrl: total > 0 && row.renditions_done === total ? renditionPath(row.hash, widthsFor(row.width!)[0], 'jpg') : null,
    renditions: { done: row.renditions_done, total },
    createdAt: row.created_at.toISOString(),
    usedIn,
  };
}

export interface NewMedia {
  kind: MediaKind;
  type: MediaType;
  hash: string;
  filename: string;
  content: Buffer;
  width: number | null;
  height: number | null;
  alt: string;
  uploadedBy: string | null;
}

/** Stores a file; an image waits for its renditions (renditions.ts). */
export async function insertMedia(m: EntityManager, file: NewMedia): Promise<MediaItem> {
  const [row] = await m.query<MediaRow[]>(
    `INSERT INTO media AS m (kind, type, hash, filename, size, width, height, alt, content, renditions_pending, uploaded_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING ${columns}`,
    [
      file.kind,
      file.type,
      file.hash,
      file.filename,
      file.content.length,
      file.width,
      file.height,
      file.alt,
      file.content,
      file.kind === 'image',
      file.uploadedBy,
    ],
  );
  return toItem(row, []);
}

/** Where each of `ids` is used: the content items whose media fields name it, and the hero. */
export async function usesOf(db: Db, ids: readonly string[]): Promise<Map<string, MediaUse[]>> {
  const pairs = Object.entries(contentMediaFields).flatMap(([collection, fields]) => (fields ?? []).map((field) => [collection, field]));
  const rows = await db.query<{ media_id: string; type: string; id: string; label: string | null; field: string }[]>(
    `SELECT c.fields->>f.field AS media_id, c.collection AS type, c.id::text AS id,
            coalesce(c.fields->>'title', c.fields->>'name') AS label, f.field
       FROM content_items c JOIN unnest($1::text[], $2::text[]) AS f(collection, field) ON f.collection = c.collection
      WHERE c.fields->>f.field = ANY($3::text[])
     UNION ALL
     SELECT s.value->>f.field, 'hero', s.key, 'Home page hero', f.field
       FROM settings s, unnest($4::text[]) AS f(field)
      WHERE s.key = $5 AND s.value->>f.field = ANY($3::text[])
      ORDER BY 2, 4`,
    [pairs.map((p) => p[0]), pairs.map((p) => p[1]), ids, heroMediaFields, settingsKeys.hero],
  );
  const uses = new Map<string, MediaUse[]>(ids.map((id) => [id, []]));
  for (const r of rows) uses.get(r.media_id)?.push({ type: r.type, id: r.id, label: r.label ?? '', field: r.field });
  return uses;
}

export async function listMedia(
  db: DataSource,
  query: MediaListFilters,
): Promise<{ items: MediaItem[]; total: number; page: number; pageSize: number }> {
  const kind = query.kind ?? null;
  const rows = await db.query<MediaRow[]>(
    `SELECT ${columns} FROM media m WHERE $1::text IS NULL OR m.kind = $1 ORDER BY m.created_at DESC, m.id LIMIT $2 OFFSET $3`,
    [kind, query.pageSize, (query.page - 1) * query.pageSize],
  );
  const [{ total }] = await db.query<[{ total: number }]>(`SELECT count(*)::int AS total FROM media WHERE $1::text IS NULL OR kind = $1`, [
    kind,
  ]);
  const uses = await usesOf(
    db,
    rows.map((r) => r.id),
  );
  return { items: rows.map((r) => toItem(r, uses.get(r.id)!)), total, page: query.page, pageSize: query.pageSize };
}

/** One file with where it is used; undefined when there is none. `lock`: held until the transaction ends. */
export async function findMedia(db: Db, id: string, lock = false): Promise<MediaItem | undefined> {
  const [row] = await db.query<MediaRow[]>(`SELECT ${columns} FROM media m WHERE m.id = $1${lock ? ' FOR UPDATE' : ''}`, [id]);
  if (!row) return undefined;
  return toItem(row, (await usesOf(db, [id])).get(id)!);
}

export async function setAlt(m: EntityManager, id: string, alt: string): Promise<void> {
  await m.query(`UPDATE media SET alt = $2 WHERE id = $1`, [id, alt]);
}

/** NOTIFY channel: a file was deleted (payload: its hash); every process forgets what it kept of it. */
export const mediaDeletedChannel = 'media_deleted';

/**
 * Deletes a file and its renditions; answers its hash (the addresses this process may have kept
 * in memory). Every process hears of it on commit (mediaDeletedChannel).
 */
export async function deleteMedia(m: EntityManager, id: string): Promise<string | undefined> {
  // A DELETE answers [rows, count] through TypeORM.
  const [[row]] = await m.query<[{ hash: string }[], number]>(`DELETE FROM media WHERE id = $1 RETURNING hash`, [id]);
  if (row) await m.query(`SELECT pg_notify($1, $2)`, [mediaDeletedChannel, row.hash]);
  return row?.hash;
}

/**
 * What the pages need of the files they may show, by id: every video, and every image whose
 * renditions are all made (a page never links to a rendition that is not there yet).
 */
export async function loadSiteMedia(db: Db): Promise<Record<string, SiteMedia>> {
  const rows = await db.query<(SiteMedia & { id: string })[]>(
    `SELECT id, hash, kind, type, width, height, alt FROM media WHERE NOT renditions_pending ORDER BY id`,
  );
  return Object.fromEntries(rows.map(({ id, ...media }) => [id, media]));
}

/**
 * Refuses fields naming a file that is not in the library, or not of the kind the field takes (a
 * photograph without its alt text too: the page would show it undescribed). Each file named is
 * locked FOR SHARE until the transaction ends, so that a delete cannot take it meanwhile.
 */
export async function checkMediaFields(
  m: EntityManager,
  fields: Record<string, unknown>,
  wanted: Record<string, MediaKind>,
): Promise<void> {
  const errors: Record<string, string> = {};
  for (const [field, kind] of Object.entries(wanted)) {
    const id = fields[field];
    if (typeof id !== 'string') continue;
    const [row] = await m.query<{ kind: MediaKind; alt: string }[]>(`SELECT kind, alt FROM media WHERE id = $1 FOR SHARE`, [id]);
    if (!row) errors[field] = mediaMessages.missing;
    else if (row.kind !== kind) errors[field] = kind === 'image' ? mediaMessages.notImage : mediaMessages.notVideo;
    else if (kind === 'image' && !row.alt) errors[field] = mediaMessages.altRequired;
  }
  if (Object.keys(errors).length) throw new HttpError(400, messages.invalidInput, errors);
}

/** A content item's media fields: each takes a photograph. */
export const contentMediaKinds = (collection: string): Record<string, MediaKind> =>
  Object.fromEntries((contentMediaFields[collection] ?? []).map((f) => [f, 'image' as const]));

/** The hero's media fields. */
export const heroMediaKinds: Record<(typeof heroMediaFields)[number], MediaKind> = { poster: 'image', video: 'video' };
