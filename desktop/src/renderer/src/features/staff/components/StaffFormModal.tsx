import { useState, type FormEvent } from 'react';
import { Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { staffRoles, staffStatuses, type StaffCreateBody, type StaffUser } from '@kafue/common/contract';
import { staffCreateBody } from '@kafue/common/schemas';
import { fieldErrors } from '../../../lib/validate';

const blank: StaffCreateBody = { name: '', email: '', role: 'Staff', status: 'Active' };

export interface StaffFormModalProps {
  opened: boolean;
  /** The staff member being edited, or null to add one. */
  editing: StaffUser | null;
  saving: boolean;
  onSave: (values: StaffCreateBody) => void;
  onClose: () => void;
}

/** 'Add Staff' / 'Edit Staff' with Full Name, Email, Role, Status, Save (spec sections 2 and 5). */
export function StaffFormModal({ opened, editing, saving, onSave, onClose }: StaffFormModalProps) {
  const [values, setValues] = useState<StaffCreateBody>(blank);
  const [errors, setErrors] = useState<Record<string, string>>({});

  // Each opening starts afresh from the person edited, or blank (adjusted while rendering, as
  // React advises, rather than by an effect that renders twice). `undefined`: closed.
  const target = opened ? editing : undefined;
  const [openedFor, setOpenedFor] = useState<StaffUser | null | undefined>(undefined);
  if (target !== openedFor) {
    setOpenedFor(target);
    if (target !== undefined) {
      setValues(target ? { name: target.name, email: target.email, role: target.role, status: target.status } : blank);
      setErrors({});
    }
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    const invalid = fieldErrors(staffCreateBody, values);
    setErrors(invalid ?? {});
    if (!invalid) onSave(values);
  }

  return (
    <Modal opened={opened} onClose={onClose} title={editing ? 'Edit Staff' : 'Add Staff'} centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput
            label="Full Name"
            required
            data-autofocus
            value={values.name}
            error={errors.name}
            onChange={(e) => setValues({ ...values, name: e.currentTarget.value })}
          />
          <TextInput
            label="Email"
            type="email"
            required
            value={values.email}
            error={errors.email}
            onChange={(e) => setValues({ ...values, email: e.currentTarget.value })}
          />
          <Select
            label="Role"
            required
            data={staffRoles}
            allowDeselect={false}
            value={values.role}
            error={errors.role}
            onChange={(v) => v && setValues({ ...values, role: v })}
          />
          <Select
            label="Status"
            required
            data={staffStatuses}
            allowDeselect={false}
            value={values.status}
            error={errors.status}
            onChange={(v) => v && setValues({ ...values, status: v })}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={saving}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
