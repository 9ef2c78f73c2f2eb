import multipart from '@fastify/multipart';
import { ROSTER_LIMITS } from '@lyceum/contract';
import { feature, type Core } from '#core.js';
import { rosterRoutes } from './routes.js';
import { createRosterService, type PasswordResetSender } from './service.js';

/** Rosters: a plain CSV or a OneRoster 1.2 CSV zip of users, classes and enrolments (issue 48.4, ADR 065). */
export function rostersFeature(core: Core, { passwordResets }: { passwordResets: PasswordResetSender }) {
  const rosters = createRosterService(core.db, { passwordResets, log: core.log });
  rosters.registerJobs(core.jobs);
  return feature({
    routes: async (api) => {
      await api.register(async (scope) => {
        // The upload is one file (a zip at most, the larger limit; a CSV's own is counted as it streams).
        await scope.register(multipart, { limits: { fileSize: ROSTER_LIMITS.zipBytes, files: 1, fields: 0 } });
        await scope.register(rosterRoutes, { rosters, guards: core.guards });
      });
    },
  });
}
