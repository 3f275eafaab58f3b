/**
 * Newsletter subscribers: status, source page and dates, paged, searched and filtered by the
 * server; CSV export of every match; delete for a Super Admin.
 */
import { useState } from 'react';
import { paginationLabels } from '../../lib/pagination';
import { Button, Group, Pagination, Paper, Select, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { calls } from '@kafue/common/calls';
import { messages } from '@kafue/common/contract';
import { subscriberStatuses, subscriberStatusLabels } from '@kafue/common/newsletter';
import { DataTable, EmptyRow } from '../../components/DataTable';
import { apiDownload, call, callPath, unwrap } from '../../lib/api';
import { useFormatTime } from '../../lib/generalSettings';
import { useCan } from '../../lib/session';
import { failureToast, toast } from '../../lib/toast';

const pageSize = 25;
const subscribersKey = ['subscribers'];

export default function Subscribers() {
  const [q, setQ] = useState('');
  const [status, setStatus] = useState('');
  const [page, setPage] = useState(1);
  const [search] = useDebouncedValue(q, 300);
  const query = { q: search, status, page, pageSize, sort: '-createdAt' };
  const canDelete = useCan('deleteSubscriber');
  const formatTime = useFormatTime();
  const client = useQueryClient();
  const list = useQuery({
    queryKey: [...subscribersKey, query],
    queryFn: () => unwrap(call(calls.listSubscribers, { query })),
    placeholderData: keepPreviousData,
    meta: { failureToast: { fallback: 'Failed to load subscribers' } },
  });
  const remove = useMutation({
    mutationFn: (id: string) => unwrap(call(calls.deleteSubscriber, { params: { id } })),
    onSuccess() {
      toast('success', messages.subscriberDeleted);
      return client.invalidateQueries({ queryKey: subscribersKey });
    },
    onError: (error) => failureToast(error, 'Failed to delete subscriber'),
  });
  const exportCsv = useMutation({
    mutationFn: () => unwrap(apiDownload(callPath(calls.exportSubscribers, { query: { q: search, status } }), 'subscribers.csv')),
    onSuccess: (answer) => answer.saved && toast('success', 'Subscribers exported'),
    onError: (error) => failureToast(error, 'Failed to export subscribers'),
  });
  const data = list.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / pageSize)) : 1;
  const columns = canDelete ? 6 : 5;
  return (
    <>
      <Group justify="space-between" mb="md">
        <Title order={1}>Subscribers</Title>
        <Button variant="default" onClick={() => exportCsv.mutate()} loading={exportCsv.isPending}>
          Export CSV
        </Button>
      </Group>
      <Paper withBorder p="md">
        <Group mb="md" role="search" aria-label="Filter subscribers" grow>
          <TextInput
            label="Search by email"
            value={q}
            onChange={(e) => {
              setQ(e.currentTarget.value);
              setPage(1);
            }}
          />
          <Select
            label="Status"
            placeholder="All"
            clearable
            data={subscriberStatuses.map((s) => ({ value: s, label: subscriberStatusLabels[s] }))}
            value={status || null}
            onChange={(value) => {
              setStatus(value ?? '');
              setPage(1);
            }}
          />
        </Group>
        <DataTable
          loading={!data}
          label="Subscribers"
          minWidth={canDelete ? 760 : 660}
          head={
            <Table.Tr>
              <Table.Th>Email</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Source page</Table.Th>
              <Table.Th>Signed up</Table.Th>
              <Table.Th>Confirmed</Table.Th>
              {canDelete && <Table.Th>Actions</Table.Th>}
            </Table.Tr>
          }
        >
          {data?.items.length === 0 && <EmptyRow columns={columns}>No subscribers match.</EmptyRow>}
          {data?.items.map((s) => (
            <Table.Tr key={s._id}>
              <Table.Td>{s.email}</Table.Td>
              <Table.Td>{subscriberStatusLabels[s.status]}</Table.Td>
              <Table.Td>{s.page ?? ''}</Table.Td>
              <Table.Td>{formatTime(s.createdAt)}</Table.Td>
              <Table.Td>{s.confirmedAt ? formatTime(s.confirmedAt) : ''}</Table.Td>
              {canDelete && (
                <Table.Td>
                  <Button
                    size="xs"
                    color="red"
                    variant="light"
                    aria-label={`Delete ${s.email}`}
                    loading={remove.isPending && remove.variables === s._id}
                    onClick={() => window.confirm(`Delete the subscriber ${s.email}?`) && remove.mutate(s._id)}
                  >
                    Delete
                  </Button>
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </DataTable>
        <Group justify="space-between" mt="md">
          <Text size="sm" c="dimmed" role="status">
            {data ? `${data.total} ${data.total === 1 ? 'subscriber' : 'subscribers'}` : ''}
          </Text>
          <Pagination total={pages} value={page} onChange={setPage} {...paginationLabels} />
        </Group>
      </Paper>
    </>
  );
}
