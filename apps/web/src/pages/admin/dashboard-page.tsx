import { Grid, Paper, Skeleton, Stack } from '@mantine/core';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { PageHeader } from '@/components/page-header';
import { ShellUntilHydrated } from '@/components/shell-until-hydrated';
import { AdminDashboardStats } from '@/features/dashboard/components/admin-dashboard-stats';
import { AdminInProgressCourses } from '@/features/dashboard/components/admin-in-progress-courses';
import { FormattedMessage, useIntl } from '@/i18n/intl';
import { useAuth } from '@/lib/auth/auth-context';
import { useHydrated } from '@/lib/use-hydrated';
import { adminPagesMessages as messages } from './messages';

// The chart library is the largest part of the admin area (~220 KB gzip): the dashboard loads it once the chart's
// place scrolls into view, so a phone's first screen (the counts) does not wait for it (issue 15.8, ADR 031).
const AdminActivityChart = lazy(() =>
  import('@/features/dashboard/components/admin-activity-chart').then((module) => ({
    default: module.AdminActivityChart,
  })),
);

/** The admin landing; the server renders its shell without the user (ADR 014), the browser fills it in. */
export function AdminDashboardPage() {
  const { state } = useAuth();
  const hydrated = useHydrated();
  const intl = useIntl();
  const user = hydrated ? state.user : null;
  return (
    <>
      <PageHeader
        title={intl.formatMessage(messages.dashboardTitle)}
        description={
          <FormattedMessage
            {...messages.dashboardDescription}
            values={{ known: user ? 'yes' : 'no', firstname: <bdi dir="auto">{user?.firstname}</bdi> }}
          />
        }
      />
      <ShellUntilHydrated>
        <Stack gap={32}>
          <AdminDashboardStats />
          <Grid gap="lg">
            <Grid.Col span={{ base: 12, lg: 7 }}>
              <ChartWhenVisible />
            </Grid.Col>
            <Grid.Col span={{ base: 12, lg: 5 }}>
              <AdminInProgressCourses />
            </Grid.Col>
          </Grid>
        </Stack>
      </ShellUntilHydrated>
    </>
  );
}

function ChartPlaceholder() {
  return (
    <Paper withBorder radius="lg" p="lg" aria-hidden>
      <Skeleton height={320} radius="md" />
    </Paper>
  );
}

/**
 * The activity chart, fetched when its placeholder first enters the viewport (at once without IntersectionObserver).
 * The first render is the placeholder everywhere: the server's shell and the hydrating browser must agree.
 */
function ChartWhenVisible() {
  const placeholder = useRef<HTMLDivElement>(null);
  const hydrated = useHydrated();
  const [intersected, setIntersected] = useState(false);
  const visible = intersected || (hydrated && typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = placeholder.current;
    if (visible || !element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setIntersected(true);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [visible]);
  if (!visible) {
    return (
      <div ref={placeholder}>
        <ChartPlaceholder />
      </div>
    );
  }
  return (
    <Suspense fallback={<ChartPlaceholder />}>
      <AdminActivityChart />
    </Suspense>
  );
}
