import { timingSafeEqual } from 'node:crypto';
import type { TokenService } from '#auth/tokens.js';

/**
 * Small claims Lyceum hands out and must get back unchanged (the launch's message hint, the deep linking `data`):
 * `base64url(JSON).HMAC`, the HMAC the token service's for this purpose.
 */
export function signClaims(tokens: TokenService, purpose: string, claims: object): string {
  const body = Buffer.from(JSON.stringify(claims)).toString('base64url');
  return `${body}.${tokens.mac(purpose, body)}`;
}

/** The claims, or null when the text is not one Lyceum signed for this purpose. */
export function readClaims<T>(tokens: TokenService, purpose: string, text: string | undefined): T | null {
  const [body = '', mac = '', extra] = (text ?? '').split('.');
  if (!body || extra !== undefined) return null;
  const expected = Buffer.from(tokens.mac(purpose, body));
  const given = Buffer.from(mac);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    return JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as T;
  } catch {
    return null;
  }
}
