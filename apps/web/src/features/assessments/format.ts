import { formatDateTime as formatMoment } from '@lyceum/contract/constants';
import { displayTimeZone } from '@/lib/time-zone';
import type { AttemptStatus } from '@lyceum/contract';

/**
 * "24 Nov 2026, 09:30" through the one date helper (issue 46.9), in `timeZone` or else the user's; '' for no date.
 */
export function formatDateTime(value: string | null | undefined, timeZone?: string): string {
  return formatMoment(value, { style: 'medium', timeZone: timeZone ?? displayTimeZone() });
}

/** "1 h 05 min 09 s" → shown as a clock: "1:05:09", "24:59", "0:09". */
export function formatClock(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  const pad = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${pad(m)}:${pad(sec)}` : `${m}:${pad(sec)}`;
}

/** "12 min 30 s" between two instants (for a receipt). */
export function formatDuration(fromIso: string, toIso: string): string {
  const seconds = Math.max(0, Math.round((Date.parse(toIso) - Date.parse(fromIso)) / 1000));
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  if (m >= 60) return `${Math.floor(m / 60)} h ${m % 60} min`;
  return m > 0 ? `${m} min ${s} s` : `${s} s`;
}

export const STATUS_COLORS: Record<AttemptStatus, string> = {
  in_progress: 'blue.8',
  submitted: 'gray.7',
  needs_grading: 'violet.9',
  graded: 'teal.9',
};

/** "8.5" / "10": points without trailing zeros. */
export function formatPoints(points: number): string {
  return String(Math.round(points * 100) / 100);
}
