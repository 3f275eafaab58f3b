import type { ReactNode } from 'react';
import { Badge, Table, Text } from '@mantine/core';
import type { StaffStatus } from '@kafue/common/contract';

export interface DataTableProps {
  loading: boolean;
  /** Names the table's scroll area, a tab stop so that keyboard users can scroll it on a phone. */
  label: string;
  minWidth: number;
  head: ReactNode;
  children: ReactNode;
}

/** A list screen's table: 'Loading...' while loading (spec section 4), then the rows, scrolling sideways on a phone. */
export function DataTable({ loading, label, minWidth, head, children }: DataTableProps) {
  if (loading) {
    return (
      <Text py="lg" ta="center" role="status">
        Loading...
      </Text>
    );
  }
  return (
    <Table.ScrollContainer
      minWidth={minWidth}
      scrollAreaProps={{
        viewportProps: { tabIndex: 0, role: 'region', 'aria-label': label },
        // Mantine's focus ring, drawn inside: the scroll area's edge would clip one drawn outside.
        classNames: { viewport: 'mantine-focus-auto' },
        styles: { viewport: { outlineOffset: -2 } },
      }}
    >
      <Table striped highlightOnHover verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>{head}</Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

const statusColor: Record<StaffStatus, string> = { Active: 'green', Inactive: 'gray', Suspended: 'red' };

export function StatusBadge({ status }: { status: StaffStatus }) {
  return (
    <Badge color={statusColor[status] ?? 'gray'} variant="light">
      {status}
    </Badge>
  );
}

/** The one row of a table with nothing to list: why (no rows yet, or none match), across all `columns`. */
export function EmptyRow({ columns, children }: { columns: number; children: ReactNode }) {
  return (
    <Table.Tr>
      <Table.Td colSpan={columns}>
        <Text c="dimmed" ta="center" py="md">
          {children}
        </Text>
      </Table.Td>
    </Table.Tr>
  );
}
