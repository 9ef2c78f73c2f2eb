import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { TOKEN_TTL, type TokenPayload, type TokenUser } from '@lyceum/contract';
import { jwtVerify, SignJWT } from 'jose';

export interface IssueOptions {
  /** "Remember me": 30 days instead of 1 day. */
  remember?: boolean;
  /**
   * Expiry in seconds since the epoch, for a token that replaces the caller's current one (after a password
   * or profile change): the session keeps its original end instead of being extended.
   */
  expiresAt?: number;
}

export interface TokenService {
  issue(user: TokenUser, tokenVersion: number, options?: IssueOptions): Promise<string>;
  /** The payload of a valid HS256 token, or null for anything else. */
  verify(token: string): Promise<Pick<TokenPayload, 'sub' | 'ver' | 'exp'> | null>;
}

export function createTokenService(secret: string): TokenService {
  const key = new TextEncoder().encode(secret);
  return {
    async issue(user, tokenVersion, options) {
      const ttl = options?.remember ? TOKEN_TTL.rememberMeSeconds : TOKEN_TTL.defaultSeconds;
      return new SignJWT({ ver: tokenVersion, user })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(user.id)
        .setIssuedAt()
        .setExpirationTime(options?.expiresAt ?? `${ttl}s`)
        .sign(key);
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
        if (typeof payload.sub !== 'string' || typeof payload.ver !== 'number') return null;
        if (typeof payload.exp !== 'number') return null;
        return { sub: payload.sub, ver: payload.ver, exp: payload.exp };
      } catch {
        return null;
      }
    },
  };
}

/** JWT_SECRET when configured; otherwise a secret generated once and kept in the data dir. */
export function resolveJwtSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
