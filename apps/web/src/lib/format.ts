import { currentFormatLocale, formatDateTime as formatMoment } from '@lyceum/contract/constants';
import { displayTimeZone } from './time-zone';

const numberFormats = new Map<string, Intl.NumberFormat>();

/** Numbers in the page's language (its digits and separators), one formatter per language and style. */
function numberFormat(style: 'count' | 'rating'): Intl.NumberFormat {
  const locale = currentFormatLocale();
  const key = `${style}|${locale}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(
      locale,
      style === 'rating' ? { minimumFractionDigits: 1, maximumFractionDigits: 2 } : {},
    );
    numberFormats.set(key, format);
  }
  return format;
}

/** 1234 → "1,234" (in English). */
export function formatCount(value: number): string {
  return numberFormat('count').format(value);
}

/** 4.666… → "4.67"; 4 → "4.0" (in English). */
export function formatRating(value: number): string {
  return numberFormat('rating').format(value);
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
