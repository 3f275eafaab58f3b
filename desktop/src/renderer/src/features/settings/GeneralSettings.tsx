import { Button, Checkbox, Paper, Select, TextInput } from '@mantine/core';
import { defaultGeneralSettings, timezones, type GeneralSettings as Settings } from '@kafue/common/contract';
import { generalSettingsBody } from '@kafue/common/schemas';
import { LoadedForm, LoadingSettings } from '../../components/LoadedForm';
import { useLoadedForm } from '../../lib/useLoadedForm';
import { useGeneralSettings, useSaveGeneralSettings } from './api/useGeneralSettings';

/** General settings (spec section 2): loaded from the server, validated, saved. */
export default function GeneralSettings() {
  const { data: saved, isPending: loading } = useGeneralSettings();
  const save = useSaveGeneralSettings();
  const { values, setValues, errors, submit } = useLoadedForm<Settings>(saved, defaultGeneralSettings, generalSettingsBody, (v) =>
    save.mutate(v),
  );

  return (
    <Paper withBorder p="lg" maw={640}>
      <LoadedForm loading={loading} onSubmit={submit}>
        <LoadingSettings />
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
          onChange={(v) => v && setValues({ ...values, timezone: v })}
        />
        <Checkbox
          label="Maintenance Mode"
          checked={values.maintenanceMode}
          onChange={(e) => setValues({ ...values, maintenanceMode: e.currentTarget.checked })}
        />
        <Button type="submit" loading={save.isPending} w="fit-content">
          Save Changes
        </Button>
      </LoadedForm>
    </Paper>
  );
}
