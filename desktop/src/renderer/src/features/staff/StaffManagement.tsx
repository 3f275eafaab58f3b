import { useMemo, useRef, useState } from 'react';
import { ActionIcon, Button, Checkbox, Group, Paper, Table, Title } from '@mantine/core';
import type { StaffUser } from '@kafue/common/contract';
import { useConfirmDelete } from '../../lib/useConfirmDelete';
import { useEditModal } from '../../lib/useEditModal';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DataTable, EmptyRow, StatusBadge } from '../../components/DataTable';
import { EditIcon, TrashIcon } from '../../components/icons';
import { filterStaff, headerState, noFilter, toggleAllShown, toggleOne, type StaffFilter } from './filter';
import { StaffFilters } from './components/StaffFilters';
import { StaffFormModal } from './components/StaffFormModal';
import { OneTimePasswordModal } from './components/OneTimePasswordModal';
import { useDeleteStaff, useSaveStaff, useStaffList, type CreatedStaff } from './api/useStaff';

/** Staff User Management (spec section 2). */
export default function StaffManagement() {
  const { data: staff = [], isPending } = useStaffList();
  const [filter, setFilter] = useState<StaffFilter>(noFilter);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [created, setCreated] = useState<CreatedStaff | null>(null);
  const form = useEditModal<StaffUser>();
  const save = useSaveStaff((account) => {
    if (account) setCreated(account);
    form.close();
  });
  const remove = useDeleteStaff((gone) => setSelected((sel) => new Set([...sel].filter((id) => !gone.has(id)))));
  const confirm = useConfirmDelete(remove);
  const addButton = useRef<HTMLButtonElement>(null);

  const shown = useMemo(() => filterStaff(staff, filter), [staff, filter]);
  const header = headerState(shown, selected);

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
            onClick={() => confirm.ask({ kind: 'selected', ids: [...selected] })}
          >
            Delete Selected{selected.size > 0 ? ` (${selected.size})` : ''}
          </Button>
          <Button ref={addButton} onClick={form.openNew}>
            Add Staff
          </Button>
        </Group>
      </Group>

      <Paper withBorder p="md">
        <StaffFilters filter={filter} onChange={setFilter} />
        <DataTable
          loading={isPending}
          label="Staff users"
          minWidth={640}
          nameColumn={2}
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
            <EmptyRow columns={6}>{staff.length === 0 ? 'No staff users yet.' : 'No staff match your search.'}</EmptyRow>
          ) : (
            shown.map((s) => (
              <Table.Tr key={s._id}>
                <Table.Td>
                  <Checkbox
                    aria-label={`Select ${s.name}`}
                    checked={selected.has(s._id)}
                    onChange={() => setSelected(toggleOne(selected, s._id))}
                  />
                </Table.Td>
                <Table.Td>{s.name}</Table.Td>
                <Table.Td>{s.email}</Table.Td>
                <Table.Td>{s.role}</Table.Td>
                <Table.Td>
                  <StatusBadge status={s.status} />
                </Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    <ActionIcon variant="subtle" aria-label={`Edit ${s.name}`} onClick={() => form.openEdit(s)}>
                      <EditIcon />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`Delete ${s.name}`}
                      onClick={() => confirm.ask({ kind: 'one', user: s })}
                    >
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
        saving={save.isPending}
        onSave={(values) => save.mutate({ editing: form.editing, values })}
        onClose={form.close}
      />
      <OneTimePasswordModal created={created} onClose={() => setCreated(null)} returnFocusTo={addButton} />
      <ConfirmDialog
        title="Confirm Deletion"
        message={
          confirm.target?.kind === 'one'
            ? `Are you sure you want to delete ${confirm.target.user.name}?`
            : `Are you sure you want to delete the ${confirm.target?.ids.length ?? 0} selected users?`
        }
        {...confirm.dialog}
      />
    </>
  );
}
