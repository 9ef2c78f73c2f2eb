import { feature, type Core } from '#core.js';
import { forumRoutes } from './routes.js';
import { createForumService } from './service.js';

/** The forum: questions, answers, votes. */
export function forumFeature(core: Core) {
  const forum = createForumService(core.db, { invalidation: core.invalidation });
  return feature({ forum, routes: async (api) => api.register(forumRoutes, { forum, guards: core.guards }) });
}
