import { HealthSchema, type Health } from '@lyceum/contract';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '#db/client.js';
import type { SharedRedis } from '#lib/redis.js';

/**
 * How long a healthy probe answers for (issue 20, ADR 019 session 15). The route is public and exempt from the
 * request gate (so probes still see a live server when it is busy): without this, every request to it was a
 * statement on the database, and a flood of them reached the embedded database's one thread unbounded.
 */
export const HEALTH_PROBE_KEPT_MS = 1_000;

type Probe = Omit<Health, 'uptimeSeconds'>;

/**
 * GET /api/health — answers only when the database does; `degraded` while a configured Redis is unreachable
 * (the service works, but rate limits and login throttles are counted per node). A healthy answer is reused for
 * HEALTH_PROBE_KEPT_MS; requests that arrive while a probe runs wait for that probe. A degraded or failed probe is
 * not kept: the next request probes again.
 */
export const healthRoutes: FastifyPluginAsyncZod<{
  database: Database;
  redis: SharedRedis | null;
  now: () => number;
}> = async (app, { database, redis, now }) => {
  let kept: { probe: Probe; at: number } | null = null;
  let running: Promise<Probe> | null = null;

  async function probe(): Promise<Probe> {
    await database.db.execute(sql`select 1`);
    const redisState = redis ? await redis.probe() : 'not-configured';
    return { status: redisState === 'down' ? 'degraded' : 'ok', database: database.kind, redis: redisState };
  }

  function current(): Promise<Probe> {
    const at = now();
    if (kept && at - kept.at < HEALTH_PROBE_KEPT_MS && at >= kept.at) return Promise.resolve(kept.probe);
    running ??= probe()
      .then((result) => {
        kept = result.status === 'ok' ? { probe: result, at } : null;
        return result;
      })
      .finally(() => {
        running = null;
      });
    return running;
  }

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
    async (): Promise<Health> => ({ ...(await current()), uptimeSeconds: Math.round(process.uptime()) }),
  );
};
