/** The media library (design.md "Who may do what", site content): any admin reads; Super Admins and Editors upload, describe and delete. */
import { endpoints } from '@kafue/common/endpoints';
import { mediaListQuery, mediaMessages } from '@kafue/common/schemas';
import type { AppDeps } from '../deps.js';
import { notFound } from '../http/errors.js';
import { parseBody, parseQuery } from '../http/validate.js';
import { describeMedia, removeMedia, storeUpload } from '../media/changes.js';
import { findMedia, listMedia } from '../media/library.js';
import { receiveUpload } from '../media/upload.js';
import { endpoint, type Endpoint } from '../web/endpoint.js';

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
        const item = await storeUpload(db, upload, alt, principal.kind === 'admin' ? principal.id : null, audit);
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
        return { message: mediaMessages.altSaved, item: await describeMedia(db, params.id, body.alt, audit) };
      },
    }),
    endpoint({
      ...endpoints.deleteMedia,
      access: 'editor',
      async handle({ ctx, params, audit }) {
        const answer = await removeMedia(db, params.id, audit);
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
