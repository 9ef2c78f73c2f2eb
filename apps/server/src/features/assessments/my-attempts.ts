import type { MyAttemptPage } from '@lyceum/contract';
import { desc, eq, inArray, sql } from 'drizzle-orm';
import type { SessionUser } from '#auth/guards.js';
import { assessments, attempts, courseItems, courses } from '#db/schema/index.js';
import { classWindowInputs } from '#lib/class-window.js';
import { keptPerOwner } from '#lib/kept-by-key.js';
import { boundedPage, cappedPageResult, countFrame, countFrameTotal, type Paging } from '#lib/pages.js';
import { pagesShowingCourses, type ChangeFeed } from '#lib/pages-showing-courses.js';
import { preparedJson, type PreparedJson } from '#lib/response-cache.js';
import { iso, type AssessmentContext } from './assessment-shared.js';
import { resultOf } from './attempt-view.js';
import { windowOf } from './grading.js';

/** The database's word that kept "My Quiz Attempts" pages changed (AssessmentServiceOptions in assessment-service.ts). */
export interface MyAttemptsFeeds {
  watchLearnerAttempts?: ChangeFeed;
  watchCourses?: ChangeFeed;
}

/** "My Quiz Attempts" (a learner, across courses): its statement, built once, and its kept pages. */
export function createMyAttempts({ db, clock, now }: AssessmentContext, feeds: MyAttemptsFeeds) {
  /**
   * "My Quiz Attempts" pages as sent (ADR 019, session 24): a learner opens the list again and again between their
   * attempts. Kept per learner until the database names the learner or a course the page shows, and no later than
   * the next release, due or close date of an assessment on it. Not while a score waits for the learner's own due
   * date, which their classes may move.
   */
  const myAttemptPages = pagesShowingCourses(feeds.watchLearnerAttempts, feeds.watchCourses);
  const keptMyAttempts = keptPerOwner<{ json: PreparedJson; holdsUntil: number }>(myAttemptPages.watch, {
    bytesOf: (page) => 2 * page.json.body.length,
    maxBytes: 16 * 1024 * 1024,
    holds: (page) => clock() < page.holdsUntil,
  });

  /** "My Quiz Attempts": a page of the caller's attempts joined to their capped count (countFrame), built once. */
  const attemptOrder = [desc(attempts.startedAt), desc(attempts.id)];
  const mine = eq(attempts.studentId, sql.placeholder('studentId'));
  const myAttemptsPrepared = db
    .select({
      attempt: attempts,
      assessment: assessments,
      title: courseItems.title,
      course: { id: courses.id, title: courses.title },
      total: countFrameTotal,
    })
    .from(
      countFrame(
        db
          .select({ one: sql`1` })
          .from(attempts)
          .where(mine),
      ),
    )
    .leftJoin(
      attempts,
      inArray(
        attempts.id,
        db
          .select({ id: attempts.id })
          .from(attempts)
          .where(mine)
          .orderBy(...attemptOrder)
          .limit(sql.placeholder('limit'))
          .offset(sql.placeholder('offset')),
      ),
    )
    .leftJoin(assessments, eq(assessments.itemId, attempts.assessmentId))
    .leftJoin(courseItems, eq(courseItems.id, attempts.assessmentId))
    .leftJoin(courses, eq(courses.id, attempts.courseId))
    .orderBy(...attemptOrder)
    .prepare('lyceum_my_attempts');

  /** A page of "My Quiz Attempts" at `at`, with the assessments it shows (what the kept page depends on). */
  async function myAttemptsPage(user: SessionUser, paging: Paging, at: Date) {
    const framed = await myAttemptsPrepared.execute({ studentId: user.id, ...boundedPage(paging) });
    const total = Number(framed[0]?.total ?? 0);
    const rows = framed.flatMap(({ attempt, assessment, title, course }) =>
      attempt && assessment && course ? [{ attempt, assessment, title: title ?? '', course }] : [],
    );
    // Scores waiting for a due date are shown from the learner's own one (class dates, accommodations): one
    // statement for the page's assessments, only when some wait.
    const waiting = rows.filter(
      (r) =>
        r.attempt.status !== 'in_progress' && r.assessment.releaseScore === 'after_due' && !r.assessment.releasedAt,
    );
    const fromClasses = waiting.length
      ? await classWindowInputs(db, [...new Set(waiting.map((r) => r.attempt.assessmentId))], user.id)
      : (new Map() as Awaited<ReturnType<typeof classWindowInputs>>);
    const items = rows.map(({ attempt, assessment, title, course }) => {
      const result =
        attempt.status === 'in_progress'
          ? null
          : resultOf(attempt, assessment, at, windowOf(assessment, user.id, fromClasses.get(assessment.itemId)));
      return {
        id: attempt.id,
        assessmentId: attempt.assessmentId,
        assessmentTitle: title,
        kind: assessment.kind,
        courseId: course.id,
        courseTitle: course.title,
        number: attempt.number,
        status: attempt.status,
        startedAt: attempt.startedAt.toISOString(),
        submittedAt: iso(attempt.submittedAt),
        deadlineAt: iso(attempt.deadlineAt),
        score: result?.score ?? null,
        maxScore: assessment.points,
        percent: result?.percent ?? null,
        passed: result?.passed ?? null,
        releasesAt: result?.releasesAt ?? null,
      };
    });
    return {
      page: cappedPageResult(items, paging, total),
      assessmentsShown: rows.map((row) => row.assessment),
    };
  }

  return {
    /**
     * The caller's attempts across courses, newest first; the score only where released. One statement, built once
     * (ADR 019, session 22): the page's ids on attempts_student_idx (an OFFSET bounded by the cap), those rows with
     * their assessment and course, joined to the count, which stops at the cap.
     */
    async myAttempts(user: SessionUser, paging: Paging): Promise<MyAttemptPage> {
      return (await myAttemptsPage(user, paging, now())).page;
    },

    /** A page of "My Quiz Attempts" as JSON (`write` serializes it), kept until the learner's attempts change. */
    async myAttemptsJson(
      user: SessionUser,
      paging: Paging,
      write: (page: MyAttemptPage) => string,
    ): Promise<PreparedJson> {
      const kept = await keptMyAttempts.get(`${user.id}\n${paging.page}\n${paging.pageSize}`, async () => {
        const at = now();
        const { page, assessmentsShown } = await myAttemptsPage(user, paging, at);
        const waits = assessmentsShown.some((a) => a.releaseScore === 'after_due' && !a.releasedAt);
        const dates = assessmentsShown.flatMap((a) => [a.releasedAt, a.dueAt, a.closesAt]);
        const later = dates.map((date) => date?.getTime() ?? Infinity).filter((time) => time > at.getTime());
        myAttemptPages.shows(user.id, new Set(assessmentsShown.map((a) => a.courseId)));
        // A page that waits on a class's dates holds no longer than now: sent, not kept.
        const holdsUntil = waits ? -Infinity : Math.min(Infinity, ...later);
        return { owner: user.id, value: { json: preparedJson(write(page)), holdsUntil } };
      });
      return kept.value.json;
    },

    close: () => keptMyAttempts.stop(),
  };
}
