import { TOKEN_STORAGE_KEY, TokenPayloadSchema, type TokenPayload } from '@lyceum/contract';
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
  const parsed = TokenPayloadSchema.safeParse(raw);
  if (!parsed.success) return null;
  if (parsed.data.exp * 1000 <= nowMs) return null;
  return parsed.data;
}
