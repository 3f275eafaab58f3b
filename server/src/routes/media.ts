/** The media library (design.md "Who may do what", site content): any admin reads; Super Admins and Editors upload, describe and delete. */
import { createHash } from 'node:crypto';
import { endpoints } from '@kafue/common/endpoints';
import { mediaListQuery, mediaMessages } from '@kafue/common/schemas';
import type { AppDeps } from '../deps.js';
import { diff } from '../audit/audit.js';
import { contentChannel } from '../content/published.js';
import { HttpError, notFound } from '../http/errors.js';
import { parseBody, parseQuery } from '../http/validate.js';
import { stripImage } from '../media/images.js';
import { stripVideo } from '../media/video.js';
import { deleteMedia, findMedia, insertMedia, listMedia, setAlt } from '../media/library.js';
import { mediaChannel } from '../media/renditions.js';
import { receiveUpload } from '../media/upload.js';
import { endpoint, type Endpoint } from '../web/endpoint.js';

const target = (item: { _id: string; filename: string }) => ({ type: 'media', id: item._id, label: item.filename });

export function mediaEndpoints({ db, media }: AppDeps): Endpoint[] {
  return [
    endpoint({
      ...endpoints.listMedia,
      access: 'anyAdmin',
      handle: async ({ ctx }) => listMedia(db, parseQuery(mediaListQuery, ctx.query)),
    }),
    endpoint({
      ...endpoints.uploadMedia,
      access: 'editor',
      async handle({ ctx, principal, audit }) {
        const upload = await receiveUpload(ctx);
        const alt = parseBody(endpoints.updateMedia.body, { alt: upload.alt ?? '' }).alt;
        // A photograph is stored as sharp re-encodes it: upright, without its EXIF (GPS position included).
        const image =
          upload.kind === 'image'
            ? await stripImage(upload.bytes, upload.type).catch(() => {
                throw new HttpError(400, mediaMessages.unreadable);
              })
            : undefined;
        // A video as recorded, but for the metadata its boxes carry (the place a phone recorded it).
        const content = image?.content ?? stripVideo(upload.bytes, upload.type);
        const item = await db.transaction(async (m) => {
          const stored = await insertMedia(m, {
            kind: upload.kind,
            type: upload.type,
            hash: createHash('sha256').update(content).digest('hex').slice(0, 32),
            filename: upload.filename,
            content,
            width: image?.width ?? null,
            height: image?.height ?? null,
            alt,
            uploadedBy: principal.kind === 'admin' ? principal.id : null,
          });
          if (upload.kind === 'image') await m.query(`SELECT pg_notify($1, $2)`, [mediaChannel, stored._id]);
          await audit(m, {
            action: 'media.upload',
            target: target(stored),
            changes: diff(null, { type: stored.type, size: stored.size, alt }),
          });
          return stored;
        });
        ctx.status = 201;
        return { message: mediaMessages.uploaded, item };
      },
    }),
    endpoint({
      ...endpoints.getMedia,
      access: 'anyAdmin',
      handle: async ({ params }) => (await findMedia(db, params.id)) ?? Promise.reject(notFound()),
    }),
    endpoint({
      ...endpoints.updateMedia,
      access: 'editor',
      async handle({ body, params, audit }) {
        const item = await db.transaction(async (m) => {
          const before = await findMedia(m, params.id, true);
          if (!before) throw notFound();
          // Alt text: required of a picture a page shows, not of a video (the hero's plays muted, as decoration).
          if (before.kind === 'image' && !body.alt) throw new HttpError(400, mediaMessages.altRequired, { alt: mediaMessages.altRequired });
          await setAlt(m, params.id, body.alt);
          await audit(m, { action: 'media.update', target: target(before), changes: diff({ alt: before.alt }, { alt: body.alt }) });
          return { ...before, alt: body.alt };
        });
        // The pages showing it carry its alt text.
        if (item.usedIn.length) await db.query(`SELECT pg_notify($1, '*')`, [contentChannel]);
        return { message: mediaMessages.altSaved, item };
      },
    }),
    endpoint({
      ...endpoints.deleteMedia,
      access: 'editor',
      async handle({ ctx, params, audit }) {
        const answer = await db.transaction(async (m) => {
          const before = await findMedia(m, params.id, true);
          if (!before) throw notFound();
          if (before.usedIn.length) {
            audit.none('refused: the file is in use');
            return { inUse: before.usedIn };
          }
          const hash = await deleteMedia(m, params.id);
          await audit(m, { action: 'media.delete', target: target(before), changes: diff({ type: before.type, size: before.size }, null) });
          return { hash };
        });
        if ('inUse' in answer) {
          ctx.status = 409;
          return { message: mediaMessages.inUse, usedIn: answer.inUse };
        }
        if (answer.hash) media.forget(answer.hash);
        return { message: mediaMessages.deleted };
      },
    }),
  ];
}
