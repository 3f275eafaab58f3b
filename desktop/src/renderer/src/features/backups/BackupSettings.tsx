import { useState } from 'react';
import { Alert, Anchor, Button, Paper, Stack, Text } from '@mantine/core';
import { messages } from '@kafue/common/contract';
import { failureMessageOf } from '../../lib/api';
import { useCan } from '../../lib/session';
import { saveInDesktopApp } from '../../lib/saveBlob';
import { backupDate } from './backupFiles';
import { BackupList } from './components/BackupList';
import { RestoreDialog, RestoreFromFile } from './components/BackupRestore';
import { BackupScheduleForm } from './components/BackupScheduleForm';
import { useCreateBackup, useRestoreBackup, type RestoreSource } from './api/useBackups';

/**
 * Backup (spec section 2): 'Create Backup Now', 'Processing...', the result, 'Download Backup';
 * then, for a Super Admin (the only role the server lets read them), the outcome of a restore,
 * the automatic backups, the list of backups and restoring from a file.
 */
export default function BackupSettings() {
  const canManage = useCan('manageBackups');
  const backup = useCreateBackup();
  const busy = backup.isPending;
  const result = backup.isSuccess
    ? { ok: true, message: backup.data?.message || messages.backupCompleted, fileUrl: backup.data?.fileUrl || undefined }
    : backup.isError
      ? { ok: false, message: failureMessageOf(backup.error, messages.backupFailed) }
      : null;
  const restore = useRestoreBackup();
  const [restoreSource, setRestoreSource] = useState<RestoreSource | null>(null);
  const choose = (source: RestoreSource) => {
    restore.reset();
    setRestoreSource(source);
  };
  const restored = restore.data;

  return (
    <Stack>
      <Paper withBorder p="lg" maw={640}>
        <Stack align="flex-start">
          <Text>Create a copy of the database that you can download and keep somewhere safe.</Text>
          <Button onClick={() => backup.mutate()} disabled={busy}>
            {busy ? 'Processing...' : 'Create Backup Now'}
          </Button>
          {result && (
            <Alert color={result.ok ? 'green' : 'red'} variant="light" role="status" w="100%">
              <Text size="sm">{result.message}</Text>
              {result.fileUrl && (
                <Anchor href={result.fileUrl} download onClick={(e) => saveInDesktopApp(e, result.fileUrl!)} fw={600} size="sm">
                  Download Backup
                </Anchor>
              )}
            </Alert>
          )}
        </Stack>
      </Paper>
      {canManage ? (
        <>
          {restored && (
            <Alert color="green" variant="light" role="status" maw={640} title={restored.message}>
              <Stack gap={4}>
                <Text size="sm">Everything is as it was on {backupDate(restored.restoredFrom)}. Everyone else has been signed out.</Text>
                <Anchor
                  href={restored.automaticBackup.fileUrl}
                  download
                  onClick={(e) => saveInDesktopApp(e, restored.automaticBackup.fileUrl)}
                  fw={600}
                  size="sm"
                >
                  Download the automatic backup made just before
                </Anchor>
              </Stack>
            </Alert>
          )}
          <BackupScheduleForm />
          <BackupList onRestore={(backup) => choose({ kind: 'kept', backup })} restoring={restore.isPending} />
          <RestoreFromFile onChoose={choose} restoring={restore.isPending} />
          <RestoreDialog
            source={restore.isSuccess ? null : restoreSource}
            working={restore.isPending}
            error={restore.error}
            onConfirm={() => restoreSource && restore.mutate(restoreSource)}
            onClose={() => setRestoreSource(null)}
          />
        </>
      ) : (
        <Text c="dimmed">Automatic backups and the list of backups are for a Super Admin.</Text>
      )}
    </Stack>
  );
}
