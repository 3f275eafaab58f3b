/**
 * Contacts: everyone who wrote, one row per email address (their enquiries together), searched,
 * sorted and paged by the server; a contact opened shows every enquiry, reply, quote and note in
 * time order.
 */
import { paginationLabels } from '../../lib/pagination';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import {
  Anchor,
  Badge,
  Button,
  Group,
  Pagination,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Timeline,
  Title,
} from '@mantine/core';
import { enquiryKindLabels } from '@kafue/common/requests';
import type { ContactDetail, WonValue } from '@kafue/common/schemas';
import { DataTable } from '../../components/DataTable';
import { EnquiryStatusBadge, StageBadge, PhoneLinks } from '../enquiries';
import { Fact } from '../../components/Fact';
import { LoadFailure } from '../../components/LoadFailure';
import { Panel } from '../../components/Panel';
import { useFormatTime } from '../../lib/generalSettings';
import { contactPath, contactsPath } from '../../lib/contactPath';
import { contactPageSize, loadFailed, useContact, useContactList } from './api/useContacts';

const sortOptions = [
  { value: '-lastContactAt', label: 'Last contact, newest first' },
  { value: 'lastContactAt', label: 'Last contact, oldest first' },
  { value: 'name', label: 'Name, A to Z' },
  { value: '-name', label: 'Name, Z to A' },
  { value: '-enquiries', label: 'Most enquiries first' },
  { value: 'email', label: 'Email, A to Z' },
];

const money = (amount: number, currency: string) => `${currency} ${amount.toLocaleString('en', { maximumFractionDigits: 2 })}`;

/** "USD 1,500 + USD 50 a month; ZMW 5,000", or "None". */
function wonText(values: WonValue[]): string {
  if (values.length === 0) return 'None';
  return values
    .map((v) =>
      [v.once ? money(v.once, v.currency) : '', v.monthly ? `${money(v.monthly, v.currency)} a month` : ''].filter(Boolean).join(' + '),
    )
    .join('; ');
}

export default function Contacts() {
  const [params] = useSearchParams();
  const key = params.get('contact');
  return key ? <ContactPage contactKey={key} /> : <ContactList />;
}

function ContactList() {
  const format = useFormatTime();
  const [draft, setDraft] = useState('');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState('-lastContactAt');
  const { data, isPending, error } = useContactList({ q, page, sort });
  const pages = Math.ceil((data?.total ?? 0) / contactPageSize);
  function search(e: FormEvent) {
    e.preventDefault();
    setQ(draft.trim());
    setPage(1);
  }
  return (
    <Stack>
      <Title order={1} size="h2">
        Contacts
      </Title>
      <Text c="dimmed">Everyone who sent an enquiry: all the enquiries from one email address are one contact.</Text>
      <Paper withBorder p="lg">
        <form onSubmit={search} aria-label="Find contacts">
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextInput
              label="Search"
              description="A name, email address or phone number"
              value={draft}
              onChange={(e) => setDraft(e.currentTarget.value)}
            />
            <Select
              label="Sort by"
              data={sortOptions}
              value={sort}
              allowDeselect={false}
              onChange={(value) => {
                setSort(value ?? '-lastContactAt');
                setPage(1);
              }}
            />
            <Group align="flex-end">
              <Button type="submit">Search</Button>
            </Group>
          </SimpleGrid>
        </form>
      </Paper>
      <Paper withBorder p="lg">
        <Group justify="space-between" mb="md">
          <Title order={2} size="h4">
            People and firms
          </Title>
          {data && (
            <Text size="sm" c="dimmed" role="status">
              {data.total} {data.total === 1 ? 'contact' : 'contacts'}
            </Text>
          )}
        </Group>
        <LoadFailure error={error} fallback={loadFailed} />
        {data && data.items.length === 0 ? (
          <Text c="dimmed">No contacts match.</Text>
        ) : (
          <DataTable
            loading={isPending}
            label="Contacts"
            minWidth={760}
            head={
              <>
                <Table.Th>Name</Table.Th>
                <Table.Th>Email</Table.Th>
                <Table.Th>Phone</Table.Th>
                <Table.Th>Enquiries</Table.Th>
                <Table.Th>Last contact</Table.Th>
                <Table.Th>Value won</Table.Th>
              </>
            }
          >
            {data?.items.map((c) => (
              <Table.Tr key={c.key}>
                <Table.Td>
                  <Anchor component={Link} to={contactPath(c.key)}>
                    {c.name}
                  </Anchor>
                </Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{c.email}</Table.Td>
                <Table.Td>{c.phone ?? '—'}</Table.Td>
                <Table.Td>{c.enquiries}</Table.Td>
                <Table.Td>{format(c.lastContactAt)}</Table.Td>
                <Table.Td>{wonText(c.valueWon)}</Table.Td>
              </Table.Tr>
            ))}
          </DataTable>
        )}
        {pages > 1 && (
          <Group justify="center" mt="md">
            <Pagination total={pages} value={page} onChange={setPage} {...paginationLabels} />
          </Group>
        )}
      </Paper>
    </Stack>
  );
}

const entryColors: Record<ContactDetail['timeline'][number]['kind'], string> = {
  received: 'blue',
  note: 'gray',
  reply: 'teal',
  contact: 'cyan',
  quote: 'grape',
  reminder: 'orange',
  payment: 'green',
  message: 'indigo',
};

function ContactPage({ contactKey }: { contactKey: string }) {
  const format = useFormatTime();
  const { data, error, isPending } = useContact(contactKey);
  return (
    <Stack>
      <Anchor component={Link} to={contactsPath}>
        ← All contacts
      </Anchor>
      {isPending ? (
        <Text role="status">Loading...</Text>
      ) : !data ? (
        <LoadFailure error={error} fallback={loadFailed} />
      ) : (
        <>
          <Title order={1} size="h2">
            {data.name}
          </Title>
          <Paper withBorder p="lg">
            <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
              <Fact label="Email">
                <Anchor href={`mailto:${data.email}`}>{data.email}</Anchor>
              </Fact>
              <Fact label="Phone">
                <PhoneLinks phone={data.phone} name={data.name} whatsapp={false} />
              </Fact>
              <Fact label="Enquiries">{data.enquiries}</Fact>
              <Fact label="Value won">{wonText(data.valueWon)}</Fact>
            </SimpleGrid>
          </Paper>
          <Panel title="Enquiries">
            <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
              {data.enquiryList.map((e) => (
                <Group component="li" key={e._id} gap="xs">
                  <Text size="sm">{format(e.createdAt)}</Text>
                  <Badge variant="light">{enquiryKindLabels[e.kind]}</Badge>
                  {e.service && <Text size="sm">{e.service}</Text>}
                  <StageBadge stage={e.stage} />
                  <EnquiryStatusBadge status={e.status} />
                </Group>
              ))}
            </Stack>
          </Panel>
          <Panel title="History">
            <section aria-label="History, oldest first">
              <Timeline bulletSize={14} lineWidth={2}>
                {data.timeline.map((entry, i) => (
                  <Timeline.Item
                    key={`${entry.at}-${i}`}
                    color={entryColors[entry.kind]}
                    title={
                      <Text fw={600} size="sm">
                        {entry.title}
                      </Text>
                    }
                  >
                    <Text size="xs" c="dimmed">
                      {format(entry.at)}
                      {entry.by ? ` · ${entry.by}` : ''}
                      {entry.state ? ` · ${entry.state}` : ''}
                    </Text>
                    {entry.text && (
                      <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                        {entry.text}
                      </Text>
                    )}
                  </Timeline.Item>
                ))}
              </Timeline>
            </section>
          </Panel>
        </>
      )}
    </Stack>
  );
}
