/**
 * The public site's redirects (/api/redirects: automatic ones listed with their reason) and its
 * missing pages (/api/not-found). What each call does is the redirects module's (redirects/).
 */
import { endpoints } from '@kafue/common/endpoints';
import { notFoundQuery, redirectMessages } from '@kafue/common/redirects';
import type { AppDeps } from '../deps.js';
import { parseQuery } from '../http/validate.js';
import { listNotFound } from '../redirects/misses.js';
import { createRedirect, deleteRedirect, listRedirects, updateRedirect } from '../redirects/redirects.js';
import { namesSomething } from '../web/static.js';
import { endpoint, type Endpoint } from '../web/endpoint.js';

export function redirectEndpoints({ db, config, site }: AppDeps): Endpoint[] {
  // A page of the site now: a redirect from it would hide it.
  const isPage = namesSomething(config.siteDir, config.consoleDir, site);
  return [
    endpoint({ ...endpoints.listRedirects, access: 'anyAdmin', handle: () => listRedirects(db) }),
    endpoint({
      ...endpoints.createRedirect,
      access: 'editor',
      async handle({ ctx, body, audit }) {
        const redirect = await createRedirect(db, body, isPage, audit);
        ctx.status = 201;
        return { message: redirectMessages.saved, redirect };
      },
    }),
    endpoint({
      ...endpoints.updateRedirect,
      access: 'editor',
      async handle({ params, body, audit }) {
        return { message: redirectMessages.saved, redirect: await updateRedirect(db, params.id, body, isPage, audit) };
      },
    }),
    endpoint({
      ...endpoints.deleteRedirect,
      access: 'editor',
      async handle({ params, audit }) {
        await deleteRedirect(db, params.id, audit);
        return { message: redirectMessages.deleted };
      },
    }),
    endpoint({
      ...endpoints.listNotFound,
      access: 'anyAdmin',
      handle: ({ ctx }) => listNotFound(db, parseQuery(notFoundQuery, ctx.query)),
    }),
  ];
}
