import { feature, type Core } from '#core.js';
import { teacherHomeRoutes } from './routes.js';
import { createTeacherHomeService } from './service.js';

/** The teacher's home: what needs them now (issue 49 point 3, ADR 061). */
export function teacherHomeFeature(core: Core) {
  const home = createTeacherHomeService(core.db, core.clock, core.gradebookFrames);
  return feature({ routes: async (api) => api.register(teacherHomeRoutes, { home, guards: core.guards }) });
}
