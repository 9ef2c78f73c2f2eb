import type { Accommodation } from '@lyceum/contract';
import { formatDateTime as formatMoment } from '@lyceum/contract/constants';
import { displayTimeZone } from '@/lib/time-zone';

/** "× 1.5 time · +2 days · +1 attempt": an accommodation at a glance. */
export function accommodationText(acc: Accommodation): string {
  const parts: string[] = [];
  if (acc.extraTimeFactor) parts.push(`× ${acc.extraTimeFactor} time`);
  if (acc.extraTimeMinutes) parts.push(`+${acc.extraTimeMinutes} min`);
  if (acc.dueExtensionHours) {
    const h = acc.dueExtensionHours;
    parts.push(h % 24 === 0 ? `+${h / 24} day${h === 24 ? '' : 's'} to due dates` : `+${h} h to due dates`);
  }
  if (acc.extraAttempts) parts.push(`+${acc.extraAttempts} attempt${acc.extraAttempts === 1 ? '' : 's'}`);
  return parts.join(' · ') || 'No changes';
}

/** "Tue 10 Mar, 17:30" in the reader's time zone (the one date helper, issue 46.9). */
export function formatDateTime(value: string): string {
  return formatMoment(value, { style: 'weekday', timeZone: displayTimeZone() });
}
