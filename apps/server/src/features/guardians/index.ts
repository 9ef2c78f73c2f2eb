import { feature, type Core } from '#core.js';
import { guardianRoutes } from './routes.js';
import { createGuardianService, type GuardianDeps } from './service.js';

/**
 * Guardians (issue 52, ADR 060): a teacher or admin invites a guardian for a student by e-mail; the guardian links
 * the child through the invitation and reads what the link allows. Handed the accounts feature's registration and
 * the to-do feature's reader by `buildApp` (features never import each other, ADR 058).
 */
export function guardiansFeature(
  core: Core,
  from: Pick<GuardianDeps, 'createAccount' | 'studentTodo' | 'childGrades' | 'childAnnouncements'>,
) {
  const { config, db, guards, mailer, clock, log } = core;
  const guardians = createGuardianService(db, {
    ...from,
    mailer,
    clock,
    log,
    publicUrl: config.publicUrl,
    adultStudents: config.adultStudents,
  });
  return feature({
    guardians,
    routes: async (api) =>
      api.register(guardianRoutes, { guardians, guards, authRateLimit: config.authRateLimitPerMinute }),
  });
}
