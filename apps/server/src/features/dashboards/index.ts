import { feature, type Core } from '#core.js';
import { dashboardRoutes } from './routes.js';
import { createDashboardService } from './service.js';

/** The learners' and teachers' dashboards. */
export function dashboardsFeature(core: Core) {
  const { database } = core;
  const dashboards = createDashboardService(database.db, {
    clock: core.clock,
    watchStudents: database.watchStudents,
    watchTeachers: database.watchTeachers,
  });
  core.onClose(() => dashboards.close());
  return feature({
    routes: async (api) => api.register(dashboardRoutes, { dashboards, guards: core.guards }),
  });
}
