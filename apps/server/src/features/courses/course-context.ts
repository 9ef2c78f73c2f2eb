import { sql } from 'drizzle-orm';
import type { Db } from '#db/client.js';
import { courses } from '#db/schema/index.js';
import { notFound, forbidden } from '#lib/errors.js';
import type { SessionUser } from '#auth/guards.js';
import { topics, type InvalidationBus } from '#lib/invalidation.js';
import type { ChangeFeed } from '#lib/pages-showing-courses.js';
import { createCourseRepository } from './repository.js';

export const COURSE_NOT_FOUND = 'Course not found';
export const NOT_YOUR_COURSE = 'You can only change your own courses';
export const NOT_ENROLLED = 'You are not enrolled in this course';

/**
 * `publishedAt` is the date a course was first published: set by its first publication, kept when it is
 * unpublished and when it is published again (issue 15: re-publishing reset it).
 */
export const FIRST_PUBLISHED = sql`coalesce(${courses.publishedAt}, now())`;

export interface CourseServiceOptions {
  /**
   * Whether a course has a published curriculum (the curriculum feature's answer, handed in by app.ts): then the
   * course is completed by its lessons, and the student's own "mark completed" is refused.
   */
  hasCurriculum?: (courseId: string) => Promise<boolean>;
  /** Computes a new enrolment's progress (the curriculum's progress function). */
  refreshProgress?: (courseId: string, studentId: string) => Promise<void>;
  /** Where writes report what they changed, for the caches. */
  invalidation?: InvalidationBus;
  /**
   * The database's word that a teacher's courses or profile changed (db/client.ts `watchTeachers`, migrations 0032
   * and 0033): their own course list is kept until then.
   */
  watchTeachers?: ChangeFeed;
  /**
   * The database's word that a student's enrolments changed (db/client.ts `watchLearnerEnrolments`, migration 0044):
   * with `watchTeachers`, which names the teacher of a course whose card changed, their enrolment list is kept.
   */
  watchLearnerEnrolments?: ChangeFeed;
}

export type CourseContext = ReturnType<typeof createCourseContext>;

/**
 * What the course use cases share: the database, the options, the queries (repository.ts), the caches' word that a
 * course changed, the access checks, and `onClose` for the kept stores a use case makes (stopped by `close`).
 */
export function createCourseContext(db: Db, options: CourseServiceOptions) {
  const repo = createCourseRepository(db);
  const stops: (() => void)[] = [];
  /** Tells the caches which course changed (its page, and the lists that show it). */
  const changed = (id: string) => options.invalidation?.publish(topics.course(id));

  /** A course the caller may change (its teacher or an admin), or 404/403. */
  async function ownedCourse(user: SessionUser, id: string) {
    const head = await repo.findCourseHead(id);
    if (!head) throw notFound(COURSE_NOT_FOUND);
    if (head.teacherId !== user.id && user.role !== 'admin') throw forbidden(NOT_YOUR_COURSE);
    return head;
  }

  async function loadCourse(id: string) {
    const course = await repo.findCourse(id);
    if (!course) throw notFound(COURSE_NOT_FOUND);
    return course;
  }

  /** Published courses accept wishlist entries and enrolments; anything else is not found. */
  async function publishedCourse(id: string) {
    const head = await repo.findCourseHead(id);
    if (!head || head.status !== 'published') throw notFound(COURSE_NOT_FOUND);
    return head;
  }

  return {
    db,
    options,
    repo,
    changed,
    ownedCourse,
    loadCourse,
    publishedCourse,
    /** Registers a kept store's stop, for `close`. */
    onClose: (stop: () => void) => void stops.push(stop),
    /** Stops listening for changes (the app's close). */
    close: () => stops.forEach((stop) => stop()),
  };
}
