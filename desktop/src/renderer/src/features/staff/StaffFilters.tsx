import { Group, Select, TextInput } from '@mantine/core';
import { staffRoles, staffStatuses } from '@kafue/common/contract';
import type { StaffFilter } from './filter';

const anyOf = (label: string, values: readonly string[]) => [{ value: '', label }, ...values.map((v) => ({ value: v, label: v }))];

/** Spec section 2: search by name or email, role ('All Roles') and status ('All Statuses'). */
export function StaffFilters({ filter, onChange }: { filter: StaffFilter; onChange(filter: StaffFilter): void }) {
  return (
    <Group mb="md" grow preventGrowOverflow={false} wrap="wrap" align="flex-end">
      <TextInput
        label="Search"
        placeholder="Search staff..."
        type="search"
        value={filter.search}
        onChange={(e) => onChange({ ...filter, search: e.currentTarget.value })}
        miw={200}
      />
      <Select
        label="Role"
        data={anyOf('All Roles', staffRoles)}
        value={filter.role ?? ''}
        allowDeselect={false}
        onChange={(v) => onChange({ ...filter, role: v || null })}
        miw={160}
      />
      <Select
        label="Status"
        data={anyOf('All Statuses', staffStatuses)}
        value={filter.status ?? ''}
        allowDeselect={false}
        onChange={(v) => onChange({ ...filter, status: v || null })}
        miw={160}
      />
    </Group>
  );
}
