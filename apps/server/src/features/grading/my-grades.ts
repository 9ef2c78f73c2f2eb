import type { MyGrades } from '@lyceum/contract';
import { and, eq } from 'drizzle-orm';
import type { SessionUser } from '#auth/guards.js';
import { attempts } from '#db/schema/index.js';
import { classWindowInputs } from '#lib/class-window.js';
import { forbidden } from '#lib/errors.js';
import { gradebookCells, gradebookTotal } from '#lib/gradebook.js';
import { learnerWindow } from '#lib/learner-window.js';
import { isReleased } from '#lib/release.js';
import { preparedJson, type PreparedJson } from '#lib/response-cache.js';
import type { GradingContext, KeptJson } from './context.js';

/** A learner's own row of a course's gradebook ("My grades"), with what is released to them and when the rest is. */
export function createMyGrades(context: GradingContext) {
  const { db, now } = context;
  /**
   * A learner's own grades in a course as sent ("My grades", ADR 019 session 24): one page per learner, kept under the
   * course as the teacher's pages are, until the course's frame or results change (an enrolment removed says so too),
   * and no later than the next release set for a date.
   */
  const keptLearnerPages = context.keepPerCourse<KeptJson>({
    bytesOf: (page) => 2 * page.json.body.length,
    maxBytes: 32 * 1024 * 1024,
    pagesPerOwner: 1_000,
    holds: (page) => context.clock() < page.holdsUntil,
  });

  /** The assessments of a course in which the student has an attempt in progress. */
  async function attemptsInProgress(studentId: string, courseId: string): Promise<Set<string>> {
    const rows = await db
      .select({ assessmentId: attempts.assessmentId })
      .from(attempts)
      .where(
        and(eq(attempts.studentId, studentId), eq(attempts.courseId, courseId), eq(attempts.status, 'in_progress')),
      );
    return new Set(rows.map((row) => row.assessmentId));
  }

  /**
   * The caller's own row of a course's gradebook ("My grades"): the counting score of each assessment whose score
   * is released (others are shown as not released and left out of the total), and the course total.
   */
  async function myGrades(user: SessionUser, courseId: string, at = now()): Promise<MyGrades> {
    const frame = await context.gradebookFrame(user, courseId, { asStudent: true });
    const [line] = await context.studentLines(courseId, { limit: 1, studentId: user.id });
    if (!line) throw forbidden('You are not enrolled in this course');
    // The learner's own window (a class assignment's dates, an accommodation's extension): one statement for
    // every assessment of the course, asked only for those whose score waits for a due date.
    const waiting = frame.list.filter((a) => a.releaseScore === 'after_due' && !isReleased('manual', a, a, at));
    const fromClasses = await classWindowInputs(
      db,
      waiting.map((a) => a.itemId),
      user.id,
    );
    const windows = frame.list.map((a) =>
      learnerWindow({ assessment: a, learner: { studentId: user.id }, ...(fromClasses.get(a.itemId) ?? {}) }),
    );
    const released = frame.list.map((a, i) => isReleased(a.releaseScore, a, windows[i]!, at));
    const inProgress = await attemptsInProgress(user.id, courseId);
    const cells = gradebookCells(line, frame.list).map((counted, i) => {
      // Submitted attempts are the line's; one in progress counts as started too (issue 54 point 11).
      const cell = { ...counted, started: counted.attempts > 0 || inProgress.has(frame.list[i]!.itemId) };
      if (released[i]) return { ...cell, released: true, releasesAt: null };
      const a = frame.list[i]!;
      const at = a.releaseScore === 'after_due' ? (windows[i]!.dueAt ?? windows[i]!.closesAt) : null;
      return {
        ...cell,
        points: null,
        percent: null,
        late: false,
        penaltyPoints: 0,
        overridden: false,
        released: false,
        releasesAt: at ? at.toISOString() : null,
      };
    });
    return {
      course: { id: courseId, title: frame.courseTitle },
      columns: frame.columns,
      cells,
      weights: frame.weights,
      totalPercent: gradebookTotal(cells, frame.list, frame.weights),
    };
  }

  return {
    myGrades,

    /**
     * My grades as JSON (`write` serializes it), kept per learner until the course's grades change. Not while a score
     * waits for a due date: the learner's classes may move theirs (a class assignment's dates, an accommodation).
     */
    async myGradesJson(user: SessionUser, courseId: string, write: (page: MyGrades) => string): Promise<PreparedJson> {
      const frame = await context.gradebookFrame(user, courseId, { asStudent: true });
      const at = now();
      // Not while an attempt is in progress either: starting one tells no kept page (only submissions do), and the
      // page says which assessments were started.
      if (
        frame.list.some((a) => a.releaseScore === 'after_due' && !isReleased('manual', a, a, at)) ||
        (await attemptsInProgress(user.id, courseId)).size > 0
      )
        return preparedJson(write(await myGrades(user, courseId, at)));
      const kept = await keptLearnerPages.get(`${courseId}\n${user.id}`, async () => {
        const json = preparedJson(write(await myGrades(user, courseId, at)));
        const releases = frame.list
          .map((a) => a.releasedAt?.getTime() ?? Infinity)
          .filter((time) => time > at.getTime());
        return { owner: courseId, value: { json, holdsUntil: Math.min(Infinity, ...releases) } };
      });
      return kept.value.json;
    },
  };
}
