import { Switch } from '@mantine/core';
import type { FormValues } from '../fields';

/** The item's status as a switch: on is published (visitors see it), off a draft. */
export function StatusSwitch({
  label,
  values,
  onChange,
}: {
  label: string;
  values: FormValues;
  onChange: (key: string, value: unknown) => void;
}) {
  return (
    <Switch
      label={label}
      description="Off: a draft, seen only here and in the preview, not by visitors."
      checked={values.status === 'published'}
      onChange={(e) => onChange('status', e.currentTarget.checked ? 'published' : 'draft')}
    />
  );
}
