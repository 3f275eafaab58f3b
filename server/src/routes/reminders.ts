/**
 * Reminders on enquiries: any admin sets them on any enquiry and finishes or snoozes any; a staff
 * member on the enquiries assigned to them, and only their own (another's answers 404). Each
 * person's open ones are listed for their dashboard.
 */
import { endpoints } from '@kafue/common/endpoints';
import { reminderMessages } from '@kafue/common/schemas';
import type { AppDeps } from '../deps.js';
import { findEnquiry } from '../enquiries/enquiries.js';
import { notFound } from '../http/errors.js';
import { createReminder, enquiryReminders, finishReminder, myReminders, snoozeReminder } from '../reminders/reminders.js';
import { endpoint, type Endpoint } from '../web/endpoint.js';
import { assignedTo } from '../auth/sessions.js';

/** Team access: the same calls for admins and staff, `assignedTo` keeping staff to what is theirs. */
export function reminderEndpoints({ db, now: clock }: AppDeps): Endpoint[] {
  const now = () => new Date(clock?.() ?? Date.now());
  const access = 'team';
  return [
    endpoint({
      ...endpoints.listEnquiryReminders,
      access,
      async handle({ params, principal }) {
        if (!(await findEnquiry(db, params.id, assignedTo(principal)))) throw notFound();
        return enquiryReminders(db, params.id, now());
      },
    }),
    endpoint({
      ...endpoints.createReminder,
      access,
      async handle({ ctx, params, body, principal, audit }) {
        const reminder = await createReminder(
          db,
          params.id,
          { at: body.at, note: body.note },
          principal,
          now(),
          assignedTo(principal),
          audit,
        );
        ctx.status = 201;
        return { message: reminderMessages.created, reminder };
      },
    }),
    endpoint({
      ...endpoints.listMyReminders,
      access,
      handle: async ({ principal }) => myReminders(db, principal, now()),
    }),
    endpoint({
      ...endpoints.doneReminder,
      access,
      async handle({ params, principal, audit }) {
        const reminder = await finishReminder(db, params.id, now(), assignedTo(principal), audit);
        return { message: reminderMessages.done, reminder };
      },
    }),
    endpoint({
      ...endpoints.snoozeReminder,
      access,
      async handle({ params, body, principal, audit }) {
        const reminder = await snoozeReminder(db, params.id, body.at, now(), assignedTo(principal), audit);
        return { message: reminderMessages.snoozed, reminder };
      },
    }),
  ];
}
