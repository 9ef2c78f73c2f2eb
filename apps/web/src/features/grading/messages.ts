import { defineMessages } from '@/i18n/define-messages';

/** Grading as a learner reads it (features/grading, docs/i18n.md): My grades. The teacher's screens are still English. */
export const gradingMessages = defineMessages({
  myGrades: { id: 'grading.myGrades', defaultMessage: 'My grades' },
  myGradesTitle: { id: 'grading.myGradesTitle', defaultMessage: 'My grades · {course}' },
  loading: { id: 'grading.loading', defaultMessage: 'Loading your grades' },
  loadFailed: { id: 'grading.loadFailed', defaultMessage: 'Your grades could not be loaded' },
  tryAgainSoon: { id: 'grading.tryAgainSoon', defaultMessage: 'Please try again in a moment.' },
  courseTotal: { id: 'grading.courseTotal', defaultMessage: 'Course total · {course}' },
  percent: { id: 'grading.percent', defaultMessage: '{value} %' },
  weighted: { id: 'grading.weighted', defaultMessage: 'Weighted: {list}.' },
  weight: {
    id: 'grading.weight',
    defaultMessage: '{kind, select, quiz {Quizzes} exam {Exams} assignment {Assignments} other {{kind}}} {weight} %',
  },
  listSeparator: { id: 'grading.listSeparator', defaultMessage: ', ' },
  everyPointAlike: { id: 'grading.everyPointAlike', defaultMessage: 'Every point counts alike.' },
  onlyReleased: { id: 'grading.onlyReleased', defaultMessage: 'Only released, graded work counts so far.' },
  noAssessments: {
    id: 'grading.noAssessments',
    defaultMessage: 'This course has no quizzes, exams or assignments yet.',
  },
  caption: { id: 'grading.caption', defaultMessage: 'Your counting score per assessment' },
  assessment: { id: 'grading.assessment', defaultMessage: 'Assessment' },
  score: { id: 'grading.score', defaultMessage: 'Score' },
  attempts: { id: 'grading.attempts', defaultMessage: 'Attempts' },
  kindRule: {
    id: 'grading.kindRule',
    defaultMessage:
      '{kind, select, quiz {quiz} exam {exam} assignment {assignment} other {{kind}}} · {rule, select, highest {best attempt counts} latest {latest attempt counts} other {average of attempts}}',
  },
  notStarted: { id: 'grading.notStarted', defaultMessage: 'Not started' },
  notSubmitted: { id: 'grading.notSubmitted', defaultMessage: 'Started, not submitted yet' },
  shownAfter: { id: 'grading.shownAfter', defaultMessage: 'Your score will be shown after {date}' },
  notReleased: { id: 'grading.notReleased', defaultMessage: 'Not released yet' },
  awaitingGrading: { id: 'grading.awaitingGrading', defaultMessage: 'Awaiting grading' },
  late: { id: 'grading.late', defaultMessage: 'Late −{points}' },
  provisional: { id: 'grading.provisional', defaultMessage: 'Provisional' },
  setByTeacher: { id: 'grading.setByTeacher', defaultMessage: 'Set by your teacher' },
  openAttemptHint: {
    id: 'grading.openAttemptHint',
    defaultMessage: 'Open an attempt from My Quiz Attempts to see its answers and feedback.',
  },
  pageDescription: {
    id: 'grading.pageDescription',
    defaultMessage: 'Your score in each quiz, exam and assignment of the course, and your course total.',
  },
  enrolledCourses: { id: 'grading.enrolledCourses', defaultMessage: 'Enrolled courses' },
});
