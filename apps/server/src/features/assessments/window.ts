/**
 * "What window does this learner have for this assessment" (DESIGN §10): the one function the API, the
 * auto-submit job, the calendar and the UI ask. Today it is the assessment's own dates and time limit; the
 * classes issue adds an assignment's dates and the accommodations issue a learner's extra time, as new optional
 * fields of the input (docs/decisions/025-assessments-and-attempts.md).
 */
export interface WindowInput {
  assessment: {
    opensAt: Date | null;
    dueAt: Date | null;
    closesAt: Date | null;
    timeLimitMinutes: number | null;
  };
  learner: { studentId: string };
  /** Dates an assignment sets for this learner (classes issue): each one given replaces the assessment's. */
  assignment?: { opensAt?: Date | null; dueAt?: Date | null; closesAt?: Date | null };
  /** A learner's accommodation (accommodations issue). */
  accommodation?: { extraTimeFactor?: number; extraMinutes?: number; dueExtensionMinutes?: number };
}

export interface LearnerWindow {
  opensAt: Date | null;
  dueAt: Date | null;
  closesAt: Date | null;
  /** Minutes, after any extra time; null = no limit. */
  timeLimitMinutes: number | null;
}

const MINUTE = 60_000;

export function learnerWindow(input: WindowInput): LearnerWindow {
  const { assessment, assignment, accommodation } = input;
  const pick = (key: 'opensAt' | 'dueAt' | 'closesAt') =>
    assignment && assignment[key] !== undefined ? assignment[key]! : assessment[key];
  let dueAt = pick('dueAt');
  let closesAt = pick('closesAt');
  const extension = accommodation?.dueExtensionMinutes ?? 0;
  if (extension > 0) {
    if (dueAt) dueAt = new Date(dueAt.getTime() + extension * MINUTE);
    if (closesAt) closesAt = new Date(closesAt.getTime() + extension * MINUTE);
  }
  let timeLimitMinutes = assessment.timeLimitMinutes;
  if (timeLimitMinutes !== null && accommodation) {
    timeLimitMinutes = Math.ceil(
      timeLimitMinutes * (accommodation.extraTimeFactor ?? 1) + (accommodation.extraMinutes ?? 0),
    );
  }
  return { opensAt: pick('opensAt'), dueAt, closesAt, timeLimitMinutes };
}

/** An attempt's deadline: start + time limit, capped by the close date; null when neither applies. */
export function attemptDeadline(window: LearnerWindow, startedAt: Date): Date | null {
  const byLimit =
    window.timeLimitMinutes === null ? null : new Date(startedAt.getTime() + window.timeLimitMinutes * MINUTE);
  if (byLimit && window.closesAt) return byLimit < window.closesAt ? byLimit : window.closesAt;
  return byLimit ?? window.closesAt;
}

/** Whether the window is open at `now` for starting an attempt; the reason when not. */
export function windowState(window: LearnerWindow, now: Date): 'open' | 'not_open' | 'closed' {
  if (window.opensAt && now < window.opensAt) return 'not_open';
  if (window.closesAt && now >= window.closesAt) return 'closed';
  return 'open';
}
