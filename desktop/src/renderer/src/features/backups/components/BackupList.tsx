import { useState } from 'react';
import { Button, Group, Pagination, Paper, Table, Text, Title } from '@mantine/core';
import { messages, type BackupRecord } from '@kafue/common/contract';
import { useConfirmDelete } from '../../../lib/useConfirmDelete';
import { LoadFailure } from '../../../components/LoadFailure';
import { paginationLabels } from '../../../lib/pagination';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { DataTable } from '../../../components/DataTable';
import { saveInDesktopApp } from '../../../lib/saveBlob';
import { formatSize } from '../../../lib/size';
import { backupDate } from '../backupFiles';
import { backupPageSize } from '../api/backupsApi';
import { useBackupList, useDeleteBackup } from '../api/useBackups';

const when = (backup: BackupRecord) => backupDate(backup.createdAt);

/** The backups kept on the server, newest first: date, size, who or what made it, download, restore and delete. */
export function BackupList({ onRestore, restoring }: { onRestore: (backup: BackupRecord) => void; restoring: boolean }) {
  const [page, setPage] = useState(1);
  const { data, isPending, error } = useBackupList(page);
  const confirm = useConfirmDelete(useDeleteBackup());
  const backups = data?.backups ?? [];
  const pages = Math.ceil((data?.total ?? 0) / backupPageSize);
  // The last backup of the last page deleted: show the page before, which still has some.
  if (data && pages > 0 && page > pages) setPage(pages);

  return (
    <Paper withBorder p="lg">
      <Title order={2} size="h4" mb="md">
        Backups
      </Title>
      <LoadFailure error={error} fallback={messages.backupListFailed} />
      {data && backups.length === 0 ? (
        <Text c="dimmed">No backups yet.</Text>
      ) : (
        <DataTable
          loading={isPending}
          label="Backups"
          minWidth={640}
          head={
            <>
              <Table.Th>Date</Table.Th>
              <Table.Th>Size</Table.Th>
              <Table.Th>Made by</Table.Th>
              <Table.Th>Actions</Table.Th>
            </>
          }
        >
          {backups.map((b) => (
            <Table.Tr key={b.id}>
              <Table.Td>{when(b)}</Table.Td>
              <Table.Td>{formatSize(b.size)}</Table.Td>
              <Table.Td>{b.madeBy}</Table.Td>
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  <Button
                    component="a"
                    href={b.fileUrl}
                    download
                    onClick={(e) => saveInDesktopApp(e, b.fileUrl)}
                    size="xs"
                    variant="light"
                    aria-label={`Download the backup of ${when(b)}`}
                  >
                    Download
                  </Button>
                  <Button
                    size="xs"
                    variant="light"
                    disabled={restoring}
                    aria-label={`Restore the backup of ${when(b)}`}
                    onClick={() => onRestore(b)}
                  >
                    Restore
                  </Button>
                  <Button
                    size="xs"
                    variant="light"
                    color="red"
                    aria-label={`Delete the backup of ${when(b)}`}
                    onClick={() => confirm.ask(b)}
                  >
                    Delete
                  </Button>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </DataTable>
      )}
      {pages > 1 && <Pagination mt="md" total={pages} value={page} onChange={setPage} {...paginationLabels} />}
      <ConfirmDialog
        title="Delete Backup"
        message={
          confirm.target
            ? `Are you sure you want to delete the backup of ${when(confirm.target)}? This action cannot be undone.`
            : undefined
        }
        {...confirm.dialog}
      />
    </Paper>
  );
}
