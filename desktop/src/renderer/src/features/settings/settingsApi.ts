import {
  api,
  type ActiveSession,
  type Admin,
  type AdminChangeAnswer,
  type AdminInviteBody,
  type AdminUpdateBody,
  type BackupAnswer,
  type BackupListAnswer,
  type BackupSchedule,
  type ChangePasswordBody,
  type GeneralSettings,
  type MessageAnswer,
  type SecuritySettings,
  type SecuritySettingsAnswer,
  type TwoFactorDisableBody,
  type TwoFactorEnableAnswer,
  type TwoFactorSetupAnswer,
} from '@kafue/common/contract';
import { apiDelete, apiGet, apiPost, apiPut } from '../../lib/api';

export const backupPageSize = 10;

export const settingsApi = {
  loadGeneral: () => apiGet<GeneralSettings>(api.generalSettings),
  saveGeneral: (body: GeneralSettings) => apiPost<MessageAnswer>(api.generalSettings, body),
  changePassword: (body: ChangePasswordBody) => apiPost<MessageAnswer>(api.changePassword, body),
  backup: () => apiPost<BackupAnswer>(api.backup),
  backups: (page: number) => apiGet<BackupListAnswer>(`${api.backups}?page=${page}&pageSize=${backupPageSize}`),
  removeBackup: (id: string) => apiDelete<MessageAnswer>(api.backupFile(id)),
  loadBackupSchedule: () => apiGet<BackupSchedule>(api.backupSchedule),
  saveBackupSchedule: (body: BackupSchedule) => apiPut<MessageAnswer>(api.backupSchedule, body),
  admins: () => apiGet<Admin[]>(api.admins),
  invite: (body: AdminInviteBody) => apiPost<AdminChangeAnswer>(api.admins, body),
  updateAdmin: (id: string, body: AdminUpdateBody) => apiPut<AdminChangeAnswer>(api.adminById(id), body),
  removeAdmin: (id: string) => apiDelete<MessageAnswer>(api.adminById(id)),
  // Two-factor sign-in, the security settings, active sessions.
  twoFactorSetup: () => apiPost<TwoFactorSetupAnswer>(api.twoFactorSetup),
  twoFactorEnable: (code: string) => apiPost<TwoFactorEnableAnswer>(api.twoFactorEnable, { code }),
  twoFactorDisable: (body: TwoFactorDisableBody) => apiPost<MessageAnswer>(api.twoFactorDisable, body),
  loadSecurity: () => apiGet<SecuritySettings>(api.securitySettings),
  saveSecurity: (body: SecuritySettings) => apiPut<SecuritySettingsAnswer>(api.securitySettings, body),
  mySessions: () => apiGet<ActiveSession[]>(api.mySessions),
  endMySession: (id: string) => apiDelete<MessageAnswer>(api.mySessionById(id)),
  endMyOtherSessions: () => apiDelete<MessageAnswer>(api.mySessions),
  adminSessions: (adminId: string) => apiGet<ActiveSession[]>(api.adminSessions(adminId)),
  endAdminSession: (adminId: string, id: string) => apiDelete<MessageAnswer>(api.adminSessionById(adminId, id)),
  endAdminSessions: (adminId: string) => apiDelete<MessageAnswer>(api.adminSessions(adminId)),
};
