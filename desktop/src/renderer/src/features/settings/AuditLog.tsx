import { useState, type FormEvent } from 'react';
import { Button, Code, Drawer, Group, Pagination, Paper, Select, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { calls } from '@kafue/common/calls';
import { auditRetentionChoices, defaultAuditRetentionDays, messages, type AuditEntry } from '@kafue/common/contract';
import { auditKinds } from '@kafue/common/schemas';
import { DataTable } from '../../components/DataTable';
import { useFilterFold } from '../../components/FilterFold';
import { LoadFailure } from '../../components/LoadFailure';
import { paginationLabels } from '../../lib/pagination';
import { callPath } from '../../lib/api';
import { useAuth } from '../../lib/session';
import { auditSentence, groupEntries, plainAddress } from './auditSentence';
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
const valueText = (value: unknown) => (value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value));
const retentionOptions = auditRetentionChoices.map((days) => ({
  value: String(days),
  label: days % 365 === 0 ? `${days / 365} year${days === 365 ? '' : 's'}` : `${days} days`,
}));
const kindOptions = [
  { value: '', label: 'Every kind of change' },
  ...Object.entries(auditKinds).map(([value, kind]) => ({ value, label: kind.label })),
];

/** One entry's every field, the technical action name included (as the CSV export has it). */
function EntryFields({ entry }: { entry: AuditEntry }) {
  const changes = Object.entries(entry.changes);
  const address = plainAddress(entry.address);
  const rows: [string, string][] = [
    ['When', when(entry)],
    [
      'Who',
      entry.actor
        ? `${entry.actor.name}${entry.actor.email ? ` (${entry.actor.email})` : ''}, ${entry.actor.kind}`
        : 'Someone who was not signed in',
    ],
    ['Technical name', entry.action],
    [
      'What',
      `${entry.target.type}${entry.target.label ? `: ${entry.target.label}` : ''}${entry.target._id ? ` (id ${entry.target._id})` : ''}`,
    ],
    ['Address', address === (entry.address ?? '') ? address || 'unknown' : `${address} (${entry.address})`],
    ['Browser', entry.userAgent ?? 'unknown'],
  ];
  return (
    <Stack gap="sm">
      <Table withTableBorder aria-label={`Fields of the entry of ${when(entry)}`}>
        <Table.Tbody>
          {rows.map(([name, value]) => (
            <Table.Tr key={name}>
              <Table.Th scope="row" w={140}>
                {name}
              </Table.Th>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{name === 'Technical name' ? <Code>{value}</Code> : value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
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
                <Table.Td style={{ overflowWrap: 'anywhere' }}>
                  <Code>{valueText(change.old)}</Code>
                </Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>
                  <Code>{valueText(change.new)}</Code>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}

/** A row opened: its sentence, then each of its entries (a group of failed sign-ins has several) field by field. */
function EntryDetails({ group, onClose }: { group: AuditEntry[] | undefined; onClose: () => void }) {
  return (
    <Drawer opened={!!group} onClose={onClose} title="Audit entry" position="right" size="lg">
      {group && (
        <Stack gap="lg">
          <Text fw={600}>{auditSentence(group[0], group.length)}</Text>
          {group.map((entry) => (
            <EntryFields key={entry._id} entry={entry} />
          ))}
        </Stack>
      )}
    </Drawer>
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

/**
 * Settings, Audit Log: who changed what and when, a sentence a row, filtered (person, kind of change,
 * what, dates) and paged by the server; a row's details with every field; CSV export; retention.
 */
export default function AuditLog() {
  const superAdmin = useAuth((s) => s.admin?.role === 'Super Admin');
  // Only a Super Admin may read it: other roles do not even ask the server.
  return superAdmin ? <AuditLogScreen /> : <Text c="dimmed">The audit log is for a Super Admin.</Text>;
}

function AuditLogScreen() {
  const [draft, setDraft] = useState<AuditFilters>(noAuditFilters);
  const [filters, setFilters] = useState<AuditFilters>(noAuditFilters);
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<AuditEntry[]>();
  const { data, isPending, error } = useAuditList(filters, page);
  const fold = useFilterFold(Object.values(filters).filter(Boolean).length);

  const rows = groupEntries(data?.items ?? []);
  const pages = Math.ceil((data?.total ?? 0) / auditPageSize);
  const exportUrl = callPath(calls.exportAudit, { query: auditQuery(filters) });
  const field = (name: Exclude<keyof AuditFilters, 'kind'>) => ({
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
              <TextInput label="Person" description="The start of their name or email address" {...field('actor')} />
              <Select
                label="Kind of change"
                description="Sign-ins, site content, settings..."
                data={kindOptions}
                allowDeselect={false}
                value={draft.kind}
                onChange={(kind) => setDraft({ ...draft, kind: (kind ?? '') as AuditFilters['kind'] })}
              />
              <TextInput label="What was changed" description="Its name or email address, e.g. Website Creation" {...field('target')} />
              <TextInput label="From" description="The first day to show" type="date" {...field('from')} />
              <TextInput label="To" description="The last day to show" type="date" {...field('to')} />
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
        {data && rows.length === 0 ? (
          <Text c="dimmed">No entries match.</Text>
        ) : (
          <DataTable
            loading={isPending}
            label="Audit log entries"
            minWidth={640}
            head={
              <>
                <Table.Th>When</Table.Th>
                <Table.Th>What happened</Table.Th>
                <Table.Th>Address</Table.Th>
                <Table.Th>Details</Table.Th>
              </>
            }
          >
            {rows.map((group) => {
              const entry = group[0];
              const text = auditSentence(entry, group.length);
              return (
                <Table.Tr key={entry._id}>
                  <Table.Td>{when(entry)}</Table.Td>
                  <Table.Td>{text}</Table.Td>
                  <Table.Td>{plainAddress(entry.address)}</Table.Td>
                  <Table.Td>
                    <Button size="xs" variant="light" onClick={() => setOpen(group)} aria-label={`Details: ${text} ${when(entry)}`}>
                      Details
                    </Button>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </DataTable>
        )}
        {pages > 1 && <Pagination mt="md" total={pages} value={page} onChange={setPage} {...paginationLabels} />}
      </Paper>
      <RetentionForm />
      <EntryDetails group={open} onClose={() => setOpen(undefined)} />
    </Stack>
  );
}
