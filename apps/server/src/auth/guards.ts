import type { Role } from '@lyceum/contract';
import { eq } from 'drizzle-orm';
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { Db } from '../db/client.js';
import { users } from '../db/schema/index.js';
import { forbidden, unauthorized } from '../lib/errors.js';
import type { TokenService } from './tokens.js';

/** The caller, as loaded from the database on every authenticated request. */
export interface SessionUser {
  id: string;
  role: Role;
  username: string;
  tokenVersion: number;
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

export function createGuards(db: Db, tokens: TokenService, tokenSource: TokenSource = headerToken): Guards {
  async function authenticate(token: string | null): Promise<SessionUser> {
    if (!token) throw unauthorized(TOKEN_MISSING);
    const claims = await tokens.verify(token);
    if (!claims) throw unauthorized(TOKEN_INVALID);
    const [user] = await db
      .select({
        id: users.id,
        role: users.role,
        username: users.username,
        status: users.status,
        tokenVersion: users.tokenVersion,
      })
      .from(users)
      .where(eq(users.id, claims.sub))
      .limit(1);
    if (!user || user.status !== 'active' || user.tokenVersion !== claims.ver) throw unauthorized(TOKEN_INVALID);
    return {
      id: user.id,
      role: user.role,
      username: user.username,
      tokenVersion: user.tokenVersion,
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
