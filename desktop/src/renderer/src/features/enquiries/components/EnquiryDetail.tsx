import { useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Anchor, Button, Drawer, Group, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { enquiryUpdateBody } from '@kafue/common/schemas';
import { fieldErrors } from '../../../lib/validate';
import { NoteForm } from './EnquiryNotes';
import { EnquiryHeading } from './EnquiryHeading';
import { EnquiryFollowUp, replySubject } from './EnquiryFollowUp';
import { EnquiryReminders } from '../../reminders';
import { PhoneLinks } from './PhoneLinks';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { Fact } from '../../../components/Fact';
import { LoadFailure } from '../../../components/LoadFailure';
import { useConfirmDelete } from '../../../lib/useConfirmDelete';
import { useFormatTime } from '../../../lib/generalSettings';
import { useCan } from '../../../lib/session';
import { contactPath } from '../../../lib/contactPath';
import type { EnquiryDetail as Detail } from '@kafue/common/contract';
import { enquiryStatuses } from '../api/enquiriesApi';
import { EnquiryRequest } from './EnquiryRequest';
import { EnquiryStageLine } from './stages';
import {
  texts,
  useActiveStaff,
  useAddNote,
  useCompanyWhatsapp,
  useDeleteEnquiry,
  useEnquiry,
  useFollowUpCalls,
  useUpdateEnquiry,
} from '../api/useEnquiries';

const unassigned = '';

/** Parts of an enquiry's detail view that other features give (its quotes), shown above its reminders and timeline. */
export type DetailSections = (enquiry: Detail) => ReactNode;

/** The detail view of one enquiry, in a drawer over the list: read, assign, set status, reply, log a contact, add notes, delete. */
export function EnquiryDetail({ id, onClose, sections }: { id: string | null; onClose: () => void; sections?: DetailSections }) {
  const { data, error, isPending } = useEnquiry(id);
  return (
    <Drawer opened={id !== null} onClose={onClose} position="right" size="lg" title={data?.fullName ?? 'Enquiry'}>
      {id === null ? null : isPending ? (
        <Text role="status">Loading...</Text>
      ) : data ? (
        <DetailBody enquiry={data} onGone={onClose} sections={sections} />
      ) : (
        <LoadFailure error={error} fallback={texts.loadFailed} />
      )}
    </Drawer>
  );
}

function DetailBody({ enquiry, onGone, sections }: { enquiry: Detail; onGone: () => void; sections?: DetailSections }) {
  const format = useFormatTime();
  const canDelete = useCan('deleteEnquiry');
  const staff = useActiveStaff();
  const update = useUpdateEnquiry();
  const addNote = useAddNote(enquiry._id);
  const remove = useDeleteEnquiry(onGone);
  const confirm = useConfirmDelete(remove);
  const followUp = useFollowUpCalls(enquiry._id);
  const whatsapp = useCompanyWhatsapp();
  const subject = `${replySubject}${enquiry.service ? ` about ${enquiry.service}` : ''}`;
  const assignees = [
    { value: unassigned, label: 'Unassigned' },
    ...(staff.data ?? []).map((s) => ({ value: s._id, label: s.name })),
    // The current assignee stays listed even if no longer Active.
    ...(enquiry.assignee && !(staff.data ?? []).some((s) => s._id === enquiry.assignee!._id)
      ? [{ value: enquiry.assignee._id, label: enquiry.assignee.name }]
      : []),
  ];
  return (
    <Stack>
      <EnquiryHeading enquiry={enquiry} format={format} />
      <EnquiryStageLine enquiry={enquiry} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Fact label="Email">{enquiry.email ?? 'None given (wrote on WhatsApp)'}</Fact>
        <Fact label="Phone">
          <PhoneLinks phone={enquiry.phone} name={enquiry.fullName} whatsapp={whatsapp} />
        </Fact>
        <Fact label="Service">{enquiry.service}</Fact>
        <Fact label="Assigned to">{enquiry.assignee?.name ?? 'Unassigned'}</Fact>
      </SimpleGrid>
      <EnquiryRequest enquiry={enquiry} />
      <Fact label="Message">
        <Text component="div" style={{ whiteSpace: 'pre-wrap' }}>
          {enquiry.message}
        </Text>
      </Fact>
      {!enquiry.email && (
        <AddEmail
          fullName={enquiry.fullName}
          saving={update.isPending}
          onSave={(email) => update.mutate({ id: enquiry._id, body: { email } })}
        />
      )}
      {enquiry.email && (
        <Group>
          <Anchor href={`mailto:${enquiry.email}?subject=${encodeURIComponent(subject)}`} fw={600}>
            Reply by email
          </Anchor>
          <Anchor component={Link} to={contactPath(enquiry.email)}>
            {enquiry.knownContact ? 'Known contact: see every enquiry' : 'Contact page'}
          </Anchor>
        </Group>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select
          label="Status"
          data={[...enquiryStatuses]}
          value={enquiry.status}
          allowDeselect={false}
          disabled={update.isPending}
          onChange={(value) => value && value !== enquiry.status && update.mutate({ id: enquiry._id, body: { status: value } })}
        />
        <Select
          label="Assignee"
          data={assignees}
          value={enquiry.assignee?._id ?? unassigned}
          allowDeselect={false}
          disabled={update.isPending || staff.isPending}
          onChange={(value) => {
            const next = value || null;
            if (next !== (enquiry.assignee?._id ?? null)) update.mutate({ id: enquiry._id, body: { assigneeId: next } });
          }}
        />
      </SimpleGrid>
      {update.isPending && (
        <Text size="sm" role="status">
          Saving...
        </Text>
      )}
      {sections?.(enquiry)}
      <EnquiryReminders enquiryId={enquiry._id} />
      <EnquiryFollowUp calls={followUp} enquiry={enquiry} formatTime={(iso) => format(iso)} />
      <NoteForm add={addNote} />
      {canDelete && (
        <Group justify="flex-end">
          <Button color="red" variant="light" onClick={() => confirm.ask(enquiry._id)}>
            Delete Enquiry
          </Button>
        </Group>
      )}
      <ConfirmDialog
        title="Confirm Deletion"
        message={`Are you sure you want to delete the enquiry from ${enquiry.fullName}?`}
        {...confirm.dialog}
      />
    </Stack>
  );
}

/** For a client who wrote on WhatsApp: the address they give later, so replies and quotes can go by email. */
function AddEmail({ fullName, saving, onSave }: { fullName: string; saving: boolean; onSave: (email: string) => void }) {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string>();
  function submit(e: FormEvent) {
    e.preventDefault();
    const invalid = fieldErrors(enquiryUpdateBody, { email });
    setError(email ? invalid?.email : 'Required.');
    if (email && !invalid) onSave(email.trim());
  }
  return (
    <form onSubmit={submit} noValidate>
      <Group align="flex-end" gap="xs">
        <TextInput
          label="Add an email address"
          description={`If ${fullName} gives you one, replies and quotes can go by email too.`}
          type="email"
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
          error={error}
          style={{ flex: 1, minWidth: 220 }}
        />
        <Button type="submit" variant="light" loading={saving} disabled={saving}>
          Add Email
        </Button>
      </Group>
    </form>
  );
}
