import { dayInZone } from '@lyceum/contract/constants';

/** Days as 'YYYY-MM-DD' in the reader's time zone; the arithmetic is on calendar days, so no zone can shift it. */
export type Day = string;
export const CALENDAR_VIEWS = ['month', 'week', 'agenda'] as const;
export type CalendarView = (typeof CALENDAR_VIEWS)[number];

/** How many days the agenda shows from its first. */
export const AGENDA_DAYS = 28;

/** The day an instant falls on in `timeZone`. */
export const dayOf = (instant: string | Date, timeZone: string): Day => dayInZone(instant, timeZone);

/** Noon UTC of the day: a Date to format the day's name with `timeZone: 'UTC'`. */
export const dateOfDay = (day: Day) => new Date(`${day}T12:00:00Z`);

export function addDays(day: Day, count: number): Day {
  const date = dateOfDay(day);
  date.setUTCDate(date.getUTCDate() + count);
  return date.toISOString().slice(0, 10);
}

/** Weeks start on Monday (ISO 8601, as in most of the schools' countries). */
export function weekStart(day: Day): Day {
  return addDays(day, -((dateOfDay(day).getUTCDay() + 6) % 7));
}

const monthStart = (day: Day): Day => `${day.slice(0, 8)}01`;

function addMonths(day: Day, count: number): Day {
  const date = dateOfDay(monthStart(day));
  date.setUTCMonth(date.getUTCMonth() + count);
  return date.toISOString().slice(0, 10);
}

/** The days a view shows around `anchor`: a month's whole weeks, a week, or the agenda's four weeks. */
export function daysOf(view: CalendarView, anchor: Day): Day[] {
  if (view === 'week') return Array.from({ length: 7 }, (_, i) => addDays(weekStart(anchor), i));
  if (view === 'agenda') return Array.from({ length: AGENDA_DAYS }, (_, i) => addDays(anchor, i));
  const first = weekStart(monthStart(anchor));
  const next = addMonths(anchor, 1);
  const days: Day[] = [];
  for (let day = first; day < next || days.length % 7 !== 0; day = addDays(day, 1)) days.push(day);
  return days;
}

/** The anchor one step before (-1) or after (1): a month, a week, or the agenda's length. */
export function stepAnchor(view: CalendarView, anchor: Day, direction: 1 | -1): Day {
  if (view === 'month') return addMonths(anchor, direction);
  return addDays(anchor, direction * (view === 'week' ? 7 : AGENDA_DAYS));
}

/**
 * The instants to ask the server for: the shown days, widened by 14 hours either side so that every time zone's
 * days are covered (the widest offsets are -12 and +14 hours); at most 44 days (CALENDAR_MAX_DAYS).
 */
export function rangeOf(days: readonly Day[]): { from: string; to: string } {
  const widen = 14 * 3_600_000;
  const from = new Date(Date.parse(`${days[0]}T00:00:00Z`) - widen);
  const to = new Date(Date.parse(`${addDays(days.at(-1)!, 1)}T00:00:00Z`) + widen);
  return { from: from.toISOString(), to: to.toISOString() };
}
