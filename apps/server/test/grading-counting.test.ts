import { describe, expect, it } from 'vitest';
import {
  countingScore,
  courseTotal,
  daysLate,
  type CountedAttempt,
  type CountingPolicy,
  type KindWeights,
  type TotalEntry,
} from '../src/lib/counting.js';

const DUE = new Date('2026-03-10T23:59:00Z');
const at = (iso: string) => new Date(iso);
const onTime = (score: number | null, iso = '2026-03-09T10:00:00Z'): CountedAttempt => ({
  score,
  submittedAt: at(iso),
});
const policy = (rule: CountingPolicy['rule'], extra: Partial<CountingPolicy> = {}): CountingPolicy => ({
  rule,
  maxPoints: 20,
  dueAt: DUE,
  latePenaltyPercentPerDay: null,
  ...extra,
});

describe('counting score: highest | latest | average (table)', () => {
  const cases: {
    name: string;
    rule: CountingPolicy['rule'];
    attempts: CountedAttempt[];
    points: number | null;
    percent: number | null;
    pending: boolean;
  }[] = [
    {
      name: 'highest of three',
      rule: 'highest',
      attempts: [onTime(12, '2026-03-01T10:00:00Z'), onTime(18, '2026-03-02T10:00:00Z'), onTime(9)],
      points: 18,
      percent: 90,
      pending: false,
    },
    {
      name: 'latest is the last submitted, not the last listed',
      rule: 'latest',
      attempts: [onTime(9, '2026-03-05T10:00:00Z'), onTime(18, '2026-03-02T10:00:00Z')],
      points: 9,
      percent: 45,
      pending: false,
    },
    {
      name: 'average of three',
      rule: 'average',
      attempts: [onTime(12, '2026-03-01T10:00:00Z'), onTime(18, '2026-03-02T10:00:00Z'), onTime(10)],
      points: 13.33,
      percent: 66.67,
      pending: false,
    },
    { name: 'no attempts', rule: 'highest', attempts: [], points: null, percent: null, pending: false },
    {
      name: 'highest ignores an attempt still being graded, and says so',
      rule: 'highest',
      attempts: [onTime(12, '2026-03-01T10:00:00Z'), onTime(null)],
      points: 12,
      percent: 60,
      pending: true,
    },
    {
      name: 'latest waits for a last attempt still being graded',
      rule: 'latest',
      attempts: [onTime(12, '2026-03-01T10:00:00Z'), onTime(null)],
      points: null,
      percent: null,
      pending: true,
    },
    {
      name: 'average of the graded ones only',
      rule: 'average',
      attempts: [onTime(12, '2026-03-01T10:00:00Z'), onTime(16, '2026-03-02T10:00:00Z'), onTime(null)],
      points: 14,
      percent: 70,
      pending: true,
    },
    {
      name: 'a score above the maximum is capped at the maximum',
      rule: 'highest',
      attempts: [onTime(25)],
      points: 20,
      percent: 100,
      pending: false,
    },
  ];
  it.each(cases)('$name', ({ rule, attempts, points, percent, pending }) => {
    const result = countingScore(attempts, policy(rule));
    expect(result.points).toBe(points);
    expect(result.percent).toBe(percent);
    expect(result.pending).toBe(pending);
    expect(result.overridden).toBe(false);
  });
});

describe('late penalty: % of the earned points per started day late, at most 100 %, never below 0 (table)', () => {
  it.each([
    { submitted: '2026-03-10T23:58:59Z', days: 0 },
    { submitted: '2026-03-10T23:59:00Z', days: 0 },
    { submitted: '2026-03-10T23:59:01Z', days: 1 },
    { submitted: '2026-03-11T23:59:00Z', days: 1 },
    { submitted: '2026-03-11T23:59:01Z', days: 2 },
    { submitted: '2026-03-20T12:00:00Z', days: 10 },
  ])('submitted $submitted is $days day(s) late', ({ submitted, days }) => {
    expect(daysLate(at(submitted), DUE)).toBe(days);
  });

  it.each([
    // [name, earned, submitted, % per day, counted points, late] — 10 %/day of what the attempt earned.
    ['on time: no penalty', 16, '2026-03-10T20:00:00Z', 10, 16, false],
    ['1 day late: −10 %', 16, '2026-03-11T08:00:00Z', 10, 14.4, true],
    ['3 days late: −30 %', 16, '2026-03-13T08:00:00Z', 10, 11.2, true],
    ['9 days late: −90 %', 16, '2026-03-19T08:00:00Z', 10, 1.6, true],
    ['10 days late: nothing left', 16, '2026-03-20T08:00:00Z', 10, 0, true],
    ['15 days late: 150 % is capped at 100 %, never below 0', 20, '2026-03-25T08:00:00Z', 10, 0, true],
    ['no penalty rate: late but full', 16, '2026-03-13T08:00:00Z', 0, 16, true],
    ['2.5 %/day, 1 day: 15 × 0.975', 15, '2026-03-11T08:00:00Z', 2.5, 14.63, true],
  ] as const)('%s', (_name, score, submitted, rate, points, late) => {
    const result = countingScore([onTime(score, submitted)], policy('highest', { latePenaltyPercentPerDay: rate }));
    expect(result.points).toBe(points);
    expect(result.late).toBe(late);
  });

  it('applies the penalty per attempt before the rule: an on-time 14 beats a late 18 at 10 %/day × 3', () => {
    const attempts = [onTime(14, '2026-03-09T10:00:00Z'), onTime(18, '2026-03-13T10:00:00Z')];
    const highest = countingScore(attempts, policy('highest', { latePenaltyPercentPerDay: 10 }));
    expect(highest).toMatchObject({ points: 14, late: false, penaltyPoints: 0 });
    const latest = countingScore(attempts, policy('latest', { latePenaltyPercentPerDay: 10 }));
    expect(latest).toMatchObject({ points: 12.6, late: true, penaltyPoints: 5.4 });
    const average = countingScore(attempts, policy('average', { latePenaltyPercentPerDay: 10 }));
    expect(average).toMatchObject({ points: 13.3, late: true, penaltyPoints: 2.7 });
  });

  it('without a due date nothing is late', () => {
    const result = countingScore(
      [onTime(10, '2030-01-01T00:00:00Z')],
      policy('highest', { dueAt: null, latePenaltyPercentPerDay: 50 }),
    );
    expect(result).toMatchObject({ points: 10, late: false });
  });

  it("a teacher's override wins over the computed score and clears pending", () => {
    const result = countingScore([onTime(12), onTime(null, '2026-03-10T10:00:00Z')], policy('latest'), 17.5);
    expect(result).toMatchObject({ points: 17.5, percent: 87.5, pending: false, overridden: true });
  });
});

describe('course total with weights per assessment kind (table)', () => {
  const quizA: TotalEntry = { kind: 'quiz', maxPoints: 10, points: 8 }; // 80 %
  const quizB: TotalEntry = { kind: 'quiz', maxPoints: 30, points: 15 }; // quizzes: 23/40 = 57.5 %
  const exam: TotalEntry = { kind: 'exam', maxPoints: 100, points: 70 }; // 70 %
  const essay: TotalEntry = { kind: 'assignment', maxPoints: 20, points: 18 }; // 90 %
  const cases: { name: string; entries: TotalEntry[]; weights: KindWeights; percent: number | null }[] = [
    {
      name: 'no weights: all points over all possible',
      entries: [quizA, quizB, exam, essay],
      weights: {},
      percent: 69.38,
    },
    {
      name: 'quiz 20 / exam 50 / assignment 30',
      entries: [quizA, quizB, exam, essay],
      weights: { quiz: 20, exam: 50, assignment: 30 },
      percent: 73.5, // 57.5×0.2 + 70×0.5 + 90×0.3
    },
    {
      name: 'weights re-normalised over kinds with a score (no exam yet)',
      entries: [quizA, quizB, { kind: 'exam', maxPoints: 100, points: null }, essay],
      weights: { quiz: 20, exam: 50, assignment: 30 },
      percent: 77, // (57.5×20 + 90×30) / 50
    },
    {
      name: 'a missing, closed assessment counts as 0',
      entries: [quizA, quizB, { kind: 'exam', maxPoints: 100, points: null, missing: true }, essay],
      weights: { quiz: 20, exam: 50, assignment: 30 },
      percent: 38.5, // 57.5×0.2 + 0 + 90×0.3
    },
    {
      name: 'a kind weighted 0 does not count',
      entries: [quizA, exam],
      weights: { quiz: 0, exam: 100 },
      percent: 70,
    },
    {
      name: 'nothing graded yet',
      entries: [{ kind: 'quiz', maxPoints: 10, points: null }],
      weights: {},
      percent: null,
    },
    {
      name: 'weights set, only an unweighted kind graded',
      entries: [quizA],
      weights: { exam: 100 },
      percent: null,
    },
  ];
  it.each(cases)('$name', ({ entries, weights, percent }) => {
    expect(courseTotal(entries, weights).percent).toBe(percent);
  });

  it('reports each kind’s own percent', () => {
    expect(courseTotal([quizA, quizB, exam]).byKind).toEqual({ quiz: 57.5, exam: 70, assignment: null });
  });
});
