import { paths } from '@/config/paths';
import { CalendarPageContent } from '@/features/calendar/components/calendar-page-content';
import { CalendarFeedCard } from '@/features/classes/components/calendar-feed-card';

/** /teacher/calendar: the due dates of the teacher's classes by month, week or agenda, and the iCal address beside. */
export function TeacherCalendarPage() {
  return (
    <CalendarPageContent
      role="teacher"
      hrefOf={(event) => paths.teacher.classDetails.href(event.classId)}
      aside={<CalendarFeedCard />}
    />
  );
}
