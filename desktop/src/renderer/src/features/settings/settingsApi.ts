import {
  api,
  type Admin,
  type AdminChangeAnswer,
  type AdminInviteBody,
  type AdminUpdateBody,
  type BackupAnswer,
  type ChangePasswordBody,
  type GeneralSettings,
  type MessageAnswer,
} from '@kafue/common/contract';
import { apiDelete, apiGet, apiPost, apiPut } from '../../lib/api';

export const settingsApi = {
  loadGeneral: () => apiGet<GeneralSettings>(api.generalSettings),
  saveGeneral: (body: GeneralSettings) => apiPost<MessageAnswer>(api.generalSettings, body),
  changePassword: (body: ChangePasswordBody) => apiPost<MessageAnswer>(api.changePassword, body),
  backup: () => apiPost<BackupAnswer>(api.backup),
  admins: () => apiGet<Admin[]>(api.admins),
  invite: (body: AdminInviteBody) => apiPost<AdminChangeAnswer>(api.admins, body),
  updateAdmin: (id: string, body: AdminUpdateBody) => apiPut<AdminChangeAnswer>(api.adminById(id), body),
  removeAdmin: (id: string) => apiDelete<MessageAnswer>(api.adminById(id)),
};
