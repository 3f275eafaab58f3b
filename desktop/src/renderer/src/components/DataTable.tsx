import type { ReactNode } from 'react';
import { Badge, Table, Text } from '@mantine/core';
import type { StaffStatus } from '@kafue/common/contract';

/** A list screen's table: 'Loading...' while loading (spec section 4), then the rows, scrolling sideways on a phone. */
export function DataTable({ loading, minWidth, head, children }: { loading: boolean; minWidth: number; head: ReactNode; children: ReactNode }) {
  if (loading) {
    return (
      <Text py="lg" ta="center" role="status">
        Loading...
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={minWidth}>
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
