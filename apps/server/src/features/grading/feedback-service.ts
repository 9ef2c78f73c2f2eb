import {
  GRADING_LIMITS,
  type BankComment,
  type BankCommentPage,
  type CreateBankCommentBody,
  type CreateRubricInput,
  type ListBankCommentsInput,
  type PageQuery,
  type Rubric,
  type RubricPage,
  type RubricTarget,
  type UpdateBankCommentBody,
  type UpdateRubricInput,
} from '@lyceum/contract';
import { and, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { SessionUser } from '../../auth/guards.js';
import type { Db } from '../../db/client.js';
import { assessments, commentBank, courses, questions, rubrics } from '../../db/schema/index.js';
import { conflict, fieldError, forbidden, isUniqueViolation, notFound } from '../../lib/errors.js';
import { boundedPage, cappedCount, cappedPageResult, pageResult } from '../../lib/pages.js';
import { sanitizeAboutHtml } from '../../lib/sanitize.js';
import { normaliseCriteria, rubricMaxPoints } from './rubric-rules.js';

type RubricRow = typeof rubrics.$inferSelect;
type CommentRow = typeof commentBank.$inferSelect;

export const COMMENT_NOT_FOUND = 'Comment not found';
export const RUBRIC_NOT_FOUND = 'Rubric not found';
export const COURSE_NOT_FOUND = 'Course not found';
const NOT_TEACHER = "Only the course's teacher can do this";
const STALE = 'Someone changed this since you loaded it: reload and try again';

/** Rich text of a comment as stored: sanitised, non-empty and within the limit once sanitised. */
export function cleanCommentHtml(html: string, field: string, required: boolean): string {
  const clean = sanitizeAboutHtml(html);
  if (clean.length > GRADING_LIMITS.commentHtml)
    throw fieldError(field, `must be at most ${GRADING_LIMITS.commentHtml} characters`);
  if (required && clean.replace(/<[^>]*>/g, '').trim() === '') throw fieldError(field, 'is required');
  return clean;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, '\\$&');

function toComment(row: CommentRow): BankComment {
  return {
    id: row.id,
    title: row.title,
    html: row.html,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function targetOf(row: Pick<RubricRow, 'questionId' | 'assessmentId'>): RubricTarget | null {
  if (row.questionId) return { type: 'question', id: row.questionId };
  if (row.assessmentId) return { type: 'assessment', id: row.assessmentId };
  return null;
}

function toRubric(row: RubricRow): Rubric {
  return {
    id: row.id,
    courseId: row.courseId,
    title: row.title,
    criteria: row.criteria,
    maxPoints: row.maxPoints,
    attachedTo: targetOf(row),
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The comment bank of each teacher and the rubrics of each course (docs/decisions/032-grading.md). */
export function createFeedbackService(db: Db) {
  async function assertCourseTeacher(user: SessionUser, courseId: string): Promise<void> {
    const [course] = await db
      .select({ teacherId: courses.teacherId })
      .from(courses)
      .where(eq(courses.id, courseId))
      .limit(1);
    if (!course) throw notFound(COURSE_NOT_FOUND);
    if (user.role !== 'admin' && course.teacherId !== user.id) throw forbidden(NOT_TEACHER);
  }

  async function loadRubric(user: SessionUser, id: string): Promise<RubricRow> {
    const [row] = await db
      .select({ rubric: rubrics, teacherId: courses.teacherId })
      .from(rubrics)
      .innerJoin(courses, eq(courses.id, rubrics.courseId))
      .where(eq(rubrics.id, id))
      .limit(1);
    if (!row) throw notFound(RUBRIC_NOT_FOUND);
    if (user.role !== 'admin' && row.teacherId !== user.id) throw forbidden(NOT_TEACHER);
    return row.rubric;
  }

  /** The columns for a target: an essay question or an assignment of the same course (400 otherwise). */
  async function targetColumns(courseId: string, target: RubricTarget | null) {
    if (!target) return { questionId: null, assessmentId: null };
    if (target.type === 'question') {
      const [question] = await db
        .select({ courseId: questions.courseId, type: questions.type })
        .from(questions)
        .where(eq(questions.id, target.id))
        .limit(1);
      if (!question || question.courseId !== courseId)
        throw fieldError('attachTo.id', 'is not a question of this course');
      if (question.type !== 'essay') throw fieldError('attachTo.id', 'a rubric scores an essay question only');
      return { questionId: target.id, assessmentId: null };
    }
    const [assessment] = await db
      .select({ courseId: assessments.courseId, kind: assessments.kind })
      .from(assessments)
      .where(eq(assessments.itemId, target.id))
      .limit(1);
    if (!assessment || assessment.courseId !== courseId)
      throw fieldError('attachTo.id', 'is not an assessment of this course');
    if (assessment.kind !== 'assignment') throw fieldError('attachTo.id', 'a rubric scores an assignment only');
    return { questionId: null, assessmentId: target.id };
  }

  function alreadyAttached(error: unknown): never {
    if (isUniqueViolation(error, 'rubrics_question_key') || isUniqueViolation(error, 'rubrics_assessment_key'))
      throw conflict('That question or assignment already has a rubric');
    throw error;
  }

  return {
    // --- comment bank ---
    async listComments(user: SessionUser, query: ListBankCommentsInput): Promise<BankCommentPage> {
      const conditions: (SQL | undefined)[] = [eq(commentBank.teacherId, user.id)];
      if (query.q) {
        const pattern = `%${escapeLike(query.q)}%`;
        conditions.push(or(ilike(commentBank.title, pattern), ilike(commentBank.html, pattern)));
      }
      const where = and(...conditions);
      // ADR 019: the page's ids on comment_bank_teacher_idx with an OFFSET bounded by the cap, then those rows;
      // the count stops at the cap.
      const order = [desc(commentBank.updatedAt), desc(commentBank.id)];
      const { limit, offset } = boundedPage(query);
      const pageIds = db
        .select({ id: commentBank.id })
        .from(commentBank)
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(offset);
      const [rows, counted] = await Promise.all([
        db
          .select()
          .from(commentBank)
          .where(inArray(commentBank.id, pageIds))
          .orderBy(...order),
        db.execute(
          sql`select ${cappedCount(
            db
              .select({ one: sql`1` })
              .from(commentBank)
              .where(where),
          )} as total`,
        ),
      ]);
      const total = (counted as unknown as { rows: { total: number }[] }).rows[0]?.total ?? 0;
      return cappedPageResult(rows.map(toComment), query, Number(total));
    },

    async createComment(user: SessionUser, body: CreateBankCommentBody): Promise<BankComment> {
      const [row] = await db
        .insert(commentBank)
        .values({ teacherId: user.id, title: body.title, html: cleanCommentHtml(body.html, 'html', true) })
        .returning();
      return toComment(row!);
    },

    async updateComment(user: SessionUser, id: string, body: UpdateBankCommentBody): Promise<BankComment> {
      const changes: Partial<CommentRow> = { updatedAt: new Date() };
      if (body.title !== undefined) changes.title = body.title;
      if (body.html !== undefined) changes.html = cleanCommentHtml(body.html, 'html', true);
      const [row] = await db
        .update(commentBank)
        .set(changes)
        .where(and(eq(commentBank.id, id), eq(commentBank.teacherId, user.id)))
        .returning();
      if (!row) throw notFound(COMMENT_NOT_FOUND);
      return toComment(row);
    },

    async removeComment(user: SessionUser, id: string): Promise<void> {
      const deleted = await db
        .delete(commentBank)
        .where(and(eq(commentBank.id, id), eq(commentBank.teacherId, user.id)))
        .returning({ id: commentBank.id });
      if (deleted.length === 0) throw notFound(COMMENT_NOT_FOUND);
    },

    // --- rubrics ---
    async listRubrics(user: SessionUser, courseId: string, query: PageQuery): Promise<RubricPage> {
      await assertCourseTeacher(user, courseId);
      const where = eq(rubrics.courseId, courseId);
      const [rows, [total]] = await Promise.all([
        db
          .select({
            id: rubrics.id,
            courseId: rubrics.courseId,
            title: rubrics.title,
            maxPoints: rubrics.maxPoints,
            questionId: rubrics.questionId,
            assessmentId: rubrics.assessmentId,
            version: rubrics.version,
            createdAt: rubrics.createdAt,
            updatedAt: rubrics.updatedAt,
          })
          .from(rubrics)
          .where(where)
          .orderBy(desc(rubrics.updatedAt), desc(rubrics.id))
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize),
        db.select({ total: count() }).from(rubrics).where(where),
      ]);
      const items = rows.map((row) => ({
        id: row.id,
        courseId: row.courseId,
        title: row.title,
        maxPoints: row.maxPoints,
        attachedTo: targetOf(row),
        version: row.version,
        createdAt: row.createdAt.toISOString(),
        updatedAt: row.updatedAt.toISOString(),
      }));
      return pageResult(items, query, total?.total ?? 0);
    },

    async createRubric(user: SessionUser, courseId: string, body: CreateRubricInput): Promise<Rubric> {
      await assertCourseTeacher(user, courseId);
      const criteria = normaliseCriteria(body.criteria);
      const target = await targetColumns(courseId, body.attachTo);
      try {
        const [row] = await db
          .insert(rubrics)
          .values({
            courseId,
            title: body.title,
            criteria,
            maxPoints: rubricMaxPoints(criteria),
            createdBy: user.id,
            ...target,
          })
          .returning();
        return toRubric(row!);
      } catch (error) {
        alreadyAttached(error);
      }
    },

    async getRubric(user: SessionUser, id: string): Promise<Rubric> {
      return toRubric(await loadRubric(user, id));
    },

    async updateRubric(user: SessionUser, id: string, body: UpdateRubricInput): Promise<Rubric> {
      const current = await loadRubric(user, id);
      const changes: Partial<RubricRow> = { version: current.version + 1, updatedAt: new Date() };
      if (body.title !== undefined) changes.title = body.title;
      if (body.criteria !== undefined) {
        changes.criteria = normaliseCriteria(body.criteria);
        changes.maxPoints = rubricMaxPoints(changes.criteria);
      }
      if (body.attachTo !== undefined) Object.assign(changes, await targetColumns(current.courseId, body.attachTo));
      try {
        const [row] = await db
          .update(rubrics)
          .set(changes)
          .where(and(eq(rubrics.id, id), eq(rubrics.version, body.version)))
          .returning();
        if (!row) throw conflict(STALE);
        return toRubric(row);
      } catch (error) {
        alreadyAttached(error);
      }
    },

    async removeRubric(user: SessionUser, id: string): Promise<void> {
      await loadRubric(user, id);
      await db.delete(rubrics).where(eq(rubrics.id, id));
    },
  };
}

export type FeedbackService = ReturnType<typeof createFeedbackService>;
