import type { QuestionContent } from '@lyceum/contract';
import { HttpError } from '#lib/errors.js';
import { sanitizeAboutHtml } from '#lib/sanitize.js';
import { gradeQuestion, ResponseShapeError } from './question-types/index.js';
import type { QuestionShape } from './question-shapes.js';

/** The checks an answer passes before it is saved (attempt-taking.ts): its type's shape, then that it fits. */

/** Why a well-shaped response does not fit this question (ids it does not have, too many blanks), or null. */
function misfit(content: QuestionContent, response: unknown): string | null {
  const unknownIds = (ids: string[], known: string[]) => ids.filter((id) => !known.includes(id));
  switch (content.type) {
    case 'multiple_choice': {
      const chosen = (response as { chosen: string[] }).chosen;
      if (
        unknownIds(
          chosen,
          content.body.choices.map((c) => c.id),
        ).length
      )
        return 'names choices the question does not have';
      if (new Set(chosen).size !== chosen.length) return 'repeats a choice';
      if (!content.body.multiple && chosen.length > 1) return 'chooses more than one answer';
      return null;
    }
    case 'matching': {
      const pairs = (response as { pairs: Record<string, string> }).pairs;
      if (
        unknownIds(
          Object.keys(pairs),
          content.body.prompts.map((p) => p.id),
        ).length
      )
        return 'names unknown prompts';
      if (
        unknownIds(
          Object.values(pairs),
          content.body.options.map((o) => o.id),
        ).length
      )
        return 'names unknown options';
      return null;
    }
    case 'ordering': {
      const order = (response as { order: string[] }).order;
      if (
        unknownIds(
          order,
          content.body.items.map((i) => i.id),
        ).length
      )
        return 'names items the question does not have';
      if (new Set(order).size !== order.length) return 'repeats an item';
      return null;
    }
    case 'fill_blank':
      return (response as { blanks: string[] }).blanks.length > content.key.blanks.length
        ? 'has too many blanks'
        : null;
    case 'essay': {
      const limit = content.body.wordLimit;
      if (limit === null) return null;
      const text = (response as { html: string }).html.replace(/<[^>]*>/g, ' ');
      const words = text.split(/\s+/u).filter(Boolean).length;
      return words > limit ? `has ${words} words; the limit is ${limit}` : null;
    }
    case 'task': {
      // The files of a task that takes them are the attempt's uploads (the server sets `files` when saving).
      const { html = '', files = [] } = response as { html?: string; files?: string[] };
      if (!content.body.allowText && html.replace(/<[^>]*>/g, '').trim() !== '')
        return 'has text; this task takes files only';
      if (!content.body.allowFiles && files.length > 0) return 'has files; this task takes text only';
      return null;
    }
    default:
      return null;
  }
}

/** Why a response cannot be saved to this question (not its type's shape, or not fitting it), or null. */
export function responseProblem(question: QuestionShape, response: unknown): string | null {
  const content = { type: question.type, body: question.body, key: question.key } as QuestionContent;
  try {
    gradeQuestion(content, response, question.points);
  } catch (error) {
    if (error instanceof ResponseShapeError)
      return question.type === 'description'
        ? error.message
        : `does not have the shape of a ${question.type.replace('_', ' ')} answer`;
    throw error;
  }
  return misfit(content, response);
}

/** The 400 for a response that does not fit: it names the question by its number in the attempt (never its title). */
export function refusal(question: QuestionShape, number: number, reason: string): HttpError {
  // A description has no number (ADR 051): the message says what it is.
  const where = question.type === 'description' ? 'Description' : `Question ${number}`;
  return new HttpError(400, `${where}: the answer ${reason}`, [{ path: `questions.${question.id}`, message: reason }]);
}

/** A checked response as it is stored: essays' and tasks' HTML sanitised. */
export function storedResponse(question: QuestionShape, response: unknown): unknown {
  if (question.type === 'essay') {
    const html = (response as { html: string }).html;
    return { html: sanitizeAboutHtml(html) };
  }
  if (question.type === 'task') {
    // `files` is replaced by the attempt's uploads when the answer is stored (saveAnswer).
    const { html } = response as { html?: string };
    return { html: sanitizeAboutHtml(html ?? ''), files: [] };
  }
  return response;
}
