import { Alert, Anchor, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { useGeneralSettings } from './api/useGeneralSettings';

/** Shown above every console screen (web and desktop) while maintenance mode is on. */
export function MaintenanceBanner() {
  const { data } = useGeneralSettings();
  if (!data?.maintenanceMode) return null;
  return (
    <Alert color="yellow" variant="light" mb="md" title="Maintenance mode is on" role="status" data-testid="maintenance-banner">
      <Text size="sm">
        Visitors see the maintenance page and staff cannot sign in; admins work as usual.{' '}
        <Anchor component={Link} to="/admin/settings/general" size="sm" fw={600}>
          Turn it off in General settings
        </Anchor>
      </Text>
    </Alert>
  );
}
