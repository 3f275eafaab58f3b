import { api, type ChangePasswordBody, type MessageAnswer, type StaffLoginAnswer, type StaffSelf } from '@kafue/common/contract';
import { apiGet, apiPost } from '../../lib/api';

export const staffPortalApi = {
  login: (email: string, password: string) => apiPost<StaffLoginAnswer>(api.staffLogin, { email, password }),
  me: () => apiGet<StaffSelf>(api.staffMe),
  changePassword: (body: ChangePasswordBody) => apiPost<MessageAnswer>(api.staffMyPassword, body),
  logout: () => apiPost<MessageAnswer>(api.staffLogout),
};
