/** Admin Management's server data (spec section 2) through the console's data layer. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { messages, type Admin } from '@kafue/common/contract';
import { unwrap } from '../../../lib/api';
import { useAuth } from '../../../lib/session';
import { failureToast, toast } from '../../../lib/toast';
import type { AdminFormValues } from '../components/AdminFormModal';
import { adminsApi } from './adminsApi';

const adminsKey = ['admins'];

/** A failed load shows as an alert on the screen, so no toast here. */
export function useAdminList() {
  return useQuery({
    queryKey: adminsKey,
    queryFn: () => unwrap(adminsApi.admins()).then((list) => (Array.isArray(list) ? list : [])),
  });
}

/** Invites (`editing` null) or edits an admin; `onSaved` hears which it was. */
export function useSaveAdmin(onSaved: (invited: boolean) => void) {
  const client = useQueryClient();
  return useMutation({
    async mutationFn({ editing, values }: { editing: Admin | null; values: AdminFormValues }) {
      if (!editing) {
        await unwrap(adminsApi.invite(values));
        return;
      }
      const body = { name: values.name, email: values.email, role: values.role };
      await unwrap(adminsApi.updateAdmin(editing._id, body));
      // Editing oneself changes the name and role the sidebar shows.
      const me = useAuth.getState().admin;
      if (me && editing._id === me._id) useAuth.getState().signedIn({ ...me, ...body, email: body.email.trim().toLowerCase() });
    },
    onSuccess(_, { editing }) {
      toast('success', editing ? messages.adminUpdated : messages.adminInvited);
      onSaved(!editing);
      return client.invalidateQueries({ queryKey: adminsKey });
    },
    onError: (error, { editing }) => failureToast(error, editing ? messages.adminUpdateFailed : messages.adminInviteFailed),
  });
}

export function useDeleteAdmin() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (admin: Admin) => unwrap(adminsApi.removeAdmin(admin._id)),
    onSuccess() {
      toast('success', messages.adminDeleted);
      return client.invalidateQueries({ queryKey: adminsKey });
    },
    onError: (error) => failureToast(error, messages.adminDeleteFailed),
  });
}
