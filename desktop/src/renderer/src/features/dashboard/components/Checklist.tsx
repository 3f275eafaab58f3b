import { Link } from 'react-router-dom';
import { Alert, Anchor, Button, Group, List, Stack, Text, ThemeIcon, VisuallyHidden } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { calls } from '@kafue/common/calls';
import type { ChecklistItem } from '@kafue/common/contract';
import { Panel } from '../../../components/Panel';
import { checklistKey, TestMailButton } from '../../../components/TestMailButton';
import { call, unwrap } from '../../../lib/api';
import { failureToast } from '../../../lib/toast';
import { checklistTexts } from '../dashboardView';

/**
 * The first-run checklist (a Super Admin's): each item ticks itself from the server's state and
 * stays until every item is done or dismissed.
 */
export function Checklist() {
  const client = useQueryClient();
  const { data } = useQuery({ queryKey: checklistKey, queryFn: () => unwrap(call(calls.getChecklist)) });
  const dismiss = useMutation({
    mutationFn: (item: ChecklistItem) => unwrap(call(calls.dismissChecklistItem, { body: { item } })),
    onSuccess: (answer) => client.setQueryData(checklistKey, answer),
    onError: (error) => failureToast(error, 'The item could not be dismissed.'),
  });
  if (!data) return null;
  const open = data.items.filter((i) => !i.dismissed);
  if (open.every((i) => i.done)) return null;
  const doneCount = data.items.filter((i) => i.done).length;

  return (
    <Panel title="Getting started">
      <Text size="sm" c="dimmed" mb="md">
        {doneCount} of {data.items.length} done. Each step ticks itself once it is done; dismiss the ones you do not need.
      </Text>
      <List spacing="md" listStyleType="none" aria-label="Getting started" p={0}>
        {open.map(({ item, done }) => {
          const text = checklistTexts[item];
          return (
            <List.Item
              key={item}
              data-testid={`checklist-${item}`}
              data-done={done}
              icon={
                <ThemeIcon color={done ? 'teal.8' : 'gray.6'} variant={done ? 'filled' : 'outline'} radius="xl" size="md" aria-hidden>
                  {done ? '✓' : ''}
                </ThemeIcon>
              }
            >
              <Stack gap={4}>
                <Text fw={600} td={done ? 'line-through' : undefined}>
                  {text.title}
                  <Text span size="sm" c={done ? 'teal.9' : 'dimmed'} fw={500}>
                    {done ? ' (done)' : ' (to do)'}
                  </Text>
                </Text>
                <Text size="sm">{text.help}</Text>
                {item === 'testMail' && !data.smtp && (
                  <Alert color="yellow" variant="light" p="xs">
                    SMTP_URL is not set: mail is kept in the outbox on the server and reaches nobody.
                  </Alert>
                )}
                {/* The test mail stays, done or not: its answer shows beneath it, and it can be sent again. */}
                {(!done || item === 'testMail') && (
                  <Group gap="sm" wrap="wrap">
                    {item === 'testMail' ? (
                      <TestMailButton />
                    ) : (
                      <Anchor component={Link} to={text.to} size="sm">
                        {text.action}
                      </Anchor>
                    )}
                    {!done && (
                      <Button variant="default" size="compact-sm" onClick={() => dismiss.mutate(item)}>
                        Dismiss<VisuallyHidden>: {text.title}</VisuallyHidden>
                      </Button>
                    )}
                  </Group>
                )}
              </Stack>
            </List.Item>
          );
        })}
      </List>
    </Panel>
  );
}
