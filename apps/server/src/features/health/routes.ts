import { HealthSchema, type Health } from '@lyceum/contract';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.js';
import type { SharedRedis } from '../../lib/redis.js';

/**
 * GET /api/health — answers only when the database does; `degraded` while a configured Redis is unreachable
 * (the service works, but rate limits and login throttles are counted per node).
 */
export const healthRoutes: FastifyPluginAsyncZod<{ database: Database; redis: SharedRedis | null }> = async (
  app,
  { database, redis },
) => {
  app.get(
    '/health',
    {
      config: { access: { who: 'public' } },
      schema: {
        tags: ['health'],
        summary: 'Liveness, database and Redis check',
        response: { 200: HealthSchema },
      },
    },
    async (): Promise<Health> => {
      await database.db.execute(sql`select 1`);
      const redisState = redis ? await redis.probe() : 'not-configured';
      return {
        status: redisState === 'down' ? 'degraded' : 'ok',
        database: database.kind,
        redis: redisState,
        uptimeSeconds: Math.round(process.uptime()),
      };
    },
  );
};
