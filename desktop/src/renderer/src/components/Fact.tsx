import type { ReactNode } from 'react';
import { Text } from '@mantine/core';

/** A labelled value of a record (an enquiry's email, a contact's phone): '—' when empty. */
export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={500} component="div" style={{ overflowWrap: 'anywhere' }}>
        {children || '—'}
      </Text>
    </div>
  );
}
