import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';

/**
 * X2: the v1 client asks for `/uploads/undefined` (or `null`) for users without a picture; those names answer
 * the default avatar instead of a 404. Stored images stay with the uploads feature's `/uploads/:name`.
 */
export async function v1FileRoutes(app: FastifyInstance) {
  const avatar = await sharp({ create: { width: 96, height: 96, channels: 3, background: '#d5d9e0' } })
    .png()
    .toBuffer();
  for (const name of ['undefined', 'null']) {
    app.get(
      `/uploads/${name}`,
      {
        config: { access: { who: 'public' } },
        schema: { tags: ['v1'], summary: `X2 the default avatar for "${name}"`, produces: ['image/png'] },
      },
      (_request, reply) =>
        reply
          .header('content-type', 'image/png')
          .header('cache-control', 'public, max-age=86400')
          .header('x-content-type-options', 'nosniff')
          .send(avatar),
    );
  }
}
