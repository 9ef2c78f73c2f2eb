import type { Grade, MultipleChoiceBody, MultipleChoiceKey, MultipleChoiceResponse } from '@lyceum/contract';
import { gradeOf } from './grade.js';

/** The weight (percent) of one choice: its explicit weight, else the default of the question's mode. */
export function choiceWeight(key: MultipleChoiceKey, body: MultipleChoiceBody, choiceId: string): number {
  const explicit = key.weights[choiceId];
  if (explicit !== undefined) return explicit;
  const share = 100 / key.correct.length;
  if (key.correct.includes(choiceId)) return body.multiple ? share : 100;
  return body.multiple ? -share : 0;
}

/**
 * Σ weights of the chosen choices, clamped to 0…100 % of the points. Unknown or repeated ids count once or not
 * at all; a single-answer question with more than one choice chosen scores 0.
 */
export function gradeMultipleChoice(
  key: MultipleChoiceKey,
  response: MultipleChoiceResponse,
  points: number,
  body: MultipleChoiceBody,
): Grade {
  const ids = new Set(body.choices.map((choice) => choice.id));
  const chosen = [...new Set(response.chosen)].filter((id) => ids.has(id));
  if (!body.multiple && chosen.length > 1) return gradeOf(0, points);
  const percent = chosen.reduce((sum, id) => sum + choiceWeight(key, body, id), 0);
  // 3 × 33.333 % must make 100 %.
  return gradeOf(percent >= 99.99 ? 1 : percent / 100, points);
}
