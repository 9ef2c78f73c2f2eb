import { describe, expect, it } from 'vitest';
import {
  analyseItems,
  groupSize,
  type AnalysedAttempt,
  type AnalysedQuestion,
} from '../src/features/grading/item-analysis.js';

/**
 * A hand-computed fixture: 10 attempts ranked s1 (best) … s10, so the 27 % groups are 3 attempts each:
 * top = s1, s2, s3; bottom = s8, s9, s10.
 *
 * q1, multiple choice (2 points, key a; d is never picked):
 *   s1 a 2 · s2 a 2 · s3 b 0 · s4 a 2 · s5 a 2 · s6 c 0 · s7 a 2 · s8 b 0 · s9 c 0 · s10 a 2
 *   facility = 6 × 1 / 10 = 0.6; top 2/3, bottom 1/3 → D = 0.333; counts a 6, b 2, c 2, d 0 → d unused.
 * q2, essay (4 points), s7 not graded yet:
 *   shares 1, .75, 1, .5, .5, .25, —, .25, 0, 0 → facility = 4.25 / 9 = 0.472
 *   top (1 + .75 + 1) / 3 = .917, bottom (.25 + 0 + 0) / 3 = .083 → D = 0.833.
 * q3, true/false as choices (1 point, key t), drawn by s1…s8 only:
 *   s1 f · s2 f · s3 t · s4 t · s5 t · s6 t · s7 f · s8 t → facility = 5 / 8 = 0.625
 *   top 1/3, bottom (only s8 got it) 1/1 → D = −0.667 (negative); the key t was picked by 1 of 3 top → missed.
 */
const questions: AnalysedQuestion[] = [
  { id: 'q1', points: 2, choiceIds: ['a', 'b', 'c', 'd'], keyChoiceIds: ['a'] },
  { id: 'q2', points: 4 },
  { id: 'q3', points: 1, choiceIds: ['t', 'f'], keyChoiceIds: ['t'] },
];
const q1 = ['a', 'a', 'b', 'a', 'a', 'c', 'a', 'b', 'c', 'a'];
const q2 = [4, 3, 4, 2, 2, 1, null, 1, 0, 0];
const q3 = ['f', 'f', 't', 't', 't', 't', 'f', 't'];
const attempts: AnalysedAttempt[] = q1.map((pick, i) => ({
  id: `s${String(i + 1).padStart(2, '0')}`,
  total: 10 - i,
  answers: [
    { questionId: 'q1', score: pick === 'a' ? 2 : 0, choiceIds: [pick] },
    { questionId: 'q2', score: q2[i] ?? null },
    ...(i < q3.length ? [{ questionId: 'q3', score: q3[i] === 't' ? 1 : 0, choiceIds: [q3[i]!] }] : []),
  ],
}));

describe('item analysis (hand-computed fixture)', () => {
  const result = analyseItems(questions, attempts);

  it('ranks 10 attempts into top and bottom groups of 3 (27 %)', () => {
    expect(result.attempts).toBe(10);
    expect(result.groupSize).toBe(3);
  });

  it('q1: facility 0.6, discrimination 0.333, choice counts, and the distractor nobody picks', () => {
    expect(result.items[0]).toEqual({
      questionId: 'q1',
      answers: 10,
      facility: 0.6,
      discrimination: 0.333,
      choiceCounts: { a: 6, b: 2, c: 2, d: 0 },
      flags: ['unused_distractor'],
      unusedDistractors: ['d'],
      missedKeys: [],
    });
  });

  it('q2: an essay leaves the ungraded answer out: facility 0.472, discrimination 0.833, no choices', () => {
    expect(result.items[1]).toEqual({
      questionId: 'q2',
      answers: 9,
      facility: 0.472,
      discrimination: 0.833,
      choiceCounts: null,
      flags: [],
      unusedDistractors: [],
      missedKeys: [],
    });
  });

  it('q3: negative discrimination and a key most top scorers miss are both flagged', () => {
    expect(result.items[2]).toEqual({
      questionId: 'q3',
      answers: 8,
      facility: 0.625,
      discrimination: -0.667,
      choiceCounts: { t: 5, f: 3 },
      flags: ['negative_discrimination', 'key_missed_by_top'],
      unusedDistractors: [],
      missedKeys: ['t'],
    });
  });

  it('does not depend on the order the attempts come in', () => {
    const shuffled = [attempts[4]!, attempts[9]!, attempts[0]!, ...attempts.slice(5, 9), ...attempts.slice(1, 4)];
    expect(analyseItems(questions, shuffled)).toEqual(result);
  });

  it('says nothing about discrimination with one attempt, and nothing about distractors with few answers', () => {
    const one = analyseItems(questions, attempts.slice(0, 1));
    expect(one.groupSize).toBe(0);
    expect(one.items[0]).toMatchObject({ facility: 1, discrimination: null, flags: [] });
  });

  it.each([
    [1, 0],
    [2, 1],
    [3, 1],
    [7, 2],
    [10, 3],
    [100, 27],
    [500, 135],
  ])('group size of %i attempts is %i', (n, size) => {
    expect(groupSize(n)).toBe(size);
  });
});
