import { useEffect, useState, type FormEvent } from 'react';
import { Button, Checkbox, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import { defaultGeneralSettings, messages, timezones, type GeneralSettings as Settings } from '@kafue/common/contract';
import { generalSettingsBody } from '@kafue/common/schemas';
import { failureMessage } from '../../lib/api';
import { toast } from '../../lib/toast';
import { fieldErrors } from '../../lib/validate';
import { settingsApi } from './settingsApi';

/** General settings (spec section 2): loaded from the server, validated, saved. */
export default function GeneralSettings() {
  const [values, setValues] = useState<Settings>(defaultGeneralSettings);
  const [loading, setLoading] = useState(true);
  const [saving, setSaving] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});

  useEffect(() => {
    let live = true;
    void settingsApi.loadGeneral().then((result) => {
      if (!live) return;
      if (result.ok && result.data) setValues({ ...defaultGeneralSettings, ...result.data });
      // Spec section 7: on failure the message is only logged.
      else if (!result.ok) console.warn('Could not load general settings:', result.message ?? result.status);
      setLoading(false);
    });
    return () => {
      live = false;
    };
  }, []);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const invalid = fieldErrors(generalSettingsBody, values);
    setErrors(invalid ?? {});
    if (invalid) return;
    setSaving(true);
    const result = await settingsApi.saveGeneral(values);
    setSaving(false);
    if (result.ok) toast('success', messages.settingsUpdated);
    else toast('error', failureMessage(result, messages.settingsUpdateFailed, messages.settingsNetworkError));
  }

  return (
    <Paper withBorder p="lg" maw={640}>
      <form onSubmit={submit} noValidate aria-busy={loading}>
        <Stack>
          {loading && (
            <Text size="sm" c="dimmed" role="status">
              Loading settings...
            </Text>
          )}
          <TextInput
            label="Site Name"
            required
            value={values.siteName}
            error={errors.siteName}
            onChange={(e) => setValues({ ...values, siteName: e.currentTarget.value })}
          />
          <TextInput
            label="Admin Email"
            type="email"
            required
            value={values.adminEmail}
            error={errors.adminEmail}
            onChange={(e) => setValues({ ...values, adminEmail: e.currentTarget.value })}
          />
          <Select
            label="Timezone"
            data={timezones.map((t) => ({ value: t.value, label: t.label }))}
            allowDeselect={false}
            value={values.timezone}
            onChange={(v) => v && setValues({ ...values, timezone: v as Settings['timezone'] })}
          />
          <Checkbox
            label="Maintenance Mode"
            checked={values.maintenanceMode}
            onChange={(e) => setValues({ ...values, maintenanceMode: e.currentTarget.checked })}
          />
          <Button type="submit" loading={saving} disabled={loading} w="fit-content">
            Save Changes
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
