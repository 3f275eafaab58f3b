/**
 * Scheduled changes through the console's data layer: what is coming (all of it, or one item's),
 * setting a change on an item and cancelling one. Each refreshes every list of them; a change that
 * went live shows in the collection's list at its next load.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { calls } from '@kafue/common/calls';
import type { ContentCollection } from '@kafue/common/contract';
import { scheduleMessages, type ScheduleBody, type ScheduledChange } from '@kafue/common/schemas';
import { call, unwrap } from '../../../lib/api';
import { failureToast, toast } from '../../../lib/toast';

const scheduleKey = ['content', 'schedule'];

export const scheduleTexts = {
  loadFailed: 'Failed to load scheduled changes',
  saveFailed: 'Failed to schedule the change',
  cancelFailed: 'Failed to cancel the scheduled change',
};

/** What is coming, soonest first (one item's with `itemId`); refreshed every minute, as changes go live. */
export function useSchedule(itemId?: string) {
  return useQuery({
    queryKey: [...scheduleKey, itemId ?? 'all'],
    queryFn: () => unwrap(call(calls.listSchedule, { query: itemId ? { item: itemId } : {} })),
    refetchInterval: 60_000,
    meta: { failureToast: { fallback: scheduleTexts.loadFailed } },
  });
}

export function useScheduleActions() {
  const client = useQueryClient();
  const onSettled = () => client.invalidateQueries({ queryKey: scheduleKey });
  return {
    schedule: useMutation({
      mutationFn: ({ collection, id, body }: { collection: ContentCollection; id: string; body: ScheduleBody }) =>
        unwrap(call(calls.scheduleContent, { params: { collection, id }, body })),
      onSuccess: () => toast('success', scheduleMessages.created),
      onError: (error) => failureToast(error, scheduleTexts.saveFailed),
      onSettled,
    }),
    cancel: useMutation({
      mutationFn: (change: ScheduledChange) => unwrap(call(calls.cancelSchedule, { params: { id: change._id } })),
      onSuccess: () => toast('success', scheduleMessages.cancelled),
      onError: (error) => failureToast(error, scheduleTexts.cancelFailed),
      onSettled,
    }),
  };
}

/** The form's edits that a change to come will replace: the fields it sets that the form now gives another value. */
export function overwrittenBy(change: ScheduledChange, saved: Record<string, unknown>, edited: Record<string, unknown>): string[] {
  const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
  return Object.keys(change.fields).filter((field) => !same(saved[field], edited[field]));
}
