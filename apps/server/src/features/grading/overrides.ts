import { and, eq, sql } from 'drizzle-orm';
import type { SessionUser } from '#auth/guards.js';
import { assessments, enrolments, gradeOverrides, users } from '#db/schema/index.js';
import { conflict, fieldError, notFound } from '#lib/errors.js';
import { namesHidden } from '#lib/release.js';
import type { GradingContext } from './context.js';
import { fullName } from './rows.js';

/** Overriding or reading the history of an anonymous assessment's cell before its release. */
const ANONYMOUS_CELL = 'This assessment is graded anonymously: release its grades to see or override a student’s score';

/** A gradebook cell's overrides by the teacher, with the reason and who made each, and their history. */
export function createOverrides(context: GradingContext) {
  const { db, now } = context;

  async function overrideHistory(assessmentId: string, studentId: string) {
    const history = await db
      .select({
        points: gradeOverrides.points,
        reason: gradeOverrides.reason,
        byUserId: gradeOverrides.byUserId,
        createdAt: gradeOverrides.createdAt,
        firstname: users.firstname,
        lastname: users.lastname,
        username: users.username,
      })
      .from(gradeOverrides)
      .leftJoin(users, eq(users.id, gradeOverrides.byUserId))
      .where(and(eq(gradeOverrides.assessmentId, assessmentId), eq(gradeOverrides.studentId, studentId)))
      .orderBy(sql`${gradeOverrides.createdAt} desc, ${gradeOverrides.id} desc`)
      .limit(50);
    return {
      items: history.map((h) => ({
        points: h.points,
        reason: h.reason,
        byUserId: h.byUserId,
        // Who made it, as the teacher knows them; null once that account is gone.
        byName: h.byUserId ? fullName(h) : null,
        createdAt: h.createdAt.toISOString(),
      })),
    };
  }

  return {
    async overrideCell(
      user: SessionUser,
      courseId: string,
      assessmentId: string,
      studentId: string,
      body: { points: number | null; reason: string },
    ) {
      await context.assertCourseTeacher(user, courseId);
      const [assessment] = await db
        .select({
          points: assessments.points,
          anonymousGrading: assessments.anonymousGrading,
          releasedAt: assessments.releasedAt,
        })
        .from(assessments)
        .where(and(eq(assessments.itemId, assessmentId), eq(assessments.courseId, courseId)))
        .limit(1);
      if (!assessment) throw notFound('Assessment not found in this course');
      // A hidden cell stays hidden: overriding it would put a score beside a name before the release.
      if (namesHidden(assessment, now())) throw conflict(ANONYMOUS_CELL);
      const [enrolled] = await db
        .select({ id: enrolments.id })
        .from(enrolments)
        .where(and(eq(enrolments.courseId, courseId), eq(enrolments.studentId, studentId)))
        .limit(1);
      if (!enrolled) throw notFound('Student not enrolled in this course');
      if (body.points !== null && body.points > assessment.points)
        throw fieldError('points', `must be at most ${assessment.points}`);
      await db.insert(gradeOverrides).values({
        assessmentId,
        studentId,
        points: body.points,
        reason: body.reason,
        byUserId: user.id,
      });
      return overrideHistory(assessmentId, studentId);
    },

    /** The override history of one cell, newest first (at most 50 rows). */
    async cellHistory(user: SessionUser, courseId: string, assessmentId: string, studentId: string) {
      await context.assertCourseTeacher(user, courseId);
      const [assessment] = await db
        .select({ anonymousGrading: assessments.anonymousGrading, releasedAt: assessments.releasedAt })
        .from(assessments)
        .where(and(eq(assessments.itemId, assessmentId), eq(assessments.courseId, courseId)))
        .limit(1);
      if (!assessment) throw notFound('Assessment not found in this course');
      if (namesHidden(assessment, now())) throw conflict(ANONYMOUS_CELL);
      return overrideHistory(assessmentId, studentId);
    },
  };
}
