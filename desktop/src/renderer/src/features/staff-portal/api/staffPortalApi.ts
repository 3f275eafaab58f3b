import { calls } from '@kafue/common/calls';
import type { ChangePasswordBody } from '@kafue/common/contract';
import { call } from '../../../lib/api';

export const staffPortalApi = {
  login: (email: string, password: string) => call(calls.staffLogin, { body: { email, password } }),
  me: () => call(calls.staffMe),
  changePassword: (body: ChangePasswordBody) => call(calls.changeStaffMyPassword, { body }),
  logout: () => call(calls.staffLogout),
};
