/**
 * "What window does this learner have for this assessment" (DESIGN §10): the one function the API, the
 * auto-submit job, the calendar feed, the class to-do lists and the UI ask: the assessment's own dates and time
 * limit, overridden by a class assignment's dates, extended by the learner's accommodation (extra time, later due
 * and close dates, extra attempts) — docs/decisions/025-assessments-and-attempts.md, 028-classes-and-access-codes.md.
 * `lib/class-window.ts` reads a learner's assignment and accommodation for an item.
 */
export interface WindowInput {
  assessment: {
    opensAt: Date | null;
    dueAt: Date | null;
    closesAt: Date | null;
    timeLimitMinutes: number | null;
    /** Attempts the assessment allows (null: unlimited); a lesson has none. */
    attemptsAllowed?: number | null;
  };
  learner: { studentId: string };
  /** Dates an assignment sets for this learner (classes issue): each one given replaces the assessment's. */
  assignment?: { opensAt?: Date | null; dueAt?: Date | null; closesAt?: Date | null };
  /** A learner's accommodation (accommodations issue). */
  accommodation?: {
    extraTimeFactor?: number;
    extraMinutes?: number;
    dueExtensionMinutes?: number;
    extraAttempts?: number;
  };
}

export interface LearnerWindow {
  opensAt: Date | null;
  dueAt: Date | null;
  closesAt: Date | null;
  /** Minutes, after any extra time; null = no limit. */
  timeLimitMinutes: number | null;
  /** Attempts allowed, with any extra attempts; null = unlimited. */
  attemptsAllowed: number | null;
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
  const allowed = assessment.attemptsAllowed ?? null;
  const attemptsAllowed = allowed === null ? null : allowed + (accommodation?.extraAttempts ?? 0);
  return { opensAt: pick('opensAt'), dueAt, closesAt, timeLimitMinutes, attemptsAllowed };
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

/**
 * Whether the learner may still answer this assessment at `now`: an attempt in progress, or another one may start
 * (the window not closed and attempts left, unlimited counting as left). Releasing the correct answers before this
 * turns false would hand out the key for the attempts to come (issue 54; the mistake notebook waits for it).
 */
export function mayAttemptAgain(
  window: LearnerWindow,
  attempts: { used: number; inProgress: boolean },
  now: Date,
): boolean {
  if (attempts.inProgress) return true;
  if (windowState(window, now) === 'closed') return false;
  return window.attemptsAllowed === null || attempts.used < window.attemptsAllowed;
}
