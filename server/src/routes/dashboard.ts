/**
 * The console's dashboard (dashboard/dashboard.ts), its first-run checklist (dashboard/checklist.ts),
 * the test mail the checklist asks for and the announcement to staff of its Quick Actions.
 */
import { checklistState, dismissItem, sendTestMail } from '../dashboard/checklist.js';
import { dashboardFigures } from '../dashboard/dashboard.js';
import { endpoints } from '@kafue/common/endpoints';
import type { Principal } from '../auth/sessions.js';
import type { AppDeps } from '../deps.js';
import { staffAnnouncement } from '../mail/notify.js';
import { endpoint, type Endpoint } from '../web/endpoint.js';

/** Whether the caller (an admin: these calls are a Super Admin's) signs in with two factors. */
const twoFactorOf = (p: Principal) => p.kind === 'admin' && p.twoFactorEnabled;

export function dashboardEndpoints({ db, config }: AppDeps): Endpoint[] {
  const smtp = Boolean(config.smtpUrl);
  return [
    endpoint({
      ...endpoints.getDashboard,
      access: 'anyAdmin',
      handle: () => dashboardFigures(db, config.storageQuotaMb * 1024 * 1024),
    }),
    endpoint({
      ...endpoints.getChecklist,
      access: 'superAdmin',
      handle: ({ principal }) => checklistState(db, twoFactorOf(principal), smtp),
    }),
    endpoint({
      ...endpoints.dismissChecklistItem,
      access: 'superAdmin',
      handle: ({ body, principal, audit }) => dismissItem(db, body.item, twoFactorOf(principal), smtp, audit),
    }),
    endpoint({
      ...endpoints.sendTestMail,
      access: 'anyAdmin',
      handle: ({ principal, audit }) => sendTestMail(db, principal, smtp, audit),
    }),
    endpoint({
      ...endpoints.sendAnnouncement,
      access: 'editor',
      async handle({ body, audit }) {
        const recipients = await staffAnnouncement(db, body.subject, body.message, audit);
        const people = recipients === 1 ? '1 staff member' : `${recipients} staff members`;
        return { message: `Announcement sent to ${people}.`, recipients };
      },
    }),
  ];
}
