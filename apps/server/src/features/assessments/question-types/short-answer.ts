import type { Grade, ShortAnswerKey, ShortAnswerResponse } from '@lyceum/contract';
import { gradeOf, manualGrade, normaliseText } from './grade.js';

/** NFC, surrounding spaces ignored and inner runs of spaces counted as one, case per the key. */
function comparable(text: string, caseSensitive: boolean): string {
  return normaliseText(text, { caseSensitive, accentSensitive: true, trimWhitespace: true }).replace(/\s+/gu, ' ');
}

/**
 * Auto: the highest weight among the accepted answers the response matches (100 % unless the key gives an answer a
 * partial weight, as Moodle's `=%50%answer`); manual: left to a person.
 */
export function gradeShortAnswer(key: ShortAnswerKey, response: ShortAnswerResponse, points: number): Grade {
  if (key.mode === 'manual') return manualGrade(points);
  const value = comparable(response.text, key.caseSensitive);
  if (value === '') return gradeOf(0, points);
  const weights = key.accepted
    .filter((accepted) => comparable(accepted, key.caseSensitive) === value)
    .map((accepted) => key.weights?.[accepted] ?? 100);
  return gradeOf(weights.length === 0 ? 0 : Math.max(...weights) / 100, points);
}
