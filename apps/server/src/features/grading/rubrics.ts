import {
  type CopyRubricBody,
  type CreateRubricInput,
  type ListMyRubricsInput,
  type MyRubricPage,
  type PageQuery,
  type Rubric,
  type RubricPage,
  type RubricTarget,
  type UpdateRubricInput,
} from '@lyceum/contract';
import { and, count, desc, eq, ilike, ne, type SQL } from 'drizzle-orm';
import type { SessionUser } from '#auth/guards.js';
import type { Db } from '#db/client.js';
import { assessments, courseItems, courses, questions, rubrics } from '#db/schema/index.js';
import { conflict, fieldError, forbidden, isUniqueViolation, notFound } from '#lib/errors.js';
import { pageResult } from '#lib/pages.js';
import { normaliseCriteria, rubricMaxPoints } from './rubric-rules.js';
import {
  COURSE_NOT_FOUND,
  copyTitle,
  escapeLike,
  NOT_TEACHER,
  RUBRIC_NOT_FOUND,
  type RubricRow,
  STALE,
  summaryColumns,
  toRubric,
  toSummary,
} from './feedback-rows.js';

/** A unique key refused the rubric's attachment: 409. */
function alreadyAttached(error: unknown): never {
  if (isUniqueViolation(error, 'rubrics_question_key') || isUniqueViolation(error, 'rubrics_assessment_key'))
    throw conflict('That question or assignment already has a rubric');
  throw error;
}

/** Who may use a rubric and what it is attached to: the reads the rubric use cases share. */
function rubricContext(db: Db) {
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

  return { assertCourseTeacher, loadRubric, withTitle, targetColumns };
}

/** Each course's rubrics: listed (a course's, a teacher's own), copied, created, read, changed and deleted. */
export function createRubrics(db: Db) {
  const { assertCourseTeacher, loadRubric, withTitle, targetColumns } = rubricContext(db);
  return {
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
