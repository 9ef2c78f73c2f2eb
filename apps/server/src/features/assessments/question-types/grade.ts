import type { Grade } from '@lyceum/contract';

/** Points rounded to 1/100, so that 1/3 of 1 point is 0.33 everywhere it is shown or summed. */
export function roundPoints(value: number): number {
  return Math.round(value * 100) / 100;
}

/** A grade for `fraction` (0…1) of `points`. */
export function gradeOf(fraction: number, points: number): Grade {
  const clamped = Math.min(1, Math.max(0, fraction));
  return { score: roundPoints(points * clamped), maxScore: points, correct: clamped >= 1, needsManual: false };
}

/** A grade left to a person. */
export function manualGrade(points: number): Grade {
  return { score: 0, maxScore: points, correct: null, needsManual: true };
}

/** Unicode NFC and, unless told otherwise, nothing else: the base of every text comparison. */
export function normaliseText(
  text: string,
  rules: { caseSensitive: boolean; accentSensitive: boolean; trimWhitespace: boolean },
): string {
  let value = text.normalize('NFC');
  if (rules.trimWhitespace) value = value.trim();
  if (!rules.accentSensitive) value = value.normalize('NFD').replace(/\p{M}/gu, '').normalize('NFC');
  if (!rules.caseSensitive) value = value.toLocaleLowerCase('und');
  return value;
}
