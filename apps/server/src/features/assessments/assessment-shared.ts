import { ASSESSMENT_LIMITS, sequenceLockedMessage, type Assessment } from '@lyceum/contract';
import { and, arrayContains, asc, count, eq, inArray, ne } from 'drizzle-orm';
import type { SessionUser } from '#auth/guards.js';
import type { Db } from '#db/client.js';
import { assessmentParts, assessments, attempts, courseItems, courses, questions } from '#db/schema/index.js';
import type { Clock } from '#lib/attempt-counter.js';
import { forbidden, notFound } from '#lib/errors.js';
import { attemptSequenceBlocker } from '#lib/sequence.js';
import type { AssessmentRow } from './grading.js';

/**
 * What the assessment service's use-case modules share (ADR 039): the messages, the access checks and the reads
 * several of them run. Each use case (authoring.ts, attempt-log.ts, starting.ts, attempt-taking.ts,
 * my-attempts.ts) owns the rest of its statements; assessment-service.ts composes them.
 */

export const ASSESSMENT_NOT_FOUND = 'Assessment not found';
export const ATTEMPT_NOT_FOUND = 'Attempt not found';
export const COURSE_NOT_FOUND = 'Course not found';
export const NOT_YOUR_COURSE = "Only the course's teacher can change its assessments";
export const GRACE_MS = ASSESSMENT_LIMITS.graceSeconds * 1000;

export type ItemRow = typeof courseItems.$inferSelect;
export type QuestionRow = typeof questions.$inferSelect;

/** What every use case of the service receives: the database and the service's clock. */
export interface AssessmentContext {
  db: Db;
  clock: Clock;
  now: () => Date;
}

export const iso = (date: Date | null) => (date ? date.toISOString() : null);
export const toDate = (value: string | null | undefined) => (value ? new Date(value) : null);

export function tx(txn: unknown): Db {
  return txn as Db;
}

/** In one transaction that locks the course row, after checking the caller teaches it (or is an admin). */
export async function authoring<T>(
  db: Db,
  user: SessionUser,
  courseId: string,
  change: (t: Db) => Promise<T>,
): Promise<T> {
  return db.transaction(async (txn) => {
    const t = tx(txn);
    const [course] = await t
      .select({ teacherId: courses.teacherId })
      .from(courses)
      .where(eq(courses.id, courseId))
      .for('update');
    if (!course) throw notFound(COURSE_NOT_FOUND);
    if (course.teacherId !== user.id && user.role !== 'admin') throw forbidden(NOT_YOUR_COURSE);
    return change(t);
  });
}

export async function assertTeacher(executor: Db, user: SessionUser, courseId: string) {
  const [course] = await executor
    .select({ teacherId: courses.teacherId })
    .from(courses)
    .where(eq(courses.id, courseId))
    .limit(1);
  if (!course) throw notFound(COURSE_NOT_FOUND);
  if (course.teacherId !== user.id && user.role !== 'admin') throw forbidden(NOT_YOUR_COURSE);
}

export async function loadAuthored(executor: Db, courseId: string, itemId: string) {
  const [row] = await executor
    .select({ assessment: assessments, item: courseItems })
    .from(assessments)
    .innerJoin(courseItems, eq(courseItems.id, assessments.itemId))
    .where(and(eq(assessments.itemId, itemId), eq(assessments.courseId, courseId)))
    .limit(1);
  if (!row) throw notFound(ASSESSMENT_NOT_FOUND);
  return row;
}

/**
 * Number of questions an attempt gets now (fixed ones that still exist + draws capped by the tag's count). A
 * description is shown but is no question: never counted, never drawn (ADR 051).
 */
export async function partsView(executor: Db, assessment: AssessmentRow) {
  const parts = await executor
    .select()
    .from(assessmentParts)
    .where(eq(assessmentParts.assessmentId, assessment.itemId))
    .orderBy(asc(assessmentParts.position));
  const fixedIds = [...new Set(parts.flatMap((p) => (p.mode === 'fixed' ? p.questionIds : [])))];
  const fixed = fixedIds.length
    ? await executor
        .select({ id: questions.id, type: questions.type, title: questions.title, points: questions.points })
        .from(questions)
        .where(and(inArray(questions.id, fixedIds), eq(questions.courseId, assessment.courseId)))
    : [];
  const byId = new Map(fixed.map((q) => [q.id, q]));
  const tags = [...new Set(parts.flatMap((p) => (p.mode === 'draw' && p.drawTag ? [p.drawTag] : [])))];
  const available = new Map<string, number>();
  // One count per distinct tag (at most ASSESSMENT_LIMITS.parts): bounded.
  for (const tag of tags) {
    const [row] = await executor
      .select({ n: count() })
      .from(questions)
      .where(
        and(
          eq(questions.courseId, assessment.courseId),
          arrayContains(questions.tags, [tag]),
          ne(questions.type, 'description'),
        ),
      );
    available.set(tag, row?.n ?? 0);
  }
  let questionCount = 0;
  const view: Assessment['parts'] = parts.map((part) => {
    if (part.mode === 'fixed') {
      const qs = part.questionIds.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
      questionCount += qs.filter((q) => q.type !== 'description').length;
      return { id: part.id, mode: 'fixed', questions: qs };
    }
    const n = available.get(part.drawTag!) ?? 0;
    questionCount += Math.min(part.drawCount!, n);
    return { id: part.id, mode: 'draw', tag: part.drawTag!, count: part.drawCount!, available: n };
  });
  return { parts: view, questionCount };
}

/**
 * Every route of an attempt refuses (403, the outline's reason) while its assessment is locked by sequential mode
 * for the student: an attempt started before the lock (the mode turned on, an item added before it) included.
 */
export async function assertAttemptOpenInSequence(executor: Db, user: SessionUser, attemptId: string) {
  const blocker = await attemptSequenceBlocker(executor, attemptId, user.id);
  if (blocker) throw forbidden(sequenceLockedMessage(blocker.title));
}

/** The caller's own attempt (404 for anyone else's: its existence is not confirmed). */
export async function ownAttempt(executor: Db, user: SessionUser, attemptId: string, lock = false) {
  const query = executor
    .select()
    .from(attempts)
    .where(and(eq(attempts.id, attemptId), eq(attempts.studentId, user.id)));
  const [attempt] = lock ? await query.for('update') : await query.limit(1);
  if (!attempt) throw notFound(ATTEMPT_NOT_FOUND);
  return attempt;
}

export async function assessmentRow(executor: Db, id: string) {
  const [row] = await executor
    .select({ assessment: assessments, title: courseItems.title })
    .from(assessments)
    .innerJoin(courseItems, eq(courseItems.id, assessments.itemId))
    .where(eq(assessments.itemId, id))
    .limit(1);
  if (!row) throw notFound(ASSESSMENT_NOT_FOUND);
  return row;
}
