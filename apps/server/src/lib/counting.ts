/**
 * The counting score (DESIGN.md §10 "Grades", docs/decisions/032-grading.md): the one function that turns a
 * learner's attempts at an assessment into the score the gradebook, "My grades", the CSV and the dashboards show,
 * and the one that turns those scores into a course total. Pure: no database, no clock (the caller passes dates).
 */

import { daysLate, latePenalty as latePenaltyRule, pointsAfterPenalty, round2 } from './late-penalty.js';

export type CountingRule = 'highest' | 'latest' | 'average';
export type AssessmentKind = 'quiz' | 'exam' | 'assignment';

/** One submitted attempt as the counting rule sees it. */
export interface CountedAttempt {
  /** Points earned before any late penalty; null while a person still has to grade part of it. */
  score: number | null;
  /** When the learner submitted it. */
  submittedAt: Date;
  /**
   * The penalty decided at submit against this learner's own due date (a class assignment's or an accommodation's
   * dates change it), as stored on the attempt; without it the policy's due date and rate decide.
   */
  penalty?: { late: boolean; percent: number | null };
}

export interface CountingPolicy {
  rule: CountingRule;
  /** The assessment's maximum points (> 0). */
  maxPoints: number;
  /** The due date for this learner; no penalty without one. */
  dueAt: Date | null;
  /** Percent of the earned points taken off per started day late (0 or null: none); at most 100 % in all. */
  latePenaltyPercentPerDay: number | null;
}

export interface AttemptPenalty {
  /** Submitted after the learner's due date. */
  late: boolean;
  /** Points taken off (never more than the attempt earned). */
  penaltyPoints: number;
}

export interface CountingScore {
  /** The counted points after penalties, rounded to 2 decimals; null when nothing is graded yet. */
  points: number | null;
  /** points / maxPoints × 100, rounded to 2 decimals; null with points. */
  percent: number | null;
  /** Some attempt that the rule would look at still needs a person: the score may change. */
  pending: boolean;
  /** The counted attempt (or, for average, any counted attempt) was submitted late. */
  late: boolean;
  /** Points the late penalty took off what is counted (for average: the mean penalty). */
  penaltyPoints: number;
  /** How many graded attempts the rule counted. */
  attemptsCounted: number;
  /** A teacher's override replaced the computed score. */
  overridden: boolean;
}

export { daysLate, round2 };

/**
 * The late penalty of one attempt in points: the one rule (lib/late-penalty.ts) applied to the points the attempt
 * earned, so a late attempt never goes below 0 points and the gradebook agrees with the attempt's own score.
 */
export function latePenalty(
  score: number,
  submittedAt: Date,
  policy: CountingPolicy,
  stored?: CountedAttempt['penalty'],
): AttemptPenalty {
  const penalty = stored
    ? { late: stored.late, percent: stored.percent ?? 0 }
    : latePenaltyRule(submittedAt, policy.dueAt, policy.latePenaltyPercentPerDay);
  return { late: penalty.late, penaltyPoints: round2(score - pointsAfterPenalty(score, penalty.percent)) };
}

/**
 * The counting score of one learner for one assessment. Each attempt's late penalty is applied first, then the
 * rule: highest (best penalised attempt), latest (the last submitted) or average (mean of graded attempts).
 * Attempts still being graded are left out (and make the result `pending`; for "latest", a pending last attempt
 * means no score yet). `override` (a teacher's gradebook override, in points) wins over everything.
 */
export function countingScore(
  attempts: readonly CountedAttempt[],
  policy: CountingPolicy,
  override: number | null = null,
): CountingScore {
  const percentOf = (points: number | null) =>
    points === null || policy.maxPoints <= 0 ? null : round2((points / policy.maxPoints) * 100);
  const ordered = [...attempts].sort((a, b) => a.submittedAt.getTime() - b.submittedAt.getTime());
  const graded = ordered
    .filter((a): a is CountedAttempt & { score: number } => a.score !== null)
    .map((a) => {
      const raw = Math.max(0, Math.min(a.score, policy.maxPoints));
      const penalty = latePenalty(raw, a.submittedAt, policy, a.penalty);
      return { ...a, points: round2(raw - penalty.penaltyPoints), penalty };
    });
  const anyPending = graded.length < ordered.length;

  let result: Omit<CountingScore, 'percent' | 'overridden'>;
  /** The unrounded mean, so that the percent of an average is not computed from a rounded number. */
  let exact: number | null = null;
  if (policy.rule === 'latest') {
    const last = ordered.at(-1);
    const counted = last && last.score !== null ? graded.at(-1) : undefined;
    result = counted
      ? {
          points: counted.points,
          pending: false,
          late: counted.penalty.late,
          penaltyPoints: counted.penalty.penaltyPoints,
          attemptsCounted: 1,
        }
      : { points: null, pending: anyPending, late: false, penaltyPoints: 0, attemptsCounted: 0 };
  } else if (graded.length === 0) {
    result = { points: null, pending: anyPending, late: false, penaltyPoints: 0, attemptsCounted: 0 };
  } else if (policy.rule === 'highest') {
    // Ties go to the earlier attempt (the one that reached the score first).
    const best = graded.reduce((top, a) => (a.points > top.points ? a : top));
    result = {
      points: best.points,
      pending: anyPending,
      late: best.penalty.late,
      penaltyPoints: best.penalty.penaltyPoints,
      attemptsCounted: graded.length,
    };
  } else {
    const sum = graded.reduce((total, a) => total + a.points, 0);
    const penalties = graded.reduce((total, a) => total + a.penalty.penaltyPoints, 0);
    exact = sum / graded.length;
    result = {
      points: round2(exact),
      pending: anyPending,
      late: graded.some((a) => a.penalty.late),
      penaltyPoints: round2(penalties / graded.length),
      attemptsCounted: graded.length,
    };
  }
  if (override !== null) {
    const points = round2(Math.max(0, override));
    return { ...result, points, percent: percentOf(points), pending: false, overridden: true };
  }
  return { ...result, percent: percentOf(exact ?? result.points), overridden: false };
}

/** One assessment's line in a course total. */
export interface TotalEntry {
  kind: AssessmentKind;
  maxPoints: number;
  /** The counting score's points; null when there is none yet (left out of the total). */
  points: number | null;
  /** Nothing was submitted and the assessment is closed: counts as 0 instead of being left out. */
  missing?: boolean;
}

/** Weight in percent of each assessment kind in the course total; kinds absent from the map weigh 0. */
export type KindWeights = Partial<Record<AssessmentKind, number>>;

export interface CourseTotal {
  /** The weighted percent (0..100, 2 decimals); null when no assessment has a score yet. */
  percent: number | null;
  /** Per kind: the points-weighted percent of that kind (null when nothing of that kind counts yet). */
  byKind: Record<AssessmentKind, number | null>;
}

/**
 * The course total: within a kind, the points earned over the points possible of the assessments that count
 * (graded, or missing = 0); across kinds, the kinds' percents weighted by `weights`, re-normalised over the
 * kinds that have something counted (Canvas's "weighted groups"); a kind weighted 0 does not count. Without
 * weights (all 0 or none), the plain ratio of all points earned to all points possible.
 */
export function courseTotal(entries: readonly TotalEntry[], weights: KindWeights = {}): CourseTotal {
  const kinds: AssessmentKind[] = ['quiz', 'exam', 'assignment'];
  const sums = new Map<AssessmentKind, { earned: number; possible: number }>();
  for (const entry of entries) {
    if (entry.maxPoints <= 0) continue;
    const earned = entry.points ?? (entry.missing ? 0 : null);
    if (earned === null) continue;
    const sum = sums.get(entry.kind) ?? { earned: 0, possible: 0 };
    sum.earned += earned;
    sum.possible += entry.maxPoints;
    sums.set(entry.kind, sum);
  }
  const byKind = Object.fromEntries(
    kinds.map((kind) => {
      const sum = sums.get(kind);
      return [kind, sum ? round2((sum.earned / sum.possible) * 100) : null];
    }),
  ) as Record<AssessmentKind, number | null>;
  if (sums.size === 0) return { percent: null, byKind };

  const hasWeights = kinds.some((kind) => (weights[kind] ?? 0) > 0);
  if (!hasWeights) {
    let earned = 0;
    let possible = 0;
    for (const sum of sums.values()) {
      earned += sum.earned;
      possible += sum.possible;
    }
    return { percent: round2((earned / possible) * 100), byKind };
  }
  // A kind weighted 0 does not count; weighted kinds without anything counted yet are left out.
  const weighted = kinds.filter((kind) => sums.has(kind) && (weights[kind] ?? 0) > 0);
  if (weighted.length === 0) return { percent: null, byKind };
  const weightSum = weighted.reduce((total, kind) => total + (weights[kind] ?? 0), 0);
  const percent = weighted.reduce((total, kind) => {
    const sum = sums.get(kind)!;
    return total + ((sum.earned / sum.possible) * 100 * (weights[kind] ?? 0)) / weightSum;
  }, 0);
  return { percent: round2(percent), byKind };
}
