/**
 * The public site's redirects (/api/redirects: automatic ones listed with their reason) and its
 * missing pages (/api/not-found). What each call does is the redirects module's (redirects/).
 */
import { endpoints } from '@kafue/common/endpoints';
import { notFoundQuery, redirectMessages } from '@kafue/common/redirects';
import { diff } from '../audit/audit.js';
import type { AppDeps } from '../deps.js';
import { notFound } from '../http/errors.js';
import { parseQuery } from '../http/validate.js';
import { listNotFound } from '../redirects/misses.js';
import { createRedirect, deleteRedirect, listRedirects, updateRedirect } from '../redirects/redirects.js';
import { namesSomething } from '../web/static.js';
import { endpoint, type Endpoint } from '../web/endpoint.js';

const target = (r: { _id: string; from: string }) => ({ type: 'redirect', id: r._id, label: r.from });
const fields = ['from', 'to', 'status'] as const;

export function redirectEndpoints({ db, config, site }: AppDeps): Endpoint[] {
  // A page of the site now: a redirect from it would hide it.
  const isPage = namesSomething(config.siteDir, config.consoleDir, site);
  return [
    endpoint({ ...endpoints.listRedirects, access: 'anyAdmin', handle: () => listRedirects(db) }),
    endpoint({
      ...endpoints.createRedirect,
      access: 'editor',
      async handle({ ctx, body, audit }) {
        const redirect = await db.transaction(async (m) => {
          const created = await createRedirect(m, body, isPage);
          await audit(m, { action: 'redirect.create', target: target(created), changes: diff(null, created, fields) });
          return created;
        });
        ctx.status = 201;
        return { message: redirectMessages.saved, redirect };
      },
    }),
    endpoint({
      ...endpoints.updateRedirect,
      access: 'editor',
      async handle({ params, body, audit }) {
        const redirect = await db.transaction(async (m) => {
          const changed = await updateRedirect(m, params.id, body, isPage);
          if (!changed) throw notFound();
          await audit(m, {
            action: 'redirect.update',
            target: target(changed.after),
            changes: diff(changed.before, changed.after, fields),
          });
          return changed.after;
        });
        return { message: redirectMessages.saved, redirect };
      },
    }),
    endpoint({
      ...endpoints.deleteRedirect,
      access: 'editor',
      async handle({ params, audit }) {
        await db.transaction(async (m) => {
          const gone = await deleteRedirect(m, params.id);
          if (!gone) throw notFound();
          await audit(m, { action: 'redirect.delete', target: target(gone), changes: diff(gone, null, fields) });
        });
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
