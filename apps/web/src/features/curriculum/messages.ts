import { defineMessages } from '@/i18n/define-messages';

/**
 * The curriculum as a learner reads it (features/curriculum, docs/i18n.md): the lesson page (pages/learn-page),
 * the player, the outline and the course's "Course content". The teacher's editor has its own (editor/messages.ts).
 */
export const curriculumMessages = defineMessages({
  // Durations: "45 min", "2 h", "1 h 25 min".
  minutes: { id: 'curriculum.minutes', defaultMessage: '{minutes, plural, other {# min}}' },
  hours: { id: 'curriculum.hours', defaultMessage: '{hours, plural, other {# h}}' },
  hoursMinutes: {
    id: 'curriculum.hoursMinutes',
    defaultMessage: '{hours, plural, other {# h}} {minutes, plural, other {# min}}',
  },
  // What a list of items holds: "3 lessons", "2 lessons · 1 assessment".
  lessons: { id: 'curriculum.lessons', defaultMessage: '{count, plural, one {# lesson} other {# lessons}}' },
  assessments: {
    id: 'curriculum.assessments',
    defaultMessage: '{count, plural, one {# assessment} other {# assessments}}',
  },
  sections: { id: 'curriculum.sections', defaultMessage: '{count, plural, one {# section} other {# sections}}' },
  totalLength: { id: 'curriculum.totalLength', defaultMessage: '{duration} total length' },
  progressCompleted: {
    id: 'curriculum.progressCompleted',
    defaultMessage:
      '{completed} of {total} {noun, select, lessons {{total, plural, one {lesson} other {lessons}}} other {{total, plural, one {item} other {items}}}} completed',
  },
  place: {
    id: 'curriculum.place',
    defaultMessage: '{noun, select, lessons {Lesson {index} of {total}} other {Item {index} of {total}}}',
    description: 'Where the open lesson stands among the items progress counts.',
  },
  courseProgress: { id: 'curriculum.courseProgress', defaultMessage: 'Course progress' },
  percent: { id: 'curriculum.percent', defaultMessage: '{value, number, ::percent}' },
  continueLearning: { id: 'curriculum.continueLearning', defaultMessage: 'Continue learning' },
  startLearning: { id: 'curriculum.startLearning', defaultMessage: 'Start learning' },
  sequentialNote: {
    id: 'curriculum.sequentialNote',
    defaultMessage: 'This course opens its lessons in order: each one opens when you complete the lessons before it.',
  },
  previewNote: {
    id: 'curriculum.previewNote',
    defaultMessage: 'Enrol to open every lesson; preview lessons are open to everyone.',
  },
  courseContent: { id: 'curriculum.courseContent', defaultMessage: 'Course content' },
  loadingContent: { id: 'curriculum.loadingContent', defaultMessage: 'Loading the course content' },
  contentLoadFailed: { id: 'curriculum.contentLoadFailed', defaultMessage: 'The course content could not be loaded' },
  // The outline.
  completed: { id: 'curriculum.completed', defaultMessage: 'Completed' },
  completedSuffix: { id: 'curriculum.completedSuffix', defaultMessage: ' (completed)' },
  lockedSuffix: { id: 'curriculum.lockedSuffix', defaultMessage: ' (locked: {reason})' },
  completeFirst: { id: 'curriculum.completeFirst', defaultMessage: 'Complete “{title}” first' },
  completePreviousFirst: {
    id: 'curriculum.completePreviousFirst',
    defaultMessage: 'Complete the previous lesson first',
  },
  enrolToOpen: { id: 'curriculum.enrolToOpen', defaultMessage: 'Enrol to open' },
  noLessons: { id: 'curriculum.noLessons', defaultMessage: 'The teacher has not published any lessons yet.' },
  draft: { id: 'curriculum.draft', defaultMessage: 'Draft' },
  preview: { id: 'curriculum.preview', defaultMessage: 'Preview' },
  // The player.
  courseOutline: { id: 'curriculum.courseOutline', defaultMessage: 'Course outline' },
  courseDetails: { id: 'curriculum.courseDetails', defaultMessage: 'Course details' },
  showOutline: { id: 'curriculum.showOutline', defaultMessage: 'Show the course outline' },
  hideOutline: { id: 'curriculum.hideOutline', defaultMessage: 'Hide the course outline' },
  freePreview: {
    id: 'curriculum.freePreview',
    defaultMessage: 'This is a free preview. Enrol in the course to open every lesson and track your progress.',
  },
  attachments: { id: 'curriculum.attachments', defaultMessage: 'Attachments' },
  markComplete: { id: 'curriculum.markComplete', defaultMessage: 'Mark as complete' },
  markCompleteFailed: {
    id: 'curriculum.markCompleteFailed',
    defaultMessage: 'The lesson could not be marked complete',
  },
  previous: { id: 'curriculum.previous', defaultMessage: 'Previous' },
  next: { id: 'curriculum.next', defaultMessage: 'Next' },
  nextWaits: {
    id: 'curriculum.nextWaits',
    defaultMessage: 'The next lesson opens when you complete this one.',
  },
  // The lesson page.
  lesson: { id: 'curriculum.lesson', defaultMessage: 'Lesson' },
  lessonLocked: { id: 'curriculum.lessonLocked', defaultMessage: 'This lesson is locked' },
  goToNextOpen: { id: 'curriculum.goToNextOpen', defaultMessage: 'Go to the next open lesson' },
  enrolToOpenLesson: {
    id: 'curriculum.enrolToOpenLesson',
    defaultMessage: 'Enrol in the course to open it. Preview lessons are open to everyone.',
  },
  lessonNotFound: { id: 'curriculum.lessonNotFound', defaultMessage: 'Lesson not found' },
  lessonNotFoundText: {
    id: 'curriculum.lessonNotFoundText',
    defaultMessage: 'This lesson does not exist or is not published.',
  },
  backToCourse: { id: 'curriculum.backToCourse', defaultMessage: 'Back to the course' },
  lessonLoadFailed: { id: 'curriculum.lessonLoadFailed', defaultMessage: 'The lesson could not be loaded' },
  myGradesInCourse: { id: 'curriculum.myGradesInCourse', defaultMessage: 'My grades in this course' },
});
