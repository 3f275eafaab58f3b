/**
 * Leads & team › Client Messages: whether clients' answers by mail reach their enquiries (the
 * mailbox set up on the server, connected, its last message and last error), and a check now. A
 * Super Admin's page: other roles do not ask the server.
 */
import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useFormatTime } from '../../lib/generalSettings';
import { useCan } from '../../lib/session';
import { useChannelStatus, useCheckEmail } from './api/useChannels';

export default function ClientMessages() {
  const canSee = useCan('seeChannels');
  return (
    <>
      <Title order={1} mb="md">
        Client Messages
      </Title>
      {canSee ? <Channels /> : <Text c="dimmed">Client messages are for a Super Admin.</Text>}
    </>
  );
}

function Channels() {
  const status = useChannelStatus();
  const check = useCheckEmail();
  const email = status.data?.email;
  // In the configured timezone, as every time in the console.
  const format = useFormatTime();
  const when = (iso: string | null) => (iso ? format(iso) : 'never');
  return (
    <Paper withBorder p="lg" maw={640}>
      <Stack>
        <Text size="sm" c="dimmed">
          When a client answers one of your mails, their answer appears on their enquiry, and the enquiry waits for your reply again. A mail
          from someone new starts an enquiry of its own.
        </Text>
        {status.isPending && (
          <Text size="sm" c="dimmed" role="status">
            Loading...
          </Text>
        )}
        {email && (
          <Stack gap={6} component="section" aria-label="Email">
            <Group gap="xs">
              <Title order={2} size="h4">
                Email
              </Title>
              <Badge color={!email.configured ? 'gray' : email.connected ? 'green' : 'red'} variant="light">
                {!email.configured ? 'Not set up' : email.connected ? 'Connected' : 'Not connected'}
              </Badge>
            </Group>
            {email.configured ? (
              <>
                <Text size="sm">
                  <strong>Last checked:</strong> {when(email.lastCheckedAt)}
                </Text>
                <Text size="sm">
                  <strong>Last message taken:</strong> {when(email.lastMessageAt)}
                </Text>
                {email.lastError && (
                  <Text size="sm" c="red.9">
                    <strong>Last problem ({when(email.lastErrorAt)}):</strong> {email.lastError}
                  </Text>
                )}
              </>
            ) : (
              <Text size="sm">
                Answers by mail stay in your mailbox only. Your technical contact sets the mailbox (IMAP_URL) on the server.
              </Text>
            )}
            <Group>
              <Button variant="default" loading={check.isPending} onClick={() => check.mutate()}>
                Check connection
              </Button>
            </Group>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
