import type { Db } from '#db/client.js';
import { createCommentBank } from './comment-bank.js';
import { createRubrics } from './rubrics.js';

export { cleanCommentHtml, COMMENT_NOT_FOUND, copyTitle, COURSE_NOT_FOUND, RUBRIC_NOT_FOUND } from './feedback-rows.js';

/**
 * The comment bank of each teacher and the rubrics of each course (docs/decisions/032-grading.md), by use case
 * (ADR 039): comment-bank.ts, rubrics.ts, over the rows of feedback-rows.ts.
 */
export function createFeedbackService(db: Db) {
  return { ...createCommentBank(db), ...createRubrics(db) };
}

export type FeedbackService = ReturnType<typeof createFeedbackService>;
