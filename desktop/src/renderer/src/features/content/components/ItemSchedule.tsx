/**
 * An item's scheduled changes in its editor: those to come (with Cancel), a warning when an edit
 * in the form would be replaced by one of them at its time, and "Schedule..." to set the form's
 * changes (or a publish, or an unpublish) for a later time.
 */
import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, Radio, Stack, Text, TextInput, Title } from '@mantine/core';
import { StackedModal } from '../../../components/StackedModal';
import type { ContentBody, ContentItem } from '@kafue/common/contract';
import { scheduleActionLabels, scheduleMessages, type ScheduleAction, type ScheduledChange } from '@kafue/common/schemas';
import { ApiFailure } from '../../../lib/api';
import { useFormatTime } from '../../../lib/generalSettings';
import { useCan } from '../../../lib/session';
import { normalise, type CollectionSpec, type FormValues } from '../fields';
import { overwrittenBy, useSchedule, useScheduleActions } from '../api/useSchedule';

/** The value a datetime-local field shows for an instant, on this computer's clock. */
export const localInput = (ms: number) => new Date(ms - new Date(ms).getTimezoneOffset() * 60_000).toISOString().slice(0, 16);

/** The next midnight on this computer's clock (new prices for tomorrow). */
function nextMidnight(): number {
  const d = new Date();
  d.setHours(24, 0, 0, 0);
  return d.getTime();
}

/** A field's label in the spec, or its name. */
const labelOf = (spec: CollectionSpec, field: string) => spec.fields.find((f) => f.key === field)?.label ?? field;

/** What a change does, in words: "Publish", or "Apply changes: Price, Key Features". */
export function changeWords(change: ScheduledChange, spec: CollectionSpec): string {
  const fields = Object.keys(change.fields).map((f) => labelOf(spec, f));
  return fields.length ? `${scheduleActionLabels[change.action]}: ${fields.join(', ')}` : scheduleActionLabels[change.action];
}

/** The fields of `body` that differ from the saved item: what "these changes" would schedule. */
function changedFields(item: ContentItem, body: ContentBody): string[] {
  const saved = item as Record<string, unknown>;
  const sent = body as Record<string, unknown>;
  return Object.keys(sent).filter((k) => k !== 'status' && k !== 'position' && JSON.stringify(sent[k]) !== JSON.stringify(saved[k]));
}

/** Cancel for one change to come (its label says which, for a screen reader). */
export function CancelChange({ change, label }: { change: ScheduledChange; label: string }) {
  const { cancel } = useScheduleActions();
  return (
    <Button size="xs" variant="default" loading={cancel.isPending} aria-label={label} onClick={() => cancel.mutate(change)}>
      Cancel
    </Button>
  );
}

interface ItemScheduleProps {
  spec: CollectionSpec;
  /** The item as saved. */
  item: ContentItem;
  /** The form's values now (edits not saved yet). */
  values: FormValues;
  /** The form's body when valid (showing its errors otherwise), as Save sends it. */
  check: () => ContentBody | null;
  /** The form's changes were scheduled: it goes back to the item as saved. */
  onScheduled: () => void;
}

export function ItemSchedule({ spec, item, values, check, onScheduled }: ItemScheduleProps) {
  const format = useFormatTime();
  const canEdit = useCan('editContent');
  const { data: changes = [] } = useSchedule(item._id);
  const { schedule } = useScheduleActions();
  const [opened, setOpened] = useState(false);
  const [at, setAt] = useState('');
  const [action, setAction] = useState<ScheduleAction>('apply');
  const [errors, setErrors] = useState<{ at?: string; item?: string }>({});

  const edited = normalise(spec.fields, values);
  const warnings = changes.flatMap((c) => {
    const fields = overwrittenBy(c, item, edited);
    const words = fields.map((f) => (typeof c.fields[f] === 'string' ? `${labelOf(spec, f)} to "${c.fields[f]}"` : labelOf(spec, f)));
    return fields.length ? [{ change: c, fields: words }] : [];
  });

  function open() {
    setAt(localInput(nextMidnight()));
    setAction('apply');
    setErrors({});
    setOpened(true);
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    // The dialog is drawn outside the editor's form, but React passes its submit up to it.
    e.stopPropagation();
    const when = new Date(at);
    if (!at || Number.isNaN(when.getTime())) return setErrors({ at: 'Choose a day and time.' });
    if (when.getTime() <= Date.now()) return setErrors({ at: scheduleMessages.atInPast });
    let body: ContentBody | undefined;
    if (action === 'apply') {
      const checked = check();
      if (!checked) return setErrors({ item: 'Some fields of the form need fixing first: see the messages under them.' });
      if (changedFields(item, checked).length === 0) return setErrors({ item: scheduleMessages.nothingToApply });
      body = checked;
    }
    schedule.mutate(
      { collection: spec.collection, id: item._id, body: { at: when.toISOString(), action, ...(body ? { item: body } : {}) } },
      {
        onSuccess() {
          setOpened(false);
          if (action === 'apply') onScheduled();
        },
        onError: (error) => setErrors(error instanceof ApiFailure ? (error.result.errors ?? {}) : {}),
      },
    );
  }

  return (
    <Stack gap="xs">
      {warnings.map(({ change, fields }) => (
        <Alert key={change._id} color="orange" variant="light" title="A scheduled change will replace this edit">
          <Text size="sm">
            At {format(change.at)}, a scheduled change sets {fields.join(', ')}: what you type here now in those fields is replaced then.
            Cancel the scheduled change, or schedule this edit instead.
          </Text>
        </Alert>
      ))}
      {changes.length > 0 && (
        <section aria-labelledby={`scheduled-${item._id}`}>
          <Title order={3} size="h5" id={`scheduled-${item._id}`} mb={4}>
            Scheduled changes
          </Title>
          <Stack component="ul" gap={4} p={0} m={0} style={{ listStyle: 'none' }}>
            {changes.map((c) => (
              <Group component="li" key={c._id} justify="space-between" wrap="wrap" gap="xs">
                <Stack gap={0} style={{ flex: '1 1 220px', minWidth: 0 }}>
                  <Text size="sm" fw={600}>
                    {format(c.at)}
                  </Text>
                  <Text size="sm">
                    {changeWords(c, spec)}{' '}
                    <Text span c="dimmed" size="sm">
                      (set by {c.author.name})
                    </Text>
                  </Text>
                  {c.failure && (
                    <Text size="sm" c="red.8">
                      Could not be applied: {c.failure}
                    </Text>
                  )}
                </Stack>
                {canEdit && <CancelChange change={c} label={`Cancel the change scheduled for ${format(c.at)}`} />}
              </Group>
            ))}
          </Stack>
        </section>
      )}
      {canEdit && (
        <Group>
          <Button variant="default" onClick={open}>
            Schedule...
          </Button>
        </Group>
      )}
      <StackedModal opened={opened} onClose={() => setOpened(false)} title={`Schedule a change to ${spec.titleOf(item)}`} centered>
        <form onSubmit={submit} noValidate>
          <Stack>
            <TextInput
              type="datetime-local"
              label="Goes live at"
              description="On this computer's clock"
              step={1}
              value={at}
              onChange={(e) => setAt(e.currentTarget.value)}
              error={errors.at}
              required
            />
            <Radio.Group label="What happens then" value={action} onChange={(v) => setAction(v)} error={errors.item}>
              <Stack gap="xs" mt="xs">
                <Radio value="apply" label="Apply the changes in the form (the item stays as saved until then)" />
                <Radio value="publish" label="Publish" />
                <Radio value="unpublish" label="Unpublish" />
              </Stack>
            </Radio.Group>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setOpened(false)}>
                Close
              </Button>
              <Button type="submit" loading={schedule.isPending}>
                Schedule
              </Button>
            </Group>
          </Stack>
        </form>
      </StackedModal>
    </Stack>
  );
}
