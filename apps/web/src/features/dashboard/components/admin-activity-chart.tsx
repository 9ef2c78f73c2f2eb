import type { DailyActivity } from '@lyceum/contract';
import { AreaChart } from '@mantine/charts';
import { Group, Paper, Skeleton, Text, Title, VisuallyHidden } from '@mantine/core';
import { useId } from 'react';
import { LoadError } from '@/components/load-error';
import { formatCount } from '@/lib/format';
import { useAdminDashboard } from '../api/get-admin-dashboard';
import chartStylesheet from '@mantine/charts/styles.css?url';
import { loadStylesheet } from '@/lib/load-stylesheet';
import { formatDate } from '@lyceum/contract/constants';

loadStylesheet(chartStylesheet);

/** "3 May", "3 May 2026": the dates are UTC days, so they are shown as such wherever the admin is. */
function labelOf(date: string, style: 'short' | 'long'): string {
  return formatDate(`${date}T00:00:00Z`, { style, timeZone: 'UTC' });
}

const SERIES = [
  { name: 'signUps', label: 'Sign-ups', color: 'indigo.6' },
  { name: 'enrolments', label: 'Enrolments', color: 'teal.6' },
];

/**
 * Sign-ups and enrolments per day over the last 30 days. The drawing is for the eye; a table carries the same
 * numbers for screen readers.
 */
export function AdminActivityChart() {
  const query = useAdminDashboard();
  const titleId = useId();

  let body;
  if (query.isPending) {
    body = <Skeleton height={260} radius="md" aria-hidden />;
  } else if (query.isError) {
    body = (
      <LoadError title="The chart could not be loaded" onRetry={() => void query.refetch()} retrying={query.isFetching}>
        {query.error.message}
      </LoadError>
    );
  } else {
    const daily: DailyActivity[] = query.data.daily;
    const data = daily.map((day) => ({ ...day, label: labelOf(day.date, 'short') }));
    const totals = daily.reduce(
      (sum, day) => ({ signUps: sum.signUps + day.signUps, enrolments: sum.enrolments + day.enrolments }),
      { signUps: 0, enrolments: 0 },
    );
    body = (
      <>
        <Group gap="xl" mb="md">
          <Text size="sm" c="dimmed">
            <Text span fw={700} c="indigo.8">
              {formatCount(totals.signUps)}
            </Text>{' '}
            sign-ups
          </Text>
          <Text size="sm" c="dimmed">
            <Text span fw={700} c="teal.9">
              {formatCount(totals.enrolments)}
            </Text>{' '}
            enrolments
          </Text>
        </Group>
        <div aria-hidden>
          <AreaChart
            h={260}
            data={data}
            dataKey="label"
            series={SERIES}
            curveType="monotone"
            withLegend
            legendProps={{ verticalAlign: 'bottom', height: 40 }}
            withDots={false}
            tickLine="y"
            gridAxis="x"
            yAxisProps={{ allowDecimals: false, width: 32 }}
            xAxisProps={{ minTickGap: 24 }}
            areaChartProps={{ accessibilityLayer: false }}
          />
        </div>
        <VisuallyHidden>
          <table>
            <caption>Sign-ups and enrolments per day</caption>
            <thead>
              <tr>
                <th scope="col">Day</th>
                <th scope="col">Sign-ups</th>
                <th scope="col">Enrolments</th>
              </tr>
            </thead>
            <tbody>
              {daily.map((day) => (
                <tr key={day.date}>
                  <th scope="row">{labelOf(day.date, 'long')}</th>
                  <td>{day.signUps}</td>
                  <td>{day.enrolments}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </VisuallyHidden>
      </>
    );
  }

  return (
    <Paper component="section" aria-labelledby={titleId} withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <Title order={2} fz={20} id={titleId}>
        Sign-ups and Enrolments
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        Per day over the last 30 days (UTC)
      </Text>
      {body}
    </Paper>
  );
}
