import type { Grade, NumericAnswer, NumericKey, NumericResponse } from '@lyceum/contract';
import { gradeOf } from './grade.js';

/** Room for binary floating point: 2.1 is within 2 ± 0.1 although 2.1 − 2 = 0.10000000000000009. */
function slack(...values: number[]): number {
  return 1e-9 * Math.max(1, ...values.map(Math.abs));
}

/** Whether a value falls in an accepted answer; both bounds are inclusive. */
export function numericMatches(answer: NumericAnswer, value: number): boolean {
  if ('min' in answer) return value >= answer.min - slack(answer.min) && value <= answer.max + slack(answer.max);
  return Math.abs(value - answer.value) <= answer.tolerance + slack(answer.value, answer.tolerance);
}

/** The highest weight among the answers the value falls in. */
export function gradeNumeric(key: NumericKey, response: NumericResponse, points: number): Grade {
  const weights = key.answers.filter((answer) => numericMatches(answer, response.value)).map((answer) => answer.weight);
  return gradeOf(weights.length === 0 ? 0 : Math.max(...weights) / 100, points);
}
