/** The audit log: list, CSV export and retention, for Super Admins. */
import { messages } from '@kafue/common/contract';
import { endpoints } from '@kafue/common/endpoints';
import { auditQuery } from '@kafue/common/schemas';
import { exportAudit, listAudit } from '../audit/audit.js';
import type { AppDeps } from '../deps.js';
import { endpoint, type Endpoint } from '../web/endpoint.js';
import { parseQuery } from '../http/validate.js';
import { readAuditSettings, settingsPages, updateSettings } from '../settings/settings.js';

export function auditEndpoints({ db }: AppDeps): Endpoint[] {
  return [
    endpoint({
      ...endpoints.listAudit,
      access: 'superAdmin',
      handle: ({ ctx }) => listAudit(db, parseQuery(auditQuery, ctx.query)),
    }),
    endpoint({
      ...endpoints.exportAudit,
      access: 'superAdmin',
      async handle({ ctx }) {
        const filters = parseQuery(auditQuery, ctx.query);
        ctx.type = 'text/csv; charset=utf-8';
        ctx.attachment(`audit-log-${new Date().toISOString().slice(0, 10)}.csv`);
        return exportAudit(db, filters);
      },
    }),
    endpoint({
      ...endpoints.getAuditSettings,
      access: 'superAdmin',
      handle: () => readAuditSettings(db),
    }),
    endpoint({
      ...endpoints.saveAuditSettings,
      access: 'superAdmin',
      async handle({ body, audit }) {
        await updateSettings(db, audit, settingsPages.audit, body);
        return { message: messages.settingsUpdated, settings: body };
      },
    }),
  ];
}
