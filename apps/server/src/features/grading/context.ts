import { eq } from 'drizzle-orm';
import type { SessionUser } from '#auth/guards.js';
import type { Db } from '#db/client.js';
import { courses } from '#db/schema/index.js';
import { systemClock, type Clock } from '#lib/attempt-counter.js';
import { forbidden, notFound } from '#lib/errors.js';
import {
  gradebookFrames,
  gradebookLines,
  type FramesReader,
  type GradebookFrame,
  type LineSlice,
} from '#lib/gradebook.js';
import { keptPerOwner } from '#lib/kept-by-key.js';
import { namesHidden } from '#lib/release.js';
import { preparedJson, type PreparedJson } from '#lib/response-cache.js';
import { NOT_TEACHER } from './rows.js';

export interface GradingServiceOptions {
  clock?: Clock;
  /** The courses' gradebook frames: the app's kept ones (lib/gradebook.ts), else read each time. */
  frames?: FramesReader;
  /**
   * The database's word that a course's gradebook changed (its frame or its results: db/client.ts `watchCourses`
   * and `watchCourseResults`): the gradebook's pages are kept until it comes. Without it every page is read.
   */
  watchGradebooks?: (onChange: (courseId: string) => void) => () => void;
}

/** A page kept as sent, until the clock passes `holdsUntil` (a release that changes what it shows). */
export type KeptJson = { json: PreparedJson; holdsUntil: number };

/** What every use case of grading shares: the database, the clock, the access checks, the course's kept pages. */
export type GradingContext = ReturnType<typeof createGradingContext>;

export function createGradingContext(db: Db, options: GradingServiceOptions) {
  const framesOf: FramesReader = options.frames ?? ((courseIds) => gradebookFrames(db, courseIds));
  /** The server's clock (tests pass a fake one): what is released, and whose names are shown, is decided by it. */
  const clock = options.clock ?? systemClock;
  const now = () => new Date(clock());
  /** Every kept store of the use cases, stopped together by the service's `close`. */
  const stops: (() => void)[] = [];
  /** A store kept per owner (lib/kept-by-key.ts) until the course's gradebook changes, stopped with the service. */
  function keepPerCourse<V>(settings: Parameters<typeof keptPerOwner<V>>[1]) {
    const kept = keptPerOwner<V>(options.watchGradebooks, settings);
    stops.push(kept.stop);
    return kept;
  }

  /**
   * The gradebook's and the grading inbox's pages of a course as sent (ADR 019, sessions 23 and 24): a page of 50
   * students × 40 assessments is 260 KB of JSON made from 2,000 counted cells, 25 ms of the server's time; an inbox
   * page of 100 answers costs the database 25 ms (its capped count most); and a teacher opens them again and again
   * between changes. Kept per course until the database names the course (migrations 0039, 0040 and 0042), and no
   * later than the next release of an anonymous assessment's names, which changes what the pages hide. Who may read
   * them is decided before, by the kept frame, for every request.
   */
  const keptCoursePages = keepPerCourse<KeptJson>({
    bytesOf: (page) => 2 * page.json.body.length,
    maxBytes: 32 * 1024 * 1024,
    holds: (page) => clock() < page.holdsUntil,
  });

  /** A course's page as `make` writes it, kept under the course (`keptCoursePages`) until its names show. */
  async function keptCoursePage(frame: GradebookFrame, key: string, make: () => Promise<string>) {
    const kept = await keptCoursePages.get(key, async () => {
      const at = new Date(clock());
      const releases = frame.list
        .filter((assessment) => namesHidden(assessment, at) && assessment.releasedAt)
        .map((assessment) => assessment.releasedAt!.getTime());
      const json = preparedJson(await make());
      return { owner: frame.courseId, value: { json, holdsUntil: Math.min(Infinity, ...releases) } };
    });
    return kept.value.json;
  }

  async function assertCourseTeacher(user: SessionUser, courseId: string): Promise<{ title: string }> {
    const [course] = await db
      .select({ teacherId: courses.teacherId, title: courses.title })
      .from(courses)
      .where(eq(courses.id, courseId))
      .limit(1);
    if (!course) throw notFound('Course not found');
    if (user.role !== 'admin' && course.teacherId !== user.id) throw forbidden(NOT_TEACHER);
    return course;
  }

  /** The gradebook's columns (the course's assessments in curriculum order) and its weights, after the access check. */
  async function gradebookFrame(user: SessionUser, courseId: string, access: { asStudent?: boolean } = {}) {
    const frame = (await framesOf([courseId])).get(courseId);
    if (!frame) throw notFound('Course not found');
    // A student's own row ("My grades"): enrolment is checked by the row's query.
    if (!access.asStudent && user.role !== 'admin' && frame.teacherId !== user.id) throw forbidden(NOT_TEACHER);
    return frame;
  }

  /** `studentId`: one student only (their own "My grades"). */
  const studentLines = (courseId: string, slice: LineSlice & { studentId?: string }) => {
    const { studentId, ...rest } = slice;
    return gradebookLines(db, [courseId], studentId ? { ...rest, studentIds: [studentId] } : rest);
  };

  return {
    db,
    clock,
    now,
    keepPerCourse,
    keptCoursePage,
    assertCourseTeacher,
    gradebookFrame,
    studentLines,
    /** Stops listening for changes (the app's close). */
    close() {
      for (const stop of stops) stop();
    },
  };
}
