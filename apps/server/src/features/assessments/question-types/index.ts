import {
  EssayResponseSchema,
  FillBlankResponseSchema,
  MatchingResponseSchema,
  MultipleChoiceResponseSchema,
  NumericResponseSchema,
  OrderingResponseSchema,
  ShortAnswerResponseSchema,
  TaskResponseSchema,
  TrueFalseResponseSchema,
  type Grade,
  type QuestionContent,
} from '@lyceum/contract';
import { gradeEssay } from './essay.js';
import { gradeFillBlank } from './fill-blank.js';
import { gradeMatching } from './matching.js';
import { gradeMultipleChoice } from './multiple-choice.js';
import { gradeNumeric } from './numeric.js';
import { gradeOrdering } from './ordering.js';
import { gradeShortAnswer } from './short-answer.js';
import { gradeTask } from './task.js';
import { gradeTrueFalse } from './true-false.js';

/** A response that does not have its question type's shape. */
export class ResponseShapeError extends Error {}

function parse<T>(
  schema: { safeParse(value: unknown): { success: true; data: T } | { success: false } },
  value: unknown,
): T {
  const result = schema.safeParse(value);
  if (!result.success) throw new ResponseShapeError('does not have the shape of an answer to this question');
  return result.data;
}

/**
 * Grades one response to one question with its type's grader. The response is validated against the type's
 * response schema first (a wrong shape throws ResponseShapeError, which the caller turns into a 400 naming the question).
 */
export function gradeQuestion(content: QuestionContent, response: unknown, points: number): Grade {
  switch (content.type) {
    case 'multiple_choice':
      return gradeMultipleChoice(content.key, parse(MultipleChoiceResponseSchema, response), points, content.body);
    case 'true_false':
      return gradeTrueFalse(content.key, parse(TrueFalseResponseSchema, response), points);
    case 'fill_blank':
      return gradeFillBlank(content.key, parse(FillBlankResponseSchema, response), points);
    case 'short_answer':
      return gradeShortAnswer(content.key, parse(ShortAnswerResponseSchema, response), points);
    case 'essay':
      return gradeEssay(content.key, parse(EssayResponseSchema, response), points);
    case 'matching':
      return gradeMatching(content.key, parse(MatchingResponseSchema, response), points);
    case 'ordering':
      return gradeOrdering(content.key, parse(OrderingResponseSchema, response), points);
    case 'numeric':
      return gradeNumeric(content.key, parse(NumericResponseSchema, response), points);
    case 'task':
      return gradeTask(content.key, parse(TaskResponseSchema, response), points);
    case 'description':
      // Text between questions: it asks nothing, so no response has its shape (ADR 051).
      throw new ResponseShapeError('is refused: a description takes no answer');
  }
}
