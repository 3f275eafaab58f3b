/**
 * Settings › Reply Times: how fast the company promises to reply, in business hours (the company
 * profile's opening hours). The inbox's time left, the reminder mails and the dashboard count by them.
 */
import { NumberInput, Paper, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { calls } from '@kafue/common/calls';
import { messages } from '@kafue/common/contract';
import { defaultReplyTargets, type ReplyTargets as Targets } from '@kafue/common/reply-clock';
import { replyTargets } from '@kafue/common/schemas';
import { LoadedForm, LoadingSettings } from '../../components/LoadedForm';
import { call, unwrap } from '../../lib/api';
import { useCan } from '../../lib/session';
import { failureToast, toast } from '../../lib/toast';
import { useLoadedForm } from '../../lib/useLoadedForm';
import { SaveChanges } from '../../components/SaveChanges';

const targetsKey = ['settings', 'reply-targets'];

export default function ReplyTargets() {
  const canChange = useCan('changeSettings');
  const client = useQueryClient();
  const { data: saved, isPending: loading } = useQuery({ queryKey: targetsKey, queryFn: () => unwrap(call(calls.getReplyTargets)) });
  const save = useMutation({
    mutationFn: (body: Targets) => unwrap(call(calls.saveReplyTargets, { body })),
    onSuccess({ targets }) {
      toast('success', messages.settingsUpdated);
      client.setQueryData(targetsKey, targets);
    },
    onError: (error) => failureToast(error, messages.settingsUpdateFailed, { network: messages.settingsNetworkError }),
  });
  const { values, setValues, errors, submit } = useLoadedForm<Targets>(saved, defaultReplyTargets, replyTargets, (v) => save.mutate(v));
  const hours = (name: keyof Targets, label: string, help: string) => (
    <NumberInput
      label={label}
      description={help}
      required
      min={1}
      max={name === 'maxHours' ? 48 : 24}
      allowDecimal={false}
      suffix=" business hours"
      disabled={!canChange}
      value={values[name]}
      error={errors[name]}
      onChange={(v) => setValues({ ...values, [name]: typeof v === 'number' ? v : Number.NaN })}
    />
  );

  return (
    <Paper withBorder p="lg" maw={640}>
      <LoadedForm loading={loading} onSubmit={submit}>
        <Title order={2} size="h4">
          Reply times
        </Title>
        <Text size="sm" c="dimmed">
          Business hours are the opening hours in Settings › Company, on the clock of the timezone in Settings › General. Every enquiry
          shows the time left to reply; the person it is assigned to (or, unassigned, the admins who get new-enquiry mail) is reminded at
          the target, and once more when the reply is overdue.
        </Text>
        <LoadingSettings />
        {hours('targetHours', 'Reply within', 'The target: a reminder goes out when it passes without a reply.')}
        {hours('maxHours', 'Reply at the latest within', 'The promise: an enquiry without a reply by then is overdue.')}
        <SaveChanges canChange={canChange} saving={save.isPending} />
      </LoadedForm>
    </Paper>
  );
}
