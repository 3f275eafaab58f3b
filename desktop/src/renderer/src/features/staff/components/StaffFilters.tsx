import { Group, Select, TextInput } from '@mantine/core';
import { staffRoles, staffStatuses } from '@kafue/common/contract';
import { useFilterFold } from '../../../components/FilterFold';
import type { StaffFilter } from '../filter';

/** The two choice filters; the empty value means all. */
const choices = [
  { field: 'role', label: 'Role', all: 'All Roles', values: staffRoles },
  { field: 'status', label: 'Status', all: 'All Statuses', values: staffStatuses },
] as const;

/** Spec section 2: search by name or email, role ('All Roles') and status ('All Statuses'). */
export function StaffFilters({ filter, onChange }: { filter: StaffFilter; onChange: (filter: StaffFilter) => void }) {
  const fold = useFilterFold([filter.search, filter.role, filter.status].filter(Boolean).length);
  return (
    <>
      {fold.button}
      <Group mb="md" grow preventGrowOverflow={false} wrap="wrap" align="flex-end" {...fold.panel}>
        <TextInput
          label="Search"
          placeholder="Search staff..."
          type="search"
          value={filter.search}
          onChange={(e) => onChange({ ...filter, search: e.currentTarget.value })}
          miw={200}
        />
        {choices.map(({ field, label, all, values }) => (
          <Select
            key={field}
            label={label}
            data={[{ value: '', label: all }, ...values.map((v) => ({ value: v, label: v }))]}
            value={filter[field] ?? ''}
            allowDeselect={false}
            onChange={(v) => onChange({ ...filter, [field]: v || null })}
            miw={160}
          />
        ))}
      </Group>
    </>
  );
}
