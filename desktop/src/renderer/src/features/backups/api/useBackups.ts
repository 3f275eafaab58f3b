/** Backups (Settings, Backup): making one, the list, deleting, restoring, and the automatic schedule, through the console's data layer. */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { defaultBackupSchedule, messages, type BackupRecord, type BackupSchedule } from '@kafue/common/contract';
import { unwrap } from '../../../lib/api';
import { useAuth } from '../../../lib/session';
import { failureToast, toast } from '../../../lib/toast';
import { backupsApi } from './backupsApi';

const backupsKey = ['backups'];
const scheduleKey = ['settings', 'backupSchedule'];

/** The backup call; a new backup joins the list. Its result shows on the screen, not in a toast. */
export function useCreateBackup() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(backupsApi.backup()),
    onSuccess: () => client.invalidateQueries({ queryKey: backupsKey }),
  });
}

/** One page of backups, newest first; the page shown stays while the next one loads. */
export function useBackupList(page: number) {
  return useQuery({
    queryKey: [...backupsKey, page],
    queryFn: () => unwrap(backupsApi.backups(page)),
    placeholderData: keepPreviousData,
    meta: { failureToast: { fallback: messages.backupListFailed } },
  });
}

export function useDeleteBackup() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (backup: BackupRecord) => unwrap(backupsApi.removeBackup(backup.id)),
    onSuccess() {
      toast('success', messages.backupDeleted);
      return client.invalidateQueries({ queryKey: backupsKey });
    },
    onError: (error) => failureToast(error, messages.backupDeleteFailed),
  });
}

/** What a restore puts back: a backup of the list, or a backup file chosen on this computer. */
export type RestoreSource = { kind: 'kept'; backup: BackupRecord } | { kind: 'file'; file: File; createdAt?: string };

/**
 * The restore call. Everything the console shows may have changed, so every query reloads; when
 * the restorer's own account is not in the backup, their session ended too, and the console
 * goes to sign-in.
 */
export function useRestoreBackup() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (source: RestoreSource) =>
      unwrap(
        source.kind === 'kept'
          ? backupsApi.restoreBackup(source.backup.id)
          : backupsApi.restoreUploadedBackup(new Uint8Array(await source.file.arrayBuffer())),
      ),
    async onSuccess(answer) {
      if (!answer.stillSignedIn) {
        toast('success', messages.backupRestored, { message: 'Your account is not in that backup: sign in with an account it has.' });
        useAuth.getState().signedOut();
        return;
      }
      await client.invalidateQueries();
    },
  });
}

export function useBackupSchedule() {
  return useQuery({
    queryKey: scheduleKey,
    queryFn: () => unwrap(backupsApi.loadBackupSchedule()).then((saved): BackupSchedule => ({ ...defaultBackupSchedule, ...saved })),
  });
}

export function useSaveBackupSchedule() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (values: BackupSchedule) => unwrap(backupsApi.saveBackupSchedule(values)),
    onSuccess(_, values) {
      toast('success', messages.settingsUpdated);
      client.setQueryData(scheduleKey, values);
    },
    onError: (error) => failureToast(error, messages.settingsUpdateFailed, { network: messages.settingsNetworkError }),
  });
}
