/**
 * Scheduled content changes: the list of what is coming (any admin), setting one on an item and
 * cancelling one (Editors and Super Admins). What each call does is content/schedule.ts's.
 */
import { endpoints } from '@kafue/common/endpoints';
import { scheduleListQuery, scheduleMessages } from '@kafue/common/schemas';
import { collectionNamed } from '../content/items.js';
import { cancelSchedule, listSchedule, scheduleChange } from '../content/schedule.js';
import type { AppDeps } from '../deps.js';
import { parseQuery } from '../http/validate.js';
import { endpoint, type Endpoint } from '../web/endpoint.js';

/** Before the content calls: /api/content/:collection would take "schedule" for a collection. */
export function scheduleEndpoints({ db, now: clock }: AppDeps): Endpoint[] {
  const now = () => new Date(clock?.() ?? Date.now());
  return [
    endpoint({
      ...endpoints.listSchedule,
      access: 'anyAdmin',
      handle: async ({ ctx }) => listSchedule(db, parseQuery(scheduleListQuery, ctx.query).item),
    }),
    endpoint({
      ...endpoints.cancelSchedule,
      access: 'editor',
      async handle({ params, audit }) {
        await cancelSchedule(db, params.id, audit);
        return { message: scheduleMessages.cancelled };
      },
    }),
    endpoint({
      ...endpoints.scheduleContent,
      access: 'editor',
      async handle({ ctx, params, body, principal, audit }) {
        const change = await scheduleChange(db, collectionNamed(params.collection), params.id, body, principal, audit, now());
        ctx.status = 201;
        return { message: scheduleMessages.created, change };
      },
    }),
  ];
}
