import { Group, Loader, Text } from '@mantine/core';
import { usePublishStatus } from '../lib/publishing';

/**
 * The public site's state in the sidebar: "Maintenance" while maintenance mode is on (visitors
 * see the maintenance page), else "Publishing..." while a change renders, then "Live".
 */
export function PublishStatus({ maintenance }: { maintenance: boolean }) {
  const publish = usePublishStatus();
  const { status } = publish;
  const label = maintenance ? 'Maintenance' : publish.label;
  const last = status?.lastPublishedAt ? new Date(status.lastPublishedAt).toLocaleTimeString() : null;
  return (
    <Group gap={8} px="md" pb="sm" wrap="nowrap" role="status" aria-live="polite" data-testid="publish-status">
      {label !== 'Publishing...' ? (
        <span
          aria-hidden
          style={{
            width: 10,
            height: 10,
            borderRadius: 5,
            background: `var(--mantine-color-${label === 'Live' ? 'green' : 'orange'}-7)`,
            flexShrink: 0,
          }}
        />
      ) : (
        <Loader size={12} aria-hidden />
      )}
      <Text size="sm">
        Site: <strong>{label}</strong>
        {label === 'Live' && last && (
          <Text span size="xs" c="dimmed">
            {' '}
            (published {last})
          </Text>
        )}
      </Text>
    </Group>
  );
}
