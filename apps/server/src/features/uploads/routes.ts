import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '#lib/errors.js';
import type { ImageService } from './service.js';

export const FILE_NOT_FOUND = 'File not found';

/**
 * GET /uploads/:name — stored images, immutable under their random names. Any other name, a traversal
 * attempt (encoded or not) and anything deeper than one segment is a 404; there is no listing.
 */
export const uploadRoutes: FastifyPluginAsyncZod<{ images: ImageService }> = async (app, { images }) => {
  app.get(
    '/uploads/:name',
    {
      config: { access: { who: 'public' } },
      schema: {
        tags: ['uploads'],
        summary: 'A stored image',
        params: z.object({ name: z.string() }),
        produces: ['image/webp', 'image/png', 'image/jpeg', 'image/gif'],
      },
    },
    async (request, reply) => {
      const image = await images.findByName(request.params.name);
      if (!image) throw notFound(FILE_NOT_FOUND);
      return reply
        .header('content-type', image.contentType)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(image.data);
    },
  );

  app.get('/uploads/*', { config: { access: { who: 'public' } }, schema: { hide: true } }, async () => {
    throw notFound(FILE_NOT_FOUND);
  });
};
