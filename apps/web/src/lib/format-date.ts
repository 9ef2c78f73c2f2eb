import { formatDate as formatDay } from '@lyceum/contract/constants';
import { displayTimeZone } from './time-zone';

/**
 * "5 March 2026" through the one date helper (issue 46.9), in `timeZone` or else the user's; '' for a value that is
 * not a date.
 */
export function formatDate(value: string | Date, timeZone?: string): string {
  return formatDay(value, { style: 'long', timeZone: timeZone ?? displayTimeZone() });
}
