import { useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Anchor, Drawer, Group, Pagination, Select, Stack, Table, Text } from '@mantine/core';
import { messages, type StaffEnquiryUpdateBody } from '@kafue/common/contract';
import { calls } from '@kafue/common/calls';
import { callPath, unwrap } from '../../../lib/api';
import { failureToast, toast } from '../../../lib/toast';
import { DataTable, EmptyRow } from '../../../components/DataTable';
import {
  EnquiryFollowUp,
  type FollowUpCalls,
  EnquiryHeading,
  EnquiryOpenCell,
  NoteForm,
  EnquiryStandingCells,
  EnquiryWhoCell,
  EnquiryStageLine,
  useMinuteClock,
  useStageMove,
  useAddNote,
  PhoneLinks,
} from '../../enquiries';
import { LoadFailure } from '../../../components/LoadFailure';
import { paginationLabels } from '../../../lib/pagination';
import { Panel } from '../../../components/Panel';
import { pageSize, portalApi } from '../api/myEnquiriesApi';
import { useCompanyWhatsapp } from '../api/useMyEnquiries';

const key = ['staff-portal', 'enquiries'];
const staffStatuses = ['New', 'Open', 'Closed'] as const;
const texts = { loadFailed: 'Failed to load your enquiries', updateFailed: 'Failed to update enquiry' };

/** The calls behind the portal's timeline, reply and contact forms on one enquiry. */
function followUpCalls(id: string, onChanged: () => void): FollowUpCalls {
  return {
    key: [...key, 'timeline', id],
    timeline: () => portalApi.timeline(id),
    reply: (body) => portalApi.reply(id, body),
    contact: (body) => portalApi.contact(id, body),
    savedReplies: portalApi.savedReplies,
    attachmentPath: (attachmentId) => callPath(calls.getEnquiryAttachment, { params: { id, attachmentId } }),
    area: 'staff',
    onChanged,
  };
}

/** The staff portal's enquiries: those assigned to the signed-in staff member. */
export function MyEnquiries({ format }: { format: (iso: string) => string }) {
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<string | null>(null);
  const now = useMinuteClock();
  const whatsapp = useCompanyWhatsapp();
  const list = useQuery({
    queryKey: [...key, 'list', page],
    queryFn: () => unwrap(portalApi.list(page)),
    placeholderData: keepPreviousData,
    meta: { failureToast: { fallback: texts.loadFailed, area: 'staff' } },
  });
  const items = list.data?.items ?? [];
  const pages = Math.max(1, Math.ceil((list.data?.total ?? 0) / pageSize));
  return (
    <Panel title="Your Enquiries">
      <LoadFailure error={list.error} fallback={texts.loadFailed} />
      <DataTable
        loading={list.isPending}
        label="Your enquiries"
        minWidth={760}
        cards
        head={
          <>
            <Table.Th>Received</Table.Th>
            <Table.Th>Name</Table.Th>
            <Table.Th>Service</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Stage</Table.Th>
            <Table.Th>Time left</Table.Th>
            <Table.Th>Actions</Table.Th>
          </>
        }
      >
        {items.length === 0 ? (
          <EmptyRow columns={7}>No enquiries are assigned to you.</EmptyRow>
        ) : (
          items.map((e) => (
            <Table.Tr key={e._id}>
              <Table.Td data-label="Received">{format(e.createdAt)}</Table.Td>
              <EnquiryWhoCell enquiry={e} whatsapp={whatsapp} />
              <Table.Td data-label="Service">{e.service}</Table.Td>
              <EnquiryStandingCells enquiry={e} now={now} />
              <EnquiryOpenCell enquiry={e} onOpen={setOpenId} />
            </Table.Tr>
          ))
        )}
      </DataTable>
      {pages > 1 && (
        <Group justify="flex-end" mt="md">
          <Pagination total={pages} value={page} onChange={setPage} {...paginationLabels} />
        </Group>
      )}
      <MyEnquiry id={openId} format={format} onClose={() => setOpenId(null)} />
    </Panel>
  );
}

function MyEnquiry({ id, format, onClose }: { id: string | null; format: (iso: string) => string; onClose: () => void }) {
  const client = useQueryClient();
  const whatsapp = useCompanyWhatsapp();
  const move = useStageMove(key, 'staff');
  const detail = useQuery({
    queryKey: [...key, 'detail', id],
    enabled: id !== null,
    queryFn: () => unwrap(portalApi.get(id!)),
    meta: { failureToast: { fallback: texts.loadFailed, area: 'staff' } },
  });
  const update = useMutation({
    mutationFn: (status: StaffEnquiryUpdateBody['status']) => unwrap(portalApi.update(id!, { status })),
    onSuccess() {
      toast('success', messages.enquiryUpdated, { area: 'staff' });
      return client.invalidateQueries({ queryKey: key });
    },
    onError: (error) => failureToast(error, texts.updateFailed, { area: 'staff' }),
  });
  const addNote = useAddNote(id ?? '', { key, area: 'staff' });
  const e = detail.data;
  return (
    <Drawer opened={id !== null} onClose={onClose} position="right" size="lg" title={e?.fullName ?? 'Enquiry'}>
      {id === null ? null : detail.isPending ? (
        <Text role="status">Loading...</Text>
      ) : !e ? (
        <LoadFailure error={detail.error} fallback={texts.loadFailed} />
      ) : (
        <Stack>
          <EnquiryHeading enquiry={e} format={format} />
          <EnquiryStageLine enquiry={e} move={move} format={format} />
          <Group gap="xs" wrap="wrap">
            {e.email && (
              <Anchor size="sm" href={`mailto:${e.email}`}>
                {e.email}
              </Anchor>
            )}
            {e.phone && (
              <Text size="sm" component="span">
                <PhoneLinks phone={e.phone} name={e.fullName} whatsapp={whatsapp} />
              </Text>
            )}
            {e.service && (
              <Text size="sm" component="span">
                {e.service}
              </Text>
            )}
          </Group>
          <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{e.message}</Text>
          <Select
            label="Status"
            data={[...staffStatuses]}
            value={e.status}
            allowDeselect={false}
            disabled={update.isPending}
            onChange={(value) => value && value !== e.status && update.mutate(value as StaffEnquiryUpdateBody['status'])}
          />
          {update.isPending && (
            <Text size="sm" role="status">
              Saving...
            </Text>
          )}
          <EnquiryFollowUp
            calls={followUpCalls(e._id, () => void client.invalidateQueries({ queryKey: [...key, 'list'] }))}
            enquiry={e}
            formatTime={format}
          />
          <NoteForm add={addNote} />
        </Stack>
      )}
    </Drawer>
  );
}
