import { useState } from 'react';
import { Alert, Badge, Button, Group, Modal, Paper, Table, Title } from '@mantine/core';
import { messages, type Admin } from '@kafue/common/contract';
import { useAuth, useCan } from '../../lib/session';
import { useConfirmDelete } from '../../lib/useConfirmDelete';
import { useEditModal } from '../../lib/useEditModal';
import { LoadFailure } from '../../components/LoadFailure';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DataTable } from '../../components/DataTable';
import { AdminFormModal } from './components/AdminFormModal';
import { SessionsTable } from '../security';
import { useAdminList, useDeleteAdmin, useSaveAdmin } from './api/useAdmins';

const roleColors: Partial<Record<string, string>> = { 'Super Admin': 'red', Moderator: 'yellow' };

/** Spec section 2: Super Admin red, Moderator yellow, others green. */
export const roleBadgeColor = (role: string): string => roleColors[role] ?? 'green';

/** Admin Management (spec section 2). */
export default function AdminManagement() {
  const me = useAuth((s) => s.admin);
  const canSeeSessions = useCan('manageAdminSessions');
  const [sessionsOf, setSessionsOf] = useState<Admin | null>(null);
  const { data: admins = [], isPending, error } = useAdminList();
  const form = useEditModal<Admin>();
  const [resetKey, setResetKey] = useState(0);
  const [selfAlert, setSelfAlert] = useState(false);
  const save = useSaveAdmin((invited) => {
    if (invited) setResetKey((k) => k + 1);
    form.close();
  });
  const confirm = useConfirmDelete(useDeleteAdmin());

  // Spec section 8: an admin cannot delete themselves; the alert says so instead of asking.
  function askDelete(admin: Admin) {
    setSelfAlert(me !== null && admin._id === me._id);
    if (!me || admin._id !== me._id) confirm.ask(admin);
  }

  return (
    <Paper withBorder p="lg">
      <Group justify="space-between" mb="md">
        <Title order={2} size="h4">
          Admin Management
        </Title>
        <Button onClick={form.openNew}>Invite New Admin</Button>
      </Group>
      {selfAlert && (
        <Alert
          color="red"
          variant="light"
          role="alert"
          mb="md"
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={() => setSelfAlert(false)}
        >
          {messages.cannotDeleteSelf}
        </Alert>
      )}
      <LoadFailure error={error} fallback={messages.somethingWentWrong} />
      <DataTable
        loading={isPending}
        label="Admins"
        minWidth={560}
        head={
          <>
            <Table.Th>Name</Table.Th>
            <Table.Th>Email</Table.Th>
            <Table.Th>Role</Table.Th>
            <Table.Th>Actions</Table.Th>
          </>
        }
      >
        {admins.map((a) => (
          <Table.Tr key={a._id}>
            <Table.Td>{a.name}</Table.Td>
            <Table.Td>{a.email}</Table.Td>
            <Table.Td>
              <Badge color={roleBadgeColor(a.role)} variant="filled">
                {a.role}
              </Badge>
            </Table.Td>
            <Table.Td>
              <Group gap="xs" wrap="nowrap">
                <Button size="xs" variant="light" aria-label={`Edit ${a.name}`} onClick={() => form.openEdit(a)}>
                  Edit
                </Button>
                <Button size="xs" variant="light" color="red" aria-label={`Delete ${a.name}`} onClick={() => askDelete(a)}>
                  Delete
                </Button>
                {canSeeSessions && (
                  <Button size="xs" variant="light" color="gray" aria-label={`Sessions of ${a.name}`} onClick={() => setSessionsOf(a)}>
                    Sessions
                  </Button>
                )}
              </Group>
            </Table.Td>
          </Table.Tr>
        ))}
      </DataTable>
      <AdminFormModal
        opened={form.opened}
        editing={form.editing}
        saving={save.isPending}
        resetKey={resetKey}
        onSave={(values) => save.mutate({ editing: form.editing, values })}
        onClose={form.close}
      />
      <Modal
        opened={sessionsOf !== null}
        onClose={() => setSessionsOf(null)}
        title={`Active sessions of ${sessionsOf?.name ?? ''}`}
        size="xl"
      >
        {sessionsOf && <SessionsTable owner={{ kind: 'admin', id: sessionsOf._id }} label={`Active sessions of ${sessionsOf.name}`} />}
      </Modal>
      <ConfirmDialog
        title="Delete Admin"
        message="Are you sure you want to delete this admin? This action cannot be undone."
        {...confirm.dialog}
      />
    </Paper>
  );
}
