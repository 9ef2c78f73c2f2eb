import { z } from './zod.js';

/** GET /api/health. `degraded`: the service answers, but a configured Redis is down (limits count per node). */
export const HealthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['pglite', 'postgres']),
  /** The shared rate-limit store: `not-configured` without REDIS_URL. */
  redis: z.enum(['up', 'down', 'not-configured']),
  uptimeSeconds: z.number(),
});
export type Health = z.infer<typeof HealthSchema>;
