import { calls } from '@kafue/common/calls';
import type { AdminInviteBody, AdminUpdateBody } from '@kafue/common/contract';
import { call } from '../../../lib/api';

export const adminsApi = {
  admins: () => call(calls.listAdmins),
  invite: (body: AdminInviteBody) => call(calls.inviteAdmin, { body }),
  updateAdmin: (id: string, body: AdminUpdateBody) => call(calls.updateAdmin, { params: { id }, body }),
  removeAdmin: (id: string) => call(calls.deleteAdmin, { params: { id } }),
};
