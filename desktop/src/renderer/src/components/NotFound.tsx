import { Button, Stack, Text, Title } from '@mantine/core';
import { Link, useLocation } from 'react-router-dom';

/** The console's not-found screen (spec section 8: unknown route). */
export function NotFound() {
  const { pathname } = useLocation();
  const home = pathname.startsWith('/staff') ? '/staff/dashboard' : '/admin/dashboard';
  return (
    <Stack align="center" py={64} gap="sm">
      <Title order={1}>Page not found</Title>
      <Text c="dimmed" ta="center">
        There is no page at <code>{pathname}</code>.
      </Text>
      <Button component={Link} to={home} variant="light">
        Go to the dashboard
      </Button>
    </Stack>
  );
}
