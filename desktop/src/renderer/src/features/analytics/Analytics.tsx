/**
 * Analytics: who visits the public site, from where, which pages bring enquiries and how fast the
 * pages are for real visitors, for the days chosen, against the period just before; and its CSV.
 * Counted by the site itself, without cookies (issue 24).
 */
import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { LineChart } from '@mantine/charts';
import '@mantine/charts/styles.css';
import { calls } from '@kafue/common/calls';
import type { AnalyticsPeriod, AnalyticsReport } from '@kafue/common/schemas';
import { DataTable, EmptyRow } from '../../components/DataTable';
import { DateRangeInputs, PeriodChoice } from '../../components/ReportPeriodInputs';
import { LoadFailure } from '../../components/LoadFailure';
import { Panel } from '../../components/Panel';
import { SortHeader } from '../../components/SortHeader';
import { call, unwrap } from '../../lib/api';
import { saveCsv } from '../../lib/saveBlob';
import { toast } from '../../lib/toast';
import {
  analyticsCsv,
  changeText,
  headlinesOf,
  sortRows,
  tablesOf,
  type Headline,
  type ReportTable,
  type SortOrder,
} from './analyticsView';

const loadFailed = 'Failed to load the analytics';
const day = (d: Date) => d.toISOString().slice(0, 10);

/** The `days` days up to today. */
function lastDays(days: number): { from: string; to: string } {
  const to = new Date();
  const from = new Date(Date.UTC(to.getUTCFullYear(), to.getUTCMonth(), to.getUTCDate() - days + 1));
  return { from: day(from), to: day(to) };
}

const presets = [
  { label: 'Last 7 days', days: 7, by: 'day' },
  { label: 'Last 30 days', days: 30, by: 'day' },
  { label: 'Last 90 days', days: 90, by: 'week' },
  { label: 'Last 12 months', days: 365, by: 'month' },
] as const satisfies readonly { label: string; days: number; by: AnalyticsPeriod }[];

function download(report: AnalyticsReport) {
  saveCsv(analyticsCsv(report), `analytics-${report.from}-to-${report.to}.csv`);
  toast('success', 'The analytics were downloaded.');
}

function HeadlineCard({ headline: h }: { headline: Headline }) {
  const good = h.change !== null && Math.round(h.change * 10) !== 0 && h.change > 0 === h.riseIsGood;
  const bad = h.change !== null && Math.round(h.change * 10) !== 0 && !good;
  return (
    <Paper withBorder p="lg">
      <Text size="sm" c="dimmed" fw={500}>
        {h.label}
      </Text>
      <Text fz={28} fw={700} data-testid={`figure ${h.label}`}>
        {h.value}
      </Text>
      <Text size="sm" fw={500} c={good ? 'teal.8' : bad ? 'red.8' : 'dimmed'}>
        {changeText(h.change)}
      </Text>
      <Text size="sm" c="dimmed">
        Previous period: {h.previous}
      </Text>
      <Text size="xs" c="dimmed" mt={4}>
        {h.help}
      </Text>
    </Paper>
  );
}

/** One table of the report, sorted by the column whose header was clicked (a second click reverses it). */
function ReportTableView({ table }: { table: ReportTable }) {
  // The first count, largest first, as the answer lists them.
  const [order, setOrder] = useState<SortOrder>({ column: 1, descending: true });
  const sort = (column: number) =>
    setOrder((o) => (o.column === column ? { column, descending: !o.descending } : { column, descending: column > 0 }));
  return (
    <Panel title={table.title}>
      <Text size="sm" c="dimmed" mb="sm">
        {table.description}
      </Text>
      <DataTable
        loading={false}
        label={table.title}
        minWidth={Math.max(300, table.columns.length * 110)}
        head={table.columns.map((label, i) => (
          <SortHeader
            key={label}
            label={label}
            direction={order.column === i ? (order.descending ? 'descending' : 'ascending') : 'none'}
            onSort={() => sort(i)}
          />
        ))}
      >
        {table.rows.length ? (
          sortRows(table.rows, order).map((row) => (
            <Table.Tr key={row[0].text}>
              {row.map((cell, i) => (
                <Table.Td key={table.columns[i]}>{cell.text}</Table.Td>
              ))}
            </Table.Tr>
          ))
        ) : (
          <EmptyRow columns={table.columns.length}>{table.empty}</EmptyRow>
        )}
      </DataTable>
    </Panel>
  );
}

/** The report's tables: the short ones two by two on a wide screen, the enquiries and page speed across it. */
function ReportTables({ report }: { report: AnalyticsReport }) {
  const tables = tablesOf(report);
  const short = tables.filter((table) => table.columns.length <= 3);
  return (
    <>
      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        {short.map((table) => (
          <ReportTableView key={table.id} table={table} />
        ))}
      </SimpleGrid>
      {tables
        .filter((table) => !short.includes(table))
        .map((table) => (
          <ReportTableView key={table.id} table={table} />
        ))}
    </>
  );
}

export default function Analytics() {
  const [draft, setDraft] = useState(() => lastDays(30));
  const [range, setRange] = useState(draft);
  const [by, setBy] = useState<AnalyticsPeriod>('day');
  const query = { ...range, by };
  const { data, error, isPending } = useQuery({
    queryKey: ['analytics', query],
    queryFn: () => unwrap(call(calls.getAnalytics, { query })),
    meta: { failureToast: { fallback: loadFailed } },
  });
  function apply(e: FormEvent) {
    e.preventDefault();
    setRange(draft);
  }
  function choose(preset: (typeof presets)[number]) {
    const chosen = lastDays(preset.days);
    setDraft(chosen);
    setRange(chosen);
    setBy(preset.by);
  }
  return (
    <Stack>
      <Title order={1} size="h2">
        Analytics
      </Title>
      <Text c="dimmed">
        Who visits the website, where they come from, which pages bring enquiries, and how fast the pages are. Counted by the site itself,
        without cookies: no visitor is identified.
      </Text>
      <Paper withBorder p="lg">
        <form onSubmit={apply} aria-label="Analytics period">
          <Stack>
            <Group gap="xs">
              {presets.map((p) => (
                <Button key={p.label} variant="default" size="xs" onClick={() => choose(p)}>
                  {p.label}
                </Button>
              ))}
            </Group>
            <SimpleGrid cols={{ base: 1, sm: 4 }}>
              <DateRangeInputs value={draft} onChange={setDraft} />
              <PeriodChoice label="Chart by" periods={['day', 'week', 'month'] as const} value={by} onChange={setBy} />
              <Group align="flex-end">
                <Button type="submit">Show</Button>
                <Button variant="light" disabled={!data} onClick={() => data && download(data)}>
                  Export CSV
                </Button>
              </Group>
            </SimpleGrid>
          </Stack>
        </form>
      </Paper>
      {isPending ? (
        <Text role="status">Loading...</Text>
      ) : !data ? (
        <LoadFailure error={error} fallback={loadFailed} />
      ) : (
        <>
          <Text size="sm" c="dimmed">
            {data.from} to {data.to}, compared with the period just before ({data.previous.from} to {data.previous.to}).
          </Text>
          <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }}>
            {headlinesOf(data).map((h) => (
              <HeadlineCard key={h.label} headline={h} />
            ))}
          </SimpleGrid>
          <Panel title="Visitors over time">
            <LineChart
              h={260}
              data={data.series.map((p) => ({ period: p.start, Visitors: p.visitors, 'Page views': p.pageViews }))}
              dataKey="period"
              series={[
                { name: 'Visitors', color: 'blue.8' },
                { name: 'Page views', color: 'teal.8' },
              ]}
              withLegend
              yAxisProps={{ allowDecimals: false }}
              aria-label={`Visitors and page views per ${by}; the CSV export has the same figures`}
            />
          </Panel>
          <ReportTables report={data} />
        </>
      )}
    </Stack>
  );
}
