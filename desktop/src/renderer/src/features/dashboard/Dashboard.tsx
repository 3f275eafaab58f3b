import { Panel } from '../../components/Panel';
import { useEffect, useState } from 'react';
import { Button, Card, ColorSwatch, Group, List, Progress, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { BarChart, PieChart } from '@mantine/charts';
import '@mantine/charts/styles.css';
import { changeLabel, dashboardLoadMs, monthlyActivity, monthlySeries, quickActions, recentActivity, servicesByCategory, statCards } from './sampleData';

const activityGlyph = { user: 'U', service: 'S', message: 'M', settings: 'C' } as const;

function StatCards() {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }}>
      {statCards.map((card) => (
        <Card withBorder key={card.title} padding="lg">
          <Text size="sm" c="dimmed" fw={500}>
            {card.title}
          </Text>
          <Text fz={28} fw={700}>
            {card.value}
          </Text>
          {card.change !== undefined && (
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
        {statCards.map((c) => (
          <Skeleton key={c.title} height={110} data-testid="skeleton" />
        ))}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Skeleton height={300} data-testid="skeleton" />
        <Skeleton height={300} data-testid="skeleton" />
      </SimpleGrid>
    </Stack>
  );
}

/** Dashboard (spec section 2): sample figures after a simulated 1 s load. */
export default function Dashboard() {
  const [loading, setLoading] = useState(true);
  useEffect(() => {
    const t = setTimeout(() => setLoading(false), dashboardLoadMs);
    return () => clearTimeout(t);
  }, []);

  return (
    <Stack>
      <div>
        <Title order={1} size="h2">
          Welcome, Admin
        </Title>
        <Text c="dimmed">Here's what's happening with your platform today</Text>
      </div>
      {loading ? (
        <Loading />
      ) : (
        <>
          <StatCards />
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <Panel title="Monthly Activity" padding="md">
              <BarChart
                h={260}
                data={monthlyActivity}
                dataKey="month"
                series={monthlySeries}
                withLegend
                legendProps={{ verticalAlign: 'top', height: 40 }}
                tickLine="y"
              />
            </Panel>
            <Panel title="Services by Category" padding="md">
              {/* Legend at the right (spec section 2): the chart and a vertical key side by side. */}
              <Group justify="center" gap="xl" wrap="nowrap" mih={260}>
                <PieChart size={200} data={servicesByCategory} withTooltip tooltipDataSource="segment" />
                <Stack gap={6} component="ul" aria-label="Services by Category legend" p={0} m={0} style={{ listStyle: 'none' }}>
                  {servicesByCategory.map((c) => (
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
                {recentActivity.map((a) => (
                  <List.Item
                    key={a.id}
                    icon={
                      <ThemeIcon variant="light" radius="xl" aria-hidden>
                        {activityGlyph[a.icon]}
                      </ThemeIcon>
                    }
                  >
                    <Text size="sm">
                      <b>{a.user}</b> {a.action}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {a.time}
                    </Text>
                  </List.Item>
                ))}
              </List>
            </Panel>
            <Panel title="Quick Actions" padding="md">
              <Group grow preventGrowOverflow={false} wrap="wrap">
                {quickActions.map((label) => (
                  <Button key={label} variant="light">
                    {label}
                  </Button>
                ))}
              </Group>
            </Panel>
          </SimpleGrid>
        </>
      )}
    </Stack>
  );
}
