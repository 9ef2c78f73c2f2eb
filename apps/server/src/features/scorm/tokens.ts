import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { TokenService } from '#auth/tokens.js';

/*
 * Launch tokens (ADR 067). The package's frame is sandboxed without allow-same-origin, so it sends no credentials
 * and holds no app token: what it may read and write is named by a token in the URL's path (a path segment, so
 * the package's own relative links keep it). A token is bound to one package, one attempt (or none: an author's
 * preview), one launch (its session key, for total time) and an expiry, and signed with the server's key (HMAC-
 * SHA-256 truncated to 128 bits). Packed in 58 bytes, 78 characters of base64url: one short path segment.
 */

export interface LaunchClaims {
  packageId: string;
  /** null: a preview (content only, commits not kept). */
  attemptId: string | null;
  session: string;
  expiresAt: Date;
}

const NIL = Buffer.alloc(16);
const BODY = 16 + 16 + 6 + 4;
const MAC = 16;

const uuidBytes = (id: string) => Buffer.from(id.replace(/-/g, ''), 'hex');
const uuidOf = (bytes: Buffer) => {
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};

export function launchTokens(tokens: TokenService, now: () => number) {
  const sign = (body: Buffer) =>
    Buffer.from(tokens.mac('scorm-launch', body.toString('base64url')), 'base64url').subarray(0, MAC);
  return {
    issue(packageId: string, attemptId: string | null, ttlMs: number): { token: string; claims: LaunchClaims } {
      const session = randomBytes(6);
      const expires = Math.floor((now() + ttlMs) / 1000);
      const body = Buffer.alloc(BODY);
      uuidBytes(packageId).copy(body, 0);
      (attemptId ? uuidBytes(attemptId) : NIL).copy(body, 16);
      session.copy(body, 32);
      body.writeUInt32BE(expires, 38);
      return {
        token: Buffer.concat([body, sign(body)]).toString('base64url'),
        claims: { packageId, attemptId, session: session.toString('base64url'), expiresAt: new Date(expires * 1000) },
      };
    },
    /** The claims of a genuine, unexpired token; null otherwise. */
    read(token: string): LaunchClaims | null {
      if (!/^[A-Za-z0-9_-]{78}$/.test(token)) return null;
      const bytes = Buffer.from(token, 'base64url');
      if (bytes.length !== BODY + MAC) return null;
      const body = bytes.subarray(0, BODY);
      if (!timingSafeEqual(bytes.subarray(BODY), sign(body))) return null;
      const expiresAt = new Date(body.readUInt32BE(38) * 1000);
      if (!(expiresAt.getTime() > now())) return null;
      const attempt = body.subarray(16, 32);
      return {
        packageId: uuidOf(body.subarray(0, 16)),
        attemptId: attempt.equals(NIL) ? null : uuidOf(attempt),
        session: body.subarray(32, 38).toString('base64url'),
        expiresAt,
      };
    },
  };
}
export type LaunchTokens = ReturnType<typeof launchTokens>;
