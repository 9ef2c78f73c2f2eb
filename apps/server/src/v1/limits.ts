import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { createKeyedLimit } from '../lib/keyed-limit.js';

export { TOO_MANY_REQUESTS } from '../lib/keyed-limit.js';

/** A v1 per-key limit (see createKeyedLimit); its keys are namespaced `v1-<name>`. */
export function createV1Limit(
  app: FastifyInstance,
  name: string,
  max: number,
  keyOf: (request: FastifyRequest) => string | null,
): preHandlerAsyncHookHandler {
  return createKeyedLimit(app, `v1-${name}`, max, keyOf);
}
