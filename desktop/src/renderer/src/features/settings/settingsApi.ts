import { calls } from '@kafue/common/calls';
import type { CompanyProfile } from '@kafue/common/company';
import type { HeroSettings } from '@kafue/common/hero';
import type {
  AdminInviteBody,
  AdminUpdateBody,
  ChangePasswordBody,
  GeneralSettings,
  SecuritySettings,
  TwoFactorDisableBody,
} from '@kafue/common/contract';
import { call } from '../../lib/api';

export const settingsApi = {
  loadGeneral: () => call(calls.getGeneralSettings),
  saveGeneral: (body: GeneralSettings) => call(calls.saveGeneralSettings, { body }),
  loadCompany: () => call(calls.getCompanyProfile),
  saveCompany: (body: CompanyProfile) => call(calls.saveCompanyProfile, { body }),
  loadHero: () => call(calls.getHeroSettings),
  saveHero: (body: HeroSettings) => call(calls.saveHeroSettings, { body }),
  changePassword: (body: ChangePasswordBody) => call(calls.changePassword, { body }),
  admins: () => call(calls.listAdmins),
  invite: (body: AdminInviteBody) => call(calls.inviteAdmin, { body }),
  updateAdmin: (id: string, body: AdminUpdateBody) => call(calls.updateAdmin, { params: { id }, body }),
  removeAdmin: (id: string) => call(calls.deleteAdmin, { params: { id } }),
  // Two-factor sign-in, the security settings, active sessions.
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
