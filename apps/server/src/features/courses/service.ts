import type { Db } from '#db/client.js';
import { createAuthoring } from './authoring.js';
import { createCatalogue } from './catalogue.js';
import { createCourseContext, type CourseServiceOptions } from './course-context.js';
import { createEnrolment } from './enrolment.js';
import { createWishlist } from './wishlist.js';

export { CourseHasStudentsError, type NewCourse } from './authoring.js';
export { COURSE_NOT_FOUND, NOT_ENROLLED, NOT_YOUR_COURSE, type CourseServiceOptions } from './course-context.js';

/**
 * Courses, one module per use case over a shared context (course-context.ts: the queries, the access checks, the
 * caches' word that a course changed): reading (the catalogue, shelves, lists, a course), authoring, the wishlist,
 * enrolment. Each owns its statements and kept stores; `close` stops them all.
 */
export function createCourseService(db: Db, options: CourseServiceOptions = {}) {
  const context = createCourseContext(db, options);
  return {
    ...createCatalogue(context),
    ...createAuthoring(context),
    ...createWishlist(context),
    ...createEnrolment(context),
    close: context.close,
  };
}

export type CourseService = ReturnType<typeof createCourseService>;
