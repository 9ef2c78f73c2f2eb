import type { CalendarEvent } from '@lyceum/contract';
import { formatDate } from '@lyceum/contract/constants';
import { Paper, Stack, Text, Title } from '@mantine/core';
import { useIntl } from '@/i18n/intl';
import { dateOfDay, type Day } from '../grid';
import { calendarMessages as messages } from '../messages';
import { CalendarEventItem } from './calendar-event';

const LIST_STYLE = { listStyle: 'none', margin: 0, padding: 0 } as const;

/**
 * Days one under the other, each with its due dates: the week (every day, "Nothing due" on a free one), the agenda and
 * a phone's month (only the days with something due).
 */
export function DayList({
  days,
  eventsByDay,
  today,
  hrefOf,
  timeZone,
  showEmptyDays,
}: {
  days: readonly Day[];
  eventsByDay: ReadonlyMap<Day, CalendarEvent[]>;
  today: Day;
  hrefOf: (event: CalendarEvent) => string;
  timeZone: string;
  showEmptyDays: boolean;
}) {
  const intl = useIntl();
  const shown = showEmptyDays ? days : days.filter((day) => eventsByDay.has(day));
  return (
    <Stack component="ol" gap="sm" style={LIST_STYLE}>
      {shown.map((day) => {
        const events = eventsByDay.get(day) ?? [];
        const isToday = day === today;
        return (
          <Paper
            component="li"
            key={day}
            withBorder
            radius="md"
            p="sm"
            aria-current={isToday ? 'date' : undefined}
            bg={isToday ? 'var(--mantine-primary-color-light)' : undefined}
          >
            <Title order={3} size="h6" mb={4}>
              {formatDate(dateOfDay(day), { style: 'weekday', timeZone: 'UTC' })}
              {isToday ? ` · ${intl.formatMessage(messages.todayMark)}` : null}
            </Title>
            {events.length === 0 ? (
              <Text size="sm" c="dimmed">
                {intl.formatMessage(messages.nothingThatDay)}
              </Text>
            ) : (
              <Stack component="ul" gap={6} style={LIST_STYLE}>
                {events.map((event) => (
                  <CalendarEventItem key={event.id} event={event} href={hrefOf(event)} timeZone={timeZone} />
                ))}
              </Stack>
            )}
          </Paper>
        );
      })}
    </Stack>
  );
}
