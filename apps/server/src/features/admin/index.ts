import { feature, type Core } from '#core.js';
import { adminRoutes } from './routes.js';
import { createAdminService, type AdminServiceDeps } from './service.js';

/** The administrators' area: users, roles, the site's numbers. */
export function adminFeature(core: Core, { passwordResets }: Pick<AdminServiceDeps, 'passwordResets'>) {
  const admin = createAdminService(core.db, { passwordResets, invalidation: core.invalidation });
  return feature({ routes: async (api) => api.register(adminRoutes, { admin, guards: core.guards }) });
}
