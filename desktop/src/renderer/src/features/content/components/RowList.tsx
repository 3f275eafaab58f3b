import type { ReactNode } from 'react';
import { Group, Stack } from '@mantine/core';

/** A list of rows with a name (an item's history, its share links), each row's parts spread across it. */
export function RowList({ label, ordered = false, children }: { label: string; ordered?: boolean; children: ReactNode }) {
  return (
    <Stack gap="xs" component={ordered ? 'ol' : 'ul'} aria-label={label} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {children}
    </Stack>
  );
}

export function Row({ children }: { children: ReactNode }) {
  return (
    <Group
      component="li"
      justify="space-between"
      wrap="nowrap"
      p="xs"
      style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
    >
      {children}
    </Group>
  );
}
