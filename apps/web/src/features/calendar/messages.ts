import { defineMessages } from '@/i18n/define-messages';

/** The calendar of due dates, student and teacher (features/calendar, issue 49.2, docs/i18n.md). */
export const calendarMessages = defineMessages({
  title: { id: 'calendar.title', defaultMessage: 'Calendar' },
  description: {
    id: 'calendar.description',
    defaultMessage:
      '{role, select, teacher {The due dates of your classes’ work, by month, week or as an agenda.} other {Your due dates, with your own extensions, by month, week or as an agenda.}}',
  },
  view: { id: 'calendar.view', defaultMessage: 'View' },
  viewName: {
    id: 'calendar.viewName',
    defaultMessage: '{view, select, month {Month} week {Week} other {Agenda}}',
  },
  previous: {
    id: 'calendar.previous',
    defaultMessage: '{view, select, month {Previous month} week {Previous week} other {Previous four weeks}}',
  },
  next: {
    id: 'calendar.next',
    defaultMessage: '{view, select, month {Next month} week {Next week} other {Next four weeks}}',
  },
  today: { id: 'calendar.today', defaultMessage: 'Today' },
  loading: { id: 'calendar.loading', defaultMessage: 'Loading your calendar…' },
  loadFailed: { id: 'calendar.loadFailed', defaultMessage: 'Your calendar could not be loaded' },
  nothing: {
    id: 'calendar.nothing',
    defaultMessage:
      '{view, select, month {Nothing is due this month.} week {Nothing is due this week.} other {Nothing is due in these four weeks.}}',
  },
  nothingThatDay: { id: 'calendar.nothingThatDay', defaultMessage: 'Nothing due' },
  todayMark: { id: 'calendar.todayMark', defaultMessage: 'today', description: 'After a day’s name: it is today.' },
  due: {
    id: 'calendar.due',
    defaultMessage: 'Due {time}',
    description: 'Before an item’s class: its due time in the reader’s time zone, “Due 17:30”.',
  },
  status: {
    id: 'calendar.status',
    defaultMessage: '{status, select, missing {Missing} done {Done} other {Due soon}}',
    description: 'The learner’s state of the work, as a badge.',
  },
  dayEvents: {
    id: 'calendar.dayEvents',
    defaultMessage: '{count, plural, one {# item due} other {# items due}}',
    description: 'How many things are due on a day of the month grid (read with the day).',
  },
});
