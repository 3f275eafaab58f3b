/**
 * Schedule: every content change set for later, as a list by day (soonest first) or a month's
 * calendar, each with what it does, to what, and who set it; Cancel for Editors and Super Admins.
 * Changes are set from an item's editor (Manage Services, Site Content: "Schedule...").
 */
import { useState } from 'react';
import { Button, Group, Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import type { ScheduledChange } from '@kafue/common/schemas';
import { toLocalClock } from '@kafue/common/time';
import { LoadFailure } from '../../components/LoadFailure';
import { Row, RowList } from '../../components/RowList';
import { useFormatTime, useGeneralSettingsValue } from '../../lib/generalSettings';
import { useCan } from '../../lib/session';
import { CancelChange, changeWords } from './components/ItemSchedule';
import { collectionSpecs } from './specs';
import { scheduleTexts, useSchedule } from './api/useSchedule';

/** The day a change falls on in the General timezone, YYYY-MM-DD. */
const dayOf = (iso: string, timezone: string) => toLocalClock(new Date(iso).getTime(), timezone).toISOString().slice(0, 10);

const weekdays = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

function ChangeRow({ change, canEdit }: { change: ScheduledChange; canEdit: boolean }) {
  const format = useFormatTime();
  const spec = collectionSpecs[change.collection];
  const what = change.item.label ?? spec.noun;
  return (
    <Row>
      <Stack gap={2} style={{ flex: '1 1 240px', minWidth: 0 }}>
        <Text fw={600} size="sm">
          {format(change.at)}
        </Text>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {what}{' '}
          <Text span c="dimmed" size="sm">
            ({spec.noun})
          </Text>
        </Text>
        <Text size="sm">{changeWords(change, spec)}</Text>
        <Text size="xs" c="dimmed">
          Set by {change.author.name}
        </Text>
        {change.failure && (
          <Text size="sm" c="red.8">
            Could not be applied: {change.failure}
          </Text>
        )}
      </Stack>
      {canEdit && <CancelChange change={change} label={`Cancel the change to ${what} at ${format(change.at)}`} />}
    </Row>
  );
}

/** The changes by day, soonest first, each day under its date. */
function ByDay({ changes, timezone, canEdit }: { changes: ScheduledChange[]; timezone: string; canEdit: boolean }) {
  const format = useFormatTime();
  const days = new Map<string, ScheduledChange[]>();
  for (const c of changes) days.set(dayOf(c.at, timezone), [...(days.get(dayOf(c.at, timezone)) ?? []), c]);
  return (
    <Stack gap="lg">
      {[...days].map(([day, list]) => (
        <section key={day} aria-labelledby={`day-${day}`}>
          <Title order={2} size="h4" id={`day-${day}`}>
            {format(list[0].at, false)}
          </Title>
          <RowList>
            {list.map((c) => (
              <ChangeRow key={c._id} change={c} canEdit={canEdit} />
            ))}
          </RowList>
        </section>
      ))}
    </Stack>
  );
}

/** A month as a calendar: a week a row, each day with the items changing on it. */
function Month({ changes, timezone }: { changes: ScheduledChange[]; timezone: string }) {
  const [month, setMonth] = useState(() => {
    const today = toLocalClock(Date.now(), timezone);
    return Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), 1);
  });
  const first = new Date(month);
  const title = first.toLocaleString('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });
  const days = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  const offset = (first.getUTCDay() + 6) % 7; // Monday first
  const cells: (number | null)[] = [...Array<null>(offset).fill(null), ...Array.from({ length: days }, (_, i) => i + 1)];
  while (cells.length % 7) cells.push(null);
  const weeks = Array.from({ length: cells.length / 7 }, (_, i) => cells.slice(i * 7, i * 7 + 7));
  const on = (day: number) => {
    const key = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), day)).toISOString().slice(0, 10);
    return changes.filter((c) => dayOf(c.at, timezone) === key);
  };
  const step = (by: number) => setMonth(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + by, 1));
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Button variant="default" size="xs" onClick={() => step(-1)} aria-label="Previous month">
          Previous
        </Button>
        <Title order={2} size="h4" aria-live="polite">
          {title}
        </Title>
        <Button variant="default" size="xs" onClick={() => step(1)} aria-label="Next month">
          Next
        </Button>
      </Group>
      <table style={{ width: '100%', tableLayout: 'fixed', borderCollapse: 'collapse' }} aria-label={`Scheduled changes in ${title}`}>
        <thead>
          <tr>
            {weekdays.map((d) => (
              <th key={d} scope="col" style={{ fontSize: 12, padding: 2 }}>
                {d}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week, w) => (
            <tr key={w}>
              {week.map((day, i) => (
                <td key={i} style={{ verticalAlign: 'top', border: '1px solid var(--mantine-color-gray-3)', height: 64, padding: 2 }}>
                  {day && (
                    <>
                      <Text size="xs" fw={600}>
                        {day}
                      </Text>
                      {on(day).map((c) => (
                        <Text key={c._id} size="xs" style={{ overflowWrap: 'anywhere' }}>
                          {toLocalClock(new Date(c.at).getTime(), timezone).toISOString().slice(11, 16)}{' '}
                          {c.item.label ?? collectionSpecs[c.collection].noun}
                        </Text>
                      ))}
                    </>
                  )}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </Stack>
  );
}

export default function ScheduleScreen() {
  const { data, error, isPending } = useSchedule();
  const { timezone } = useGeneralSettingsValue();
  const canEdit = useCan('editContent');
  const [view, setView] = useState<'list' | 'month'>('list');
  const changes = data ?? [];
  return (
    <>
      <Group justify="space-between" mb="md" wrap="wrap">
        <Title order={1} size="h2">
          Schedule
        </Title>
        <SegmentedControl
          value={view}
          onChange={(v) => setView(v)}
          data={[
            { value: 'list', label: 'List' },
            { value: 'month', label: 'Month' },
          ]}
          aria-label="View"
        />
      </Group>
      <Text c="dimmed" size="sm" mb="md">
        Changes set to go live later: new prices, items to publish or unpublish. Set one from an item's editor (Manage Services or Site
        Content: Edit, then Schedule...). Times are in {timezone}.
      </Text>
      <LoadFailure error={error} fallback={scheduleTexts.loadFailed} />
      <Paper withBorder p="md">
        {isPending ? (
          <Text role="status">Loading...</Text>
        ) : changes.length === 0 && view === 'list' ? (
          <Text c="dimmed">No changes are scheduled.</Text>
        ) : view === 'list' ? (
          <ByDay changes={changes} timezone={timezone} canEdit={canEdit} />
        ) : (
          <Month changes={changes} timezone={timezone} />
        )}
      </Paper>
    </>
  );
}
