import { Alert, Anchor, Button, Paper, Stack, Text } from '@mantine/core';
import { messages } from '@kafue/common/contract';
import { failureMessageOf } from '../../lib/api';
import { useAuth } from '../../lib/session';
import { saveInDesktopApp } from './backupFiles';
import { BackupList } from './BackupList';
import { BackupScheduleForm } from './BackupScheduleForm';
import { useCreateBackup } from './useBackups';

/**
 * Backup (spec section 2): 'Create Backup Now', 'Processing...', the result, 'Download Backup';
 * then, for a Super Admin (the only role the server lets read them), the automatic backups and
 * the list of backups.
 */
export default function BackupSettings() {
  const superAdmin = useAuth((s) => s.admin?.role === 'Super Admin');
  const backup = useCreateBackup();
  const busy = backup.isPending;
  const result = backup.isSuccess
    ? { ok: true, message: backup.data?.message || messages.backupCompleted, fileUrl: backup.data?.fileUrl || undefined }
    : backup.isError
      ? { ok: false, message: failureMessageOf(backup.error, messages.backupFailed) }
      : null;

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
      {superAdmin ? (
        <>
          <BackupScheduleForm />
          <BackupList />
        </>
      ) : (
        <Text c="dimmed">Automatic backups and the list of backups are for a Super Admin.</Text>
      )}
    </Stack>
  );
}
