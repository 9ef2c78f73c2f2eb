import { formatDateTime as formatMoment } from '@lyceum/contract/constants';
import { displayTimeZone } from '@/lib/time-zone';
import type { AssessmentKind, AttemptResult, AttemptStatus, CountingRule, ReleasePolicy } from '@lyceum/contract';

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

/** "1 hour 30 minutes", "45 minutes", "1 minute". */
export function formatMinutesLong(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  const part = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  if (h === 0) return part(m, 'minute');
  return m === 0 ? part(h, 'hour') : `${part(h, 'hour')} ${part(m, 'minute')}`;
}

/** "12 min 30 s" between two instants (for a receipt). */
export function formatDuration(fromIso: string, toIso: string): string {
  const seconds = Math.max(0, Math.round((Date.parse(toIso) - Date.parse(fromIso)) / 1000));
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  if (m >= 60) return `${Math.floor(m / 60)} h ${m % 60} min`;
  return m > 0 ? `${m} min ${s} s` : `${s} s`;
}

export const KIND_LABELS: Record<AssessmentKind, string> = { quiz: 'Quiz', exam: 'Exam', assignment: 'Assignment' };

export const STATUS_LABELS: Record<AttemptStatus, string> = {
  in_progress: 'In progress',
  submitted: 'Submitted',
  needs_grading: 'Needs grading',
  graded: 'Graded',
};

export const STATUS_COLORS: Record<AttemptStatus, string> = {
  in_progress: 'blue.8',
  submitted: 'gray.7',
  needs_grading: 'violet.9',
  graded: 'teal.9',
};

export const COUNTING_LABELS: Record<CountingRule, string> = {
  highest: 'Your highest score counts',
  latest: 'Your latest attempt counts',
  average: 'The average of your attempts counts',
};

export const RELEASE_LABELS: Record<ReleasePolicy, string> = {
  immediately: 'Immediately after submitting',
  after_due: 'After the due date',
  manual: 'When the teacher releases them',
};

/** "8.5" / "10": points without trailing zeros. */
export function formatPoints(points: number): string {
  return String(Math.round(points * 100) / 100);
}

/**
 * What a receipt or review tells of the score, as the release policy has it: shown now; shown once the answers a
 * person grades are graded (released, not final yet); after a date; or when the teacher releases it.
 */
export function scoreReleaseNote(result: AttemptResult, status: AttemptStatus, timeZone?: string): string {
  if (result.score !== null) return 'Your score is shown now.';
  if (result.released.score) return 'Some answers are graded by your teacher: your score is shown once they are.';
  const grading = status === 'needs_grading' ? 'Some answers are graded by your teacher. ' : '';
  return result.releasesAt
    ? `${grading}Your score will be shown after ${formatDateTime(result.releasesAt, timeZone)}.`
    : `${grading}Your score will be shown when your teacher releases it.`;
}
