import { feature, type Core } from '#core.js';
import { healthRoutes } from './routes.js';

/** The health probe: the database, and Redis when configured. */
export function healthFeature(core: Core) {
  const { database, redis, clock } = core;
  return feature({ routes: async (api) => api.register(healthRoutes, { database, redis, now: clock }) });
}
