import { calls } from '@kafue/common/calls';
import type { ChangePasswordBody, SecuritySettings, TwoFactorDisableBody } from '@kafue/common/contract';
import { call } from '../../../lib/api';

/** The signed-in admin's password and two-factor sign-in, the security settings, active sessions. */
export const securityApi = {
  changePassword: (body: ChangePasswordBody) => call(calls.changePassword, { body }),
  twoFactorSetup: () => call(calls.setupTwoFactor),
  twoFactorEnable: (code: string) => call(calls.enableTwoFactor, { body: { code } }),
  twoFactorDisable: (body: TwoFactorDisableBody) => call(calls.disableTwoFactor, { body }),
  loadSecurity: () => call(calls.getSecuritySettings),
  saveSecurity: (body: SecuritySettings) => call(calls.saveSecuritySettings, { body }),
  mySessions: () => call(calls.listMySessions),
  endMySession: (id: string) => call(calls.endMySession, { params: { id } }),
  endMyOtherSessions: () => call(calls.endMyOtherSessions),
  adminSessions: (adminId: string) => call(calls.listAdminSessions, { params: { id: adminId } }),
  endAdminSession: (adminId: string, id: string) => call(calls.endAdminSession, { params: { id: adminId, sessionId: id } }),
  endAdminSessions: (adminId: string) => call(calls.endAdminSessions, { params: { id: adminId } }),
};
