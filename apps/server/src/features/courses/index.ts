import { feature, type Core } from '#core.js';
import { courseRoutes } from './routes.js';
import { createCourseService, type CourseServiceOptions } from './service.js';

/** Courses: the catalogue, a course's page, teaching and enrolling. */
export function coursesFeature(
  core: Core,
  curriculum: Pick<CourseServiceOptions, 'hasCurriculum' | 'refreshProgress'>,
) {
  const { database } = core;
  const courses = createCourseService(database.db, {
    invalidation: core.invalidation,
    watchTeachers: database.watchTeachers,
    watchLearnerEnrolments: database.watchLearnerEnrolments,
    hasCurriculum: curriculum.hasCurriculum,
    refreshProgress: curriculum.refreshProgress,
  });
  core.onClose(() => courses.close());
  return feature({
    courses,
    routes: async (api) => api.register(courseRoutes, { courses, guards: core.guards }),
  });
}
