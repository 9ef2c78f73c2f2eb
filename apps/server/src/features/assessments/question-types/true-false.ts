import type { Grade, TrueFalseKey, TrueFalseResponse } from '@lyceum/contract';
import { gradeOf } from './grade.js';

/** All or nothing. */
export function gradeTrueFalse(key: TrueFalseKey, response: TrueFalseResponse, points: number): Grade {
  return gradeOf(response.answer === key.answer ? 1 : 0, points);
}
