/**
 * Reports: the lead report for the days chosen, by week or month: what came in (chart by kind),
 * how fast it was answered, what was quoted and won; and its CSV.
 */
import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Anchor, Button, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { BarChart } from '@mantine/charts';
import '@mantine/charts/styles.css';
import { calls } from '@kafue/common/calls';
import { enquiryKindLabels, enquiryKinds } from '@kafue/common/requests';
import { formatMoney, type LeadReport, type ReportPeriod } from '@kafue/common/schemas';
import { DataTable } from '../../components/DataTable';
import { DateRangeInputs, PeriodChoice } from '../../components/ReportPeriodInputs';
import { LoadFailure } from '../../components/LoadFailure';
import { Panel } from '../../components/Panel';
import { call, unwrap } from '../../lib/api';
import { saveCsv } from '../../lib/saveBlob';
import { toast } from '../../lib/toast';
import { reportColumns, reportCsv, reportRows } from './reportCsv';

const loadFailed = 'Failed to load the report';
const kindColors = ['blue.6', 'teal.6', 'grape.6', 'orange.6'];
const day = (d: Date) => d.toISOString().slice(0, 10);

/** The last twelve months up to today. */
function lastYear(): { from: string; to: string } {
  const to = new Date();
  const from = new Date(Date.UTC(to.getUTCFullYear() - 1, to.getUTCMonth(), to.getUTCDate() + 1));
  return { from: day(from), to: day(to) };
}

function download(report: LeadReport) {
  saveCsv(reportCsv(report), `lead-report-${report.from}-to-${report.to}.csv`);
  toast('success', 'The report was downloaded.');
}

export default function Reports() {
  const [draft, setDraft] = useState(lastYear);
  const [range, setRange] = useState(draft);
  const [by, setBy] = useState<ReportPeriod>('month');
  const query = { ...range, by };
  const { data, error, isPending } = useQuery({
    queryKey: ['reports', 'leads', query],
    queryFn: () => unwrap(call(calls.getLeadReport, { query })),
    meta: { failureToast: { fallback: loadFailed } },
  });
  function apply(e: FormEvent) {
    e.preventDefault();
    setRange(draft);
  }
  const totals = data && {
    enquiries: data.periods.reduce((n, p) => n + p.enquiries, 0),
    sent: data.periods.reduce((n, p) => n + p.quotesSent, 0),
    accepted: data.periods.reduce((n, p) => n + p.quotesAccepted, 0),
  };
  return (
    <Stack>
      <Title order={1} size="h2">
        Reports
      </Title>
      <Text c="dimmed">
        Who wrote to us, how fast we answered, what we offered and what we won. Which pages and sources brought the enquiries:{' '}
        <Anchor component={Link} to="/admin/analytics" underline="always">
          Analytics
        </Anchor>
        .
      </Text>
      <Paper withBorder p="lg">
        <form onSubmit={apply} aria-label="Report period">
          <SimpleGrid cols={{ base: 1, sm: 4 }}>
            <DateRangeInputs value={draft} onChange={setDraft} />
            <PeriodChoice label="Group by" periods={['month', 'week'] as const} value={by} onChange={setBy} />
            <Group align="flex-end">
              <Button type="submit">Show Report</Button>
              <Button variant="light" disabled={!data} onClick={() => data && download(data)}>
                Export CSV
              </Button>
            </Group>
          </SimpleGrid>
        </form>
      </Paper>
      {isPending ? (
        <Text role="status">Loading...</Text>
      ) : !data || !totals ? (
        <LoadFailure error={error} fallback={loadFailed} />
      ) : (
        <>
          <SimpleGrid cols={{ base: 1, xs: 3 }}>
            {[
              ['Enquiries', totals.enquiries],
              ['Quotes sent', totals.sent],
              ['Quotes accepted', totals.accepted],
            ].map(([label, value]) => (
              <Paper withBorder p="lg" key={label}>
                <Text size="sm" c="dimmed" fw={500}>
                  {label}
                </Text>
                <Text fz={28} fw={700} data-testid={`total ${label}`}>
                  {value}
                </Text>
              </Paper>
            ))}
          </SimpleGrid>
          <Text size="sm" data-testid="deposits outstanding">
            <strong>Deposits outstanding now:</strong>{' '}
            {data.depositsOutstanding.length
              ? data.depositsOutstanding
                  .map((d) => `${formatMoney(d.amount, d.currency)} on ${d.count} accepted quote${d.count === 1 ? '' : 's'}`)
                  .join('; ')
              : 'none'}
          </Text>
          <Panel title="Enquiries by kind">
            <BarChart
              h={260}
              data={data.periods.map((p) => ({
                period: p.start,
                ...Object.fromEntries(enquiryKinds.map((k) => [enquiryKindLabels[k], p.byKind[k] ?? 0])),
              }))}
              dataKey="period"
              type="stacked"
              series={enquiryKinds.map((k, i) => ({ name: enquiryKindLabels[k], color: kindColors[i] }))}
              withLegend
              aria-label="Enquiries by kind per period; the table below has the same figures"
            />
          </Panel>
          <Paper withBorder p="lg">
            <Title order={2} size="h4" mb="md">
              Per {by}
            </Title>
            <DataTable
              loading={false}
              label="The report per period"
              minWidth={1100}
              head={reportColumns.map((c) => (
                <Table.Th key={c}>{c}</Table.Th>
              ))}
            >
              {reportRows(data).map((row) => (
                <Table.Tr key={row[0]}>
                  {row.map((value, i) => (
                    <Table.Td key={reportColumns[i]}>{value}</Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </DataTable>
          </Paper>
        </>
      )}
    </Stack>
  );
}
