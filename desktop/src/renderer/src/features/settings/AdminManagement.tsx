import { useCallback, useEffect, useState } from 'react';
import { Alert, Badge, Button, Group, Paper, Table, Title } from '@mantine/core';
import { messages, type Admin } from '@kafue/common/contract';
import { failureMessage } from '../../lib/api';
import { toast } from '../../lib/toast';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DataTable } from '../../components/DataTable';
import { useAuth } from '../auth/store';
import { settingsApi } from './settingsApi';
import { AdminFormModal, type AdminFormValues } from './AdminFormModal';

/** Spec section 2: Super Admin red, Moderator yellow, others green. */
export function roleBadgeColor(role: string): string {
  if (role === 'Super Admin') return 'red';
  if (role === 'Moderator') return 'yellow';
  return 'green';
}

const failure = (result: Parameters<typeof failureMessage>[0], fallback: string) => failureMessage(result, fallback, messages.somethingWentWrong);

/** Admin Management (spec section 2). */
export default function AdminManagement() {
  const me = useAuth((s) => s.admin);
  const [admins, setAdmins] = useState<Admin[]>([]);
  const [loading, setLoading] = useState(true);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [form, setForm] = useState<{ opened: boolean; editing: Admin | null }>({ opened: false, editing: null });
  const [resetKey, setResetKey] = useState(0);
  const [saving, setSaving] = useState(false);
  const [toDelete, setToDelete] = useState<Admin | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [selfAlert, setSelfAlert] = useState(false);

  const load = useCallback(async () => {
    const result = await settingsApi.admins();
    if (result.ok) {
      setAdmins(Array.isArray(result.data) ? result.data : []);
      setLoadError(null);
    } else setLoadError(failure(result, messages.somethingWentWrong));
    setLoading(false);
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  async function save(values: AdminFormValues) {
    setSaving(true);
    const editing = form.editing;
    if (editing) {
      const body = { name: values.name, email: values.email, role: values.role };
      const result = await settingsApi.updateAdmin(editing._id, body);
      setSaving(false);
      if (!result.ok) return toast('error', failure(result, messages.adminUpdateFailed));
      toast('success', messages.adminUpdated);
      if (me && editing._id === me._id) useAuth.getState().signedIn({ ...me, ...body, email: body.email.trim().toLowerCase() });
    } else {
      const result = await settingsApi.invite(values);
      setSaving(false);
      if (!result.ok) return toast('error', failure(result, messages.adminInviteFailed));
      toast('success', messages.adminInvited);
      setResetKey((k) => k + 1);
    }
    setForm({ opened: false, editing: null });
    await load();
  }

  function askDelete(admin: Admin) {
    if (me && admin._id === me._id) {
      setSelfAlert(true);
      return;
    }
    setSelfAlert(false);
    setToDelete(admin);
  }

  async function confirmDelete() {
    if (!toDelete) return;
    setDeleting(true);
    const result = await settingsApi.removeAdmin(toDelete._id);
    setDeleting(false);
    setToDelete(null);
    if (!result.ok) return toast('error', failure(result, messages.adminDeleteFailed));
    toast('success', messages.adminDeleted);
    await load();
  }

  return (
    <Paper withBorder p="lg">
      <Group justify="space-between" mb="md">
        <Title order={2} size="h4">
          Admin Management
        </Title>
        <Button onClick={() => setForm({ opened: true, editing: null })}>Invite New Admin</Button>
      </Group>
      {selfAlert && (
        <Alert color="red" variant="light" role="alert" mb="md" withCloseButton closeButtonLabel="Dismiss" onClose={() => setSelfAlert(false)}>
          {messages.cannotDeleteSelf}
        </Alert>
      )}
      {loadError && (
        <Alert color="red" variant="light" mb="md">
          {loadError}
        </Alert>
      )}
      <DataTable
        loading={loading}
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
                <Button size="xs" variant="light" aria-label={`Edit ${a.name}`} onClick={() => setForm({ opened: true, editing: a })}>
                  Edit
                </Button>
                <Button size="xs" variant="light" color="red" aria-label={`Delete ${a.name}`} onClick={() => askDelete(a)}>
                  Delete
                </Button>
              </Group>
            </Table.Td>
          </Table.Tr>
        ))}
      </DataTable>
      <AdminFormModal
        opened={form.opened}
        editing={form.editing}
        saving={saving}
        resetKey={resetKey}
        onSave={save}
        onClose={() => setForm({ opened: false, editing: null })}
      />
      <ConfirmDialog
        opened={toDelete !== null}
        title="Delete Admin"
        message="Are you sure you want to delete this admin? This action cannot be undone."
        working={deleting}
        onConfirm={confirmDelete}
        onClose={() => !deleting && setToDelete(null)}
      />
    </Paper>
  );
}
