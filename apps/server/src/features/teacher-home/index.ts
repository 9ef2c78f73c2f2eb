import { feature, type Core } from '#core.js';
import { createCourseTotals } from './grades.js';
import { teacherHomeRoutes } from './routes.js';
import { createTeacherHomeService } from './service.js';

/** The teacher's home: what needs them now (issue 49 point 3, ADR 061). */
export function teacherHomeFeature(core: Core) {
  const grades = createCourseTotals(core.db, core.gradebookFrames, core.watchCourseChanges);
  core.onClose(() => grades.stop());
  const home = createTeacherHomeService(core.db, core.clock, grades);
  return feature({ routes: async (api) => api.register(teacherHomeRoutes, { home, guards: core.guards }) });
}
