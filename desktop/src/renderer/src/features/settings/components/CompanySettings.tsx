import { Button, Group, NumberInput, Paper, Text, TextInput, Title } from '@mantine/core';
import { defaultCompany, type CompanyProfile } from '@kafue/common/company';
import { companyProfile } from '@kafue/common/schemas';
import { LoadedForm, LoadingSettings } from '../../../components/LoadedForm';
import { useLoadedForm } from '../../../lib/useLoadedForm';
import { useCompanyProfile, useSaveCompanyProfile } from '../api/useCompanyProfile';

type TextField = Exclude<keyof CompanyProfile, 'latitude' | 'longitude'>;

/** One text field of the profile, with its plain label and the line that says what it is for. */
const textFields: { name: TextField; label: string; help: string; type?: string; required?: boolean }[] = [
  {
    name: 'phone',
    label: 'Phone number',
    help: 'As visitors see it at the top of every page, e.g. +260 97 000 0000.',
    type: 'tel',
    required: true,
  },
  { name: 'email', label: 'Email address', help: 'Where visitors write to; shown on every page.', type: 'email', required: true },
  { name: 'address', label: 'Office address', help: 'Shown in the footer and on the contact page.', required: true },
  { name: 'openingHours', label: 'Opening hours', help: 'As the site shows them, e.g. Mon - Sat, 9am - 6pm.', required: true },
  {
    name: 'whatsapp',
    label: 'WhatsApp number (optional)',
    help: 'In international form, e.g. +260971234567. Leave empty to hide the WhatsApp button.',
    type: 'tel',
  },
  { name: 'facebook', label: 'Facebook page (optional)', help: 'The full address, starting with https://. Leave empty to hide the icon.' },
  { name: 'linkedin', label: 'LinkedIn page (optional)', help: 'The full address, starting with https://. Leave empty to hide the icon.' },
  { name: 'x', label: 'X profile (optional)', help: 'The full address, starting with https://. Leave empty to hide the icon.' },
  { name: 'tpin', label: 'TPIN (optional)', help: 'The company’s 10-digit taxpayer number from ZRA, printed on invoices.' },
];

/** Settings › Company: the contact points the public site shows, published on every page when saved. */
export default function CompanySettings() {
  const { data: saved, isPending: loading } = useCompanyProfile();
  const save = useSaveCompanyProfile();
  const { values, setValues, errors, submit } = useLoadedForm<CompanyProfile>(saved, defaultCompany, companyProfile, (v) => save.mutate(v));
  const coordinate = (name: 'latitude' | 'longitude', label: string) => (
    <NumberInput
      label={label}
      required
      decimalScale={6}
      value={values[name]}
      error={errors[name]}
      onChange={(v) => setValues({ ...values, [name]: typeof v === 'number' ? v : Number.NaN })}
    />
  );

  return (
    <Paper withBorder p="lg" maw={640}>
      <LoadedForm loading={loading} onSubmit={submit}>
        <Title order={2} size="h4">
          Company details
        </Title>
        <Text size="sm" c="dimmed">
          How visitors reach the company. The public site shows the changes on every page within a few seconds of saving.
        </Text>
        <LoadingSettings />
        {textFields.map((f) => (
          <TextInput
            key={f.name}
            label={f.label}
            description={f.help}
            type={f.type}
            required={f.required}
            value={values[f.name]}
            error={errors[f.name]}
            onChange={(e) => setValues({ ...values, [f.name]: e.currentTarget.value })}
          />
        ))}
        <Text size="sm" fw={500}>
          Office on the map
        </Text>
        <Text size="sm" c="dimmed" mt={-12}>
          In OpenStreetMap or Google Maps, right-click the office: the two numbers shown are its latitude and longitude.
        </Text>
        <Group grow align="flex-start">
          {coordinate('latitude', 'Latitude')}
          {coordinate('longitude', 'Longitude')}
        </Group>
        <Button type="submit" loading={save.isPending} w="fit-content">
          Save Changes
        </Button>
      </LoadedForm>
    </Paper>
  );
}
