import type { ProfileSessionResponse, SessionEndReason, TokenPayload } from '@lyceum/contract';
import { PSEUDO_LOCALE, TOKEN_STORAGE_KEY } from '@lyceum/contract/constants';
import { createContext, use, useCallback, useEffect, useMemo, useReducer, useRef, type ReactNode } from 'react';
import { useLocale } from '@/i18n/locale-provider';
import { forgetLearner } from '@/pwa/forget';
import { apiRequest, setUnauthorizedHandler } from '../api-client';
import { browserTimeZone, setUserTimeZone } from '../time-zone';
import { LOGGED_OUT, authReducer, type AuthAction, type AuthState } from './auth-reducer';
import { decodeSessionToken, getStoredToken, removeStoredToken, storeToken } from './token';

/** setTimeout cannot wait longer than this (about 24.8 days); a longer session re-arms on the next load. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** The session a page load starts with: the stored token if it decodes and is unexpired; otherwise logged out, token removed. */
export function readStoredSession(nowMs: number = Date.now()): AuthState {
  const token = getStoredToken();
  if (!token) return LOGGED_OUT;
  const payload = decodeSessionToken(token, nowMs);
  if (!payload) {
    removeStoredToken();
    return LOGGED_OUT;
  }
  return authReducer(LOGGED_OUT, { type: 'login-success', payload });
}

export interface AuthContextValue {
  state: AuthState;
  dispatch: (action: AuthAction) => void;
  /** Stores a fresh token and logs in; returns its payload, or null when the token is unusable. */
  startSession: (token: string) => TokenPayload | null;
  /**
   * Puts the fresh token that a profile, picture, password or session change answered in place of the stored
   * one (the old one may already be revoked) and takes the names and picture from it. Null when unusable.
   */
  renewSession: (token: string) => TokenPayload | null;
  /** Removes the token and logs out (no toast, no navigation: callers decide); `byUser` for the Logout button. */
  endSession: (options?: { byUser?: boolean }) => void;
}

const AuthContext = createContext<AuthContextValue | null>(null);

export interface AuthProviderProps {
  children: ReactNode;
  /** Starting state; defaults to the stored session. Tests pass one. */
  initialState?: AuthState;
  /** Called after an authenticated API call answered 401 and the session was cleared, with the server's reason. */
  onSessionRejected?: (reason: SessionEndReason | undefined) => void;
}

export function AuthProvider({ children, initialState, onSessionRejected }: AuthProviderProps) {
  const [state, dispatch] = useReducer(authReducer, initialState, (given) => given ?? readStoredSession());

  const startSession = useCallback((token: string) => {
    const payload = decodeSessionToken(token);
    if (!payload) return null;
    storeToken(token);
    dispatch({ type: 'login-success', payload });
    return payload;
  }, []);

  // Same steps as a login: the fresh token's payload is the session's new truth (same user, same expiry).
  const renewSession = startSession;

  const endSession = useCallback((options?: { byUser?: boolean }) => {
    removeStoredToken();
    dispatch({ type: 'logout', byUser: options?.byUser });
  }, []);

  useEffect(() => {
    setUnauthorizedHandler((error) => {
      endSession();
      onSessionRejected?.(error.reason);
    });
    return () => setUnauthorizedHandler(null);
  }, [endSession, onSessionRejected]);

  // However the session ends — Logout, a 401 for a revoked or expired session, the expiry below, another tab —
  // the service worker forgets the lessons and outlines it kept for it (ADR 071, ADR 072).
  const wasSignedIn = useRef(state.isAuthenticated);
  useEffect(() => {
    if (wasSignedIn.current && !state.isAuthenticated) forgetLearner();
    wasSignedIn.current = state.isAuthenticated;
  }, [state.isAuthenticated]);

  // The token expires while the tab is open: log out at that moment rather than at the next failed call.
  const { expiresAt } = state;
  useEffect(() => {
    if (expiresAt === null) return;
    const timer = window.setTimeout(() => endSession(), Math.min(Math.max(expiresAt - Date.now(), 0), MAX_TIMER_MS));
    return () => window.clearTimeout(timer);
  }, [expiresAt, endSession]);

  // Logging in or out in another tab applies here too.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key !== TOKEN_STORAGE_KEY && event.key !== null) return;
      const payload = event.newValue ? decodeSessionToken(event.newValue) : null;
      dispatch(payload ? { type: 'login-success', payload } : { type: 'logout' });
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  // Dates are shown in the account's zone (issue 46.9); an account that has none gets the browser's, once.
  const zone = state.user?.timeZone;
  const signedIn = state.isAuthenticated;
  useEffect(() => {
    setUserTimeZone(signedIn ? (zone ?? null) : null);
    if (!signedIn || zone !== null) return;
    apiRequest<ProfileSessionResponse>('/api/me', { method: 'PATCH', body: { timeZone: browserTimeZone() } })
      .then((answer) => renewSession(answer.token))
      .catch(() => undefined);
  }, [signedIn, zone, renewSession]);

  // The language chosen in My Account follows the account to every device (issue 47): the token carries it, and each
  // load, sign-in or renewal shows the pages in it (and keeps it in the cookie the server renders by). Only when the
  // token's language changes: a choice made since in the header's menu holds until the next load.
  const language = state.user?.language;
  const { locale, setLocale } = useLocale();
  const applied = useRef<string | null>(null);
  useEffect(() => {
    if (!signedIn || !language || applied.current === language) return;
    applied.current = language;
    if (language !== locale && locale !== PSEUDO_LOCALE) void setLocale(language);
  }, [signedIn, language, locale, setLocale]);

  const value = useMemo(
    () => ({ state, dispatch, startSession, renewSession, endSession }),
    [state, startSession, renewSession, endSession],
  );
  return <AuthContext value={value}>{children}</AuthContext>;
}

export function useAuth(): AuthContextValue {
  const value = use(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}
