/** The audit log: list, CSV export and retention, for Super Admins. */
import { api, messages } from '@kafue/common/contract';
import { auditCsv, auditListAnswer, auditQuery, auditSettings, auditSettingsAnswer } from '@kafue/common/schemas';
import { diff, exportAudit, listAudit } from '../audit/audit.js';
import type { AppDeps } from '../deps.js';
import { endpoint, type Endpoint } from '../web/endpoint.js';
import { parseBody } from '../http/validate.js';
import { readAuditSettings, saveSetting, settingsKeys } from '../settings/settings.js';

export function auditEndpoints({ db }: AppDeps): Endpoint[] {
  return [
    endpoint({
      method: 'GET',
      path: api.audit,
      access: 'superAdmin',
      answer: { 200: auditListAnswer },
      handle: ({ ctx }) => listAudit(db, parseBody(auditQuery, ctx.query)),
    }),
    endpoint({
      method: 'GET',
      path: api.auditExport,
      access: 'superAdmin',
      answer: { 200: auditCsv },
      async handle({ ctx }) {
        const filters = parseBody(auditQuery, ctx.query);
        ctx.type = 'text/csv; charset=utf-8';
        ctx.attachment(`audit-log-${new Date().toISOString().slice(0, 10)}.csv`);
        return exportAudit(db, filters);
      },
    }),
    endpoint({
      method: 'GET',
      path: api.auditSettings,
      access: 'superAdmin',
      answer: { 200: auditSettings },
      handle: () => readAuditSettings(db),
    }),
    endpoint({
      method: 'PUT',
      path: api.auditSettings,
      access: 'superAdmin',
      body: auditSettings,
      answer: { 200: auditSettingsAnswer },
      async handle({ body, audit }) {
        await db.transaction(async (m) => {
          const before = await readAuditSettings(m);
          await saveSetting(m, settingsKeys.audit, body);
          await audit(m, { action: 'audit_settings.update', target: { type: 'settings', id: settingsKeys.audit, label: 'Audit log' }, changes: diff(before, body) });
        });
        return { message: messages.settingsUpdated, settings: body };
      },
    }),
  ];
}
