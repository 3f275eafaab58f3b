/**
 * Settings › Payments: whether pawaPay (mobile money) is set up and when it last called back, the
 * deposit asked on an accepted quote, and the kwacha rate for quotes in US dollars (Super Admin edits).
 */
import { useMemo } from 'react';
import { NumberInput, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { defaultPaymentSettings, paymentSettingsBody, type PaymentSettingsBody } from '@kafue/common/payments';
import { LoadedForm, LoadingSettings } from '../../components/LoadedForm';
import { useCan } from '../../lib/session';
import { useLoadedForm } from '../../lib/useLoadedForm';
import { usePaymentSettings, useSavePaymentSettings } from './api/usePayments';
import { SaveChanges } from '../../components/SaveChanges';

const when = (iso: string) => new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

export default function PaymentSettings() {
  const canChange = useCan('changeSettings');
  const settings = usePaymentSettings();
  const save = useSavePaymentSettings();
  const data = settings.data;
  // The form's fields of the loaded settings, one object per load (the form takes each new one).
  const loaded = useMemo(() => data && { depositPercent: data.depositPercent, usdToZmw: data.usdToZmw }, [data]);
  const { values, setValues, errors, submit } = useLoadedForm<PaymentSettingsBody>(
    loaded,
    defaultPaymentSettings,
    paymentSettingsBody,
    (v) => save.mutate(v),
  );

  return (
    <Paper withBorder p="lg" maw={640}>
      <LoadedForm loading={settings.isPending} onSubmit={submit}>
        <Title order={2} size="h4">
          Payments
        </Title>
        <Text size="sm" c="dimmed">
          A client who accepted a quote can pay on the quote&apos;s page by mobile money (MTN MoMo, Airtel Money, Zamtel Kwacha): first the
          deposit, then any payment you request on the quote. Each payment gets a receipt, mailed to the client.
        </Text>
        <LoadingSettings />
        {data && (
          <Stack gap={4}>
            <Text size="sm">
              <strong>Mobile money:</strong>{' '}
              {data.pawapayConfigured
                ? 'set up: clients can pay.'
                : 'not set up: clients cannot pay online yet. Your technical contact sets the pawaPay key (PAWAPAY_TOKEN) on the server.'}
            </Text>
            <Text size="sm">
              <strong>Last message from pawaPay:</strong> {data.lastCallbackAt ? when(data.lastCallbackAt) : 'none yet'}
            </Text>
          </Stack>
        )}
        <NumberInput
          label="Deposit"
          description="Asked when a quote is accepted, as a share of its one-time total (a quote with monthly lines only: the first month)."
          required
          min={1}
          max={100}
          allowDecimal={false}
          suffix="%"
          disabled={!canChange}
          value={values.depositPercent}
          error={errors.depositPercent}
          onChange={(v) => setValues({ ...values, depositPercent: typeof v === 'number' ? v : Number.NaN })}
        />
        <TextInput
          label="Kwacha to one US dollar"
          description={
            'Quotes in US dollars are paid in kwacha at this rate, rounded up to the whole kwacha. ' +
            (data?.rateSetAt ? `Set on ${when(data.rateSetAt)}.` : 'Not set: quotes in US dollars cannot be paid online until it is.')
          }
          placeholder="e.g. 26.85"
          inputMode="decimal"
          disabled={!canChange}
          value={values.usdToZmw ?? ''}
          error={errors.usdToZmw}
          onChange={(e) => setValues({ ...values, usdToZmw: e.currentTarget.value.trim() || null })}
        />
        <SaveChanges canChange={canChange} saving={save.isPending} />
      </LoadedForm>
    </Paper>
  );
}
