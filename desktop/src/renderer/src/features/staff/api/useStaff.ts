/** Staff User Management's server data (spec section 2) through the console's data layer. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { messages, type StaffCreateBody, type StaffUser } from '@kafue/common/contract';
import { ApiFailure, unwrap, type ApiFailureResult } from '../../../lib/api';
import { failureToast, toast } from '../../../lib/toast';
import { asStaffList } from '../filter';
import { staffApi } from './staffApi';

const staffKey = ['staff'];
/** This screen's failure toasts: the specification's title, the server's words beneath, 3000 ms. */
const failureStyle = { area: 'staff', titled: true } as const;

export function useStaffList() {
  return useQuery({
    queryKey: staffKey,
    queryFn: () => unwrap(staffApi.list()).then(asStaffList),
    meta: { failureToast: { fallback: messages.staffLoadFailed, ...failureStyle } },
  });
}

/** A new account and the one-time password the server generated for it. */
export interface CreatedStaff {
  name: string;
  email: string;
  password: string;
}

/** Adds (`editing` null) or edits a user; `onSaved` hears of a new account's one-time password. */
export function useSaveStaff(onSaved: (created: CreatedStaff | null) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ editing, values }: { editing: StaffUser | null; values: StaffCreateBody }): Promise<CreatedStaff | null> => {
      if (editing) {
        await unwrap(staffApi.update(editing._id, values));
        return null;
      }
      const answer = await unwrap(staffApi.create(values));
      return answer?.oneTimePassword ? { name: values.name, email: values.email, password: answer.oneTimePassword } : null;
    },
    onSuccess(created, { editing }) {
      toast('success', editing ? messages.staffUpdated : messages.staffAdded, { area: 'staff' });
      onSaved(created);
      return client.invalidateQueries({ queryKey: staffKey });
    },
    onError: (error) => failureToast(error, messages.staffSaveFailed, failureStyle),
  });
}

export type StaffDeletion = { kind: 'one'; user: StaffUser } | { kind: 'selected'; ids: string[] };

/**
 * Deletes one user or the selected ones. Whatever the server deleted leaves the list at once and
 * is handed to `onGone` (the selection drops it), even when another user of the batch failed.
 */
export function useDeleteStaff(onGone: (ids: ReadonlySet<string>) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (target: StaffDeletion) => {
      const ids = target.kind === 'one' ? [target.user._id] : target.ids;
      const results = await Promise.all(ids.map((id) => staffApi.remove(id)));
      const gone = new Set(ids.filter((_, i) => results[i].ok));
      client.setQueryData<StaffUser[]>(staffKey, (list) => list?.filter((s) => !gone.has(s._id)));
      onGone(gone);
      const failure = results.find((r): r is ApiFailureResult => !r.ok);
      if (failure) throw new ApiFailure(failure);
    },
    onSuccess: (_, target) =>
      toast('success', target.kind === 'one' ? messages.staffDeleted : messages.staffBulkDeleted, { area: 'staff' }),
    onError: (error, target) =>
      failureToast(error, target.kind === 'one' ? messages.staffDeleteFailed : messages.staffBulkDeleteFailed, failureStyle),
  });
}
