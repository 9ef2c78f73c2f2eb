import {
  GRADING_LIMITS,
  type BankComment,
  type BankCommentPage,
  type CreateBankCommentBody,
  type CopyRubricBody,
  type CreateRubricInput,
  type ListBankCommentsInput,
  type ListMyRubricsInput,
  type MyRubricPage,
  type PageQuery,
  type Rubric,
  type RubricPage,
  type RubricTarget,
  type UpdateBankCommentBody,
  type UpdateRubricInput,
} from '@lyceum/contract';
import { and, count, desc, eq, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { SessionUser } from '#auth/guards.js';
import type { Db } from '#db/client.js';
import { assessments, commentBank, courseItems, courses, questions, rubrics } from '#db/schema/index.js';
import { conflict, fieldError, forbidden, isUniqueViolation, notFound } from '#lib/errors.js';
import { boundedPage, cappedCount, cappedPageResult, pageResult } from '#lib/pages.js';
import { sanitizeAboutHtml } from '#lib/sanitize.js';
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

function toRubric(row: RubricRow, attachedTitle: string | null): Rubric {
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
const summaryColumns = {
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

function toSummary(row: {
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

  /** The title of what a rubric is attached to (the question's or the assignment's), null when detached. */
  async function attachedTitleOf(row: Pick<RubricRow, 'questionId' | 'assessmentId'>): Promise<string | null> {
    if (row.questionId) {
      const [question] = await db
        .select({ title: questions.title })
        .from(questions)
        .where(eq(questions.id, row.questionId))
        .limit(1);
      return question?.title ?? '';
    }
    if (row.assessmentId) {
      const [item] = await db
        .select({ title: courseItems.title })
        .from(courseItems)
        .where(eq(courseItems.id, row.assessmentId))
        .limit(1);
      return item?.title ?? '';
    }
    return null;
  }

  const withTitle = async (row: RubricRow): Promise<Rubric> => toRubric(row, await attachedTitleOf(row));

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
          .select(summaryColumns)
          .from(rubrics)
          .leftJoin(questions, eq(questions.id, rubrics.questionId))
          .leftJoin(courseItems, eq(courseItems.id, rubrics.assessmentId))
          .where(where)
          .orderBy(desc(rubrics.updatedAt), desc(rubrics.id))
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize),
        db.select({ total: count() }).from(rubrics).where(where),
      ]);
      return pageResult(rows.map(toSummary), query, total?.total ?? 0);
    },

    /** The rubrics of every course the caller teaches (an admin: the courses they own), to reuse one elsewhere. */
    async listMyRubrics(user: SessionUser, query: ListMyRubricsInput): Promise<MyRubricPage> {
      const conditions: (SQL | undefined)[] = [eq(courses.teacherId, user.id)];
      if (query.excludeCourseId) conditions.push(ne(rubrics.courseId, query.excludeCourseId));
      if (query.q) conditions.push(ilike(rubrics.title, `%${escapeLike(query.q)}%`));
      const where = and(...conditions);
      const [rows, [total]] = await Promise.all([
        db
          .select({ ...summaryColumns, courseTitle: courses.title })
          .from(rubrics)
          .innerJoin(courses, eq(courses.id, rubrics.courseId))
          .leftJoin(questions, eq(questions.id, rubrics.questionId))
          .leftJoin(courseItems, eq(courseItems.id, rubrics.assessmentId))
          .where(where)
          .orderBy(desc(rubrics.updatedAt), desc(rubrics.id))
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize),
        db.select({ total: count() }).from(rubrics).innerJoin(courses, eq(courses.id, rubrics.courseId)).where(where),
      ]);
      const items = rows.map((row) => ({ ...toSummary(row), course: { id: row.courseId, title: row.courseTitle } }));
      return pageResult(items, query, total?.total ?? 0);
    },

    /**
     * A copy of a rubric, attached to nothing: in its own course (a duplicate, "<title> (copy)") or in another
     * course the caller teaches (same title). Criteria and levels get new ids: scores stay with the original.
     */
    async copyRubric(user: SessionUser, id: string, body: CopyRubricBody): Promise<Rubric> {
      const source = await loadRubric(user, id);
      const courseId = body.courseId ?? source.courseId;
      if (courseId !== source.courseId) await assertCourseTeacher(user, courseId);
      const criteria = normaliseCriteria(
        source.criteria.map((criterion) => ({
          title: criterion.title,
          description: criterion.description,
          levels: criterion.levels.map((level) => ({
            title: level.title,
            description: level.description,
            points: level.points,
          })),
        })),
      );
      const title = body.title ?? (courseId === source.courseId ? copyTitle(source.title) : source.title);
      const [row] = await db
        .insert(rubrics)
        .values({ courseId, title, criteria, maxPoints: rubricMaxPoints(criteria), createdBy: user.id })
        .returning();
      return toRubric(row!, null);
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
        return await withTitle(row!);
      } catch (error) {
        alreadyAttached(error);
      }
    },

    async getRubric(user: SessionUser, id: string): Promise<Rubric> {
      return withTitle(await loadRubric(user, id));
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
        return await withTitle(row);
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
