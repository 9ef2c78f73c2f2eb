import type { TokenUser } from '@lyceum/contract';
import { LOGGED_OUT, authReducer, type AuthState } from '@/lib/auth/auth-reducer';
import { decodeSessionToken } from '@/lib/auth/token';
import { makeToken, STUDENT } from '@/test/tokens';

/** A logged-in session for component tests (the test student unless another user is given). */
export function sessionOf(user: TokenUser = STUDENT): AuthState {
  const payload = decodeSessionToken(makeToken({}, user));
  if (!payload) throw new Error('test token did not decode');
  return authReducer(LOGGED_OUT, { type: 'login-success', payload });
}
