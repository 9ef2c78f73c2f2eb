import type { DailyActivity } from '@lyceum/contract';
import { AreaChart } from '@mantine/charts';
import { Group, Paper, Skeleton, Text, Title, VisuallyHidden } from '@mantine/core';
import { useId, type ReactNode } from 'react';
import { LoadError } from '@/components/load-error';
import { FormattedMessage, useIntl } from '@/i18n/intl';
import { formatCount } from '@/lib/format';
import { useAdminDashboard } from '../api/get-admin-dashboard';
import chartStylesheet from '@mantine/charts/styles.css?url';
import { loadStylesheet } from '@/lib/load-stylesheet';
import { formatDate } from '@lyceum/contract/constants';
import { dashboardMessages as messages } from '../messages';

loadStylesheet(chartStylesheet);

/** "3 May", "3 May 2026": the dates are UTC days, so they are shown as such wherever the admin is. */
function labelOf(date: string, style: 'short' | 'long'): string {
  return formatDate(`${date}T00:00:00Z`, { style, timeZone: 'UTC' });
}

/**
 * Sign-ups and enrolments per day over the last 30 days. The drawing is for the eye; a table carries the same
 * numbers for screen readers.
 */
export function AdminActivityChart() {
  const intl = useIntl();
  const query = useAdminDashboard();
  const titleId = useId();
  const series = [
    { name: 'signUps', label: intl.formatMessage(messages.signUpsSeries), color: 'indigo.6' },
    { name: 'enrolments', label: intl.formatMessage(messages.enrolmentsSeries), color: 'teal.6' },
  ];

  let body;
  if (query.isPending) {
    body = <Skeleton height={260} radius="md" aria-hidden />;
  } else if (query.isError) {
    body = (
      <LoadError
        title={intl.formatMessage(messages.chartFailed)}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      >
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
            <FormattedMessage
              {...messages.signUpsTotal}
              values={{
                count: totals.signUps,
                b: (chunks: ReactNode[]) => (
                  <Text span fw={700} c="indigo.8">
                    {chunks}
                  </Text>
                ),
              }}
            />
          </Text>
          <Text size="sm" c="dimmed">
            <FormattedMessage
              {...messages.enrolmentsTotal}
              values={{
                count: totals.enrolments,
                b: (chunks: ReactNode[]) => (
                  <Text span fw={700} c="teal.9">
                    {chunks}
                  </Text>
                ),
              }}
            />
          </Text>
        </Group>
        <div aria-hidden>
          <AreaChart
            h={260}
            data={data}
            dataKey="label"
            series={series}
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
            <caption>{intl.formatMessage(messages.chartTableCaption)}</caption>
            <thead>
              <tr>
                <th scope="col">{intl.formatMessage(messages.day)}</th>
                <th scope="col">{intl.formatMessage(messages.signUpsSeries)}</th>
                <th scope="col">{intl.formatMessage(messages.enrolmentsSeries)}</th>
              </tr>
            </thead>
            <tbody>
              {daily.map((day) => (
                <tr key={day.date}>
                  <th scope="row">{labelOf(day.date, 'long')}</th>
                  <td>{formatCount(day.signUps)}</td>
                  <td>{formatCount(day.enrolments)}</td>
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
        {intl.formatMessage(messages.chartTitle)}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {intl.formatMessage(messages.chartSubtitle)}
      </Text>
      {body}
    </Paper>
  );
}
