import type { ReactNode } from 'react';
import { Group, Stack } from '@mantine/core';

/**
 * A list of rows, each row's parts spread across it and wrapped under one another when the width
 * runs out: an item's history and share links, the scheduled changes, reminders.
 */
export function RowList({ label, ordered = false, children }: { label?: string; ordered?: boolean; children: ReactNode }) {
  return (
    <Stack gap={0} component={ordered ? 'ol' : 'ul'} aria-label={label} p={0} m={0} style={{ listStyle: 'none' }}>
      {children}
    </Stack>
  );
}

export function Row({ children }: { children: ReactNode }) {
  return (
    <Group
      component="li"
      justify="space-between"
      wrap="wrap"
      gap="xs"
      py={6}
      style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
    >
      {children}
    </Group>
  );
}
