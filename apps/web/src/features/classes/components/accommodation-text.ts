import type { Accommodation } from '@lyceum/contract';

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

const dateTime = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** "Tue, Mar 10, 5:30 PM" in the reader's time zone. */
export function formatDateTime(value: string): string {
  return dateTime.format(new Date(value));
}
