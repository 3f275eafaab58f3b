/** The lead report (any admin): what came in, how fast it was answered, what was quoted and won. */
import { endpoints } from '@kafue/common/endpoints';
import { leadReportQuery } from '@kafue/common/schemas';
import type { AppDeps } from '../deps.js';
import { parseQuery } from '../http/validate.js';
import { leadReport } from '../reports/leads.js';
import { endpoint, type Endpoint } from '../web/endpoint.js';

export function reportEndpoints({ db }: AppDeps): Endpoint[] {
  return [
    endpoint({
      ...endpoints.getLeadReport,
      access: 'anyAdmin',
      handle: async ({ ctx }) => leadReport(db, parseQuery(leadReportQuery, ctx.query)),
    }),
  ];
}
