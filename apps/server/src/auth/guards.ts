import type { Role, SessionEndReason } from '@lyceum/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { plansEveryStatement, type Db } from '../db/client.js';
import { sessions, users } from '../db/schema/index.js';
import { forbidden, SessionEndedError, unauthorized } from '../lib/errors.js';
import type { SessionCache, SessionRow } from './session-cache.js';
import { SESSION_TOUCH_INTERVAL_MS, touchSession } from './sessions.js';
import type { TokenService } from './tokens.js';

/** The caller, as loaded from the database on every authenticated request. */
export interface SessionUser {
  id: string;
  role: Role;
  username: string;
  tokenVersion: number;
  /** The server-side session of the presented token (its `sid`). */
  sessionId: string;
  /** When the presented token expires (seconds since the epoch); a replacement token keeps it. */
  tokenExpiresAt: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requireUser / requireRole; null on public routes. */
    sessionUser: SessionUser | null;
  }
}

export const TOKEN_MISSING = 'Unauthorized: Token not provided';
export const TOKEN_INVALID = 'Unauthorized: Invalid token';

/** A raw token or `Bearer <token>`; empty, "null" and "undefined" count as none. */
export function parseTokenValue(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const token = value.replace(/^Bearer\s+/i, '').trim();
  if (!token || token === 'null' || token === 'undefined') return null;
  return token;
}

export interface Guards {
  /** Resolves a token to its active user, or throws 401. */
  authenticate(token: string | null): Promise<SessionUser>;
  requireUser: preHandlerAsyncHookHandler;
  requireRole(...roles: Role[]): preHandlerAsyncHookHandler;
  /** Throws 403 unless the caller owns the record (admins may when `allowAdmin`). */
  assertOwner(user: SessionUser, ownerId: string, options?: { allowAdmin?: boolean }): void;
}

/** Where a request carries its token; the v1 API extends this with the JSON body. */
export type TokenSource = (request: FastifyRequest) => string | null;
export const headerToken: TokenSource = (request) => parseTokenValue(request.headers.authorization);

export function createGuards(
  db: Db,
  tokens: TokenService,
  tokenSource: TokenSource = headerToken,
  /** Sessions kept by the process (auth/session-cache.ts); without it every request reads its session. */
  sessionCache?: SessionCache,
): Guards {
  /**
   * The session joined with its user: one query on every authenticated request, so it is built once and prepared
   * (named: each connection parses and plans it once, then only binds the two ids). The embedded database has no
   * prepared statements: there the same join is a PL/pgSQL function (migration 0028), whose body it plans once.
   */
  const sid = sql.placeholder('sid');
  const sub = sql.placeholder('sub');
  const sessionQuery = plansEveryStatement(db)
    ? db
        .select({
          id: sql<string>`s.id`,
          role: sql<Role>`s.role`,
          username: sql<string>`s.username`,
          status: sql<'active' | 'suspended'>`s.status`,
          tokenVersion: sql<number>`s.token_version`,
          revokedAt: sql`s.revoked_at`.mapWith(sessions.revokedAt),
          revokedReason: sql<SessionEndReason | null>`s.revoked_reason`,
          expiresAt: sql`s.expires_at`.mapWith(sessions.expiresAt),
          lastSeenAt: sql`s.last_seen_at`.mapWith(sessions.lastSeenAt),
        })
        .from(sql`session_user_row(${sid}::uuid, ${sub}::uuid) as s`)
        .prepare('lyceum_session_user')
    : db
        .select({
          id: users.id,
          role: users.role,
          username: users.username,
          status: users.status,
          tokenVersion: users.tokenVersion,
          revokedAt: sessions.revokedAt,
          revokedReason: sessions.revokedReason,
          expiresAt: sessions.expiresAt,
          lastSeenAt: sessions.lastSeenAt,
        })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(and(eq(sessions.id, sid), eq(sessions.userId, sub)))
        .limit(1)
        .prepare('lyceum_session_user');

  async function authenticate(token: string | null): Promise<SessionUser> {
    if (!token) throw unauthorized(TOKEN_MISSING);
    const inspected = await tokens.inspect(token);
    if (!inspected) throw unauthorized(TOKEN_INVALID);
    if ('expired' in inspected) throw new SessionEndedError(TOKEN_INVALID, 'expired');
    const { claims } = inspected;
    const now = Date.now();
    const read = async () =>
      (await sessionQuery.execute({ sid: claims.sid, sub: claims.sub }))[0] as SessionRow | undefined;
    const kept = sessionCache?.get(claims.sid, now);
    // A kept row is the session's only if it is the token's user's (the query asks for both ids).
    const row =
      kept && kept.id === claims.sub
        ? kept
        : sessionCache
          ? await sessionCache.load(claims.sid, now, read)
          : await read();
    if (!row || row.id !== claims.sub) throw unauthorized(TOKEN_INVALID);
    // Why the session ended, for the /api's 401 (the v1 envelope leaves it out).
    if (row.revokedAt) throw new SessionEndedError(TOKEN_INVALID, row.revokedReason ?? 'signed-out');
    if (row.status !== 'active') throw new SessionEndedError(TOKEN_INVALID, 'suspended');
    if (row.expiresAt.getTime() <= now) throw new SessionEndedError(TOKEN_INVALID, 'expired');
    // A raised token version without a revoked session: a role change or an older "log out everywhere".
    if (row.tokenVersion !== claims.ver) throw new SessionEndedError(TOKEN_INVALID, 'signed-out');
    if (now - row.lastSeenAt.getTime() >= SESSION_TOUCH_INTERVAL_MS) {
      await touchSession(db, claims.sid, new Date(now));
      // The kept row too, so the next requests within the interval do not write it again.
      row.lastSeenAt = new Date(now);
    }
    return {
      id: row.id,
      role: row.role,
      username: row.username,
      tokenVersion: row.tokenVersion,
      sessionId: claims.sid,
      tokenExpiresAt: claims.exp,
    };
  }

  const requireUser: preHandlerAsyncHookHandler = async (request) => {
    request.sessionUser = await authenticate(tokenSource(request));
  };

  return {
    authenticate,
    requireUser,
    requireRole(...roles) {
      const allowed = roles.map((role) => `${role}s`).join(', ');
      return async (request) => {
        const user = await authenticate(tokenSource(request));
        request.sessionUser = user;
        if (!roles.includes(user.role)) throw forbidden(`Forbidden: ${allowed} only`);
      };
    },
    assertOwner(user, ownerId, options) {
      if (user.id === ownerId) return;
      if (options?.allowAdmin && user.role === 'admin') return;
      throw forbidden('You can only change your own content');
    },
  };
}

/** The caller on a route behind requireUser/requireRole. */
export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.sessionUser) throw unauthorized(TOKEN_MISSING);
  return request.sessionUser;
}
