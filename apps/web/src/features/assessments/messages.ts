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
});
