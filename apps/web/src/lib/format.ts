import { formatDateTime as formatMoment } from '@lyceum/contract/constants';
import { displayTimeZone } from './time-zone';

// Counts and ratings stay in English digits and separators for now: a page switched to another language before
// every part of it had hydrated found "4.5" where the server wrote "4,5" (React error 418 in e2e/i18n.spec.ts).
const countFormat = new Intl.NumberFormat('en');
const ratingFormat = new Intl.NumberFormat('en', { minimumFractionDigits: 1, maximumFractionDigits: 2 });

/** 1234 → "1,234". */
export function formatCount(value: number): string {
  return countFormat.format(value);
}

/** 4.666… → "4.67"; 4 → "4.0". */
export function formatRating(value: number): string {
  return ratingFormat.format(value);
}

/**
 * Spec §2 forum dates: weekday, day, month, hour and minute on a 12-hour clock — "Sun 22 Nov, 4:05 pm" — through the
 * one date helper (issue 46.9), in `timeZone` or else the user's (My Account; the browser's when none).
 */
export function formatDateTime(value: string | Date, timeZone?: string): string {
  return formatMoment(value, { style: 'weekday', hour12: true, timeZone: timeZone ?? displayTimeZone() });
}

/** A file size as people read it: "840 B", "12 KB", "3.4 MB". */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
