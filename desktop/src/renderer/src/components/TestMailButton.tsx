import { Alert, Button, Stack } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { calls } from '@kafue/common/calls';
import type { TestMailAnswer } from '@kafue/common/contract';
import { call, unwrap } from '../lib/api';
import { failureToast } from '../lib/toast';

/** The first-run checklist's query (its test mail item ticks after a test mail). */
export const checklistKey = ['dashboard', 'checklist'];

const outcomeColor: Record<TestMailAnswer['outcome'], string> = { sent: 'green', outbox: 'yellow', failed: 'red', waiting: 'blue' };

/**
 * Send test mail: mails the signed-in admin through the mail queue and says how it went (the mail
 * server took it, it stayed in the outbox because SMTP_URL is not set, it was refused, or it is
 * still waiting), on Notification settings and in the dashboard's checklist.
 */
export function TestMailButton() {
  const client = useQueryClient();
  const send = useMutation({
    mutationFn: () => unwrap(call(calls.sendTestMail)),
    onSuccess: () => client.invalidateQueries({ queryKey: checklistKey }),
    onError: (error) => failureToast(error, 'The test mail could not be sent.'),
  });
  return (
    <Stack gap="xs" align="flex-start">
      <Button variant="light" loading={send.isPending} onClick={() => send.mutate()}>
        Send test mail
      </Button>
      {send.data && (
        <Alert color={outcomeColor[send.data.outcome]} variant="light" role="status" data-testid="test-mail-result" w="100%">
          {send.data.message}
        </Alert>
      )}
    </Stack>
  );
}
