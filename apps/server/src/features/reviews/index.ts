import { feature, type Core } from '#core.js';
import { reviewRoutes } from './routes.js';
import { createReviewService } from './service.js';

/** Course reviews. */
export function reviewsFeature(core: Core) {
  const reviews = createReviewService(core.db, { invalidation: core.invalidation });
  return feature({
    reviews,
    routes: async (api) => api.register(reviewRoutes, { reviews, guards: core.guards }),
  });
}
