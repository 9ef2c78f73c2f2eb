import { feature, type Core } from '#core.js';
import { todoRoutes } from './routes.js';
import { createTodoService } from './service.js';

/** The student's to-do across classes and courses (issue 49, ADR 057). */
export function todoFeature(core: Core) {
  const todo = createTodoService(core.db, core.clock);
  return feature({ routes: async (api) => api.register(todoRoutes, { todo, guards: core.guards }) });
}
