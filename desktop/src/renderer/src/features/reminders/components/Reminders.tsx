/**
 * Reminders as the console shows them: the signed-in admin's on the dashboard, an enquiry's in its
 * drawer, each with Done and Snooze; and the form that sets one.
 */
import { useState, type FormEvent } from 'react';
import { Badge, Button, Group, Menu, Stack, Text, TextInput, Title } from '@mantine/core';
import { maxReminderNote, type Reminder } from '@kafue/common/schemas';
import { Panel } from '../../../components/Panel';
import { LoadFailure } from '../../../components/LoadFailure';
import { Row, RowList } from '../../../components/RowList';
import { useFormatTime } from '../../../lib/generalSettings';
import { texts, useEnquiryReminders, useMyReminders, useReminderActions } from '../api/useReminders';

const hour = 3_600_000;
/** How far Snooze moves a reminder, from now. */
const snoozeChoices = [
  { label: '1 hour', ms: hour },
  { label: '1 day', ms: 24 * hour },
  { label: '1 week', ms: 7 * 24 * hour },
] as const;

function ReminderRow({ reminder, showEnquiry }: { reminder: Reminder; showEnquiry: boolean }) {
  const format = useFormatTime();
  const { done, snooze } = useReminderActions();
  const about = `the reminder about ${reminder.enquiry.fullName}`;
  return (
    <Row>
      <Stack gap={2} style={{ flex: '1 1 200px', minWidth: 0 }}>
        <Group gap="xs">
          {reminder.due && (
            <Badge color="red" variant="light">
              Due
            </Badge>
          )}
          <Text fw={600} size="sm">
            {format(reminder.at)}
          </Text>
          {showEnquiry && <Text size="sm">{reminder.enquiry.fullName}</Text>}
        </Group>
        {reminder.note && (
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {reminder.note}
          </Text>
        )}
      </Stack>
      <Group gap="xs">
        <Button size="xs" variant="light" loading={done.isPending} onClick={() => done.mutate(reminder._id)} aria-label={`Done: ${about}`}>
          Done
        </Button>
        <Menu position="bottom-end">
          <Menu.Target>
            <Button size="xs" variant="default" loading={snooze.isPending} aria-label={`Snooze ${about}`}>
              Snooze
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {snoozeChoices.map((c) => (
              <Menu.Item key={c.label} onClick={() => snooze.mutate({ id: reminder._id, at: new Date(Date.now() + c.ms).toISOString() })}>
                {c.label}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      </Group>
    </Row>
  );
}

function ReminderList({ reminders, showEnquiry, empty }: { reminders: Reminder[]; showEnquiry: boolean; empty: string }) {
  if (reminders.length === 0) return <Text c="dimmed">{empty}</Text>;
  return (
    <RowList>
      {reminders.map((r) => (
        <ReminderRow key={r._id} reminder={r} showEnquiry={showEnquiry} />
      ))}
    </RowList>
  );
}

/** The dashboard's panel: the signed-in admin's reminders that are due. */
export function DueReminders() {
  const { data, error, isPending } = useMyReminders();
  const due = (data ?? []).filter((r) => r.due);
  return (
    <Panel title="Reminders Due" padding="md">
      {isPending ? (
        <Text role="status">Loading...</Text>
      ) : data ? (
        <ReminderList reminders={due} showEnquiry empty="No reminders are due." />
      ) : (
        <LoadFailure error={error} fallback={texts.loadFailed} />
      )}
    </Panel>
  );
}

/** The value a datetime-local field shows for an instant, on this computer's clock. */
const localInput = (ms: number) => {
  const d = new Date(ms);
  return new Date(ms - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};

/** An enquiry's open reminders, and the form to set one. */
export function EnquiryReminders({ enquiryId }: { enquiryId: string }) {
  const { data, error } = useEnquiryReminders(enquiryId);
  const { create } = useReminderActions();
  const [at, setAt] = useState(() => localInput(Date.now() + 24 * hour));
  const [note, setNote] = useState('');
  const [atError, setAtError] = useState<string>();
  function submit(e: FormEvent) {
    e.preventDefault();
    const when = new Date(at);
    if (!at || Number.isNaN(when.getTime())) return setAtError('Choose a day and time.');
    setAtError(undefined);
    create.mutate({ enquiryId, body: { at: when.toISOString(), note } }, { onSuccess: () => setNote('') });
  }
  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        Reminders
      </Title>
      <LoadFailure error={error} fallback={texts.loadFailed} />
      {data && <ReminderList reminders={data} showEnquiry={false} empty="No reminders set." />}
      <form onSubmit={submit} aria-label="Set a reminder">
        <Group align="flex-end" wrap="wrap">
          <TextInput
            type="datetime-local"
            label="Remind me at"
            description="You get an email then"
            value={at}
            onChange={(e) => setAt(e.currentTarget.value)}
            error={atError}
            style={{ flex: '1 1 180px' }}
          />
          <TextInput
            label="Note"
            description="Optional"
            maxLength={maxReminderNote}
            value={note}
            onChange={(e) => setNote(e.currentTarget.value)}
            style={{ flex: '2 1 200px' }}
          />
          <Button type="submit" loading={create.isPending}>
            Set Reminder
          </Button>
        </Group>
      </form>
    </Stack>
  );
}
