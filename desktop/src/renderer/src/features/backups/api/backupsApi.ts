import { calls } from '@kafue/common/calls';
import type { BackupSchedule } from '@kafue/common/contract';
import { call, upload } from '../../../lib/api';

export const backupPageSize = 10;

export const backupsApi = {
  backup: () => call(calls.runBackup),
  backups: (page: number) => call(calls.listBackups, { query: { page, pageSize: backupPageSize } }),
  removeBackup: (id: string) => call(calls.deleteBackup, { params: { id } }),
  restoreBackup: (id: string) => call(calls.restoreBackup, { params: { id } }),
  restoreUploadedBackup: (bytes: Uint8Array) => upload(calls.restoreUploadedBackup, bytes),
  loadBackupSchedule: () => call(calls.getBackupSchedule),
  saveBackupSchedule: (body: BackupSchedule) => call(calls.saveBackupSchedule, { body }),
};
