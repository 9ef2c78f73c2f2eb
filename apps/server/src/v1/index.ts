import { LIMITS } from '@lyceum/contract';
import type { FastifyInstance } from 'fastify';
import { createGuards } from '../auth/guards.js';
import type { SessionCache } from '../auth/session-cache.js';
import type { TokenService } from '../auth/tokens.js';
import type { Db } from '../db/client.js';
import type { AccountService } from '../features/accounts/service.js';
import type { CourseService } from '../features/courses/service.js';
import type { ForumService } from '../features/forum/service.js';
import type { ImageService } from '../features/uploads/service.js';
import type { ReviewService } from '../features/reviews/service.js';
import { v1AccountRoutes } from './accounts.js';
import { v1CourseRoutes } from './courses.js';
import { v1FileRoutes } from './files.js';
import { v1ForumRoutes } from './forum.js';
import { createV1Limit } from './limits.js';
import { v1ReviewRoutes } from './reviews.js';
import type { V1Guards } from './route.js';
import { registerV1Transport, V1_PATHS, v1TokenSource } from './transport.js';

export { isV1Path, isV1RoutePath, rewriteV1Url, sendV1Error, sendV1NotFound } from './transport.js';

export interface V1Options {
  db: Db;
  tokens: TokenService;
  accounts: AccountService;
  courses: CourseService;
  forum: ForumService;
  reviews: ReviewService;
  /** The uploads feature's pictures: E11 stores pictures pasted into About Course there. */
  images: ImageService;
  /** PUBLIC_URL and whether it was set (links to stored pictures). */
  site: { publicUrl: string; publicUrlSet: boolean };
  authRateLimit: number;
  /** Writes per minute per user (v1-api.md §2.1). */
  writeRateLimit: number;
  /** The /api's kept sessions: one session, one row, whichever API reads it. */
  sessionCache?: SessionCache;
}

/**
 * The v1 compatibility API (v1-api.md, ADR 011) at the root paths: adapters onto the services the /api uses,
 * with the v1 envelope, token placement and field names. No business rule lives here.
 */
export async function v1Routes(app: FastifyInstance, options: V1Options) {
  registerV1Transport(app, LIMITS.jsonBodyBytes);
  const limitWrites = createV1Limit(app, 'write', options.writeRateLimit, (request) => request.sessionUser?.id ?? null);
  const guards: V1Guards = {
    ...createGuards(options.db, options.tokens, v1TokenSource, options.sessionCache),
    limitWrites,
  };
  const { accounts, courses, forum, reviews } = options;
  await v1AccountRoutes(app, { accounts, guards, authRateLimit: options.authRateLimit });
  await v1CourseRoutes(app, { courses, accounts, guards, images: options.images, site: options.site });
  await v1ReviewRoutes(app, { reviews, courses, guards });
  await v1ForumRoutes(app, { forum, accounts, guards });
  await v1FileRoutes(app);

  // Preflights (§2.1): @fastify/cors answers allowed origins in its hook, with the v1 methods; any other
  // origin reaches this handler and gets a bare 204.
  for (const url of [...V1_PATHS, '/uploads/*']) {
    app.options(
      url,
      { schema: { hide: true }, config: { cors: { methods: 'GET, HEAD, POST' }, access: { who: 'public' } } },
      (_request, reply) => reply.code(204).send(),
    );
  }
}
