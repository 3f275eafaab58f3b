import { useEffect, useId, useRef, useState, type ReactNode, type RefObject } from 'react';
import { Badge, Table, Text } from '@mantine/core';
import type { StaffStatus } from '@kafue/common/contract';
import './phone.css';

export interface DataTableProps {
  loading: boolean;
  /** Names the table's scroll area, a tab stop so that keyboard users can scroll it on a phone. */
  label: string;
  minWidth: number;
  /**
   * The column (counted from 1) that names a row, kept in view on a phone while the others scroll
   * under it; when it is not the first, the first (the selection box) stays in view too.
   */
  nameColumn?: 1 | 2 | 3;
  /**
   * On a phone, each row is a card (its cells stacked, each under its column's name, from the
   * cells' `data-label`) instead of a table scrolling sideways.
   */
  cards?: boolean;
  head: ReactNode;
  children: ReactNode;
}

/**
 * Whether the table is wider than its scroll area, and the width of its first column (where a
 * fixed name column after it sticks), kept up to date as either changes size; `shown` is false
 * while no table is rendered.
 */
function useOverflow(viewport: RefObject<HTMLDivElement | null>, table: RefObject<HTMLTableElement | null>, shown: boolean) {
  const [overflows, setOverflows] = useState(false);
  useEffect(() => {
    const area = viewport.current;
    const inner = table.current;
    if (!area || !inner) return;
    const measure = () => {
      setOverflows(inner.offsetWidth > area.clientWidth + 1);
      const first = inner.querySelector('th');
      if (first) inner.style.setProperty('--fixed-name-left', `${first.offsetWidth}px`);
    };
    const observer = new ResizeObserver(measure);
    observer.observe(area);
    observer.observe(inner);
    return () => observer.disconnect();
  }, [viewport, table, shown]);
  return overflows;
}

/**
 * A list screen's table: 'Loading...' while loading (spec section 4), then the rows. On a phone a
 * table wider than the screen scrolls inside its own area, never the page: the column naming each
 * row stays in view, and a line above says there is more to the side.
 */
export function DataTable({ loading, label, minWidth, nameColumn = 1, cards = false, head, children }: DataTableProps) {
  const viewport = useRef<HTMLDivElement>(null);
  const table = useRef<HTMLTableElement>(null);
  const hintId = useId();
  const overflows = useOverflow(viewport, table, !loading);
  if (loading) {
    return (
      <Text py="lg" ta="center" role="status">
        Loading...
      </Text>
    );
  }
  return (
    <>
      {overflows && (
        <Text id={hintId} size="sm" c="dimmed" mb={4} ta="right">
          Scroll sideways for more <span aria-hidden>→</span>
        </Text>
      )}
      <Table.ScrollContainer
        minWidth={minWidth}
        className={cards ? 'kafue-cards-container' : undefined}
        scrollAreaProps={{
          viewportRef: viewport,
          viewportProps: { tabIndex: 0, role: 'region', 'aria-label': label, 'aria-describedby': overflows ? hintId : undefined },
          // Mantine's focus ring, drawn inside: the scroll area's edge would clip one drawn outside.
          classNames: { viewport: 'mantine-focus-auto' },
          styles: { viewport: { outlineOffset: -2 } },
        }}
      >
        <Table
          ref={table}
          striped
          highlightOnHover
          verticalSpacing="sm"
          className={cards ? 'kafue-cards' : 'kafue-fixed-columns'}
          data-fixed={cards ? undefined : nameColumn}
        >
          <Table.Thead>
            <Table.Tr>{head}</Table.Tr>
          </Table.Thead>
          <Table.Tbody>{children}</Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </>
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
