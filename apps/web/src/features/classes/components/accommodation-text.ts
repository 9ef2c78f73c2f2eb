import type { Accommodation } from '@lyceum/contract';
import { formatDateTime as formatMoment } from '@lyceum/contract/constants';
import type { IntlShape } from '@/i18n/intl';
import { displayTimeZone } from '@/lib/time-zone';
import { classesMessages as messages } from '../messages';

/** "× 1.5 time · +2 days to due dates · +1 attempt": an accommodation at a glance, in the page's language. */
export function accommodationText(intl: IntlShape, acc: Accommodation): string {
  const t = intl.formatMessage;
  const parts: string[] = [];
  if (acc.extraTimeFactor) parts.push(t(messages.accExtraFactor, { factor: acc.extraTimeFactor }));
  if (acc.extraTimeMinutes) parts.push(t(messages.accExtraMinutes, { minutes: acc.extraTimeMinutes }));
  if (acc.dueExtensionHours) {
    const h = acc.dueExtensionHours;
    parts.push(
      h % 24 === 0 ? t(messages.accExtensionDays, { days: h / 24 }) : t(messages.accExtensionHours, { hours: h }),
    );
  }
  if (acc.extraAttempts) parts.push(t(messages.accExtraAttempts, { count: acc.extraAttempts }));
  return parts.join(' · ') || t(messages.accNone);
}

/** "Tue 10 Mar, 17:30" in the reader's time zone (the one date helper, issue 46.9). */
export function formatDateTime(value: string): string {
  return formatMoment(value, { style: 'weekday', timeZone: displayTimeZone() });
}
