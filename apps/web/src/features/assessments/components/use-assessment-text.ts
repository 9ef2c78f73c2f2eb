import type { AssessmentKind, CountingRule } from '@lyceum/contract';
import { useIntl } from '@/i18n/intl';
import { assessmentsMessages as messages } from '../messages';

const KINDS = { quiz: messages.kindQuiz, exam: messages.kindExam, assignment: messages.kindAssignment } as const;
const COUNTING = {
  highest: messages.countingHighest,
  latest: messages.countingLatest,
  average: messages.countingAverage,
} as const;

/** Assessment labels in the page's language: kinds, counting rules, "1 hour 30 minutes". */
export function useAssessmentText() {
  const intl = useIntl();
  return {
    intl,
    kindLabel: (kind: AssessmentKind) => intl.formatMessage(KINDS[kind]),
    countingLabel: (rule: CountingRule) => intl.formatMessage(COUNTING[rule]),
    minutesLong: (total: number) => {
      const hours = Math.floor(total / 60);
      const minutes = total % 60;
      return intl.formatMessage(messages.durationLong, {
        hours,
        minutes,
        both: hours > 0 && minutes > 0 ? 'yes' : 'no',
      });
    },
  };
}
