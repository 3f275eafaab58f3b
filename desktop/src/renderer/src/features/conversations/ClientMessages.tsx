/**
 * Leads & team › Client Messages: whether clients' answers by mail and their WhatsApp messages
 * reach their enquiries (each channel set up on the server, connected, its last message and last
 * error), and a check now. A Super Admin's page: other roles do not ask the server.
 */
import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useFormatTime } from '../../lib/generalSettings';
import { useCan } from '../../lib/session';
import type { ChannelConnection } from '@kafue/common/conversations';
import { useChannelStatus, useCheckChannel } from './api/useChannels';

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

/** Each channel in plain words: what it does, and what stays undone until it is set up. */
const channelTexts = {
  email: {
    title: 'Email',
    notSetUp: 'Answers by mail stay in your mailbox only. Your technical contact sets the mailbox (IMAP_URL) on the server.',
  },
  whatsapp: {
    title: 'WhatsApp',
    notSetUp:
      "Clients' WhatsApp messages stay on the phone that received them. Your technical contact sets up WhatsApp's Cloud API (the WHATSAPP_ settings) on the server.",
  },
} as const;

function Channels() {
  const status = useChannelStatus();
  return (
    <Paper withBorder p="lg" maw={640}>
      <Stack>
        <Text size="sm" c="dimmed">
          When a client answers one of your mails or writes on WhatsApp, their message appears on their enquiry, and the enquiry waits for
          your reply again. A message from someone new starts an enquiry of its own.
        </Text>
        {status.isPending && (
          <Text size="sm" c="dimmed" role="status">
            Loading...
          </Text>
        )}
        {status.data && (
          <>
            <Channel channel="email" connection={status.data.email} />
            <Channel channel="whatsapp" connection={status.data.whatsapp} />
          </>
        )}
      </Stack>
    </Paper>
  );
}

function Channel({ channel, connection }: { channel: 'email' | 'whatsapp'; connection: ChannelConnection }) {
  const check = useCheckChannel(channel);
  const { title, notSetUp } = channelTexts[channel];
  // In the configured timezone, as every time in the console.
  const format = useFormatTime();
  const when = (iso: string | null) => (iso ? format(iso) : 'never');
  return (
    <Stack gap={6} component="section" aria-label={title}>
      <Group gap="xs">
        <Title order={2} size="h4">
          {title}
        </Title>
        <Badge color={!connection.configured ? 'gray' : connection.connected ? 'green' : 'red'} variant="light">
          {!connection.configured ? 'Not set up' : connection.connected ? 'Connected' : 'Not connected'}
        </Badge>
      </Group>
      {connection.configured ? (
        <>
          <Text size="sm">
            <strong>Last checked:</strong> {when(connection.lastCheckedAt)}
          </Text>
          <Text size="sm">
            <strong>Last message taken:</strong> {when(connection.lastMessageAt)}
          </Text>
          {connection.lastError && (
            <Text size="sm" c="red.9">
              <strong>Last problem ({when(connection.lastErrorAt)}):</strong> {connection.lastError}
            </Text>
          )}
        </>
      ) : (
        <Text size="sm">{notSetUp}</Text>
      )}
      <Group>
        <Button variant="default" loading={check.isPending} onClick={() => check.mutate()}>
          Check connection
        </Button>
      </Group>
    </Stack>
  );
}
