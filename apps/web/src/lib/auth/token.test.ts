import { TOKEN_STORAGE_KEY } from '@lyceum/contract';
import { describe, expect, it } from 'vitest';
import { makeToken, STUDENT } from '../../test/tokens';
import { readStoredSession } from './auth-context';
import { decodeSessionToken } from './token';

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
