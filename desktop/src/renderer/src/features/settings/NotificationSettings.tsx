import { useState } from 'react';
import { Button, Checkbox, Paper, Select, Stack, Switch } from '@mantine/core';

/** Spec section 3: notification preferences are local only, never saved. */
const notificationTypes = [
  { key: 'newUser', label: 'New user registrations' },
  { key: 'systemAlert', label: 'System alerts' },
  { key: 'maintenance', label: 'Maintenance notifications' },
  { key: 'marketing', label: 'Marketing announcements' },
] as const;
type TypeKey = (typeof notificationTypes)[number]['key'];

const frequencies = [
  { value: 'instant', label: 'Instant' },
  { value: 'daily', label: 'Daily Digest' },
  { value: 'weekly', label: 'Weekly Digest' },
];

export default function NotificationSettings() {
  const [emailEnabled, setEmailEnabled] = useState(true);
  const [types, setTypes] = useState<Record<TypeKey, boolean>>({ newUser: true, systemAlert: true, maintenance: true, marketing: false });
  const [emailFrequency, setFrequency] = useState('instant');

  return (
    <Paper withBorder p="lg" maw={640}>
      <Stack>
        <Switch label="Email notifications" checked={emailEnabled} onChange={(e) => setEmailEnabled(e.currentTarget.checked)} />
        {emailEnabled && (
          <>
            <Checkbox.Group
              label="Notification types"
              value={notificationTypes.filter((t) => types[t.key]).map((t) => t.key)}
              onChange={(keys) => setTypes(Object.fromEntries(notificationTypes.map((t) => [t.key, keys.includes(t.key)])) as Record<TypeKey, boolean>)}
            >
              <Stack gap="xs" mt="xs">
                {notificationTypes.map((t) => (
                  <Checkbox key={t.key} value={t.key} label={t.label} />
                ))}
              </Stack>
            </Checkbox.Group>
            <Select
              label="Email frequency"
              data={frequencies}
              allowDeselect={false}
              value={emailFrequency}
              onChange={(v) => v && setFrequency(v)}
              maw={260}
            />
          </>
        )}
        {/* Spec section 2: this button has no behaviour. */}
        <Button w="fit-content">Save Notification Settings</Button>
      </Stack>
    </Paper>
  );
}
