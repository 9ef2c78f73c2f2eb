import type { FastifyPluginAsync } from 'fastify';
import { feature, type Core } from '#core.js';
import { uploadRoutes } from './routes.js';
import { createImageService } from './service.js';

/** Stored pictures: served at /uploads (outside /api: buildApp registers `files` there), kept for other features. */
export function uploadsFeature(core: Core) {
  const images = createImageService(core.db, { jobs: core.config.imageJobs });
  return feature({
    images,
    /** No routes under /api. */
    routes: async () => {},
    files: (async (scope) => scope.register(uploadRoutes, { images })) satisfies FastifyPluginAsync,
  });
}
