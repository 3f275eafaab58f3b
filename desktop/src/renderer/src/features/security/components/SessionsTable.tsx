import { Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import type { ActiveSession } from '@kafue/common/contract';
import { DataTable } from '../../../components/DataTable';
import { LoadFailure } from '../../../components/LoadFailure';
import { messages } from '@kafue/common/contract';
import { useEndSessions, useSessions, type SessionOwner } from '../api/useSecurity';

/** A user agent as people say it: "Chrome on Linux", "Kafue desktop app". */
export function describeAgent(agent: string | null): string {
  if (!agent) return 'Unknown device';
  const app = /Electron\//.test(agent)
    ? 'Desktop app'
    : /Edg\//.test(agent)
      ? 'Edge'
      : /Firefox\//.test(agent)
        ? 'Firefox'
        : /Chrom(e|ium)\//.test(agent)
          ? 'Chrome'
          : /Safari\//.test(agent)
            ? 'Safari'
            : agent.split(/[/\s]/)[0] || 'Unknown browser';
  const os = /Android/.test(agent)
    ? 'Android'
    : /iPhone|iPad/.test(agent)
      ? 'iOS'
      : /Windows/.test(agent)
        ? 'Windows'
        : /Mac OS X|Macintosh/.test(agent)
          ? 'macOS'
          : /Linux/.test(agent)
            ? 'Linux'
            : undefined;
  return os ? `${app} on ${os}` : app;
}

const when = (iso: string) => new Date(iso).toLocaleString();

/**
 * Active sessions of the signed-in admin or, for a Super Admin, of another admin: where
 * and when each was opened and last used, and a button to end it, or all but the current one.
 */
export function SessionsTable({ owner, label }: { owner: SessionOwner; label: string }) {
  const { data: sessions = [], isPending, error } = useSessions(owner);
  const end = useEndSessions(owner);
  const ending = end.isPending ? end.variables : undefined;
  const others = sessions.filter((s: ActiveSession) => !s.current);

  return (
    <Stack>
      <LoadFailure error={error} fallback={messages.somethingWentWrong} />
      <DataTable
        loading={isPending}
        label={label}
        minWidth={640}
        head={
          <>
            <Table.Th>Device</Table.Th>
            <Table.Th>Address</Table.Th>
            <Table.Th>Signed in</Table.Th>
            <Table.Th>Last active</Table.Th>
            <Table.Th>Actions</Table.Th>
          </>
        }
      >
        {sessions.map((s) => (
          <Table.Tr key={s._id}>
            <Table.Td>
              <Text size="sm" title={s.userAgent ?? undefined}>
                {describeAgent(s.userAgent)}
              </Text>
              <Text size="xs" c="dimmed">
                {s.via === 'bearer' ? 'Token' : s.via === 'cookie' ? 'Browser cookie' : ''}
              </Text>
            </Table.Td>
            <Table.Td>{s.address ?? 'Unknown'}</Table.Td>
            <Table.Td>{when(s.createdAt)}</Table.Td>
            <Table.Td>{when(s.lastUsedAt)}</Table.Td>
            <Table.Td>
              {s.current ? (
                <Badge variant="light" color="green">
                  This session
                </Badge>
              ) : (
                <Button
                  size="xs"
                  variant="light"
                  color="red"
                  aria-label={`End session: ${describeAgent(s.userAgent)}, last active ${when(s.lastUsedAt)}`}
                  disabled={end.isPending}
                  onClick={() => end.mutate(s._id)}
                >
                  {ending === s._id ? 'Ending...' : 'End session'}
                </Button>
              )}
            </Table.Td>
          </Table.Tr>
        ))}
      </DataTable>
      {!isPending && sessions.length === 0 && !error && <Text c="dimmed">No active sessions.</Text>}
      <Group>
        <Button variant="light" color="red" disabled={end.isPending || others.length === 0} onClick={() => end.mutate(null)}>
          {ending === null ? 'Ending...' : owner.kind === 'me' ? 'End all other sessions' : 'End all sessions'}
        </Button>
      </Group>
    </Stack>
  );
}
