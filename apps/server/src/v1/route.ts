import type { Role } from '@lyceum/contract';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler, RouteOptions } from 'fastify';
import { z } from 'zod';
import type { RouteAccess } from '../auth/access.js';
import { currentUser, type Guards, type SessionUser } from '../auth/guards.js';
import { rejectNulBytes } from '../lib/nul.js';
import type { MultipartBodyDoc } from '../lib/openapi.js';
import type { V1Success } from './transport.js';

/** Lists are capped at 100 items, the newest kept (v1-api.md §2.4). */
export const V1_LIST = { page: 1, pageSize: 100 } as const;

/**
 * The success envelope as documented. `data` is built field by field by the shapes in ./shapes.ts, so
 * nothing but the documented fields can leave the server.
 */
const V1EnvelopeSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.unknown().optional(),
});

/** The shared guards plus the v1 per-user limit on write routes (v1-api.md §2.1). */
export interface V1Guards extends Guards {
  /** Counts the authenticated caller's write; 429 "Too many requests" past the limit. */
  limitWrites: preHandlerAsyncHookHandler;
}

export interface V1RouteSpec {
  method?: 'GET' | 'POST';
  url: string;
  summary: string;
  /** Omitted: public. 'user': any signed-in role (ownership decides). Otherwise the roles allowed. */
  auth?: 'user' | readonly Role[];
  /** The object-level rule on top of `auth` (the route's `config.access.scope`, read by the security suite). */
  scope?: RouteAccess['scope'];
  /** With scope 'owner': admins pass too (moderation). */
  adminOverride?: boolean;
  status?: 200 | 201;
  /** A write route: limited per user, after authentication and the role check. */
  write?: boolean;
  /** More checks after those, before the handler (e.g. a per-e-mail limit). */
  preHandler?: preHandlerAsyncHookHandler[];
  /** A multipart/form-data route: its parts, for the API documentation. */
  multipart?: MultipartBodyDoc;
  config?: RouteOptions['config'];
  preValidation?: RouteOptions['preValidation'];
}

export type V1Handler = (request: FastifyRequest, user: SessionUser) => Promise<V1Success>;
export type V1PublicHandler = (request: FastifyRequest) => Promise<V1Success>;

/**
 * One v1 route: guards in preHandler (401 → 403, then the write limit's 429), validation and the service call in
 * the handler (400 → 404 → 403 → 409).
 */
export function addV1Route(app: FastifyInstance, guards: V1Guards, spec: V1RouteSpec, handler: V1Handler): void {
  const status = spec.status ?? 200;
  const auth =
    spec.auth === undefined ? [] : [spec.auth === 'user' ? guards.requireUser : guards.requireRole(...spec.auth)];
  // Input checks come after 401/403 (v1-api.md §2.2): a NUL anywhere in the body or query is a 400 naming the field.
  const preHandler = [...auth, ...(spec.write ? [guards.limitWrites] : []), ...(spec.preHandler ?? []), rejectNulBytes];
  app.route({
    method: spec.method ?? 'POST',
    url: spec.url,
    config: {
      ...spec.config,
      ...(spec.multipart ? { multipartBody: spec.multipart } : {}),
      // Who may call it, as every route declares (auth/access.ts): derived from the v1 table's auth column.
      access: {
        who: spec.auth ?? 'public',
        ...(spec.scope ? { scope: spec.scope } : {}),
        ...(spec.adminOverride ? { adminOverride: true } : {}),
      },
    },
    preValidation: spec.preValidation,
    ...(preHandler.length > 0 ? { preHandler } : {}),
    schema: {
      tags: ['v1'],
      summary: spec.summary,
      ...(spec.auth === undefined ? {} : { security: [{ bearerAuth: [] }] }),
      ...(spec.multipart ? { consumes: ['multipart/form-data'] } : {}),
      response: { [status]: V1EnvelopeSchema },
    },
    handler: async (request, reply) => {
      const user = spec.auth === undefined ? (null as unknown as SessionUser) : currentUser(request);
      const result = await handler(request, user);
      return reply.code(status).send({ success: true, ...result });
    },
  });
}

export function addPublicV1Route(app: FastifyInstance, spec: V1RouteSpec, handler: V1PublicHandler): void {
  addV1Route(app, undefined as unknown as V1Guards, { ...spec, auth: undefined, write: false }, (request) =>
    handler(request),
  );
}
