import type { MouseEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Alert, Anchor, Button, Paper, Stack, Text } from '@mantine/core';
import { messages } from '@kafue/common/contract';
import { failureMessageOf, unwrap } from '../../lib/api';
import { settingsApi } from './settingsApi';

/** Backup (spec section 2): 'Create Backup Now', 'Processing...', the result, 'Download Backup'. */
export default function BackupSettings() {
  const backup = useMutation({ mutationFn: () => unwrap(settingsApi.backup()) });
  const busy = backup.isPending;
  const result = backup.isSuccess
    ? { ok: true, message: backup.data?.message || messages.backupCompleted, fileUrl: backup.data?.fileUrl || undefined }
    : backup.isError
      ? { ok: false, message: failureMessageOf(backup.error, messages.backupFailed) }
      : null;

  // The desktop app saves through a native dialog; the web follows the link with its cookie.
  function download(e: MouseEvent<HTMLAnchorElement>) {
    if (!window.kafue || !result?.fileUrl) return;
    e.preventDefault();
    void window.kafue.saveBackup(result.fileUrl);
  }

  return (
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
              <Anchor href={result.fileUrl} download onClick={download} fw={600} size="sm">
                Download Backup
              </Anchor>
            )}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
