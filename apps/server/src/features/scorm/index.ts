import multipart from '@fastify/multipart';
import { SCORM_LIMITS } from '@lyceum/contract';
import type { FastifyPluginAsync } from 'fastify';
import { feature, type Core } from '#core.js';
import { scormContentRoutes, scormRoutes, scormRuntimeRoutes, scormUploadRoutes } from './routes.js';
import { createScormService } from './service.js';
import { launchTokens } from './tokens.js';

/** SCORM 1.2 / 2004 packages as lessons (issue 50.1, ADR 067). */
export function scormFeature(core: Core) {
  const scorm = createScormService(core.db, launchTokens(core.tokens, core.clock));
  const options = { scorm, guards: core.guards };
  /** The package's files at /scorm-content (outside /api: registered by buildApp at the root). */
  const content: FastifyPluginAsync = async (app) => {
    await app.register(scormContentRoutes, options);
  };
  return feature({
    scorm,
    content,
    routes: async (api) => {
      await api.register(scormRoutes, options);
      await api.register(scormRuntimeRoutes, options);
      await api.register(async (scope) => {
        // The upload streams to a temporary file: one file, of at most SCORM_LIMITS.uploadBytes, no fields.
        await scope.register(multipart, { limits: { fileSize: SCORM_LIMITS.uploadBytes, files: 1, fields: 0 } });
        await scope.register(scormUploadRoutes, options);
      });
    },
  });
}
