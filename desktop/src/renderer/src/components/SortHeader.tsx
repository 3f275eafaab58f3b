import { Table, UnstyledButton } from '@mantine/core';

export type SortDirection = 'ascending' | 'descending' | 'none';

/** A column header that sorts the table by its column; the arrow and aria-sort say which way. */
export function SortHeader({ label, direction, onSort }: { label: string; direction: SortDirection; onSort: () => void }) {
  return (
    <Table.Th aria-sort={direction}>
      <UnstyledButton fw={700} fz="sm" onClick={onSort}>
        {label} {direction === 'ascending' ? '↑' : direction === 'descending' ? '↓' : ''}
      </UnstyledButton>
    </Table.Th>
  );
}
