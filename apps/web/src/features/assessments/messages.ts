import { defineMessages } from '@/i18n/define-messages';

/**
 * Assessments as a student meets them (features/assessments, docs/i18n.md): the dashboard's review card, the quiz's
 * start page, the attempt player, the review and every question type. The teacher's editors are still English.
 */
export const assessmentsMessages = defineMessages({
  reviewToday: {
    id: 'assessments.reviewToday',
    defaultMessage: '{count, plural, =0 {Nothing to review today} other {# to review today}}',
  },
  notebookHolds: {
    id: 'assessments.notebookHolds',
    defaultMessage:
      'Your mistake notebook holds {total, plural, one {# question} other {# questions}}; practice is never graded.',
  },
  practiseNow: { id: 'assessments.practiseNow', defaultMessage: 'Practise now' },
  // Kinds and counting rules, as a student reads them.
  kindQuiz: { id: 'assessments.kindQuiz', defaultMessage: 'Quiz' },
  kindExam: { id: 'assessments.kindExam', defaultMessage: 'Exam' },
  kindAssignment: { id: 'assessments.kindAssignment', defaultMessage: 'Assignment' },
  countingHighest: { id: 'assessments.countingHighest', defaultMessage: 'Your highest score counts' },
  countingLatest: { id: 'assessments.countingLatest', defaultMessage: 'Your latest attempt counts' },
  countingAverage: { id: 'assessments.countingAverage', defaultMessage: 'The average of your attempts counts' },
  durationLong: {
    id: 'assessments.durationLong',
    defaultMessage:
      '{hours, plural, =0 {} one {# hour} other {# hours}}{both, select, yes { } other {}}{minutes, plural, =0 {} one {# minute} other {# minutes}}',
    description: '“1 hour 30 minutes”, “45 minutes”, “2 hours”.',
  },
  // The start page.
  assessment: { id: 'assessments.assessment', defaultMessage: 'Assessment' },
  loadingAssessment: { id: 'assessments.loadingAssessment', defaultMessage: 'Loading the assessment' },
  assessmentLoadFailed: {
    id: 'assessments.assessmentLoadFailed',
    defaultMessage: 'The assessment could not be loaded',
  },
  tryAgainSoon: { id: 'assessments.tryAgainSoon', defaultMessage: 'Please try again in a moment.' },
  couldNotStart: { id: 'assessments.couldNotStart', defaultMessage: 'The attempt could not start' },
  ruleQuestions: {
    id: 'assessments.ruleQuestions',
    defaultMessage: '{count, plural, one {# question} other {# questions}}, {points} points; {passing}% to pass.',
  },
  ruleTimeLimit: {
    id: 'assessments.ruleTimeLimit',
    defaultMessage:
      'Time limit: {duration}, counted from the moment you start, even if you close the page. When the time is up, the answers you saved are submitted.',
  },
  ruleNoTimeLimit: { id: 'assessments.ruleNoTimeLimit', defaultMessage: 'No time limit.' },
  ruleUnlimited: {
    id: 'assessments.ruleUnlimited',
    defaultMessage: 'Unlimited attempts ({used} used). {counting}.',
  },
  ruleAttemptsLeft: {
    id: 'assessments.ruleAttemptsLeft',
    defaultMessage: '{left} of {allowed, plural, one {# attempt} other {# attempts}} left. {counting}.',
  },
  ruleOneAtATime: {
    id: 'assessments.ruleOneAtATime',
    defaultMessage: 'One question at a time; you can go back to any question before you submit.',
  },
  ruleAllOnOnePage: { id: 'assessments.ruleAllOnOnePage', defaultMessage: 'All questions on one page.' },
  ruleSaved: { id: 'assessments.ruleSaved', defaultMessage: 'Each answer is saved as you give it.' },
  ruleOpens: { id: 'assessments.ruleOpens', defaultMessage: 'Opens {date}.' },
  ruleDue: { id: 'assessments.ruleDue', defaultMessage: 'Due {date}.' },
  ruleDueLate: {
    id: 'assessments.ruleDueLate',
    defaultMessage: 'Due {date}. Late submissions until {closes}.',
  },
  ruleDueLatePenalty: {
    id: 'assessments.ruleDueLatePenalty',
    defaultMessage: 'Due {date}. Late submissions until {closes}, {penalty}% off per day late.',
  },
  ruleCloses: { id: 'assessments.ruleCloses', defaultMessage: 'Closes {date}.' },
  instructions: { id: 'assessments.instructions', defaultMessage: 'Instructions' },
  beforeYouStart: { id: 'assessments.beforeYouStart', defaultMessage: 'Before you start' },
  resumeAttempt: { id: 'assessments.resumeAttempt', defaultMessage: 'Resume attempt' },
  inProgressNote: {
    id: 'assessments.inProgressNote',
    defaultMessage: 'Your attempt is in progress; the clock keeps running.',
  },
  accessPassword: { id: 'assessments.accessPassword', defaultMessage: 'Access password' },
  accessPasswordHint: { id: 'assessments.accessPasswordHint', defaultMessage: 'Your teacher gives it to you.' },
  startNewAttempt: { id: 'assessments.startNewAttempt', defaultMessage: 'Start a new attempt' },
  startAttempt: { id: 'assessments.startAttempt', defaultMessage: 'Start attempt' },
  cannotStart: { id: 'assessments.cannotStart', defaultMessage: 'You cannot start this assessment now' },
  notOpen: { id: 'assessments.notOpen', defaultMessage: 'It is not open.' },
  backToCourse: { id: 'assessments.backToCourse', defaultMessage: 'Back to the course' },
  // The attempt page.
  attempt: { id: 'assessments.attempt', defaultMessage: 'Attempt' },
  receiptTitle: { id: 'assessments.receiptTitle', defaultMessage: 'Receipt · {title}' },
  loadingAttempt: { id: 'assessments.loadingAttempt', defaultMessage: 'Loading the attempt' },
  attemptLoadFailed: { id: 'assessments.attemptLoadFailed', defaultMessage: 'The attempt could not be loaded' },
});
