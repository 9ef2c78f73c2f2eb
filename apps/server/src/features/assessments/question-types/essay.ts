import type { EssayKey, EssayResponse, Grade } from '@lyceum/contract';
import { manualGrade } from './grade.js';

/** Always graded by a person. */
export function gradeEssay(_key: EssayKey, _response: EssayResponse, points: number): Grade {
  return manualGrade(points);
}
