import { defineMessages } from '@/i18n/define-messages';

/** The student's To do, the first screen of the student area (features/todo, issue 49, docs/i18n.md). */
export const todoMessages = defineMessages({
  heading: { id: 'todo.heading', defaultMessage: 'To do' },
  loading: { id: 'todo.loading', defaultMessage: 'Loading your to-do list…' },
  loadFailed: { id: 'todo.loadFailed', defaultMessage: 'Your to-do list could not be loaded' },
  overdue: { id: 'todo.overdue', defaultMessage: 'Overdue' },
  today: { id: 'todo.today', defaultMessage: 'Due today' },
  week: { id: 'todo.week', defaultMessage: 'Due this week' },
  continue: { id: 'todo.continue', defaultMessage: 'Continue' },
  kind: {
    id: 'todo.kind',
    defaultMessage: '{kind, select, lesson {Lesson} assignment {Assignment} other {Quiz}}',
    description: 'What the item is, before its title.',
  },
  dueAt: {
    id: 'todo.dueAt',
    defaultMessage: '{late, select, yes {Was due {date}} other {Due {date}}}',
    description: 'The student’s own due date, in their time zone: “Due Tue 10 Mar, 17:30”.',
  },
  nextLesson: {
    id: 'todo.nextLesson',
    defaultMessage: 'Next in {course}',
    description: 'Under a course’s next lesson; the course’s title as written.',
  },
  late: { id: 'todo.late', defaultMessage: 'Late' },
  extended: {
    id: 'todo.extended',
    defaultMessage: 'Extended',
    description: 'A mark: the student’s own accommodation moved this due date.',
  },
  extendedHint: {
    id: 'todo.extendedHint',
    defaultMessage: 'Your accommodation gives you more time: the date shown includes it.',
  },
  more: {
    id: 'todo.more',
    defaultMessage: '{count, plural, one {# more item} other {# more items}} — see your classes',
  },
  review: {
    id: 'todo.review',
    defaultMessage: '{count, plural, one {# question to review today} other {# questions to review today}}',
  },
  reviewAction: { id: 'todo.reviewAction', defaultMessage: 'Review now' },
  emptyTitle: { id: 'todo.emptyTitle', defaultMessage: 'Nothing to do right now' },
  emptyHint: {
    id: 'todo.emptyHint',
    defaultMessage:
      'Work your teachers set will appear here. Join a class with the code your teacher gave you, or find a course to start.',
  },
  joinClass: { id: 'todo.joinClass', defaultMessage: 'Join a class' },
  findCourse: { id: 'todo.findCourse', defaultMessage: 'Find a course' },
});
