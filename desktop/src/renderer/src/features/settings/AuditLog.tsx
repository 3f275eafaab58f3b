import { useState, type FormEvent } from 'react';
import { Button, Code, Group, Modal, Pagination, Paper, Select, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { calls } from '@kafue/common/calls';
import { auditRetentionChoices, defaultAuditRetentionDays, messages, type AuditEntry } from '@kafue/common/contract';
import { DataTable } from '../../components/DataTable';
import { useFilterFold } from '../../components/FilterFold';
import { LoadFailure } from '../../components/LoadFailure';
import { callPath } from '../../lib/api';
import { useAuth } from '../../lib/session';
import { saveInDesktopApp } from './backupFiles';
import {
  auditPageSize,
  auditQuery,
  noAuditFilters,
  useAuditList,
  useAuditSettings,
  useSaveAuditSettings,
  type AuditFilters,
} from './useAudit';

const when = (entry: AuditEntry) => new Date(entry.at).toLocaleString();
const actorText = (entry: AuditEntry) =>
  entry.actor ? `${entry.actor.name}${entry.actor.email ? ` (${entry.actor.email})` : ''}` : 'Nobody signed in';
const targetText = (entry: AuditEntry) => `${entry.target.type}${entry.target.label ? `: ${entry.target.label}` : ''}`;
const valueText = (value: unknown) => (value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value));
const fieldCount = (entry: AuditEntry) => {
  const n = Object.keys(entry.changes).length;
  return `${n} ${n === 1 ? 'field' : 'fields'}`;
};
const pageLabels = { first: 'First page', previous: 'Previous page', next: 'Next page', last: 'Last page' } as const;
const retentionOptions = auditRetentionChoices.map((days) => ({
  value: String(days),
  label: days % 365 === 0 ? `${days / 365} year${days === 365 ? '' : 's'}` : `${days} days`,
}));

/** A row's changes, field by field, old and new. */
function EntryDetails({ entry, onClose }: { entry: AuditEntry | undefined; onClose: () => void }) {
  const changes = Object.entries(entry?.changes ?? {});
  return (
    <Modal opened={!!entry} onClose={onClose} title="Audit entry" size="lg">
      {entry && (
        <Stack gap="sm">
          <Text size="sm">
            <strong>{entry.action}</strong> on {targetText(entry)}, {when(entry)}, by {actorText(entry)}
          </Text>
          <Text size="sm" c="dimmed">
            From {entry.address ?? 'an unknown address'}
            {entry.userAgent ? ` with ${entry.userAgent}` : ''}
          </Text>
          {changes.length === 0 ? (
            <Text size="sm">No field changed.</Text>
          ) : (
            <Table withTableBorder aria-label="Changes">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Field</Table.Th>
                  <Table.Th>Before</Table.Th>
                  <Table.Th>After</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {changes.map(([field, change]) => (
                  <Table.Tr key={field}>
                    <Table.Td>{field}</Table.Td>
                    <Table.Td>
                      <Code>{valueText(change.old)}</Code>
                    </Table.Td>
                    <Table.Td>
                      <Code>{valueText(change.new)}</Code>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Stack>
      )}
    </Modal>
  );
}

/** How long entries are kept (the database refuses to delete younger ones). */
function RetentionForm() {
  const { data, isPending } = useAuditSettings();
  const save = useSaveAuditSettings();
  const [chosen, setChosen] = useState<string | null>(null);
  const value = chosen ?? String(data?.retentionDays ?? defaultAuditRetentionDays);
  return (
    <Paper withBorder p="lg" maw={640}>
      <form
        aria-busy={isPending}
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate({ retentionDays: Number(value) });
        }}
      >
        <Group align="flex-end">
          <Select
            label="Keep entries for"
            description="Older entries are deleted once an hour; younger ones cannot be deleted by anyone."
            data={retentionOptions}
            allowDeselect={false}
            value={value}
            onChange={setChosen}
            style={{ flex: 1 }}
          />
          <Button type="submit" loading={save.isPending} disabled={isPending}>
            Save Retention
          </Button>
        </Group>
      </form>
    </Paper>
  );
}

/** Settings, Audit Log: who changed what and when, filtered and paged by the server; CSV export; retention. */
export default function AuditLog() {
  const superAdmin = useAuth((s) => s.admin?.role === 'Super Admin');
  // Only a Super Admin may read it: other roles do not even ask the server.
  return superAdmin ? <AuditLogScreen /> : <Text c="dimmed">The audit log is for a Super Admin.</Text>;
}

function AuditLogScreen() {
  const [draft, setDraft] = useState<AuditFilters>(noAuditFilters);
  const [filters, setFilters] = useState<AuditFilters>(noAuditFilters);
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<AuditEntry>();
  const { data, isPending, error } = useAuditList(filters, page);
  const fold = useFilterFold(Object.values(filters).filter(Boolean).length);

  const items = data?.items ?? [];
  const pages = Math.ceil((data?.total ?? 0) / auditPageSize);
  const exportUrl = callPath(calls.exportAudit, { query: auditQuery(filters) });
  const field = (name: keyof AuditFilters) => ({
    value: draft[name],
    onChange: (e: { currentTarget: { value: string } }) => setDraft({ ...draft, [name]: e.currentTarget.value }),
  });
  function apply(e: FormEvent) {
    e.preventDefault();
    setFilters(draft);
    setPage(1);
  }

  return (
    <Stack>
      <Paper withBorder p="lg">
        <form onSubmit={apply} aria-label="Audit log filters">
          <Stack>
            {fold.button}
            <SimpleGrid cols={{ base: 1, sm: 3 }} {...fold.panel}>
              <TextInput label="Actor" description="Email, name or id" {...field('actor')} />
              <TextInput label="Action" description="e.g. staff.delete, or staff for all" {...field('action')} />
              <TextInput label="Target" description="Type, id or label (e.g. an email)" {...field('target')} />
              <TextInput label="From" type="date" {...field('from')} />
              <TextInput label="To" type="date" {...field('to')} />
            </SimpleGrid>
            <Group>
              <Button type="submit">Apply Filters</Button>
              <Button
                variant="default"
                onClick={() => {
                  setDraft(noAuditFilters);
                  setFilters(noAuditFilters);
                  setPage(1);
                }}
              >
                Clear
              </Button>
              <Button component="a" href={exportUrl} download variant="light" onClick={(e) => saveInDesktopApp(e, exportUrl)}>
                Export CSV
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
      <Paper withBorder p="lg">
        <Group justify="space-between" mb="md">
          <Title order={2} size="h4">
            Entries
          </Title>
          {data && (
            <Text size="sm" c="dimmed" role="status">
              {data.total} {data.total === 1 ? 'entry' : 'entries'}
            </Text>
          )}
        </Group>
        <LoadFailure error={error} fallback={messages.auditLoadFailed} />
        {data && items.length === 0 ? (
          <Text c="dimmed">No entries match.</Text>
        ) : (
          <DataTable
            loading={isPending}
            label="Audit log entries"
            minWidth={760}
            head={
              <>
                <Table.Th>When</Table.Th>
                <Table.Th>Actor</Table.Th>
                <Table.Th>Action</Table.Th>
                <Table.Th>Target</Table.Th>
                <Table.Th>Address</Table.Th>
                <Table.Th>Changes</Table.Th>
              </>
            }
          >
            {items.map((entry) => (
              <Table.Tr key={entry._id}>
                <Table.Td>{when(entry)}</Table.Td>
                <Table.Td>{actorText(entry)}</Table.Td>
                <Table.Td>{entry.action}</Table.Td>
                <Table.Td>{targetText(entry)}</Table.Td>
                <Table.Td>{entry.address ?? ''}</Table.Td>
                <Table.Td>
                  <Button
                    size="xs"
                    variant="light"
                    onClick={() => setOpen(entry)}
                    aria-label={`${fieldCount(entry)}: details of ${entry.action}, ${when(entry)}`}
                  >
                    {fieldCount(entry)}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </DataTable>
        )}
        {pages > 1 && (
          <Pagination
            mt="md"
            total={pages}
            value={page}
            onChange={setPage}
            getControlProps={(control) => ({ 'aria-label': pageLabels[control] })}
            getItemProps={(n) => ({ 'aria-label': `Page ${n}` })}
          />
        )}
      </Paper>
      <RetentionForm />
      <EntryDetails entry={open} onClose={() => setOpen(undefined)} />
    </Stack>
  );
}
