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

interface ReminderCalls {
  list: typeof endpoints.listEnquiryReminders | typeof endpoints.listStaffEnquiryReminders;
  create: typeof endpoints.createReminder | typeof endpoints.createStaffReminder;
  mine: typeof endpoints.listMyReminders | typeof endpoints.listStaffReminders;
  done: typeof endpoints.doneReminder | typeof endpoints.doneStaffReminder;
  snooze: typeof endpoints.snoozeReminder | typeof endpoints.snoozeStaffReminder;
}

function reminderEndpointsFor({ db, now: clock }: AppDeps, calls: ReminderCalls, access: 'anyAdmin' | 'staff'): Endpoint[] {
  const now = () => new Date(clock?.() ?? Date.now());
  return [
    endpoint({
      ...calls.list,
      access,
      async handle({ params, principal }) {
        if (!(await findEnquiry(db, params.id, assignedTo(principal)))) throw notFound();
        return enquiryReminders(db, params.id, now());
      },
    }),
    endpoint({
      ...calls.create,
      body: calls.create.body,
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
      ...calls.mine,
      access,
      handle: async ({ principal }) => myReminders(db, principal, now()),
    }),
    endpoint({
      ...calls.done,
      access,
      async handle({ params, principal, audit }) {
        const reminder = await finishReminder(db, params.id, now(), assignedTo(principal), audit);
        return { message: reminderMessages.done, reminder };
      },
    }),
    endpoint({
      ...calls.snooze,
      body: calls.snooze.body,
      access,
      async handle({ params, body, principal, audit }) {
        const reminder = await snoozeReminder(db, params.id, body.at, now(), assignedTo(principal), audit);
        return { message: reminderMessages.snoozed, reminder };
      },
    }),
  ];
}

export const reminderEndpoints = (deps: AppDeps): Endpoint[] =>
  reminderEndpointsFor(
    deps,
    {
      list: endpoints.listEnquiryReminders,
      create: endpoints.createReminder,
      mine: endpoints.listMyReminders,
      done: endpoints.doneReminder,
      snooze: endpoints.snoozeReminder,
    },
    'anyAdmin',
  );

export const staffReminderEndpoints = (deps: AppDeps): Endpoint[] =>
  reminderEndpointsFor(
    deps,
    {
      list: endpoints.listStaffEnquiryReminders,
      create: endpoints.createStaffReminder,
      mine: endpoints.listStaffReminders,
      done: endpoints.doneStaffReminder,
      snooze: endpoints.snoozeStaffReminder,
    },
    'staff',
  );
