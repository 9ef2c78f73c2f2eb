import { TokenPayloadSchema } from '@lyceum/contract';
import { TOKEN_STORAGE_KEY } from '@lyceum/contract/constants';
import { describe, expect, it } from 'vitest';
import { makeToken, STUDENT } from '@/test/tokens';
import { readStoredSession } from './auth-context';
import { decodeSessionToken, tokenPayloadOf } from './token';

const nowSeconds = () => Math.floor(Date.now() / 1000);

describe('session token decoding', () => {
  it('decodes a valid, unexpired token to its payload', () => {
    const payload = decodeSessionToken(makeToken());
    expect(payload?.user).toEqual(STUDENT);
    expect(payload?.sub).toBe(STUDENT.id);
  });

  it('rejects an expired token', () => {
    expect(decodeSessionToken(makeToken({ exp: nowSeconds() - 1 }))).toBeNull();
  });

  it('rejects garbage', () => {
    expect(decodeSessionToken('not-a-jwt')).toBeNull();
    expect(decodeSessionToken('')).toBeNull();
    expect(decodeSessionToken('a.b.c')).toBeNull();
  });

  it('rejects a well-formed JWT whose payload is not a Lyceum token', () => {
    const foreign = `${btoa('{"alg":"HS256"}')}.${btoa(JSON.stringify({ sub: 'x', exp: nowSeconds() + 60 }))}.sig`;
    expect(decodeSessionToken(foreign)).toBeNull();
  });
});

describe('the payload check', () => {
  const valid = { sub: STUDENT.id, ver: 1, iat: 1, exp: 2, user: STUDENT };
  const samples: Array<[string, unknown]> = [
    ['a valid payload', valid],
    ['a payload with extra fields', { ...valid, extra: true, user: { ...STUDENT, email: 'x@y.z' } }],
    ['a picture name', { ...valid, user: { ...STUDENT, profileImage: 'a.webp' } }],
    ['no user', { ...valid, user: undefined }],
    ['an unknown role', { ...valid, user: { ...STUDENT, role: 'owner' } }],
    ['a numeric picture', { ...valid, user: { ...STUDENT, profileImage: 3 } }],
    ['no last name', { ...valid, user: { ...STUDENT, lastname: undefined } }],
    ['a text version', { ...valid, ver: '1' }],
    ['a fractional expiry', { ...valid, exp: 1.5 }],
    ['no subject', { ...valid, sub: undefined }],
    ['null', null],
    ['a string', 'token'],
  ];

  it.each(samples)('agrees with the contract schema on %s', (_name, sample) => {
    const parsed = TokenPayloadSchema.safeParse(sample);
    expect(tokenPayloadOf(sample)).toEqual(parsed.success ? parsed.data : null);
  });
});

describe('the session a page load starts with', () => {
  it('is logged in when the stored token is valid', () => {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, makeToken());
    const state = readStoredSession();
    expect(state.isAuthenticated).toBe(true);
    expect(state.user?.username).toBe(STUDENT.username);
  });

  it('is logged out, and forgets the token, when the stored token has expired', () => {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, makeToken({ exp: nowSeconds() - 60 }));
    expect(readStoredSession().isAuthenticated).toBe(false);
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('is logged out, and forgets the token, when the stored token is garbage', () => {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'garbage');
    expect(readStoredSession().isAuthenticated).toBe(false);
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('is logged out without a token', () => {
    expect(readStoredSession().isAuthenticated).toBe(false);
  });
});
