import type { ReactNode } from 'react';
import { Box, Paper, Title } from '@mantine/core';

/** The sign-in screens' frame: a titled card in the middle of the page. */
export function CenteredCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="main" mih="100vh" bg="gray.0" style={{ display: 'flex', alignItems: 'center', justifyContent: 'center' }} p="md">
      <Paper withBorder shadow="sm" p="xl" radius="md" w="100%" maw={420}>
        <Title order={1} size="h2" mb="lg" ta="center">
          {title}
        </Title>
        {children}
      </Paper>
    </Box>
  );
}
