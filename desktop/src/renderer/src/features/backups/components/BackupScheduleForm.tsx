import { Button, Group, NumberInput, Paper, Select, Text, Title } from '@mantine/core';
import { backupWeekdays, defaultBackupSchedule, timezones, type BackupSchedule } from '@kafue/common/contract';
import { backupScheduleBody } from '@kafue/common/schemas';
import { LoadedForm } from '../../../components/LoadedForm';
import { useLoadedForm } from '../../../lib/useLoadedForm';
import { useBackupSchedule, useSaveBackupSchedule } from '../api/useBackups';
import { useGeneralSettings } from '../../settings';

const frequencies = [
  { value: 'off', label: 'Off' },
  { value: 'daily', label: 'Daily' },
  { value: 'weekly', label: 'Weekly' },
];
const hours = Array.from({ length: 24 }, (_, h) => ({ value: String(h), label: `${String(h).padStart(2, '0')}:00` }));
const weekdays = backupWeekdays.map((label, day) => ({ value: String(day), label }));

/** Automatic backups: how often, at which hour of the General settings' timezone, how many to keep. */
export function BackupScheduleForm() {
  const { data: saved, isPending: loading } = useBackupSchedule();
  const { data: general } = useGeneralSettings();
  const save = useSaveBackupSchedule();
  const { values, setValues, errors, submit } = useLoadedForm<BackupSchedule>(saved, defaultBackupSchedule, backupScheduleBody, (v) =>
    save.mutate(v),
  );
  const timezone = timezones.find((t) => t.value === general?.timezone)?.label ?? 'UTC+0';
  const off = values.frequency === 'off';

  return (
    <Paper withBorder p="lg" maw={640}>
      <LoadedForm loading={loading} onSubmit={submit}>
        <Title order={2} size="h4">
          Automatic backups
        </Title>
        <Text size="sm" c="dimmed">
          Times are in the timezone of the General settings: {timezone}.
        </Text>
        <Select
          label="Frequency"
          data={frequencies}
          allowDeselect={false}
          value={values.frequency}
          onChange={(v) => v && setValues({ ...values, frequency: v as BackupSchedule['frequency'] })}
        />
        <Group grow align="flex-start">
          <Select
            label="Hour"
            data={hours}
            allowDeselect={false}
            disabled={off}
            value={String(values.hour)}
            onChange={(v) => v && setValues({ ...values, hour: Number(v) })}
          />
          {values.frequency === 'weekly' && (
            <Select
              label="Day"
              data={weekdays}
              allowDeselect={false}
              value={String(values.weekday)}
              onChange={(v) => v && setValues({ ...values, weekday: Number(v) })}
            />
          )}
        </Group>
        <NumberInput
          label="Scheduled backups to keep"
          description="The oldest scheduled backups beyond this number are deleted; those made by hand stay."
          min={1}
          max={100}
          allowDecimal={false}
          disabled={off}
          value={values.keep}
          error={errors.keep}
          onChange={(v) => setValues({ ...values, keep: typeof v === 'number' ? v : Number.NaN })}
        />
        <Button type="submit" loading={save.isPending} w="fit-content">
          Save Schedule
        </Button>
      </LoadedForm>
    </Paper>
  );
}
