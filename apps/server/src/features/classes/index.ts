import { feature, type Core } from '#core.js';
import { refreshProgress } from '#lib/progress.js';
import { classRoutes } from './routes.js';
import { createClassService } from './service.js';

/** Classes: codes and joining, rosters, assignments and their dates, the learners' to-do and calendar. */
export function classesFeature(core: Core) {
  const { database, db } = core;
  const classes = createClassService(db, {
    attempts: core.attempts,
    clock: core.clock,
    publicUrl: core.config.publicUrl,
    // Joining enrols in the class's courses: their progress comes from the curriculum's one function.
    refreshProgress: async (courseId, studentId) => void (await refreshProgress(db, courseId, studentId)),
    watchTeachers: database.watchTeachers,
    watchUsers: database.watchUsers,
    frames: core.gradebookFrames,
    watchClassResults: database.watchClassResults,
    watchCourseChanges: core.watchCourseChanges,
  });
  core.onClose(() => classes.close());
  classes.registerJobs(core.jobs);
  return feature({ classes, routes: async (api) => api.register(classRoutes, { classes, guards: core.guards }) });
}

/** For the demo seed (src/db/seed): a class code as the app makes them. */
export { generateClassCode } from './codes-and-joining.js';
