/** Backups (Settings, Backup): making one, the list, deleting, and the automatic schedule, through the console's data layer. */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { defaultBackupSchedule, messages, type BackupRecord, type BackupSchedule } from '@kafue/common/contract';
import { unwrap } from '../../lib/api';
import { failureToast, toast } from '../../lib/toast';
import { settingsApi } from './settingsApi';

const backupsKey = ['backups'];
const scheduleKey = ['settings', 'backupSchedule'];

/** The backup call; a new backup joins the list. Its result shows on the screen, not in a toast. */
export function useCreateBackup() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(settingsApi.backup()),
    onSuccess: () => client.invalidateQueries({ queryKey: backupsKey }),
  });
}

/** One page of backups, newest first; the page shown stays while the next one loads. */
export function useBackupList(page: number) {
  return useQuery({
    queryKey: [...backupsKey, page],
    queryFn: () => unwrap(settingsApi.backups(page)),
    placeholderData: keepPreviousData,
    meta: { failureToast: { fallback: messages.backupListFailed } },
  });
}

export function useDeleteBackup() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (backup: BackupRecord) => unwrap(settingsApi.removeBackup(backup.id)),
    onSuccess() {
      toast('success', messages.backupDeleted);
      return client.invalidateQueries({ queryKey: backupsKey });
    },
    onError: (error) => failureToast(error, messages.backupDeleteFailed),
  });
}

export function useBackupSchedule() {
  return useQuery({
    queryKey: scheduleKey,
    queryFn: () => unwrap(settingsApi.loadBackupSchedule()).then((saved): BackupSchedule => ({ ...defaultBackupSchedule, ...saved })),
  });
}

export function useSaveBackupSchedule() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (values: BackupSchedule) => unwrap(settingsApi.saveBackupSchedule(values)),
    onSuccess(_, values) {
      toast('success', messages.settingsUpdated);
      client.setQueryData(scheduleKey, values);
    },
    onError: (error) => failureToast(error, messages.settingsUpdateFailed, { network: messages.settingsNetworkError }),
  });
}
