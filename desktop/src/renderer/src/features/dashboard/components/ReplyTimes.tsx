import { SimpleGrid, Stack, Text } from '@mantine/core';
import type { Dashboard } from '@kafue/common/contract';
import { Panel } from '../../../components/Panel';

/** The reply clock's figures, last month and this one: is the promise to reply in time kept? */
export function ReplyTimes({ months }: { months: Dashboard['replyTimes'] }) {
  return (
    <Panel title="Reply Times" padding="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {[...months].reverse().map((m, i) => (
          <Stack key={m.month} gap={4} aria-label={i === 0 ? 'This month' : 'Last month'} role="group">
            <Text fw={700}>{i === 0 ? 'This month' : 'Last month'}</Text>
            {m.counted === 0 ? (
              <Text size="sm">No enquiries to count yet.</Text>
            ) : (
              <>
                <Text size="sm">
                  <b>{m.answeredInTime}%</b> answered in time ({m.counted} {m.counted === 1 ? 'enquiry' : 'enquiries'})
                </Text>
                <Text size="sm">
                  {m.medianMinutes === null ? (
                    'None answered yet'
                  ) : (
                    <>
                      Typical first reply: <b>{Math.round(m.medianMinutes)} business minutes</b> (the median)
                    </>
                  )}
                </Text>
              </>
            )}
          </Stack>
        ))}
      </SimpleGrid>
    </Panel>
  );
}
