import type { TokenPayload, TokenUser } from '@lyceum/contract';
import { isRole, TOKEN_STORAGE_KEY } from '@lyceum/contract/constants';
import { jwtDecode } from 'jwt-decode';

/** The stored token (spec §3: localStorage under `token`), or null when absent or storage is unavailable. */
export function getStoredToken(): string | null {
  try {
    return window.localStorage.getItem(TOKEN_STORAGE_KEY);
  } catch {
    return null;
  }
}

export function storeToken(token: string): void {
  window.localStorage.setItem(TOKEN_STORAGE_KEY, token);
}

export function removeStoredToken(): void {
  try {
    window.localStorage.removeItem(TOKEN_STORAGE_KEY);
  } catch {
    // Storage unavailable (private mode): nothing was stored either.
  }
}

/**
 * Decodes a session token without verifying it (the server verifies on every call).
 * Returns null for anything that is not a well-formed, unexpired Lyceum token.
 */
export function decodeSessionToken(token: string, nowMs: number = Date.now()): TokenPayload | null {
  let raw: unknown;
  try {
    raw = jwtDecode(token);
  } catch {
    return null;
  }
  const payload = tokenPayloadOf(raw);
  if (!payload || payload.exp * 1000 <= nowMs) return null;
  return payload;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function isInteger(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value);
}

/**
 * The payload with the fields of the contract's `TokenPayloadSchema`, or null when one is missing or has the
 * wrong type. Checked by hand, not with the schema, so that the first page load needs no zod (ADR 013); the
 * server verifies the token on every call, this only keeps a foreign or mangled token from becoming a session.
 */
export function tokenPayloadOf(value: unknown): TokenPayload | null {
  if (!isRecord(value) || !isRecord(value.user)) return null;
  const { sub, ver, exp, iat } = value;
  const { id, username, role, profileImage, firstname, lastname } = value.user;
  if (typeof sub !== 'string' || !isInteger(ver) || !isInteger(exp) || !isInteger(iat)) return null;
  if (typeof id !== 'string' || typeof username !== 'string' || !isRole(role)) return null;
  if (profileImage !== null && typeof profileImage !== 'string') return null;
  if (typeof firstname !== 'string' || typeof lastname !== 'string') return null;
  // Tokens issued since issue 46.9 carry the account's zone (null: it has none yet); older ones do not.
  const zone = value.user.timeZone;
  const timeZone = typeof zone === 'string' || zone === null ? { timeZone: zone } : {};
  const user: TokenUser = { id, username, role, profileImage, firstname, lastname, ...timeZone };
  return { sub, ver, exp, iat, user };
}
