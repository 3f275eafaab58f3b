import { Button, Checkbox, Divider, Paper, Select, Stack, Switch, Text } from '@mantine/core';
import { defaultNotificationSettings, type NotificationSettings as Settings } from '@kafue/common/contract';
import { notificationSettings } from '@kafue/common/schemas';
import { LoadedForm, LoadingSettings } from '../../components/LoadedForm';
import { TestMailButton } from '../../components/TestMailButton';
import { useLoadedForm } from '../../lib/useLoadedForm';
import { useNotificationSettings, useSaveNotificationSettings } from './api/useNotificationSettings';

/** Spec section 3's notification types, plus new enquiries (which the spec's list predates). */
const notificationTypes = [
  { key: 'newUser', label: 'New user registrations' },
  { key: 'systemAlert', label: 'System alerts' },
  { key: 'maintenance', label: 'Maintenance notifications' },
  { key: 'marketing', label: 'Marketing announcements' },
  { key: 'newEnquiry', label: 'New enquiries' },
] as const;
type TypeKey = (typeof notificationTypes)[number]['key'];

const frequencies = [
  { value: 'instant', label: 'Instant' },
  { value: 'daily', label: 'Daily Digest' },
  { value: 'weekly', label: 'Weekly Digest' },
];

/** Notification settings: the signed-in admin's own, loaded from the server and saved there. */
export default function NotificationSettings() {
  const { data: saved, isPending: loading } = useNotificationSettings();
  const save = useSaveNotificationSettings();
  const { values, setValues, submit } = useLoadedForm<Settings>(saved, defaultNotificationSettings, notificationSettings, (v) =>
    save.mutate(v),
  );

  return (
    <Paper withBorder p="lg" maw={640}>
      <LoadedForm loading={loading} onSubmit={submit}>
        <LoadingSettings />
        <Switch
          label="Email notifications"
          checked={values.emailEnabled}
          onChange={(e) => setValues({ ...values, emailEnabled: e.currentTarget.checked })}
        />
        {values.emailEnabled && (
          <>
            <Checkbox.Group
              label="Notification types"
              value={notificationTypes.filter((t) => values.notificationTypes[t.key]).map((t) => t.key)}
              onChange={(keys) =>
                setValues({
                  ...values,
                  notificationTypes: Object.fromEntries(notificationTypes.map((t) => [t.key, keys.includes(t.key)])) as Record<
                    TypeKey,
                    boolean
                  >,
                })
              }
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
              value={values.emailFrequency}
              onChange={(v) => v && setValues({ ...values, emailFrequency: v as Settings['emailFrequency'] })}
              maw={260}
            />
          </>
        )}
        <Button type="submit" loading={save.isPending} w="fit-content">
          Save Notification Settings
        </Button>
        {/* Outside the saved settings: mails the signed-in admin now (not a submit button). */}
        <Divider label="Test mail" labelPosition="left" />
        <Text size="sm">Sends a mail to your own address, to see whether mail from the website reaches you.</Text>
        <TestMailButton />
      </LoadedForm>
    </Paper>
  );
}
