/** Reminders through the console's data layer: the caller's own (dashboard) and an enquiry's. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { calls } from '@kafue/common/calls';
import { reminderMessages, type ReminderBody } from '@kafue/common/schemas';
import { call, unwrap } from '../../../lib/api';
import { failureToast, toast } from '../../../lib/toast';

export const remindersKey = ['reminders'];

export const texts = {
  loadFailed: 'Failed to load reminders',
  saveFailed: 'Failed to save the reminder',
};

/** The signed-in admin's open reminders, soonest first; refreshed every minute so that one coming due shows. */
export function useMyReminders() {
  return useQuery({
    queryKey: [...remindersKey, 'mine'],
    queryFn: () => unwrap(call(calls.listMyReminders)),
    refetchInterval: 60_000,
    meta: { failureToast: { fallback: texts.loadFailed } },
  });
}

export function useEnquiryReminders(enquiryId: string) {
  return useQuery({
    queryKey: [...remindersKey, 'enquiry', enquiryId],
    queryFn: () => unwrap(call(calls.listEnquiryReminders, { params: { id: enquiryId } })),
    meta: { failureToast: { fallback: texts.loadFailed } },
  });
}

/** Set, done and snooze: each refreshes every list of reminders, and the enquiries' timelines (which list them too). */
export function useReminderActions() {
  const client = useQueryClient();
  const settled = {
    onError: (error: unknown) => failureToast(error, texts.saveFailed),
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: remindersKey }),
        client.invalidateQueries({ queryKey: ['enquiries', 'timeline'] }),
      ]),
  };
  return {
    create: useMutation({
      mutationFn: ({ enquiryId, body }: { enquiryId: string; body: ReminderBody }) =>
        unwrap(call(calls.createReminder, { params: { id: enquiryId }, body })),
      onSuccess: () => toast('success', reminderMessages.created),
      ...settled,
    }),
    done: useMutation({
      mutationFn: (id: string) => unwrap(call(calls.doneReminder, { params: { id } })),
      onSuccess: () => toast('success', reminderMessages.done),
      ...settled,
    }),
    snooze: useMutation({
      mutationFn: ({ id, at }: { id: string; at: string }) => unwrap(call(calls.snoozeReminder, { params: { id }, body: { at } })),
      onSuccess: () => toast('success', reminderMessages.snoozed),
      ...settled,
    }),
  };
}
