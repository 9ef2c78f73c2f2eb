import type { CalendarEvent } from '@lyceum/contract';
import { Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { PageHeader } from '@/components/page-header';
import { useIntl } from '@/i18n/intl';
import { calendarMessages as messages } from '../messages';
import { CalendarView } from './calendar-view';

/** A role area's Calendar page: its header, the calendar, and beside it what the page adds (the iCal address). */
export function CalendarPageContent({
  role,
  hrefOf,
  aside,
}: {
  role: 'student' | 'teacher';
  hrefOf: (event: CalendarEvent) => string;
  aside?: ReactNode;
}) {
  const intl = useIntl();
  return (
    <>
      <PageHeader
        title={intl.formatMessage(messages.title)}
        description={intl.formatMessage(messages.description, { role })}
      />
      <Stack gap="xl">
        <CalendarView hrefOf={hrefOf} />
        {aside}
      </Stack>
    </>
  );
}
