import type { Accommodation } from '@lyceum/contract';

export interface Dates {
  opensAt: Date | null;
  dueAt: Date | null;
  closesAt: Date | null;
}

export interface LearnerWindow extends Dates {
  /** The attempt's time limit with the learner's extra time (null: untimed). */
  timeLimitMinutes: number | null;
  /** Attempts allowed with the learner's extra attempts (null: unlimited). */
  attemptsAllowed: number | null;
  accommodation: Accommodation | null;
}

const HOUR_MS = 3_600_000;

/**
 * THE window of one learner for one piece of work (DESIGN §10 "Time and dates", ADR 028): the item's own dates
 * (an assessment's), overridden field by field by the assignment's, then extended by the learner's
 * accommodation — the assignment's own when there is one, else the class-wide one. The due and close dates move
 * by the extension; the time limit grows by the factor or the minutes; extra attempts add up.
 */
export function learnerWindow(
  base: Dates & { timeLimitMinutes?: number | null; attemptsAllowed?: number | null },
  assignment: Dates | null,
  accommodation: Accommodation | null,
): LearnerWindow {
  const pick = (key: keyof Dates) => assignment?.[key] ?? base[key];
  const extension = (accommodation?.dueExtensionHours ?? 0) * HOUR_MS;
  const shift = (date: Date | null) => (date && extension ? new Date(date.getTime() + extension) : date);
  const limit = base.timeLimitMinutes ?? null;
  let timeLimitMinutes = limit;
  if (limit !== null && accommodation?.extraTimeFactor)
    timeLimitMinutes = Math.ceil(limit * accommodation.extraTimeFactor);
  else if (limit !== null && accommodation?.extraTimeMinutes) timeLimitMinutes = limit + accommodation.extraTimeMinutes;
  const attempts = base.attemptsAllowed ?? null;
  return {
    opensAt: pick('opensAt'),
    dueAt: shift(pick('dueAt')),
    closesAt: shift(pick('closesAt')),
    timeLimitMinutes,
    attemptsAllowed: attempts === null ? null : attempts + (accommodation?.extraAttempts ?? 0),
    accommodation,
  };
}
