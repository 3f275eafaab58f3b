import { useState } from 'react';
import { Alert, Button, FileInput, Group, List, Modal, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { messages } from '@kafue/common/contract';
import { failureMessageOf } from '../../../lib/api';
import { backupDate, backupFileDate } from '../backupFiles';
import type { RestoreSource } from '../api/useBackups';

/** Where a backup file is chosen to be restored (the web's file input: the desktop app has it too). */
export function RestoreFromFile({ onChoose, restoring }: { onChoose: (source: RestoreSource) => void; restoring: boolean }) {
  const [file, setFile] = useState<File | null>(null);
  return (
    <Paper withBorder p="lg" maw={640}>
      <Stack align="flex-start">
        <Title order={2} size="h4">
          Restore from a File
        </Title>
        <FileInput
          label="Backup file"
          description="A backup you downloaded earlier: its name starts with kafue-backup."
          placeholder="Choose a file"
          accept=".json,application/json"
          value={file}
          onChange={setFile}
          clearable
          clearButtonProps={{ 'aria-label': 'Remove the chosen file' }}
          w="100%"
        />
        <Button
          disabled={!file || restoring}
          onClick={() => file && void backupFileDate(file).then((createdAt) => onChoose({ kind: 'file', file, createdAt }))}
        >
          Restore from File
        </Button>
      </Stack>
    </Paper>
  );
}

/** What the dialog calls the backup: its date, or the file's name when it does not say one. */
function describe(source: RestoreSource): string {
  if (source.kind === 'kept') return `the backup of ${backupDate(source.backup.createdAt)}`;
  return source.createdAt
    ? `the backup of ${backupDate(source.createdAt)} (file ${source.file.name})`
    : `the backup in the file ${source.file.name}`;
}

/**
 * The confirmation before a restore: what will be replaced, the automatic backup made first, the
 * other sessions ended. While the restore runs it shows its progress and cannot be closed.
 */
export function RestoreDialog({
  source,
  working,
  error,
  onConfirm,
  onClose,
}: {
  source: RestoreSource | null;
  working: boolean;
  error: unknown;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Modal
      opened={source !== null}
      onClose={onClose}
      title="Restore Backup"
      centered
      size="lg"
      closeOnEscape={!working}
      closeOnClickOutside={!working}
      withCloseButton={!working}
    >
      {source && (
        <Stack gap="sm">
          <Text>
            Restoring puts everything back as it was in <strong>{describe(source)}</strong>. It replaces:
          </Text>
          <List size="sm" spacing={4}>
            <List.Item>the site’s content: services, pages, portfolio, testimonials and every other section</List.Item>
            <List.Item>enquiries and their notes</List.Item>
            <List.Item>admins and staff, with their passwords and two-factor sign-in</List.Item>
            <List.Item>all settings</List.Item>
          </List>
          <Text size="sm">Anything added or changed after that backup was made will no longer be there.</Text>
          <Paper withBorder p="sm" bg="var(--mantine-color-blue-light)">
            <Text size="sm">
              First, an automatic backup of everything as it is now is made, so that you can go back. It appears in the list as “Automatic,
              before a restore”.
            </Text>
          </Paper>
          <Text size="sm">Everyone else signed in to the console or the staff portal will be signed out.</Text>
          {working && (
            <Stack gap={4} role="status">
              <Progress value={100} animated striped aria-label="Restoring the backup" />
              <Text size="sm">Restoring... This can take a minute. Keep this window open.</Text>
            </Stack>
          )}
          {error !== null && !working && (
            <Alert color="red" variant="light" role="alert">
              <Text size="sm">{failureMessageOf(error, messages.backupRestoreFailed)}</Text>
            </Alert>
          )}
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose} disabled={working}>
              Cancel
            </Button>
            <Button color="red" onClick={onConfirm} disabled={working}>
              {working ? 'Restoring...' : 'Restore Backup'}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
