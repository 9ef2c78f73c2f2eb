import {
  QUESTION_LIMITS,
  type BankQuestion,
  type CreateBankQuestionInput,
  type QuestionContent,
} from '@lyceum/contract';
import { eq } from 'drizzle-orm';
import type { SessionUser } from '#auth/guards.js';
import type { Db } from '#db/client.js';
import { courses, questions } from '#db/schema/index.js';
import { fieldError, forbidden, HttpError, notFound } from '#lib/errors.js';
import { sanitizeAboutHtml } from '#lib/sanitize.js';

/* What the question bank's use cases share: its rows as the contract shows them, and who may use a course's bank. */

export type QuestionRow = typeof questions.$inferSelect;

export const COURSE_NOT_FOUND = 'Course not found';
export const IMPORT_NOT_FOUND = 'Import not found';
export const QUESTION_NOT_FOUND = 'Question not found';
export const QUESTION_ANSWERED =
  'Students have answered this question in attempts: it cannot be deleted (edit it instead; submitted attempts are regraded)';

export function toBankQuestion(row: QuestionRow): BankQuestion {
  return {
    id: row.id,
    courseId: row.courseId,
    title: row.title,
    prompt: row.prompt,
    points: row.points,
    tags: row.tags,
    hint: row.hint,
    feedback: row.feedback,
    content: { type: row.type, body: row.body, key: row.key } as QuestionContent,
    createdBy: row.createdBy,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The prompt as stored: sanitised, and within the limit after sanitising. */
export function cleanPrompt(html: string): string {
  const clean = sanitizeAboutHtml(html);
  if (clean.length > QUESTION_LIMITS.prompt)
    throw fieldError('prompt', `must be at most ${QUESTION_LIMITS.prompt} characters`);
  return clean;
}

export function rowValues(input: CreateBankQuestionInput) {
  return {
    title: input.title,
    prompt: cleanPrompt(input.prompt),
    // A description asks nothing and is worth nothing (ADR 051).
    points: input.content.type === 'description' ? 0 : input.points,
    tags: input.tags,
    hint: input.hint,
    feedback: input.feedback,
    type: input.content.type,
    body: input.content.body,
    key: input.content.key,
  };
}

/**
 * Timestamps for the i-th row of a batch insert, one millisecond apart, so that the bank (and its GIFT export,
 * oldest first) keeps the order of the file or of the copied questions.
 */
export function inOrder(start: number, i: number): { createdAt: Date; updatedAt: Date } {
  const at = new Date(start + i);
  return { createdAt: at, updatedAt: at };
}

export function staleVersion(version: number): HttpError {
  return new HttpError(
    409,
    `This question was changed since you loaded it (now version ${version}); reload it and apply your change again`,
  );
}

/** Who may use a course's bank: its teacher and admins (students never reach it). */
export function createBankAccess(db: Db) {
  /** The course's teacher, or 404; 403 unless the caller teaches it or is an admin. */
  async function assertCourseTeacher(user: SessionUser, courseId: string): Promise<{ teacherId: string }> {
    const [course] = await db
      .select({ teacherId: courses.teacherId })
      .from(courses)
      .where(eq(courses.id, courseId))
      .limit(1);
    if (!course) throw notFound(COURSE_NOT_FOUND);
    if (user.role !== 'admin' && course.teacherId !== user.id)
      throw forbidden("Only the course's teacher can use its question bank");
    return course;
  }

  async function loadQuestion(user: SessionUser, id: string): Promise<QuestionRow> {
    const [row] = await db
      .select({ question: questions, teacherId: courses.teacherId })
      .from(questions)
      .innerJoin(courses, eq(courses.id, questions.courseId))
      .where(eq(questions.id, id))
      .limit(1);
    if (!row) throw notFound(QUESTION_NOT_FOUND);
    if (user.role !== 'admin' && row.teacherId !== user.id)
      throw forbidden("Only the course's teacher can use its question bank");
    return row.question;
  }

  return { assertCourseTeacher, loadQuestion };
}

export type BankAccess = ReturnType<typeof createBankAccess>;
