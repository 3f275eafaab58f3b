/**
 * "Send to subscribers" for a published article: a confirm dialog saying how many confirmed
 * subscribers it goes to, then the send's progress (sent, waiting in the queue, failing for now),
 * read from the server every few seconds until every mail is out. An article goes out once.
 */
import { useState } from 'react';
import { Alert, Button, Group, Progress, Stack, Text } from '@mantine/core';
import { StackedModal } from '../../../components/StackedModal';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { calls } from '@kafue/common/calls';
import { call, unwrap } from '../../../lib/api';
import { failureToast, toast } from '../../../lib/toast';

export function SendToSubscribers({ id }: { id: string }) {
  const [opened, setOpened] = useState(false);
  const client = useQueryClient();
  const key = ['newsletter', id];
  const status = useQuery({
    queryKey: key,
    queryFn: () => unwrap(call(calls.getNewsletter, { params: { id } })),
    refetchInterval: (q) => (q.state.data?.send && q.state.data.send.queued > 0 ? 3000 : false),
  });
  const send = useMutation({
    mutationFn: () => unwrap(call(calls.sendNewsletter, { params: { id } })),
    onSuccess(answer) {
      toast('success', answer.message);
      setOpened(false);
      return client.invalidateQueries({ queryKey: key });
    },
    onError: (error) => failureToast(error, 'Failed to send to subscribers'),
  });
  const sent = status.data?.send;
  if (sent) {
    return (
      <Stack gap={4} mr="auto" miw={200} role="status">
        <Text size="sm">
          Sent to subscribers: {sent.sent} of {sent.recipients}
          {sent.queued > 0 ? `, ${sent.queued} waiting${sent.failing > 0 ? ` (${sent.failing} to be tried again)` : ''}` : ''}
        </Text>
        <Progress value={sent.recipients ? (100 * sent.sent) / sent.recipients : 100} aria-label="Mails sent" />
      </Stack>
    );
  }
  return (
    <>
      <Button variant="light" mr="auto" disabled={!status.data} onClick={() => setOpened(true)}>
        Send to subscribers
      </Button>
      <StackedModal opened={opened} onClose={() => setOpened(false)} title="Send to subscribers">
        <Stack>
          <Text>
            This article will be emailed once to {status.data?.confirmed ?? 0} confirmed{' '}
            {status.data?.confirmed === 1 ? 'subscriber' : 'subscribers'}. It cannot be sent again.
          </Text>
          {status.data?.confirmed === 0 && <Alert color="yellow">No one has confirmed a subscription yet.</Alert>}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpened(false)}>
              Cancel
            </Button>
            <Button loading={send.isPending} disabled={!status.data?.confirmed} onClick={() => send.mutate()}>
              Send
            </Button>
          </Group>
        </Stack>
      </StackedModal>
    </>
  );
}
