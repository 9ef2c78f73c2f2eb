import type { CalendarEvent } from '@lyceum/contract';
import { formatWeekday } from '@lyceum/contract/constants';
import { Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useIntl } from '@/i18n/intl';
import { dateOfDay, type Day } from '../grid';
import { calendarMessages as messages } from '../messages';
import { CalendarEventItem } from './calendar-event';

const LIST_STYLE = { listStyle: 'none', margin: 0, padding: 0 } as const;

/** A month as a table of whole weeks: the weekdays as column headers, each day with its due dates. */
export function MonthGrid({
  days,
  month,
  caption,
  eventsByDay,
  today,
  hrefOf,
  timeZone,
}: {
  days: readonly Day[];
  /** 'YYYY-MM' of the month shown: the other days are dimmed. */
  month: string;
  caption: string;
  eventsByDay: ReadonlyMap<Day, CalendarEvent[]>;
  today: Day;
  hrefOf: (event: CalendarEvent) => string;
  timeZone: string;
}) {
  const intl = useIntl();
  const weekday = (day: Day, width: 'short' | 'long') => formatWeekday(dateOfDay(day), { width, timeZone: 'UTC' });
  const weeks = Array.from({ length: days.length / 7 }, (_, i) => days.slice(i * 7, i * 7 + 7));
  return (
    <Table withTableBorder withColumnBorders layout="fixed" verticalSpacing={4} horizontalSpacing={4}>
      <VisuallyHidden component="caption">{caption}</VisuallyHidden>
      <Table.Thead>
        <Table.Tr>
          {weeks[0]!.map((day) => (
            <Table.Th key={day} scope="col" ta="center">
              <abbr title={weekday(day, 'long')} style={{ textDecoration: 'none' }}>
                {weekday(day, 'short')}
              </abbr>
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {weeks.map((week) => (
          <Table.Tr key={week[0]}>
            {week.map((day) => {
              const events = eventsByDay.get(day) ?? [];
              const isToday = day === today;
              const inMonth = day.startsWith(month);
              return (
                <Table.Td
                  key={day}
                  valign="top"
                  h={96}
                  aria-current={isToday ? 'date' : undefined}
                  bg={isToday ? 'var(--mantine-primary-color-light)' : undefined}
                >
                  <Stack gap={4}>
                    <Text size="sm" fw={isToday ? 700 : 400} c={inMonth ? undefined : 'dimmed'}>
                      {Number(day.slice(8))}
                      {events.length > 0 ? (
                        <VisuallyHidden>{`, ${intl.formatMessage(messages.dayEvents, { count: events.length })}`}</VisuallyHidden>
                      ) : null}
                    </Text>
                    {events.length > 0 ? (
                      <Stack component="ul" gap={4} style={LIST_STYLE}>
                        {events.map((event) => (
                          <CalendarEventItem
                            key={event.id}
                            event={event}
                            href={hrefOf(event)}
                            timeZone={timeZone}
                            compact
                          />
                        ))}
                      </Stack>
                    ) : null}
                  </Stack>
                </Table.Td>
              );
            })}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
