/**
 * What the console changes in the media library: an upload stored, its alt text, a deletion, each
 * with its audit row in its transaction, and the notices the other processes act on.
 */
import { createHash } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { mediaMessages, type MediaItem, type MediaUse } from '@kafue/common/media';
import { diff, type AuditRecorder } from '../audit/audit.js';
import { contentChannel } from '../content/published.js';
import { HttpError, notFound } from '../http/errors.js';
import { stripImage } from './images.js';
import { deleteMedia, findMedia, insertMedia, setAlt } from './library.js';
import { mediaChannel } from './renditions.js';
import type { Upload } from './upload.js';
import { stripVideo } from './video.js';

const target = (item: { _id: string; filename: string }) => ({ type: 'media', id: item._id, label: item.filename });

/** Stores an upload (`alt` already checked) for the admin `uploadedBy`; an image is queued for its renditions. */
export async function storeUpload(
  db: DataSource,
  upload: Upload,
  alt: string,
  uploadedBy: string | null,
  audit: AuditRecorder,
): Promise<MediaItem> {
  // A photograph is stored as sharp re-encodes it: upright, without its EXIF (GPS position included).
  const image =
    upload.kind === 'image'
      ? await stripImage(upload.bytes, upload.type).catch(() => {
          throw new HttpError(400, mediaMessages.unreadable);
        })
      : undefined;
  // A video as recorded, but for the metadata its boxes carry (the place a phone recorded it).
  const content = image?.content ?? stripVideo(upload.bytes, upload.type);
  return db.transaction(async (m) => {
    const stored = await insertMedia(m, {
      kind: upload.kind,
      type: upload.type,
      hash: createHash('sha256').update(content).digest('hex').slice(0, 32),
      filename: upload.filename,
      content,
      width: image?.width ?? null,
      height: image?.height ?? null,
      alt,
      uploadedBy,
    });
    if (upload.kind === 'image') await m.query(`SELECT pg_notify($1, $2)`, [mediaChannel, stored._id]);
    await audit(m, { action: 'media.upload', target: target(stored), changes: diff(null, { type: stored.type, size: stored.size, alt }) });
    return stored;
  });
}

/** Sets a file's alt text; the pages showing it are rendered again to carry it. */
export async function describeMedia(db: DataSource, id: string, alt: string, audit: AuditRecorder): Promise<MediaItem> {
  const item = await db.transaction(async (m) => {
    const before = await findMedia(m, id, true);
    if (!before) throw notFound();
    // Alt text: required of a picture a page shows, not of a video (the hero's plays muted, as decoration).
    if (before.kind === 'image' && !alt) throw new HttpError(400, mediaMessages.altRequired, { alt: mediaMessages.altRequired });
    await setAlt(m, id, alt);
    await audit(m, { action: 'media.update', target: target(before), changes: diff({ alt: before.alt }, { alt }) });
    return { ...before, alt };
  });
  if (item.usedIn.length) await db.query(`SELECT pg_notify($1, '*')`, [contentChannel]);
  return item;
}

/** Deletes a file no page uses: its content hash (to forget from memory), or the pages that use it. */
export async function removeMedia(db: DataSource, id: string, audit: AuditRecorder): Promise<{ hash?: string } | { inUse: MediaUse[] }> {
  return db.transaction(async (m) => {
    const before = await findMedia(m, id, true);
    if (!before) throw notFound();
    if (before.usedIn.length) {
      audit.none('refused: the file is in use');
      return { inUse: before.usedIn };
    }
    const hash = await deleteMedia(m, id);
    await audit(m, { action: 'media.delete', target: target(before), changes: diff({ type: before.type, size: before.size }, null) });
    return { hash };
  });
}
