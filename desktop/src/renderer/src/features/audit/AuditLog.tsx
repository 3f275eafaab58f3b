import { useState, type FormEvent } from 'react';
import {
  Accordion,
  Button,
  Code,
  Drawer,
  Group,
  Pagination,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { calls } from '@kafue/common/calls';
import { auditRetentionChoices, defaultAuditRetentionDays, messages, type AuditEntry } from '@kafue/common/contract';
import { auditKinds } from '@kafue/common/schemas';
import { DataTable } from '../../components/DataTable';
import { useFilterFold } from '../../components/FilterFold';
import { LoadFailure } from '../../components/LoadFailure';
import { paginationLabels } from '../../lib/pagination';
import { callPath } from '../../lib/api';
import { useCan } from '../../lib/session';
import { auditSentence, detailSentences, fieldName, groupEntries } from './auditSentence';
import { saveInDesktopApp } from '../../lib/saveBlob';
import {
  auditPageSize,
  auditQuery,
  noAuditFilters,
  useAuditList,
  useAuditSettings,
  useSaveAuditSettings,
  type AuditFilters,
} from './api/useAudit';

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

/**
 * One entry in sentences (who, what, when, from where), its changes, and behind "Technical details"
 * every field as recorded: the action's technical name, the ids, the raw user agent (as the CSV export has them).
 */
function EntryFields({ entry }: { entry: AuditEntry }) {
  const changes = Object.entries(entry.changes);
  const technical: [string, string][] = [
    ['Technical name', entry.action],
    ['Who', entry.actor ? `${entry.actor.kind} ${entry.actor.email ?? entry.actor.name} (id ${entry.actor._id ?? 'none'})` : 'none'],
    ['What', `${entry.target.type}${entry.target.label ? ` ${entry.target.label}` : ''} (id ${entry.target._id ?? 'none'})`],
    ['Entry id', entry._id],
    ['User agent', entry.userAgent ?? 'none'],
  ];
  return (
    <Stack gap="sm">
      <Stack gap={4}>
        {detailSentences(entry, when(entry)).map((line) => (
          <Text key={line}>{line}</Text>
        ))}
      </Stack>
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
                <Table.Td>{fieldName(field)}</Table.Td>
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
      <Accordion variant="contained">
        <Accordion.Item value="technical">
          <Accordion.Control>Technical details</Accordion.Control>
          <Accordion.Panel>
            <Table aria-label={`Technical details of the entry of ${when(entry)}`}>
              <Table.Tbody>
                {technical.map(([name, value]) => (
                  <Table.Tr key={name}>
                    <Table.Th scope="row" w={140}>
                      {name}
                    </Table.Th>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>
                      <Code>{value}</Code>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Accordion.Panel>
        </Accordion.Item>
      </Accordion>
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
  const canRead = useCan('readAuditLog');
  // Only a Super Admin may read it: other roles do not even ask the server.
  return canRead ? <AuditLogScreen /> : <Text c="dimmed">The audit log is for a Super Admin.</Text>;
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
                  <Table.Td>{entry.address}</Table.Td>
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
