import { GRADING_LIMITS, type BankComment, type Rubric, type RubricTarget } from '@lyceum/contract';
import { sql } from 'drizzle-orm';
import type { commentBank } from '#db/schema/index.js';
import { courseItems, questions, rubrics } from '#db/schema/index.js';
import { fieldError } from '#lib/errors.js';
import { sanitizeAboutHtml } from '#lib/sanitize.js';

/* The comment bank's and the rubrics' rows as the contract shows them, and the rules of their text. */

export type RubricRow = typeof rubrics.$inferSelect;
export type CommentRow = typeof commentBank.$inferSelect;

export const COMMENT_NOT_FOUND = 'Comment not found';
export const RUBRIC_NOT_FOUND = 'Rubric not found';
export const COURSE_NOT_FOUND = 'Course not found';
export const NOT_TEACHER = "Only the course's teacher can do this";
export const STALE = 'Someone changed this since you loaded it: reload and try again';

/** Rich text of a comment as stored: sanitised, non-empty and within the limit once sanitised. */
export function cleanCommentHtml(html: string, field: string, required: boolean): string {
  const clean = sanitizeAboutHtml(html);
  if (clean.length > GRADING_LIMITS.commentHtml)
    throw fieldError(field, `must be at most ${GRADING_LIMITS.commentHtml} characters`);
  if (required && clean.replace(/<[^>]*>/g, '').trim() === '') throw fieldError(field, 'is required');
  return clean;
}

export const escapeLike = (text: string) => text.replace(/[\\%_]/g, '\\$&');

export function toComment(row: CommentRow): BankComment {
  return {
    id: row.id,
    title: row.title,
    html: row.html,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function targetOf(row: Pick<RubricRow, 'questionId' | 'assessmentId'>): RubricTarget | null {
  if (row.questionId) return { type: 'question', id: row.questionId };
  if (row.assessmentId) return { type: 'assessment', id: row.assessmentId };
  return null;
}

export function toRubric(row: RubricRow, attachedTitle: string | null): Rubric {
  return {
    id: row.id,
    courseId: row.courseId,
    title: row.title,
    criteria: row.criteria,
    maxPoints: row.maxPoints,
    attachedTo: targetOf(row),
    attachedTitle: targetOf(row) ? attachedTitle : null,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The columns of a rubric's list row: the summary, with the title of what it is attached to. */
export const summaryColumns = {
  id: rubrics.id,
  courseId: rubrics.courseId,
  title: rubrics.title,
  maxPoints: rubrics.maxPoints,
  questionId: rubrics.questionId,
  assessmentId: rubrics.assessmentId,
  attachedTitle: sql<string | null>`coalesce(${questions.title}, ${courseItems.title})`,
  version: rubrics.version,
  createdAt: rubrics.createdAt,
  updatedAt: rubrics.updatedAt,
};

export function toSummary(row: {
  id: string;
  courseId: string;
  title: string;
  maxPoints: number;
  questionId: string | null;
  assessmentId: string | null;
  attachedTitle: string | null;
  version: number;
  createdAt: Date;
  updatedAt: Date;
}) {
  const attachedTo = targetOf(row);
  return {
    id: row.id,
    courseId: row.courseId,
    title: row.title,
    maxPoints: Number(row.maxPoints),
    attachedTo,
    attachedTitle: attachedTo ? (row.attachedTitle ?? '') : null,
    version: row.version,
    createdAt: new Date(row.createdAt).toISOString(),
    updatedAt: new Date(row.updatedAt).toISOString(),
  };
}

/** A duplicate's title in the same course: "<title> (copy)", within the limit. */
export function copyTitle(title: string): string {
  const suffix = ' (copy)';
  return `${title.slice(0, GRADING_LIMITS.rubricTitle - suffix.length)}${suffix}`;
}
