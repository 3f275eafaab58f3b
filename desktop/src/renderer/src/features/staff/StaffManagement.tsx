import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ActionIcon, Button, Checkbox, Group, Paper, Select, Table, Text, TextInput, Title } from '@mantine/core';
import { messages, staffRoles, staffStatuses, type StaffCreateBody, type StaffUser } from '@kafue/common/contract';
import { failureMessage, type ApiResult } from '../../lib/api';
import { toast } from '../../lib/toast';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DataTable, StatusBadge } from '../../components/DataTable';
import { EditIcon, TrashIcon } from '../../components/icons';
import { asStaffList, filterStaff, headerState, noFilter, toggleAllShown, type StaffFilter } from './filter';
import { staffApi } from './staffApi';
import { StaffFormModal } from './StaffFormModal';
import { OneTimePasswordModal } from './OneTimePasswordModal';

/** A failure toast: the specification's title, with the server's own words (or the network message) beneath. */
function failed(title: string, result: ApiResult<unknown>) {
  if (result.ok) return;
  const detail = failureMessage(result, '', messages.somethingWentWrong);
  toast('error', title, { message: detail || undefined, area: 'staff' });
}

/** Staff User Management (spec section 2). */
export default function StaffManagement() {
  const [staff, setStaff] = useState<StaffUser[]>([]);
  const [loading, setLoading] = useState(true);
  const [filter, setFilter] = useState<StaffFilter>(noFilter);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [form, setForm] = useState<{ opened: boolean; editing: StaffUser | null }>({ opened: false, editing: null });
  const [saving, setSaving] = useState(false);
  const [created, setCreated] = useState<{ name: string; email: string; password: string } | null>(null);
  const [confirm, setConfirm] = useState<{ kind: 'one'; user: StaffUser } | { kind: 'selected' } | null>(null);
  const [deleting, setDeleting] = useState(false);
  const addButton = useRef<HTMLButtonElement>(null);

  const load = useCallback(async () => {
    setLoading(true);
    const result = await staffApi.list();
    if (result.ok) setStaff(asStaffList(result.data));
    else {
      setStaff([]);
      failed(messages.staffLoadFailed, result);
    }
    setLoading(false);
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  const shown = useMemo(() => filterStaff(staff, filter), [staff, filter]);
  const header = headerState(shown, selected);

  async function save(values: StaffCreateBody) {
    setSaving(true);
    const editing = form.editing;
    if (editing) {
      const result = await staffApi.update(editing._id, values);
      setSaving(false);
      if (!result.ok) return failed(messages.staffSaveFailed, result);
      toast('success', messages.staffUpdated, { area: 'staff' });
    } else {
      const result = await staffApi.create(values);
      setSaving(false);
      if (!result.ok) return failed(messages.staffSaveFailed, result);
      toast('success', messages.staffAdded, { area: 'staff' });
      if (result.data?.oneTimePassword) setCreated({ name: values.name, email: values.email, password: result.data.oneTimePassword });
    }
    setForm({ opened: false, editing: null });
    await load();
  }

  async function deleteOne(user: StaffUser) {
    setDeleting(true);
    const result = await staffApi.remove(user._id);
    setDeleting(false);
    setConfirm(null);
    if (!result.ok) return failed(messages.staffDeleteFailed, result);
    setStaff((list) => list.filter((s) => s._id !== user._id));
    setSelected((sel) => {
      const next = new Set(sel);
      next.delete(user._id);
      return next;
    });
    toast('success', messages.staffDeleted, { area: 'staff' });
  }

  async function deleteSelected() {
    setDeleting(true);
    const ids = [...selected];
    const results = await Promise.all(ids.map((id) => staffApi.remove(id)));
    setDeleting(false);
    setConfirm(null);
    const gone = new Set(ids.filter((_, i) => results[i].ok));
    setStaff((list) => list.filter((s) => !gone.has(s._id)));
    const failure = results.find((r) => !r.ok);
    if (failure) {
      setSelected(new Set(ids.filter((id) => !gone.has(id))));
      return failed(messages.staffBulkDeleteFailed, failure);
    }
    setSelected(new Set());
    toast('success', messages.staffBulkDeleted, { area: 'staff' });
  }

  function toggle(id: string) {
    setSelected((sel) => {
      const next = new Set(sel);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }

  return (
    <>
      <Group justify="space-between" mb="md" wrap="wrap">
        <Title order={1} size="h2">
          Staff User Management
        </Title>
        <Group gap="sm">
          <Button
            color="red"
            variant="light"
            disabled={selected.size === 0}
            onClick={() => setConfirm({ kind: 'selected' })}
          >
            Delete Selected{selected.size > 0 ? ` (${selected.size})` : ''}
          </Button>
          <Button ref={addButton} onClick={() => setForm({ opened: true, editing: null })}>Add Staff</Button>
        </Group>
      </Group>

      <Paper withBorder p="md">
        <Group mb="md" grow preventGrowOverflow={false} wrap="wrap" align="flex-end">
          <TextInput
            label="Search"
            placeholder="Search staff..."
            type="search"
            value={filter.search}
            onChange={(e) => setFilter({ ...filter, search: e.currentTarget.value })}
            miw={200}
          />
          <Select
            label="Role"
            data={[{ value: '', label: 'All Roles' }, ...staffRoles.map((r) => ({ value: r, label: r }))]}
            value={filter.role ?? ''}
            allowDeselect={false}
            onChange={(v) => setFilter({ ...filter, role: v || null })}
            miw={160}
          />
          <Select
            label="Status"
            data={[{ value: '', label: 'All Statuses' }, ...staffStatuses.map((s) => ({ value: s, label: s }))]}
            value={filter.status ?? ''}
            allowDeselect={false}
            onChange={(v) => setFilter({ ...filter, status: v || null })}
            miw={160}
          />
        </Group>

        <DataTable
          loading={loading}
          label="Staff users"
          minWidth={640}
          head={
            <>
              <Table.Th w={40}>
                <Checkbox
                  aria-label="Select all shown"
                  checked={header === 'all'}
                  indeterminate={header === 'some'}
                  disabled={shown.length === 0}
                  onChange={() => setSelected(toggleAllShown(shown, selected))}
                />
              </Table.Th>
              <Table.Th>Name</Table.Th>
              <Table.Th>Email</Table.Th>
              <Table.Th>Role</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Actions</Table.Th>
            </>
          }
        >
          {shown.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={6}>
                <Text c="dimmed" ta="center" py="md">
                  {staff.length === 0 ? 'No staff users yet.' : 'No staff match your search.'}
                </Text>
              </Table.Td>
            </Table.Tr>
          ) : (
            shown.map((s) => (
              <Table.Tr key={s._id}>
                <Table.Td>
                  <Checkbox aria-label={`Select ${s.name}`} checked={selected.has(s._id)} onChange={() => toggle(s._id)} />
                </Table.Td>
                <Table.Td>{s.name}</Table.Td>
                <Table.Td>{s.email}</Table.Td>
                <Table.Td>{s.role}</Table.Td>
                <Table.Td>
                  <StatusBadge status={s.status} />
                </Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    <ActionIcon variant="subtle" aria-label={`Edit ${s.name}`} onClick={() => setForm({ opened: true, editing: s })}>
                      <EditIcon />
                    </ActionIcon>
                    <ActionIcon variant="subtle" color="red" aria-label={`Delete ${s.name}`} onClick={() => setConfirm({ kind: 'one', user: s })}>
                      <TrashIcon />
                    </ActionIcon>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))
          )}
        </DataTable>
      </Paper>

      <StaffFormModal
        opened={form.opened}
        editing={form.editing}
        saving={saving}
        onSave={save}
        onClose={() => setForm({ opened: false, editing: null })}
      />
      <OneTimePasswordModal created={created} onClose={() => setCreated(null)} returnFocusTo={addButton} />
      <ConfirmDialog
        opened={confirm !== null}
        title="Confirm Deletion"
        message={
          confirm?.kind === 'one'
            ? `Are you sure you want to delete ${confirm.user.name}?`
            : `Are you sure you want to delete the ${selected.size} selected users?`
        }
        working={deleting}
        onConfirm={() => (confirm?.kind === 'one' ? deleteOne(confirm.user) : deleteSelected())}
        onClose={() => !deleting && setConfirm(null)}
      />
    </>
  );
}
