/** GET /api/health: whether the server can reach its database (monitors; the desktop app checks a server address with it). */
import { api, messages } from '@kafue/common/contract';
import { healthOk, healthUnavailable } from '@kafue/common/schemas';
import type { AppDeps } from '../deps.js';
import { endpoint, type Endpoint } from '../http/endpoint.js';

export function healthEndpoints({ db }: AppDeps): Endpoint[] {
  return [
    endpoint({
      method: 'GET',
      path: api.health,
      access: 'public',
      answer: { 200: healthOk, 503: healthUnavailable },
      async handle({ ctx }) {
        try {
          await db.query('SELECT 1');
          return { status: 'ok' as const };
        } catch {
          ctx.status = 503;
          return { status: 'unavailable' as const, message: messages.databaseUnavailable };
        }
      },
    }),
  ];
}
