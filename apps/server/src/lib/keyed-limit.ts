import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { HttpError } from './errors.js';

export const TOO_MANY_REQUESTS = 'Too many requests';

/**
 * A per-key limit of `max` requests a minute (or per `timeWindow`) on @fastify/rate-limit's store (Redis when configured, so every
 * node counts together). Route-level `config.rateLimit` allows one limit per route, keyed before the body is
 * parsed; these run as preHandlers, so they can key on the authenticated user or on a body field, and several
 * may apply to one route. A request without a key is not counted here. Past the limit: 429 with Retry-After.
 */
export function createKeyedLimit(
  app: FastifyInstance,
  name: string,
  max: number,
  keyOf: (request: FastifyRequest) => string | null,
  timeWindow = '1 minute',
): preHandlerAsyncHookHandler {
  const check = app.createRateLimit({
    max,
    timeWindow,
    keyGenerator: (request) => `${name}:${keyOf(request) ?? ''}`,
  });
  return async (request, reply) => {
    if (keyOf(request) === null) return;
    const result = await check(request);
    if (!result.isAllowed && result.isExceeded) {
      reply.header('retry-after', String(result.ttlInSeconds));
      throw new HttpError(429, TOO_MANY_REQUESTS);
    }
  };
}
