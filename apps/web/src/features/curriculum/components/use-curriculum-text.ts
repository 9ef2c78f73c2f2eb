import { useIntl } from '@/i18n/intl';
import { curriculumMessages as messages } from '../messages';
import { kindCounts, placeOf, progressNoun } from './item-counts';

/**
 * The curriculum's figures in the page's language: durations ("1 h 25 min"), what a list holds ("2 lessons ·
 * 1 assessment"), "Lesson 3 of 10" and "2 of 10 lessons completed" (the words of item-counts.ts and format.ts).
 */
export function useCurriculumText() {
  const intl = useIntl();
  const duration = (minutes: number): string => {
    if (minutes < 60) return intl.formatMessage(messages.minutes, { minutes });
    const hours = Math.floor(minutes / 60);
    const rest = minutes % 60;
    return rest === 0
      ? intl.formatMessage(messages.hours, { hours })
      : intl.formatMessage(messages.hoursMinutes, { hours, minutes: rest });
  };
  const counts = (items: readonly { kind: string }[]): string => {
    const { lessons, assessments } = kindCounts(items);
    const lessonText = intl.formatMessage(messages.lessons, { count: lessons });
    const assessmentText = intl.formatMessage(messages.assessments, { count: assessments });
    if (assessments === 0) return lessonText;
    if (lessons === 0) return assessmentText;
    return `${lessonText} · ${assessmentText}`;
  };
  const place = (items: Parameters<typeof placeOf>[0], itemId: string): string | null => {
    const found = placeOf(items, itemId);
    return found ? intl.formatMessage(messages.place, found) : null;
  };
  const progress = (completed: number, total: number, items: Parameters<typeof progressNoun>[0]): string =>
    intl.formatMessage(messages.progressCompleted, { completed, total, noun: progressNoun(items) });
  const percent = (value: number): string => intl.formatMessage(messages.percent, { value: value / 100 });
  return { intl, duration, counts, place, progress, percent };
}
