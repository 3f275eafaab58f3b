/** GET /api/dashboard: the console's dashboard (dashboard/dashboard.ts). */
import { dashboardFigures } from '../dashboard/dashboard.js';
import { endpoints } from '@kafue/common/endpoints';
import type { AppDeps } from '../deps.js';
import { endpoint, type Endpoint } from '../web/endpoint.js';

export function dashboardEndpoints({ db, config }: AppDeps): Endpoint[] {
  return [
    endpoint({
      ...endpoints.getDashboard,
      access: 'anyAdmin',
      handle: () => dashboardFigures(db, config.storageQuotaMb * 1024 * 1024),
    }),
  ];
}
