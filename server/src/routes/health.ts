/**
 * GET /api/health: whether the server can reach its database (liveness: monitors; the desktop
 * app checks a server address with it). GET /api/ready: whether this process should be sent new
 * requests (load balancers): not while it drains after SIGTERM, nor while its database is away.
 * A starting process does not listen until it can serve (serve.ts), so it needs no answer here.
 */
import { messages } from '@kafue/common/contract';
import { endpoints } from '@kafue/common/endpoints';
import type { Context } from 'koa';
import { databaseAnswers } from '../db/data-source.js';
import type { AppDeps } from '../deps.js';
import { endpoint, type Endpoint } from '../web/endpoint.js';

/** The 503 both checks give when the database does not answer. */
function databaseAway(ctx: Context) {
  ctx.status = 503;
  return { status: 'unavailable' as const, message: messages.databaseUnavailable };
}

export function healthEndpoints({ db, lifecycle }: AppDeps): Endpoint[] {
  return [
    endpoint({
      ...endpoints.health,
      access: 'public',
      async handle({ ctx }) {
        return (await databaseAnswers(db)) ? { status: 'ok' as const } : databaseAway(ctx);
      },
    }),
    endpoint({
      ...endpoints.ready,
      access: 'public',
      async handle({ ctx }) {
        if (lifecycle.draining) {
          ctx.status = 503;
          return { status: 'draining' as const, message: messages.draining };
        }
        return (await databaseAnswers(db)) ? { status: 'ready' as const } : databaseAway(ctx);
      },
    }),
  ];
}
