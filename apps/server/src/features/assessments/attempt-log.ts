import type { AttemptLogPage } from '@lyceum/contract';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { SessionUser } from '#auth/guards.js';
import { assessments, attempts, courses, users } from '#db/schema/index.js';
import { forbidden, notFound } from '#lib/errors.js';
import { boundedPage, cappedCount, cappedPageResult, type Paging } from '#lib/pages.js';
import { anonymousLabel, namesHidden } from '#lib/release.js';
import {
  ASSESSMENT_NOT_FOUND,
  COURSE_NOT_FOUND,
  NOT_YOUR_COURSE,
  iso,
  type AssessmentContext,
} from './assessment-shared.js';

/** The teacher's log of an assessment's attempts. */
export function createAttemptLog({ db, now }: AssessmentContext) {
  return {
    /**
     * The teacher's log of attempts: newest start first, two statements (ADR 019). The first checks the course,
     * its teacher and the assessment and counts the attempts (up to the cap); the second picks the page's ids on
     * attempts_assessment_idx (an OFFSET bounded by the cap) and loads those rows, when the caller may read them.
     */
    async attemptLog(user: SessionUser, courseId: string, itemId: string, paging: Paging): Promise<AttemptLogPage> {
      const order = [desc(attempts.startedAt), desc(attempts.id)];
      const { limit, offset } = boundedPage(paging);
      const mayRead = sql`exists (select 1 from ${assessments} join ${courses} on ${courses.id} = ${assessments.courseId}
        where ${assessments.itemId} = ${itemId} and ${assessments.courseId} = ${courseId}
        ${user.role === 'admin' ? sql`` : sql`and ${courses.teacherId} = ${user.id}`})`;
      const pageIds = db
        .select({ id: attempts.id })
        .from(attempts)
        .where(and(eq(attempts.assessmentId, itemId), mayRead))
        .orderBy(...order)
        .limit(limit)
        .offset(offset);
      const [[frame], rows] = await Promise.all([
        db
          .select({
            teacherId: courses.teacherId,
            points: assessments.points,
            anonymousGrading: assessments.anonymousGrading,
            releasedAt: assessments.releasedAt,
            total: cappedCount(
              db
                .select({ one: sql`1` })
                .from(attempts)
                .where(eq(attempts.assessmentId, itemId)),
            ),
          })
          .from(courses)
          .leftJoin(assessments, and(eq(assessments.itemId, itemId), eq(assessments.courseId, courses.id)))
          .where(eq(courses.id, courseId))
          .limit(1),
        db
          .select({
            attempt: attempts,
            student: {
              id: users.id,
              firstname: users.firstname,
              lastname: users.lastname,
              username: users.username,
              email: users.email,
            },
          })
          .from(attempts)
          .innerJoin(users, eq(users.id, attempts.studentId))
          .where(inArray(attempts.id, pageIds))
          .orderBy(...order),
      ]);
      if (!frame) throw notFound(COURSE_NOT_FOUND);
      if (frame.teacherId !== user.id && user.role !== 'admin') throw forbidden(NOT_YOUR_COURSE);
      if (frame.points === null) throw notFound(ASSESSMENT_NOT_FOUND);
      const assessment = { points: frame.points };
      const hidden = namesHidden(
        { anonymousGrading: frame.anonymousGrading ?? false, releasedAt: frame.releasedAt },
        now(),
      );
      const items = rows.map(({ attempt, student }) => ({
        id: attempt.id,
        student: hidden
          ? { id: null, name: anonymousLabel(attempt.anonNumber), email: '', anonymous: true }
          : {
              id: student.id,
              name: `${student.firstname} ${student.lastname}`.trim() || student.username,
              email: student.email,
              anonymous: false,
            },
        number: attempt.number,
        status: attempt.status,
        startedAt: attempt.startedAt.toISOString(),
        deadlineAt: iso(attempt.deadlineAt),
        submittedAt: iso(attempt.submittedAt),
        autoSubmitted: attempt.autoSubmitted,
        savesCount: attempt.savesCount,
        ip: hidden ? null : attempt.ip,
        // The score is on the assessment's scale (its points), as on the receipt; attempts.maxScore is the raw
        // sum of the questions' points.
        score: attempt.score,
        maxScore: assessment.points,
        late: attempt.late,
      }));
      return cappedPageResult(items, paging, frame.total);
    },
  };
}
