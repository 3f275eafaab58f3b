import { useState } from 'react';
import { Button, Checkbox, Group, Pagination, Paper, Select, SimpleGrid, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useSearchParams } from 'react-router-dom';
import { DataTable, EmptyRow } from '../../components/DataTable';
import { SortHeader } from '../../components/SortHeader';
import { useFilterFold } from '../../components/FilterFold';
import { EnquiryOpenCell, EnquiryStandingCells, EnquiryWhoCell } from './components/EnquiryCells';
import { LoadFailure } from '../../components/LoadFailure';
import { paginationLabels } from '../../lib/pagination';
import { useFormatTime } from '../../lib/generalSettings';
import { enquiryServices, enquiryStatuses, type EnquiryQuery, type EnquiryStatus } from './api/enquiriesApi';
import type { EnquirySortField } from '@kafue/common/contract';
import { EnquiryDetail, type DetailSections } from './components/EnquiryDetail';
import { EnquiryKindBadge } from './components/EnquiryRequest';
import { enquiryKindLabels, enquiryKinds } from '@kafue/common/requests';
import { useMinuteClock } from './components/EnquiryStage';
import { leadStageLabels, leadStages } from '@kafue/common/leads';
import { Link } from 'react-router-dom';
import { texts, useActiveStaff, useBulkStatus, useCompanyWhatsapp, useEnquiryList, useExportCsv } from './api/useEnquiries';

const pageSize = 25;
type SortKey = EnquirySortField;

interface Filters {
  q: string;
  status: string;
  service: string;
  kind: string;
  stage: string;
  awaiting: string;
  assignee: string;
  from: string;
  to: string;
}
const noFilters: Filters = { q: '', status: '', service: '', kind: '', stage: '', awaiting: '', assignee: '', from: '', to: '' };

/** A column header that sorts the list by its field (the server sorts); a second click reverses it. */
function FieldSortHeader({ label, field, sort, onSort }: { label: string; field: SortKey; sort: string; onSort: (sort: string) => void }) {
  const active = sort.replace(/^-/, '') === field;
  const descending = sort.startsWith('-');
  return (
    <SortHeader
      label={label}
      direction={active ? (descending ? 'descending' : 'ascending') : 'none'}
      onSort={() => onSort(active && !descending ? `-${field}` : field)}
    />
  );
}

/**
 * Enquiries: the inbox, paged, searched, filtered and sorted by the server. `detailSections` adds
 * other features' parts of an enquiry (its quotes) to the detail view; app/ composes them.
 */
export default function Enquiries({ detailSections }: { detailSections?: DetailSections }) {
  const format = useFormatTime();
  const now = useMinuteClock();
  const [filters, setFilters] = useState<Filters>(noFilters);
  const [q] = useDebouncedValue(filters.q.trim(), 300);
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState('-createdAt');
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [bulkStatus, setBulkStatus] = useState<EnquiryStatus | null>(null);
  // A mail's link opens one enquiry: /admin/enquiries?open=<id>.
  const [searchParams] = useSearchParams();
  const [openId, setOpenId] = useState<string | null>(() => searchParams.get('open'));

  const serverFilters = {
    q,
    status: filters.status,
    service: filters.service,
    kind: filters.kind,
    stage: filters.stage,
    awaiting: filters.awaiting,
    assignee: filters.assignee,
    // Days, read by the server in the configured timezone.
    from: filters.from,
    to: filters.to,
  };
  const query: EnquiryQuery = { ...serverFilters, page, pageSize, sort };
  const list = useEnquiryList(query);
  const staff = useActiveStaff();
  const whatsapp = useCompanyWhatsapp();
  const bulk = useBulkStatus((changed) => setSelected((sel) => new Set([...sel].filter((id) => !changed.has(id)))));
  const exportCsv = useExportCsv();
  const fold = useFilterFold(Object.values(filters).filter(Boolean).length);

  const items = list.data?.items ?? [];
  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const allShown = items.length > 0 && items.every((e) => selected.has(e._id));
  const someShown = items.some((e) => selected.has(e._id));

  function change<K extends keyof Filters>(key: K, value: Filters[K]) {
    setFilters((f) => ({ ...f, [key]: value }));
    setPage(1);
    setSelected(new Set());
  }

  return (
    <>
      <Group justify="space-between" mb="md" wrap="wrap">
        <Title order={1} size="h2">
          Enquiries
        </Title>
        <Group gap="sm">
          <Button component={Link} to="/admin/enquiry-board" variant="default">
            Board view
          </Button>
          <Button variant="default" loading={exportCsv.isPending} onClick={() => exportCsv.mutate({ ...serverFilters, sort })}>
            Export CSV
          </Button>
        </Group>
      </Group>

      <Paper withBorder p="md">
        {fold.button}
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} mb="md" role="search" aria-label="Filter enquiries" {...fold.panel}>
          <TextInput
            label="Search"
            placeholder="Name, email or message"
            value={filters.q}
            onChange={(e) => change('q', e.currentTarget.value)}
          />
          <Select
            label="Status"
            data={[{ value: '', label: 'All but Spam' }, ...enquiryStatuses.map((s) => ({ value: s, label: s }))]}
            value={filters.status}
            allowDeselect={false}
            onChange={(v) => change('status', v ?? '')}
          />
          <Select
            label="Service"
            data={[{ value: '', label: 'All services' }, ...enquiryServices.map((s) => ({ value: s, label: s }))]}
            value={filters.service}
            allowDeselect={false}
            onChange={(v) => change('service', v ?? '')}
          />
          <Select
            label="Kind"
            data={[{ value: '', label: 'All kinds' }, ...enquiryKinds.map((k) => ({ value: k, label: enquiryKindLabels[k] }))]}
            value={filters.kind}
            allowDeselect={false}
            onChange={(v) => change('kind', v ?? '')}
          />
          <Select
            label="Stage"
            data={[{ value: '', label: 'All stages' }, ...leadStages.map((s) => ({ value: s, label: leadStageLabels[s] }))]}
            value={filters.stage}
            allowDeselect={false}
            onChange={(v) => change('stage', v ?? '')}
          />
          <Select
            label="Reply"
            data={[
              { value: '', label: 'Any' },
              { value: 'true', label: 'Awaiting our reply' },
            ]}
            value={filters.awaiting}
            allowDeselect={false}
            onChange={(v) => change('awaiting', v ?? '')}
          />
          <Select
            label="Assignee"
            data={[
              { value: '', label: 'Anyone' },
              { value: 'none', label: 'Unassigned' },
              ...(staff.data ?? []).map((s) => ({ value: s._id, label: s.name })),
            ]}
            value={filters.assignee}
            allowDeselect={false}
            onChange={(v) => change('assignee', v ?? '')}
          />
          <TextInput label="From" type="date" value={filters.from} onChange={(e) => change('from', e.currentTarget.value)} />
          <TextInput label="To" type="date" value={filters.to} onChange={(e) => change('to', e.currentTarget.value)} />
        </SimpleGrid>

        <Group mb="md" gap="sm" align="flex-end">
          <Select
            label="Change status of selected"
            placeholder="Choose a status"
            data={[...enquiryStatuses]}
            value={bulkStatus}
            onChange={(v) => setBulkStatus(v)}
            disabled={selected.size === 0}
            w={220}
          />
          <Button
            disabled={selected.size === 0 || !bulkStatus || bulk.isPending}
            loading={bulk.isPending}
            onClick={() => bulkStatus && bulk.mutate({ ids: [...selected], status: bulkStatus })}
          >
            Apply{selected.size > 0 ? ` (${selected.size})` : ''}
          </Button>
        </Group>

        <LoadFailure error={list.error} fallback={texts.loadFailed} />
        <DataTable
          loading={list.isPending}
          label="Enquiries"
          minWidth={920}
          nameColumn={3}
          cards
          head={
            <>
              <Table.Th w={40}>
                <Checkbox
                  aria-label="Select all shown"
                  checked={allShown}
                  indeterminate={someShown && !allShown}
                  disabled={items.length === 0}
                  onChange={() =>
                    setSelected((sel) => {
                      const next = new Set(sel);
                      for (const e of items) {
                        if (allShown) next.delete(e._id);
                        else next.add(e._id);
                      }
                      return next;
                    })
                  }
                />
              </Table.Th>
              <FieldSortHeader label="Received" field="createdAt" sort={sort} onSort={setSort} />
              <FieldSortHeader label="Name" field="fullName" sort={sort} onSort={setSort} />
              <FieldSortHeader label="Service" field="service" sort={sort} onSort={setSort} />
              <FieldSortHeader label="Status" field="status" sort={sort} onSort={setSort} />
              <Table.Th>Stage</Table.Th>
              <FieldSortHeader label="Time left" field="responseDueAt" sort={sort} onSort={setSort} />
              <Table.Th>Assignee</Table.Th>
              <Table.Th>Actions</Table.Th>
            </>
          }
        >
          {items.length === 0 ? (
            <EmptyRow columns={9}>
              {Object.values(serverFilters).some(Boolean) ? 'No enquiries match your search.' : 'No enquiries yet.'}
            </EmptyRow>
          ) : (
            items.map((e) => (
              <Table.Tr key={e._id} fw={e.readAt ? undefined : 700} data-unread={e.readAt ? undefined : 'true'}>
                <Table.Td>
                  <Checkbox
                    aria-label={`Select ${e.fullName}`}
                    checked={selected.has(e._id)}
                    onChange={() =>
                      setSelected((sel) => {
                        const next = new Set(sel);
                        if (!next.delete(e._id)) next.add(e._id);
                        return next;
                      })
                    }
                  />
                </Table.Td>
                <Table.Td data-label="Received">{format(e.createdAt)}</Table.Td>
                <EnquiryWhoCell enquiry={e} whatsapp={whatsapp} unread={!e.readAt} />
                {/* The kind under the service, not a column of its own: the list fits a 1366 px laptop. */}
                <Table.Td data-label="Service">
                  {e.service}
                  <br />
                  <EnquiryKindBadge kind={e.kind} />
                </Table.Td>
                <EnquiryStandingCells enquiry={e} now={now} />
                <Table.Td data-label="Assignee">{e.assignee?.name ?? 'Unassigned'}</Table.Td>
                <EnquiryOpenCell enquiry={e} onOpen={setOpenId} />
              </Table.Tr>
            ))
          )}
        </DataTable>
        <Group justify="space-between" mt="md" wrap="wrap">
          <Text size="sm" c="dimmed" role="status">
            {total === 0 ? '0 enquiries' : `${(page - 1) * pageSize + 1}-${Math.min(page * pageSize, total)} of ${total}`}
            {list.isFetching && !list.isPending ? ' (updating...)' : ''}
          </Text>
          <Pagination total={pages} value={page} onChange={setPage} {...paginationLabels} />
        </Group>
      </Paper>
      <EnquiryDetail id={openId} onClose={() => setOpenId(null)} sections={detailSections} />
    </>
  );
}
