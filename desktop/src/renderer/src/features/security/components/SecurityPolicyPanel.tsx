import { useState, type FormEvent } from 'react';
import { Button, NativeSelect, Stack, Switch, Text } from '@mantine/core';
import { passwordMaxAgeChoices, type PasswordMaxAgeDays, type SecuritySettings } from '@kafue/common/contract';
import { useCan } from '../../../lib/session';
import { useSaveSecuritySettings, useSecuritySettings } from '../api/useSecurity';

const ageLabel = (days: number) => (days === 0 ? 'Never' : `After ${days} days`);

/**
 * The security policy: two-factor sign-in required for every admin, and how old a
 * password may get. A Super Admin changes it; other admins read it.
 */
export function SecurityPolicyPanel() {
  const canChange = useCan('changeSettings');
  const { data, isPending } = useSecuritySettings();
  const save = useSaveSecuritySettings();
  const [values, setValues] = useState<SecuritySettings | null>(null);
  // Takes the loaded values when they arrive (adjusting state when a prop changes, not an effect).
  const [shown, setShown] = useState<SecuritySettings>();
  if (data && data !== shown) {
    setShown(data);
    setValues(data);
  }

  if (isPending || !values) {
    return (
      <Text role="status" size="sm">
        Loading...
      </Text>
    );
  }
  if (!canChange) {
    return (
      <Stack gap="xs">
        <Text size="sm">Two-factor authentication: {values.requireTwoFactor ? 'required for every admin' : 'optional'}.</Text>
        <Text size="sm">Passwords expire: {ageLabel(values.passwordMaxAgeDays).toLowerCase()}.</Text>
      </Stack>
    );
  }
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(values);
  };
  return (
    <form onSubmit={submit}>
      <Stack align="flex-start">
        <Switch
          label="Require two-factor authentication for every admin"
          description="Admins without it must set it up right after signing in."
          checked={values.requireTwoFactor}
          onChange={(e) => setValues({ ...values, requireTwoFactor: e.currentTarget.checked })}
        />
        <NativeSelect
          label="Passwords expire"
          description="Admins and staff with an older password must choose a new one at sign-in."
          data={passwordMaxAgeChoices.map((d) => ({ value: String(d), label: ageLabel(d) }))}
          value={String(values.passwordMaxAgeDays)}
          onChange={(e) => setValues({ ...values, passwordMaxAgeDays: Number(e.currentTarget.value) as PasswordMaxAgeDays })}
          w={260}
        />
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save Security Policy'}
        </Button>
      </Stack>
    </form>
  );
}
