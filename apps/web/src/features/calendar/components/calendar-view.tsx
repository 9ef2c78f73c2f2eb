import type { CalendarEvent } from '@lyceum/contract';
import { formatDateRange, formatMonth } from '@lyceum/contract/constants';
import { ActionIcon, Box, Button, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { LoadError } from '@/components/load-error';
import { useIntl } from '@/i18n/intl';
import { useTimeZone } from '@/lib/use-time-zone';
import { useCalendarEvents } from '../api/get-calendar-events';
import { CALENDAR_VIEWS, dateOfDay, dayOf, daysOf, rangeOf, stepAnchor, type CalendarView, type Day } from '../grid';
import { calendarMessages as messages } from '../messages';
import { DayList } from './day-list';
import { MonthGrid } from './month-grid';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The view and the day it shows, kept in the address (?view=week&day=2030-01-15): reload and Back keep them. */
function usePlace(today: Day) {
  const [params, setParams] = useSearchParams();
  const asked = params.get('view');
  const view: CalendarView = CALENDAR_VIEWS.includes(asked as CalendarView) ? (asked as CalendarView) : 'month';
  const day = params.get('day');
  const anchor = day && DAY.test(day) && !Number.isNaN(Date.parse(day)) ? day : today;
  const go = (next: { view?: CalendarView; day?: Day }) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        updated.set('view', next.view ?? view);
        updated.set('day', next.day ?? anchor);
        return updated;
      },
      { replace: true },
    );
  return { view, anchor, go };
}

function titleOf(view: CalendarView, days: readonly Day[], anchor: Day): string {
  if (view === 'month') return formatMonth(dateOfDay(anchor), { timeZone: 'UTC' });
  return formatDateRange(dateOfDay(days[0]!), dateOfDay(days.at(-1)!), { timeZone: 'UTC' });
}

/**
 * The calendar of the caller's due dates (issue 49.2): a month, a week or four weeks' agenda, the same dates as their
 * iCal feed, in their time zone. Previous, Today and Next move through time; the title says where the reader is.
 */
export function CalendarView({ hrefOf }: { hrefOf: (event: CalendarEvent) => string }) {
  const intl = useIntl();
  const timeZone = useTimeZone();
  const today = dayOf(new Date(), timeZone);
  const { view, anchor, go } = usePlace(today);
  const days = useMemo(() => daysOf(view, anchor), [view, anchor]);
  const range = useMemo(() => rangeOf(days), [days]);
  const query = useCalendarEvents(range);
  const eventsByDay = useMemo(() => {
    const byDay = new Map<Day, CalendarEvent[]>();
    for (const event of query.data?.items ?? []) {
      const day = dayOf(event.at, timeZone);
      byDay.set(day, [...(byDay.get(day) ?? []), event]);
    }
    return byDay;
  }, [query.data, timeZone]);
  const title = titleOf(view, days, anchor);
  const shownCount = days.reduce((sum, day) => sum + (eventsByDay.get(day)?.length ?? 0), 0);
  const shared = { eventsByDay, today, hrefOf, timeZone };

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm">
        <Group gap="xs">
          <ActionIcon
            variant="default"
            size="lg"
            aria-label={intl.formatMessage(messages.previous, { view })}
            onClick={() => go({ day: stepAnchor(view, anchor, -1) })}
          >
            <IconChevronLeft size={18} aria-hidden style={{ transform: 'scaleX(var(--calendar-flip, 1))' }} />
          </ActionIcon>
          <Button variant="default" onClick={() => go({ day: today })}>
            {intl.formatMessage(messages.today)}
          </Button>
          <ActionIcon
            variant="default"
            size="lg"
            aria-label={intl.formatMessage(messages.next, { view })}
            onClick={() => go({ day: stepAnchor(view, anchor, 1) })}
          >
            <IconChevronRight size={18} aria-hidden style={{ transform: 'scaleX(var(--calendar-flip, 1))' }} />
          </ActionIcon>
          <Title order={2} size="h4" aria-live="polite" aria-atomic>
            {title}
          </Title>
        </Group>
        <SegmentedControl
          aria-label={intl.formatMessage(messages.view)}
          value={view}
          onChange={(value) => go({ view: value as CalendarView })}
          data={CALENDAR_VIEWS.map((value) => ({
            value,
            label: intl.formatMessage(messages.viewName, { view: value }),
          }))}
        />
      </Group>
      {query.isError ? (
        <LoadError title={intl.formatMessage(messages.loadFailed)} onRetry={() => void query.refetch()} />
      ) : !query.data ? (
        <Text c="dimmed">{intl.formatMessage(messages.loading)}</Text>
      ) : (
        <>
          {shownCount === 0 ? <Text c="dimmed">{intl.formatMessage(messages.nothing, { view })}</Text> : null}
          {view === 'month' ? (
            <>
              <Box visibleFrom="sm">
                <MonthGrid days={days} month={anchor.slice(0, 7)} caption={title} {...shared} />
              </Box>
              <Box hiddenFrom="sm">
                <DayList
                  days={days.filter((day) => day.startsWith(anchor.slice(0, 7)))}
                  showEmptyDays={false}
                  {...shared}
                />
              </Box>
            </>
          ) : (
            <DayList days={days} showEmptyDays={view === 'week'} {...shared} />
          )}
        </>
      )}
    </Stack>
  );
}
