import { feature, type Core } from '#core.js';
import { progressGridRoutes } from './routes.js';
import { createProgressGridService } from './service.js';

/** A course's progress grid: learners × lessons. */
export function progressGridFeature(core: Core) {
  const progressGrid = createProgressGridService(core.db);
  return feature({
    routes: async (api) => api.register(progressGridRoutes, { progressGrid, guards: core.guards }),
  });
}
