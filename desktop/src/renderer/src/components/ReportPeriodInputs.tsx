import { useId } from 'react';
import { SegmentedControl, Stack, Text, TextInput } from '@mantine/core';

export interface DateRange {
  /** YYYY-MM-DD, the first day included. */
  from: string;
  /** YYYY-MM-DD, the last day included. */
  to: string;
}

/** A report's period as two dates, the first and the last day (the reports' forms). */
export function DateRangeInputs({ value, onChange }: { value: DateRange; onChange: (range: DateRange) => void }) {
  return (
    <>
      <TextInput
        type="date"
        label="From"
        description="The first day"
        value={value.from}
        onChange={(e) => onChange({ ...value, from: e.currentTarget.value })}
      />
      <TextInput
        type="date"
        label="To"
        description="The last day"
        value={value.to}
        onChange={(e) => onChange({ ...value, to: e.currentTarget.value })}
      />
    </>
  );
}

const periodLabels = { day: 'Day', week: 'Week', month: 'Month' } as const;
type Period = keyof typeof periodLabels;

/** How a report groups its figures (by day, week or month), among `periods`. */
export function PeriodChoice<P extends Period>({
  label,
  periods,
  value,
  onChange,
}: {
  label: string;
  periods: readonly P[];
  value: P;
  onChange: (period: P) => void;
}) {
  const id = useId();
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500} id={id}>
        {label}
      </Text>
      <SegmentedControl
        aria-labelledby={id}
        value={value}
        onChange={onChange}
        data={periods.map((p) => ({ value: p, label: periodLabels[p] }))}
      />
    </Stack>
  );
}
