import type { QuestionContent, QuestionForTaking } from '@lyceum/contract';
import type { questions } from '#db/schema/index.js';
import { blankMatches } from './question-types/fill-blank.js';
import { seededShuffle } from './shuffle.js';

type QuestionRow = typeof questions.$inferSelect;

/** A shuffle that never hands back the stored (correct) order when it can avoid it: rotated by one if it did. */
function shuffledAway<T extends { id: string }>(items: readonly T[], seed: number, label: string): T[] {
  const shuffled = seededShuffle(items, seed, label);
  if (items.length > 1 && shuffled.every((item, index) => item.id === items[index]!.id))
    return [...shuffled.slice(1), shuffled[0]!];
  return shuffled;
}

/**
 * A bank question as a learner taking it sees it (ADR 016/025): no key, no feedback; ordering items and
 * matching options always shuffled (the bank stores them in the correct order), choices and matching prompts
 * when the assessment shuffles choices; all from the attempt's seed, so every load shows the same order.
 */
export function questionForTaking(row: QuestionRow, seed: number, shuffleChoices: boolean): QuestionForTaking {
  const content = { type: row.type, body: row.body, key: row.key } as QuestionContent;
  let taking: QuestionForTaking['content'];
  switch (content.type) {
    case 'multiple_choice':
      taking = {
        type: 'multiple_choice',
        body: {
          multiple: content.body.multiple,
          choices: shuffleChoices ? seededShuffle(content.body.choices, seed, row.id) : content.body.choices,
        },
      };
      break;
    case 'matching':
      taking = {
        type: 'matching',
        body: {
          prompts: shuffleChoices ? seededShuffle(content.body.prompts, seed, `${row.id}:p`) : content.body.prompts,
          options: shuffledAway(content.body.options, seed, `${row.id}:o`),
        },
      };
      break;
    case 'ordering':
      taking = { type: 'ordering', body: { items: shuffledAway(content.body.items, seed, row.id) } };
      break;
    case 'fill_blank':
      taking = { type: 'fill_blank', body: { sentence: content.body.sentence } };
      break;
    case 'numeric':
      taking = { type: 'numeric', body: { unit: content.body.unit } };
      break;
    case 'essay':
      taking = { type: 'essay', body: { wordLimit: content.body.wordLimit } };
      break;
    case 'true_false':
      taking = { type: 'true_false', body: {} };
      break;
    case 'short_answer':
      taking = { type: 'short_answer', body: {} };
      break;
    case 'task':
      taking = { type: 'task', body: content.body };
      break;
    case 'description':
      taking = { type: 'description', body: {} };
      break;
  }
  return { id: row.id, prompt: row.prompt, points: row.points, hint: row.hint, content: taking };
}

/** A response that earns full marks, in the type's response shape (shown once the answers are released). */
export function correctResponse(row: QuestionRow): unknown {
  const content = { type: row.type, body: row.body, key: row.key } as QuestionContent;
  switch (content.type) {
    case 'multiple_choice':
      return { chosen: content.key.correct };
    case 'true_false':
      return { answer: content.key.answer };
    case 'fill_blank':
      return { blanks: content.key.blanks.map((blank) => blank.accepted[0] ?? '') };
    case 'short_answer':
      if (content.key.mode !== 'auto') return null;
      // The first answer worth full marks (a partly right one is not "the" answer).
      return {
        text:
          content.key.accepted.find((answer) => (content.key.weights?.[answer] ?? 100) === 100) ??
          content.key.accepted[0] ??
          '',
      };
    case 'essay':
    case 'task':
    case 'description':
      return null;
    case 'matching':
      return { pairs: content.key.pairs };
    case 'ordering':
      return { order: content.key.order };
    case 'numeric': {
      const best = content.key.answers.find((answer) => answer.weight === 100) ?? content.key.answers[0]!;
      return { value: 'value' in best ? best.value : best.min };
    }
  }
}

/** Per blank of a fill-in-the-blank question, whether the saved text is accepted; null for other types. */
export function blanksRight(row: QuestionRow, response: unknown): boolean[] | null {
  const content = { type: row.type, body: row.body, key: row.key } as QuestionContent;
  if (content.type !== 'fill_blank') return null;
  const typed = (response as { blanks?: unknown } | null | undefined)?.blanks;
  return content.key.blanks.map((blank, index) => {
    const text = Array.isArray(typed) ? typed[index] : undefined;
    return typeof text === 'string' && blankMatches(blank, text);
  });
}

/**
 * The number each question of an attempt shows, in the attempt's order: 1…N for the questions, 0 for a description
 * (text between questions, never numbered; ADR 051).
 */
export function questionNumbers(list: readonly Pick<QuestionRow, 'id' | 'type'>[]): Map<string, number> {
  let next = 0;
  return new Map(list.map((question) => [question.id, question.type === 'description' ? 0 : ++next]));
}
