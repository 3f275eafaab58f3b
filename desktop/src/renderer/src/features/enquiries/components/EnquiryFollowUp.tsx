import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Anchor, Badge, Button, Group, Paper, SegmentedControl, Select, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { contactChannelLabels, contactChannels, type ContactChannel, type TimelineEntry } from '@kafue/common/leads';
import type { RequestSnapshot } from '@kafue/common/requests';
import {
  enquiryContactBody,
  enquiryReplyBody,
  fillSavedReply,
  type EnquiryContactBody,
  type EnquiryReplyBody,
  type EnquiryResponseAnswer,
  type EnquiryTimeline,
  type ReplyChannel,
  type SavedReply,
} from '@kafue/common/schemas';
import { apiDownload, unwrap, type ApiResult } from '../../../lib/api';
import { formatSize } from '../../../lib/size';
import { failureToast, toast, type ToastArea } from '../../../lib/toast';
import { fieldErrors } from '../../../lib/validate';

/** The calls behind one enquiry's follow-up: the admins' inbox and the staff portal each give theirs. */
export interface FollowUpCalls {
  /** The query key of this enquiry's timeline. */
  key: readonly unknown[];
  timeline: () => Promise<ApiResult<EnquiryTimeline>>;
  reply: (body: EnquiryReplyBody) => Promise<ApiResult<EnquiryResponseAnswer>>;
  contact: (body: EnquiryContactBody) => Promise<ApiResult<EnquiryResponseAnswer>>;
  savedReplies: () => Promise<ApiResult<SavedReply[]>>;
  /** The download address of a file a client's message brought. */
  attachmentPath: (attachmentId: string) => string;
  area?: ToastArea;
  /** After a reply or contact: the enquiry's stage and the list may have changed. */
  onChanged: () => void;
}

const texts = {
  timelineFailed: 'Failed to load the timeline',
  downloadFailed: 'Failed to download the file',
  replyFailed: 'Failed to send the reply',
  contactFailed: 'Failed to log the contact',
};

/** The subject a reply starts with: the reply form's, a new saved reply's and the Reply by email link's. */
export const replySubject = 'Re: your enquiry';

const stateColor: Record<string, string> = {
  Delivered: 'green',
  'Failed, retrying': 'red',
  'Waiting to send': 'gray',
  Bounced: 'red',
  Sent: 'blue',
  Read: 'green',
  Failed: 'red',
};

/** The enquiry as the follow-up needs it: to fill saved replies, and where a reply can go. */
type FollowUpEnquiry = {
  fullName: string;
  email: string | null;
  phone: string | null;
  request: RequestSnapshot | null;
  service: string | null;
  /** Since when the client's messages await our reply: those since then are marked. */
  awaitingReplySince: string | null;
};

/**
 * How often an open timeline is read again: a client's message (their answer by mail) shows on it
 * within seconds of reaching us, without a reload. Only while the console's tab is in view.
 */
const timelineRefreshMs = 5_000;

function useFollowUp(calls: FollowUpCalls) {
  const client = useQueryClient();
  const area = calls.area;
  const timeline = useQuery({
    queryKey: calls.key,
    queryFn: () => unwrap(calls.timeline()),
    refetchInterval: timelineRefreshMs,
    meta: { failureToast: { fallback: texts.timelineFailed, area } },
  });
  // A new entry read (the client wrote): the enquiry's state and the list may say so now.
  const count = timeline.data?.entries.length;
  const counted = useRef(count);
  const { onChanged } = calls;
  useEffect(() => {
    if (counted.current !== undefined && count !== undefined && count > counted.current) onChanged();
    counted.current = count;
  }, [count, onChanged]);
  const savedReplies = useQuery({ queryKey: ['saved-replies', area ?? 'admin'], queryFn: () => unwrap(calls.savedReplies()) });
  const done = (answer: EnquiryResponseAnswer) => {
    toast('success', answer.message, { area });
    client.setQueryData<EnquiryTimeline>(calls.key, { entries: answer.entries });
    calls.onChanged();
  };
  const reply = useMutation({
    mutationFn: (body: EnquiryReplyBody) => unwrap(calls.reply(body)),
    onSuccess: done,
    onError: (error) => failureToast(error, texts.replyFailed, { area }),
  });
  const contact = useMutation({
    mutationFn: (body: EnquiryContactBody) => unwrap(calls.contact(body)),
    onSuccess: done,
    onError: (error) => failureToast(error, texts.contactFailed, { area }),
  });
  return { timeline, savedReplies: savedReplies.data ?? [], reply, contact };
}

/**
 * An enquiry's timeline (received, notes, messages, replies with their delivery, contacts) and the
 * two ways to answer it: a reply from here (by email, or on WhatsApp once the client wrote there),
 * started from a saved reply if one fits, and a contact made elsewhere, logged. The admins' detail
 * view and the staff portal share it.
 */
export function EnquiryFollowUp({
  calls,
  enquiry,
  formatTime,
}: {
  calls: FollowUpCalls;
  enquiry: FollowUpEnquiry;
  formatTime: (iso: string) => string;
}) {
  const { timeline, savedReplies, reply, contact } = useFollowUp(calls);
  // WhatsApp is offered once the client wrote there: only then may the company write back.
  const onWhatsApp = !!timeline.data?.entries.some((e) => e.message?.channel === 'whatsapp' && e.message.direction === 'in');
  return (
    <Stack gap="lg">
      <Timeline
        entries={timeline.data?.entries}
        awaitingSince={enquiry.awaitingReplySince}
        loading={timeline.isPending}
        formatTime={formatTime}
        download={(file) =>
          void unwrap(apiDownload(calls.attachmentPath(file._id), file.fileName)).catch((error: unknown) =>
            failureToast(error, texts.downloadFailed, { area: calls.area }),
          )
        }
      />
      <ReplyForm
        savedReplies={savedReplies}
        enquiry={enquiry}
        onWhatsApp={onWhatsApp}
        sending={reply.isPending}
        onSend={(body) =>
          reply.mutateAsync(body).then(
            () => true,
            () => false,
          )
        }
      />
      <ContactForm
        logging={contact.isPending}
        onLog={(body) =>
          contact.mutateAsync(body).then(
            () => true,
            () => false,
          )
        }
      />
    </Stack>
  );
}

type Attachment = NonNullable<TimelineEntry['message']>['attachments'][number];

/** The files a client's message brought: each a download, or (refused) why it was not kept. */
function Attachments({ files, download }: { files: Attachment[]; download: (file: Attachment) => void }) {
  if (!files.length) return null;
  return (
    <Stack gap={2} mt={4} component="ul" aria-label="Attachments" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {files.map((file) => (
        <Text key={file._id} size="sm" component="li" style={{ overflowWrap: 'anywhere' }}>
          {file.refused ? (
            <Text span size="sm" c="red.9">
              {file.fileName} ({formatSize(file.size)}) was not kept: {file.refused}
            </Text>
          ) : (
            <Anchor component="button" type="button" size="sm" mih={24} onClick={() => download(file)}>
              {file.fileName} ({formatSize(file.size)})
            </Anchor>
          )}
        </Text>
      ))}
    </Stack>
  );
}

/**
 * The client's messages not answered yet, while the enquiry awaits our reply: those after our
 * last reply or logged contact.
 */
function unansweredOf(entries: TimelineEntry[], awaitingSince: string | null): Set<TimelineEntry> {
  if (!awaitingSince) return new Set();
  const answered = Math.max(0, ...entries.filter((e) => e.kind === 'reply' || e.kind === 'contact').map((e) => Date.parse(e.at)));
  return new Set(entries.filter((e) => e.message?.direction === 'in' && !e.message.automatic && Date.parse(e.at) > answered));
}

function Timeline({
  entries,
  awaitingSince,
  loading,
  formatTime,
  download,
}: {
  entries: TimelineEntry[] | undefined;
  awaitingSince: string | null;
  loading: boolean;
  formatTime: (iso: string) => string;
  download: (file: Attachment) => void;
}) {
  const unanswered = unansweredOf(entries ?? [], awaitingSince);
  return (
    <Stack gap="sm">
      <Title order={3} size="h5">
        Timeline
      </Title>
      {loading ? (
        <Text size="sm" role="status">
          Loading...
        </Text>
      ) : (
        <Stack gap="xs" component="ol" aria-label="Timeline" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {(entries ?? []).map((e, i) => (
            <Paper key={`${e.at}-${i}`} withBorder p="sm" component="li" data-kind={e.kind}>
              <Group justify="space-between" gap="xs" wrap="wrap">
                <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {e.title}
                </Text>
                {e.state && (
                  <Badge color={stateColor[e.state] ?? 'gray'} variant="light">
                    {e.state}
                  </Badge>
                )}
                {unanswered.has(e) && (
                  <Badge color="orange" variant="light">
                    Awaiting reply
                  </Badge>
                )}
                {e.message?.fromOtherAddress && (
                  <Badge color="yellow" variant="light">
                    From another address
                  </Badge>
                )}
              </Group>
              {e.stateReason && (
                <Text size="sm" c="red.9" mt={4} style={{ overflowWrap: 'anywhere' }}>
                  Not delivered: {e.stateReason}
                </Text>
              )}
              {e.text && (
                <Text size="sm" mt={4} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {e.text}
                </Text>
              )}
              {e.message && <Attachments files={e.message.attachments} download={download} />}
              {/* What the client quoted (our mail, their signature): folded, and only ever text. */}
              {e.message?.quoted && (
                <details>
                  <summary>
                    <Text span size="xs">
                      Show the quoted text
                    </Text>
                  </summary>
                  <Text size="xs" c="dimmed" mt={4} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                    {e.message.quoted}
                  </Text>
                </details>
              )}
              <Text size="xs" c="dimmed" mt={4}>
                {e.by ? `${e.by}, ` : ''}
                {formatTime(e.at)}
              </Text>
            </Paper>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

/** The channel a reply takes: email while the client has an address, else WhatsApp. */
const channelLabels: Record<ReplyChannel, string> = { email: 'Email', whatsapp: 'WhatsApp' };

function ReplyForm({
  savedReplies,
  enquiry,
  onWhatsApp,
  sending,
  onSend,
}: {
  savedReplies: SavedReply[];
  enquiry: FollowUpEnquiry;
  onWhatsApp: boolean;
  sending: boolean;
  onSend: (body: EnquiryReplyBody) => Promise<boolean>;
}) {
  const channels = [...(enquiry.email ? (['email'] as const) : []), ...(onWhatsApp ? (['whatsapp'] as const) : [])];
  const [picked, setPicked] = useState<ReplyChannel | null>(null);
  const channel: ReplyChannel = picked && channels.includes(picked) ? picked : (channels[0] ?? 'email');
  const [subject, setSubject] = useState(replySubject);
  const [body, setBody] = useState('');
  const [chosen, setChosen] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const titleId = useId();
  function choose(id: string | null) {
    setChosen(id);
    const saved = savedReplies.find((s) => s._id === id);
    if (!saved) return;
    setSubject(fillSavedReply(saved.subject, enquiry));
    setBody(fillSavedReply(saved.body, enquiry));
  }
  async function submit(e: FormEvent) {
    e.preventDefault();
    const value: EnquiryReplyBody = channel === 'email' ? { channel, subject, body } : { channel, body };
    const invalid = fieldErrors(enquiryReplyBody, value);
    setErrors(invalid ?? {});
    if (invalid) return;
    if (await onSend(value)) {
      setSubject(replySubject);
      setBody('');
      setChosen(null);
    }
  }
  const description =
    channel === 'email'
      ? `Mailed to ${enquiry.fullName} from the company; their answer comes to the company's email.`
      : `Sent to ${enquiry.fullName} on WhatsApp from the company's number. WhatsApp allows it within 24 hours of their last message.`;
  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-labelledby={titleId}>
      <Stack gap="sm">
        <Title order={3} size="h5" id={titleId}>
          Reply
        </Title>
        {channels.length === 0 ? (
          <Text size="sm">
            {enquiry.fullName} gave no email address and has not written on WhatsApp: call them, then log the contact below.
          </Text>
        ) : (
          <>
            {channels.length > 1 && (
              <Stack gap={4}>
                <Text size="sm" fw={500} id={`${titleId}-channel`}>
                  Reply by
                </Text>
                <SegmentedControl
                  aria-labelledby={`${titleId}-channel`}
                  data={channels.map((c) => ({ value: c, label: channelLabels[c] }))}
                  value={channel}
                  onChange={(value) => setPicked(value)}
                  style={{ alignSelf: 'flex-start' }}
                />
              </Stack>
            )}
            {savedReplies.length > 0 && (
              <Select
                label="Start from a saved reply"
                placeholder="Choose a saved reply"
                data={savedReplies.map((s) => ({ value: s._id, label: s.name }))}
                value={chosen}
                onChange={choose}
                clearable
              />
            )}
            {channel === 'email' && (
              <TextInput label="Subject" value={subject} onChange={(e) => setSubject(e.currentTarget.value)} error={errors.subject} />
            )}
            <Textarea
              label="Message"
              autosize
              minRows={4}
              value={body}
              onChange={(e) => setBody(e.currentTarget.value)}
              error={errors.body}
              description={description}
            />
            <Group justify="flex-end">
              <Button type="submit" loading={sending} disabled={sending}>
                {channel === 'email' ? 'Send Reply' : 'Send on WhatsApp'}
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </form>
  );
}

function ContactForm({ logging, onLog }: { logging: boolean; onLog: (body: EnquiryContactBody) => Promise<boolean> }) {
  const [channel, setChannel] = useState<ContactChannel | null>(null);
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const titleId = useId();
  async function submit(e: FormEvent) {
    e.preventDefault();
    const value = { channel, note };
    const invalid = fieldErrors(enquiryContactBody, value);
    setErrors(invalid ?? {});
    if (invalid || !channel) return;
    if (await onLog({ channel, note })) {
      setChannel(null);
      setNote('');
    }
  }
  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-labelledby={titleId}>
      <Stack gap="sm">
        <Title order={3} size="h5" id={titleId}>
          Log a contact
        </Title>
        <Select
          label="How"
          placeholder="Choose how you were in contact"
          data={contactChannels.map((c) => ({ value: c, label: contactChannelLabels[c] }))}
          value={channel}
          onChange={(v) => setChannel(v)}
          error={errors.channel}
        />
        <Textarea label="Note" autosize minRows={2} value={note} onChange={(e) => setNote(e.currentTarget.value)} error={errors.note} />
        <Group justify="flex-end">
          <Button type="submit" variant="light" loading={logging} disabled={logging}>
            Log Contact
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
