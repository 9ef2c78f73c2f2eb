import { HealthSchema } from '@lyceum/contract';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.js';

/** GET /api/health — answers only when the database does. */
export const healthRoutes: FastifyPluginAsyncZod<{ database: Database }> = async (app, { database }) => {
  app.get(
    '/health',
    {
      config: { access: { who: 'public' } },
      schema: { tags: ['health'], summary: 'Liveness and database check', response: { 200: HealthSchema } },
    },
    async () => {
      await database.db.execute(sql`select 1`);
      return { status: 'ok' as const, database: database.kind, uptimeSeconds: Math.round(process.uptime()) };
    },
  );
};
