/**
 * The console's dashboard (dashboard/dashboard.ts), its first-run checklist (dashboard/checklist.ts),
 * the test mail the checklist asks for and the announcement to staff of its Quick Actions.
 */
import { checklistState, dismissItem, recordTestMail } from '../dashboard/checklist.js';
import { dashboardFigures } from '../dashboard/dashboard.js';
import { endpoints } from '@kafue/common/endpoints';
import type { TestMailAnswer } from '@kafue/common/contract';
import type { Principal } from '../auth/sessions.js';
import type { AppDeps } from '../deps.js';
import { staffAnnouncement, testMail } from '../mail/notify.js';
import { awaitDelivery, type Delivery } from '../mail/queue.js';
import { endpoint, type Endpoint } from '../web/endpoint.js';

/** Whether the caller (an admin: these calls are a Super Admin's) signs in with two factors. */
const twoFactorOf = (p: Principal) => p.kind === 'admin' && p.twoFactorEnabled;

/** What the owner reads after a test mail to `to`. */
function testMailOutcome(delivery: Delivery, smtp: boolean, to: string): TestMailAnswer {
  switch (delivery.state) {
    case 'delivered':
      return smtp
        ? { outcome: 'sent', message: `The mail server took the test mail for ${to}. Look for it in that inbox.` }
        : {
            outcome: 'outbox',
            message:
              'Mail is kept in the outbox because SMTP_URL is not set: the test mail was written to the server’s outbox folder and left nobody’s machine.',
          };
    case 'failed':
      return { outcome: 'failed', message: `The mail server did not take the test mail (${delivery.error}). It will be tried again.` };
    case 'waiting':
      return { outcome: 'waiting', message: 'The test mail is still waiting in the mail queue: the mail server has not answered yet.' };
  }
}

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
      async handle({ body, principal, audit }) {
        return db.transaction(async (m) => {
          await dismissItem(m, body.item);
          await audit(m, { action: 'checklist.dismiss', target: { type: 'settings', id: 'checklist', label: body.item } });
          return checklistState(m, twoFactorOf(principal), smtp);
        });
      },
    }),
    endpoint({
      ...endpoints.sendTestMail,
      access: 'anyAdmin',
      async handle({ principal, audit }) {
        const id = await db.transaction(async (m) => {
          const queued = await testMail(m, principal.email);
          await audit(m, { action: 'mail.test', target: { type: 'admin', id: principal.id, label: principal.email } });
          return queued;
        });
        const answer = testMailOutcome(await awaitDelivery(db, id), smtp, principal.email);
        await recordTestMail(db.manager, answer.outcome);
        return answer;
      },
    }),
    endpoint({
      ...endpoints.sendAnnouncement,
      access: 'editor',
      async handle({ body, audit }) {
        const recipients = await db.transaction(async (m) => {
          const count = await staffAnnouncement(m, body.subject, body.message);
          await audit(m, {
            action: 'announcement.send',
            target: { type: 'staff', id: null, label: body.subject },
            changes: { recipients: { new: count } },
          });
          return count;
        });
        const people = recipients === 1 ? '1 staff member' : `${recipients} staff members`;
        return { message: `Announcement sent to ${people}.`, recipients };
      },
    }),
  ];
}
