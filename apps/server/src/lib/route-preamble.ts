import { ErrorSchema } from '@lyceum/contract';
import type { FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import type { RouteAccess } from '../auth/access.js';
import { headerToken, type Guards, type SessionUser } from '../auth/guards.js';
import { HttpError } from './errors.js';

/*
 * What every feature's routes file used to write again at its top and on each route: the OpenAPI security, the
 * error responses, the guard of a signed-in route with its access declaration, and the optional caller of a
 * public one.
 */

/** OpenAPI: the route takes a bearer token. */
export const security = [{ bearerAuth: [] }];
/** Error responses, spread into a route's `response` schema. */
export const invalid = { 400: ErrorSchema };
export const denied = { 401: ErrorSchema, 403: ErrorSchema };
export const missing = { 404: ErrorSchema };

/** The access of a route that needs a signed-in caller. */
export type SignedInAccess = RouteAccess & { who: Exclude<RouteAccess['who'], 'public'> };

/**
 * The preamble of a signed-in route, spread into its options: who may call it (`config.access`, which the security
 * suite checks every route against) and the guard that enforces it, made from the one declaration so they cannot
 * differ. The guard runs at preValidation, so the caller is authenticated (401) and their role checked (403)
 * before the input is validated (400), the order of v1-api §2.2.
 */
export function signedInRoute(guards: Guards) {
  return (access: SignedInAccess) => ({
    config: { access },
    preValidation: (access.who === 'user'
      ? guards.requireUser
      : guards.requireRole(...access.who)) as preValidationAsyncHookHandler,
  });
}

/** The caller of a public route: a valid token identifies them; no token, or one refused with 401, is a visitor. */
export function viewerResolver(guards: Guards) {
  return async (request: FastifyRequest): Promise<SessionUser | null> => {
    const token = headerToken(request);
    if (!token) return null;
    try {
      return await guards.authenticate(token);
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 401) return null;
      throw error;
    }
  };
}

/** The error responses every route of a group answers (e.g. `{ ...invalid, ...denied, ...missing }`). */
export type ErrorResponses = Record<number, typeof ErrorSchema>;

/**
 * A group's signed-in routes with one preamble: `route(access, schema)` gives the guard and `config.access`
 * (signedInRoute), and completes the schema with the group's tags (a schema's own `tags` win), the bearer
 * security and the error responses every route of the group answers, beside the route's own responses.
 */
export function guardedRoutes(guards: Guards, group: { tags: string[]; errors: ErrorResponses }) {
  const signedIn = signedInRoute(guards);
  return <S extends { response: Record<number, unknown> }>(access: SignedInAccess, schema: S) => ({
    ...signedIn(access),
    schema: { tags: group.tags, security, ...schema, response: { ...group.errors, ...schema.response } },
  });
}
