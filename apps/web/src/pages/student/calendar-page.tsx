import { paths } from '@/config/paths';
import { CalendarPageContent } from '@/features/calendar/components/calendar-page-content';
import { CalendarFeedCard } from '@/features/classes/components/calendar-feed-card';

/** /student/calendar: the student's due dates by month, week or agenda, and their private iCal address beside. */
export function StudentCalendarPage() {
  return (
    <CalendarPageContent
      role="student"
      hrefOf={(event) => paths.student.classDetails.href(event.classId)}
      aside={<CalendarFeedCard />}
    />
  );
}
