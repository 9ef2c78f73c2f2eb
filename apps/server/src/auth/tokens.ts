import { createHmac, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { TOKEN_TTL, type TokenPayload, type TokenUser } from '@lyceum/contract';
import { errors, jwtVerify, SignJWT } from 'jose';

export interface IssueOptions {
  /** The session (sessions table) this token belongs to: its `sid` claim. */
  sessionId: string;
  /** "Remember me": 30 days instead of 1 day. */
  remember?: boolean;
  /**
   * Expiry in seconds since the epoch, for a token that replaces the caller's current one (after a password
   * or profile change): the session keeps its original end instead of being extended.
   */
  expiresAt?: number;
  /**
   * Issue time in seconds since the epoch (its `iat`): the moment `newSession` counted the expiry from, so a new
   * token lasts exactly its 1 or 30 days even when the session's write crosses a second. Now when omitted.
   */
  issuedAt?: number;
}

/** A new session's times, in seconds since the epoch, both counted from the same moment. */
export interface SessionTimes {
  issuedAt: number;
  expiresAt: number;
}

/** The claims the server relies on, from a token it signed. */
export type VerifiedClaims = Pick<TokenPayload, 'sub' | 'ver' | 'exp' | 'iat'> & { sid: string };

export interface TokenService {
  issue(user: TokenUser, tokenVersion: number, options: IssueOptions): Promise<string>;
  /** A session opened now: its issue time and its expiry, 1 day later or 30 days with "remember me". */
  newSession(remember: boolean): SessionTimes;
  /** The payload of a valid HS256 token, or null for anything else. */
  verify(token: string): Promise<VerifiedClaims | null>;
  /**
   * Like verify, but tells an expired token that this server signed (and that was otherwise well-formed)
   * apart from a forgery, so the API can say the session ended because it expired.
   */
  inspect(token: string): Promise<{ claims: VerifiedClaims } | { expired: true } | null>;
  /**
   * An HMAC-SHA256 (base64url) of `data` under a key derived from the signing secret for `purpose`, for links that
   * must work without a session and cannot be forged (the mails' unsubscribe links).
   */
  mac(purpose: string, data: string): string;
}

/** A token whose `iat` is further in the future than this is refused (clock skew between nodes is smaller). */
export const MAX_CLOCK_SKEW_SECONDS = 60;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The claims of a signed payload when they are exactly what issue() writes; null otherwise. */
function wellFormed(payload: Record<string, unknown>, now: number): VerifiedClaims | null {
  const { sub, ver, exp, iat, sid } = payload;
  if (typeof sub !== 'string' || !UUID.test(sub)) return null;
  if (typeof sid !== 'string' || !UUID.test(sid)) return null;
  if (typeof ver !== 'number' || !Number.isInteger(ver)) return null;
  if (typeof exp !== 'number' || typeof iat !== 'number') return null;
  if (iat > now + MAX_CLOCK_SKEW_SECONDS) return null;
  // No session lasts longer than "remember me"; a longer-lived token was not issued here.
  if (exp - iat > TOKEN_TTL.rememberMeSeconds + MAX_CLOCK_SKEW_SECONDS) return null;
  return { sub, ver, exp, iat, sid };
}

/**
 * Tokens a process keeps as verified (their exact text → claims). jose checks an HS256 signature through WebCrypto,
 * about a tenth of the CPU of a cheap authenticated request such as an exam's answer save (ADR 025, the exam bench,
 * round 2); a token's signature checks the same every time, so each token is checked once. At most this many,
 * oldest out first (~4 MB); only tokens this server signed get in, and each is used only until its expiry.
 */
const VERIFIED_TOKENS_KEPT = 10_000;

export function createTokenService(secret: string): TokenService {
  const key = new TextEncoder().encode(secret);
  const now = () => Math.floor(Date.now() / 1000);
  const verified = new Map<string, VerifiedClaims>();
  async function inspect(token: string): Promise<{ claims: VerifiedClaims } | { expired: true } | null> {
    const known = verified.get(token);
    // Valid while now < exp, as jose decides; past it, jose answers (expired) below.
    if (known && known.exp > now()) return { claims: known };
    if (known) verified.delete(token);
    try {
      const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
      const claims = wellFormed(payload, now());
      if (!claims) return null;
      verified.set(token, Object.freeze(claims));
      if (verified.size > VERIFIED_TOKENS_KEPT) verified.delete(verified.keys().next().value!);
      return { claims };
    } catch (error) {
      // jose checks the signature before the claims: an expired token was signed with our key.
      if (error instanceof errors.JWTExpired && wellFormed(error.payload, now())) return { expired: true };
      return null;
    }
  }
  return {
    inspect,
    mac(purpose, data) {
      const derived = createHmac('sha256', secret).update(`lyceum:${purpose}`).digest();
      return createHmac('sha256', derived).update(data).digest('base64url');
    },
    newSession(remember) {
      const issuedAt = now();
      return { issuedAt, expiresAt: issuedAt + (remember ? TOKEN_TTL.rememberMeSeconds : TOKEN_TTL.defaultSeconds) };
    },
    async issue(user, tokenVersion, options) {
      const { issuedAt, expiresAt } =
        options.expiresAt === undefined
          ? this.newSession(options.remember ?? false)
          : { issuedAt: options.issuedAt ?? now(), expiresAt: options.expiresAt };
      return new SignJWT({ ver: tokenVersion, sid: options.sessionId, user })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(user.id)
        .setIssuedAt(issuedAt)
        .setExpirationTime(expiresAt)
        .sign(key);
    },
    async verify(token) {
      const result = await inspect(token);
      return result && 'claims' in result ? result.claims : null;
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
