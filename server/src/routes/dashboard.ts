/** GET /api/dashboard: the console's dashboard (dashboard/dashboard.ts). */
import { api } from '@kafue/common/contract';
import { dashboard } from '@kafue/common/schemas';
import { dashboardFigures } from '../dashboard/dashboard.js';
import type { AppDeps } from '../deps.js';
import { endpoint, type Endpoint } from '../web/endpoint.js';

export function dashboardEndpoints({ db, config }: AppDeps): Endpoint[] {
  return [
    endpoint({
      method: 'GET',
      path: api.dashboard,
      access: 'anyAdmin',
      answer: { 200: dashboard },
      handle: () => dashboardFigures(db, config.storageQuotaMb * 1024 * 1024),
    }),
  ];
}
