import type { Grade, ShortAnswerKey, ShortAnswerResponse } from '@lyceum/contract';
import { gradeOf, manualGrade, normaliseText } from './grade.js';

/** NFC, surrounding spaces ignored and inner runs of spaces counted as one, case per the key. */
function comparable(text: string, caseSensitive: boolean): string {
  return normaliseText(text, { caseSensitive, accentSensitive: true, trimWhitespace: true }).replace(/\s+/gu, ' ');
}

/** Auto: all or nothing against the accepted answers; manual: left to a person. */
export function gradeShortAnswer(key: ShortAnswerKey, response: ShortAnswerResponse, points: number): Grade {
  if (key.mode === 'manual') return manualGrade(points);
  const value = comparable(response.text, key.caseSensitive);
  const right = value !== '' && key.accepted.some((accepted) => comparable(accepted, key.caseSensitive) === value);
  return gradeOf(right ? 1 : 0, points);
}
