import type { TokenPayload, TokenUser } from '@lyceum/contract';

export const STUDENT: TokenUser = {
  id: '7f1c2d3e-4b5a-4c6d-8e9f-0a1b2c3d4e5f',
  username: 'ada.student',
  role: 'student',
  profileImage: null,
  firstname: 'Ada',
  lastname: 'Lovelace',
};

function base64Url(value: unknown): string {
  return btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
}

/** An unsigned JWT with a Lyceum payload (the web app only decodes; the server verifies). */
export function makeToken(overrides: Partial<TokenPayload> = {}, user: TokenUser = STUDENT): string {
  const nowSeconds = Math.floor(Date.now() / 1000);
  const payload: TokenPayload = { sub: user.id, ver: 1, user, iat: nowSeconds, exp: nowSeconds + 3600, ...overrides };
  return `${base64Url({ alg: 'HS256', typ: 'JWT' })}.${base64Url(payload)}.signature`;
}
