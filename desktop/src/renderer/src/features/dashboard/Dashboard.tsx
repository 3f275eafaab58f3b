import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Panel } from '../../components/Panel';
import { useMutation, useQuery } from '@tanstack/react-query';
import { calls } from '@kafue/common/calls';
import type { Dashboard as DashboardData } from '@kafue/common/contract';
import { Button, Card, ColorSwatch, Group, List, Progress, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { BarChart, PieChart } from '@mantine/charts';
import '@mantine/charts/styles.css';
import { apiDownload, call, callPath, unwrap } from '../../lib/api';
import { useCan } from '../../lib/session';
import { failureToast, toast } from '../../lib/toast';
import { useFormatTime } from '../../lib/generalSettings';
import { LoadFailure } from '../../components/LoadFailure';
import { AnnouncementModal } from './components/AnnouncementModal';
import { Checklist } from './components/Checklist';
import { ReplyTimes } from './components/ReplyTimes';
import { DueReminders } from '../reminders';
import {
  activityGlyph,
  categorySlices,
  changeLabel,
  monthlyData,
  monthlySeries,
  quickActions,
  reportSince,
  statCardsOf,
  type QuickAction,
  statTitles,
} from './dashboardView';

const loadFailed = 'Failed to load the dashboard';

function StatCards({ data }: { data: DashboardData }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }}>
      {statCardsOf(data).map((card) => (
        <Card withBorder key={card.title} padding="lg">
          <Text size="sm" c="dimmed" fw={500}>
            {card.title}
          </Text>
          <Text fz={28} fw={700}>
            {card.value}
          </Text>
          {card.change !== null && (
            <Text size="sm" c={card.change >= 0 ? 'teal' : 'red'}>
              {changeLabel(card.change)}
            </Text>
          )}
          {card.progress !== undefined && <Progress value={card.progress} mt="sm" aria-label={`${card.title}: ${card.value}`} />}
        </Card>
      ))}
    </SimpleGrid>
  );
}

function Loading() {
  return (
    <Stack aria-busy="true" aria-label="Loading dashboard">
      <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }}>
        {statTitles.map((title) => (
          <Skeleton key={title} height={110} data-testid="skeleton" />
        ))}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Skeleton height={300} data-testid="skeleton" />
        <Skeleton height={300} data-testid="skeleton" />
      </SimpleGrid>
    </Stack>
  );
}

/** The Quick Actions, each doing what it says. */
function QuickActions({ activeStaff }: { activeStaff: number }) {
  const navigate = useNavigate();
  const [announcing, setAnnouncing] = useState(false);
  const report = useMutation({
    mutationFn: () =>
      unwrap(apiDownload(callPath(calls.exportEnquiries, { query: { from: reportSince(new Date()) } }), 'enquiries-last-30-days.csv')),
    onSuccess: (answer) => {
      if (answer.saved) toast('success', 'The enquiries of the last 30 days were downloaded.');
    },
    onError: (error) => failureToast(error, 'The report could not be made.'),
  });
  const actions: Record<QuickAction, () => void> = {
    'Add New Service': () => void navigate('/admin/add-service'),
    'Send Announcement': () => setAnnouncing(true),
    'Generate Report': () => report.mutate(),
    'System Settings': () => void navigate('/admin/settings'),
  };
  return (
    <Panel title="Quick Actions" padding="md">
      <Group grow preventGrowOverflow={false} wrap="wrap">
        {quickActions.map((label) => (
          <Button key={label} variant="light" onClick={actions[label]} loading={label === 'Generate Report' && report.isPending}>
            {label}
          </Button>
        ))}
      </Group>
      <AnnouncementModal opened={announcing} onClose={() => setAnnouncing(false)} reach={activeStaff} />
    </Panel>
  );
}

/** Dashboard (spec section 2): the business's real figures, skeletons until they arrive. */
export default function Dashboard() {
  const seesChecklist = useCan('seeChecklist');
  const format = useFormatTime();
  const { data, error, isPending } = useQuery({
    queryKey: ['dashboard'],
    queryFn: () => unwrap(call(calls.getDashboard)),
    meta: { failureToast: { fallback: loadFailed } },
  });

  return (
    <Stack>
      <div>
        <Title order={1} size="h2">
          Welcome, Admin
        </Title>
        <Text c="dimmed">Here's what's happening with your platform today</Text>
      </div>
      {seesChecklist && <Checklist />}
      <DueReminders />
      {isPending ? (
        <Loading />
      ) : !data ? (
        <LoadFailure error={error} fallback={loadFailed} />
      ) : (
        <>
          <StatCards data={data} />
          <ReplyTimes months={data.replyTimes} />
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <Panel title="Monthly Activity" padding="md">
              <BarChart
                h={260}
                data={monthlyData(data)}
                dataKey="month"
                series={monthlySeries}
                withLegend
                legendProps={{ verticalAlign: 'top', height: 40 }}
                tickLine="y"
                // Counts: whole numbers on the axes, never 0.25 steps.
                yAxisProps={{ allowDecimals: false }}
                withRightYAxis
                rightYAxisLabel="Visitors"
                rightYAxisProps={{ allowDecimals: false }}
              />
            </Panel>
            <Panel title="Services by Category" padding="md">
              {/* Legend at the right (spec section 2): the chart and a vertical key side by side. */}
              <Group justify="center" gap="xl" wrap="nowrap" mih={260}>
                <PieChart size={200} data={categorySlices(data)} withTooltip tooltipDataSource="segment" />
                <Stack gap={6} component="ul" aria-label="Services by Category legend" p={0} m={0} style={{ listStyle: 'none' }}>
                  {categorySlices(data).map((c) => (
                    <Group key={c.name} gap={8} component="li" wrap="nowrap">
                      <ColorSwatch color={`var(--mantine-color-${c.color.replace('.', '-')})`} size={12} aria-hidden />
                      <Text size="sm">
                        {c.name} ({c.value})
                      </Text>
                    </Group>
                  ))}
                </Stack>
              </Group>
            </Panel>
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <Panel title="Recent Activity" padding="md">
              <List spacing="sm" listStyleType="none" aria-label="Recent Activity">
                {data.recentActivity.length === 0 && <List.Item>No activity yet.</List.Item>}
                {data.recentActivity.map((a) => (
                  <List.Item
                    key={`${a.kind}-${a._id}-${a.at}`}
                    icon={
                      <ThemeIcon variant="light" radius="xl" aria-hidden>
                        {activityGlyph[a.kind]}
                      </ThemeIcon>
                    }
                  >
                    <Text size="sm">
                      <b>{a.user}</b> {a.action}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {format(a.at)}
                    </Text>
                  </List.Item>
                ))}
              </List>
            </Panel>
            <QuickActions activeStaff={data.activeUsers.value} />
          </SimpleGrid>
        </>
      )}
    </Stack>
  );
}
