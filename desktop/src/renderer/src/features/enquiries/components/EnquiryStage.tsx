/**
 * An enquiry's stage and reply clock as the inbox, the board, the detail and the staff portal show
 * them: the stage's badge, the time left to respond in words, and the move to another stage (a
 * lost lead asks why). Each area gives the queries a move reloads and where its toasts show (`useStageMove`).
 */
import { useEffect, useState } from 'react';
import { Button, Group, Menu, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQueryClient, type UseMutationResult } from '@tanstack/react-query';
import type { Enquiry, EnquiryUpdateAnswer } from '@kafue/common/contract';
import type { EnquiryStageBody } from '@kafue/common/schemas';
import { leadStageLabels, leadStages, lostReasonLabels, lostReasons, type LeadStage, type LostReason } from '@kafue/common/leads';
import { timeLeftWords } from '@kafue/common/reply-clock';
import { enquiryStageBody } from '@kafue/common/schemas';
import { failureToast, toast, type ToastArea } from '../../../lib/toast';
import { enquiriesApi } from '../api/enquiriesApi';
import { fieldErrors } from '../../../lib/validate';
import { LabelledBadge } from '../../../components/LabelledBadge';

// Shade 9 (8 for gray): the outline's text keeps a 4.5:1 contrast on a highlighted row too.
const stageColor: Record<LeadStage, string> = { new: 'blue.9', contacted: 'cyan.9', quoted: 'grape.9', won: 'green.9', lost: 'gray.8' };

/** An enquiry's stage as a badge: "Stage: New" (Contacted, Quoted, Won, Lost). */
export function StageBadge({ stage }: { stage: LeadStage }) {
  return <LabelledBadge label="Stage" value={leadStageLabels[stage]} color={stageColor[stage]} variant="outline" />;
}

/** The time left ticks on screen once a minute. */
export function useMinuteClock(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

type ClockFields = Pick<Enquiry, 'responseDueAt' | 'awaitingReplySince' | 'status'>;

/** Whether the enquiry awaits our reply to the client's last message (not spam, not closed). */
const isWaiting = (e: ClockFields) =>
  e.responseDueAt !== null && e.awaitingReplySince !== null && e.status !== 'Closed' && e.status !== 'Spam';

/** "2 hours left", "Overdue by 35 minutes" (in red), "Answered", or nothing to say. */
export function TimeLeft({ enquiry, now }: { enquiry: ClockFields & Pick<Enquiry, 'firstResponseAt'>; now: Date }) {
  if (!isWaiting(enquiry)) return <Text size="sm">{enquiry.firstResponseAt && !enquiry.awaitingReplySince ? 'Answered' : '—'}</Text>;
  const words = timeLeftWords(new Date(enquiry.responseDueAt as string), now);
  const overdue = words.startsWith('Overdue');
  return (
    <Text size="sm" fw={overdue ? 700 : undefined} c={overdue ? 'red.9' : undefined}>
      {words}
    </Text>
  );
}

export interface StageMoveVars {
  id: string;
  body: EnquiryStageBody;
  name: string;
}
export type StageMove = UseMutationResult<EnquiryUpdateAnswer, Error, StageMoveVars>;

/**
 * A stage call (`setStage`: the admins' or the staff portal's) as a mutation: a toast says where
 * the enquiry went, and the queries under `key` (the lists, the board, the detail) show the move.
 * `onMoved` hears of each move as soon as the server took it, with the toast, not once the lists
 * are read again (a slow list would hold the board's announcement back). It is the mutation's own
 * callback, not one given to `mutate`: those are dropped when the caller unmounts, as a card does
 * when it leaves its column.
 */
export function useStageMove(key: readonly unknown[], area?: ToastArea, onMoved?: (vars: StageMoveVars) => void): StageMove {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: StageMoveVars) => enquiriesApi.setStage(id, body),
    async onSuccess(_, vars) {
      toast('success', `${vars.name} moved to ${leadStageLabels[vars.body.stage]}`, { area });
      onMoved?.(vars);
      await client.invalidateQueries({ queryKey: key });
    },
    onError: (error) => failureToast(error, 'Failed to move the enquiry', { area }),
  });
}

/**
 * Asks why a lead was lost (the reason, and words for "Other") before it moves to Lost.
 * `onConfirm` gets the body; `onCancel` closes it unchanged.
 */
export function LostReasonDialog({
  name,
  opened,
  saving,
  onConfirm,
  onCancel,
}: {
  name: string;
  opened: boolean;
  saving: boolean;
  onConfirm: (body: EnquiryStageBody) => void;
  onCancel: () => void;
}) {
  const [reason, setReason] = useState<LostReason | null>(null);
  const [text, setText] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const body: EnquiryStageBody = { stage: 'lost', lostReason: reason, lostReasonText: reason === 'other' ? text.trim() : null };
  return (
    <Modal opened={opened} onClose={onCancel} title={`Why was the enquiry from ${name} lost?`}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          const invalid = fieldErrors(enquiryStageBody, body);
          setErrors(invalid ?? {});
          if (!invalid) onConfirm(body);
        }}
      >
        <Stack>
          <Select
            label="Reason"
            required
            data={lostReasons.map((r) => ({ value: r, label: lostReasonLabels[r] }))}
            value={reason}
            error={errors.lostReason}
            onChange={(v) => setReason(v)}
          />
          {reason === 'other' && (
            <TextInput
              label="In a few words"
              required
              value={text}
              error={errors.lostReasonText}
              onChange={(e) => setText(e.currentTarget.value)}
            />
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onCancel}>
              Cancel
            </Button>
            <Button type="submit" loading={saving}>
              Move to Lost
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/**
 * "Move to" a menu of the other stages, for the keyboard and the pointer alike; Lost asks why
 * first. `move` may hear of each move (useStageMove's `onMoved`: the board announces it).
 */
export function MoveToMenu({ enquiry, move }: { enquiry: Pick<Enquiry, '_id' | 'fullName' | 'stage'>; move: StageMove }) {
  const [askLost, setAskLost] = useState(false);
  const send = (body: EnquiryStageBody) =>
    move.mutate({ id: enquiry._id, body, name: enquiry.fullName }, { onSuccess: () => setAskLost(false) });
  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button size="xs" variant="light" loading={move.isPending} aria-label={`Move to another stage: ${enquiry.fullName}`}>
            Move to
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {leadStages
            .filter((s) => s !== enquiry.stage)
            .map((s) => (
              <Menu.Item key={s} onClick={() => (s === 'lost' ? setAskLost(true) : send({ stage: s }))}>
                {leadStageLabels[s]}
              </Menu.Item>
            ))}
        </Menu.Dropdown>
      </Menu>
      <LostReasonDialog
        name={enquiry.fullName}
        opened={askLost}
        saving={move.isPending}
        onConfirm={send}
        onCancel={() => setAskLost(false)}
      />
    </>
  );
}

/** The detail's line on the lead: reply due or given, why it was lost, and the move to another stage. */
export function EnquiryStageLine({ enquiry, move, format }: { enquiry: Enquiry; move: StageMove; format: (iso: string) => string }) {
  const now = useMinuteClock();
  return (
    <Group justify="space-between" wrap="wrap" gap="xs">
      <Stack gap={2}>
        {isWaiting(enquiry) && (
          <Group gap={6}>
            <Text size="sm">
              {enquiry.firstResponseAt ? `Client wrote again ${format(enquiry.awaitingReplySince as string)}. ` : ''}Reply due{' '}
              {format(enquiry.responseDueAt as string)}:
            </Text>
            <TimeLeft enquiry={enquiry} now={now} />
          </Group>
        )}
        {enquiry.firstResponseAt && <Text size="sm">First response {format(enquiry.firstResponseAt)}</Text>}
        {enquiry.lostReason && (
          <Text size="sm">
            Lost: {lostReasonLabels[enquiry.lostReason]}
            {enquiry.lostReasonText ? ` (${enquiry.lostReasonText})` : ''}
          </Text>
        )}
      </Stack>
      <MoveToMenu enquiry={enquiry} move={move} />
    </Group>
  );
}
