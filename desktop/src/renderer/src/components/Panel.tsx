import type { ReactNode } from 'react';
import { Paper, Title, type MantineSpacing } from '@mantine/core';

/** A bordered card with a section heading: the console's building block for screen sections. */
export function Panel({ title, padding = 'lg', children }: { title: ReactNode; padding?: MantineSpacing; children: ReactNode }) {
  return (
    <Paper withBorder p={padding}>
      <Title order={2} size="h4" mb="md">
        {title}
      </Title>
      {children}
    </Paper>
  );
}
