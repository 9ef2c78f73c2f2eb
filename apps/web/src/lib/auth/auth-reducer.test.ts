import { describe, expect, it } from 'vitest';
import { makeToken, STUDENT } from '@/test/tokens';
import { LOGGED_OUT, authReducer, selectProfileImage, type AuthAction, type AuthState } from './auth-reducer';
import { decodeSessionToken } from './token';

const STUDENT_WITH_IMAGE = { ...STUDENT, profileImage: 'ada.webp' };

function loggedInPayload(profileImage: string | null = 'ada.webp') {
  const payload = decodeSessionToken(makeToken({}, { ...STUDENT, profileImage }));
  if (!payload) throw new Error('test token did not decode');
  return payload;
}

describe('auth reducer', () => {
  it('starts logged out with no profile image', () => {
    expect(LOGGED_OUT.isAuthenticated).toBe(false);
    expect(LOGGED_OUT.userProfile.profileImage).toBeNull();
  });

  it('logs in on login-success, taking the user and profile image from the token', () => {
    const payload = loggedInPayload();
    const state = authReducer(LOGGED_OUT, { type: 'login-success', payload });
    expect(state.isAuthenticated).toBe(true);
    expect(state.user).toEqual(STUDENT_WITH_IMAGE);
    expect(state.userProfile.profileImage).toBe('ada.webp');
    expect(state.expiresAt).toBe(payload.exp * 1000);
  });

  it('replaces only the profile image on update-profile-image', () => {
    const loggedIn = authReducer(LOGGED_OUT, { type: 'login-success', payload: loggedInPayload() });
    const state = authReducer(loggedIn, { type: 'update-profile-image', profileImage: 'new.webp' });
    expect(state.userProfile.profileImage).toBe('new.webp');
    expect(state.isAuthenticated).toBe(true);
    expect(state.user).toBe(loggedIn.user);
    expect(selectProfileImage(state)).toBe('new.webp');
  });

  it('falls back from the override to the token image to none', () => {
    const loggedIn = authReducer(LOGGED_OUT, { type: 'login-success', payload: loggedInPayload('token.webp') });
    const cleared = authReducer(loggedIn, { type: 'update-profile-image', profileImage: null });
    expect(selectProfileImage(cleared)).toBe('token.webp');
    expect(selectProfileImage(LOGGED_OUT)).toBeNull();
  });

  it('leaves the state unchanged for any other action', () => {
    const loggedIn: AuthState = authReducer(LOGGED_OUT, { type: 'login-success', payload: loggedInPayload() });
    const unknown = { type: 'something-else' } as unknown as AuthAction;
    expect(authReducer(loggedIn, unknown)).toBe(loggedIn);
    expect(authReducer(LOGGED_OUT, unknown)).toBe(LOGGED_OUT);
  });

  it('returns to the logged-out state on logout', () => {
    const loggedIn = authReducer(LOGGED_OUT, { type: 'login-success', payload: loggedInPayload() });
    expect(authReducer(loggedIn, { type: 'logout' })).toEqual(LOGGED_OUT);
  });
});
