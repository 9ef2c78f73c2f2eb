import type { BlankKey, FillBlankKey, FillBlankResponse, Grade } from '@lyceum/contract';
import { gradeOf, normaliseText } from './grade.js';

/** Whether one typed answer matches one blank under that blank's rules. */
export function blankMatches(blank: BlankKey, typed: string): boolean {
  const value = normaliseText(typed, blank);
  if (value === '') return false;
  return blank.accepted.some((accepted) => normaliseText(accepted, blank) === value);
}

/** Each blank is worth an equal share; a missing blank is wrong. */
export function gradeFillBlank(key: FillBlankKey, response: FillBlankResponse, points: number): Grade {
  const right = key.blanks.filter((blank, index) => blankMatches(blank, response.blanks[index] ?? '')).length;
  return gradeOf(right / key.blanks.length, points);
}
