import { useState, type FormEvent } from 'react';
import { Button, Group, Modal, PasswordInput, Select, Stack, TextInput } from '@mantine/core';
import { adminRoles, defaultInviteRole, minPasswordLength, type Admin, type AdminInviteBody } from '@kafue/common/contract';

export type AdminFormValues = Required<AdminInviteBody>;
const blank: AdminFormValues = { name: '', email: '', role: defaultInviteRole, password: '' };

export interface AdminFormModalProps {
  opened: boolean;
  /** The admin being edited, or null to invite one. */
  editing: Admin | null;
  saving: boolean;
  /** Bumped by the caller after a successful invite, so the form resets to role Moderator with empty fields. */
  resetKey: number;
  onSave: (values: AdminFormValues) => void;
  onClose: () => void;
}

/** 'Invite New Admin' and 'Edit Admin' (spec section 2). No client validation (spec section 5). */
export function AdminFormModal({ opened, editing, saving, resetKey, onSave, onClose }: AdminFormModalProps) {
  // The invite form keeps what was typed until an invite succeeds; the edit form starts from the admin.
  const [invite, setInvite] = useState<AdminFormValues>(blank);
  const [edit, setEdit] = useState<AdminFormValues>(blank);
  const values = editing ? edit : invite;
  const setValues = editing ? setEdit : setInvite;

  // Adjusted while rendering when the props change (React's way, rather than an effect that
  // renders twice): the edit form takes each newly chosen admin, the invite form empties on reset.
  const [editFor, setEditFor] = useState<Admin | null>(null);
  if (editing && editing !== editFor) {
    setEditFor(editing);
    setEdit({ name: editing.name, email: editing.email, role: editing.role, password: '' });
  }
  const [resetFor, setResetFor] = useState(resetKey);
  if (resetKey !== resetFor) {
    setResetFor(resetKey);
    setInvite(blank);
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    onSave(values);
  }

  return (
    <Modal opened={opened} onClose={onClose} title={editing ? 'Edit Admin' : 'Invite New Admin'} centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput
            label="Name"
            data-autofocus
            value={values.name}
            onChange={(e) => setValues({ ...values, name: e.currentTarget.value })}
          />
          <TextInput
            label="Email"
            type="email"
            value={values.email}
            onChange={(e) => setValues({ ...values, email: e.currentTarget.value })}
          />
          <Select
            label="Role"
            data={adminRoles}
            allowDeselect={false}
            value={values.role}
            onChange={(v) => v && setValues({ ...values, role: v })}
          />
          {!editing && (
            <PasswordInput
              label="Password"
              description={`At least ${minPasswordLength} characters`}
              autoComplete="new-password"
              value={values.password}
              onChange={(e) => setValues({ ...values, password: e.currentTarget.value })}
            />
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={saving}>
              {editing ? 'Save' : 'Invite'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
