import { act, render, waitFor } from '@testing-library/react';
import { useEffect, type ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LocaleProvider } from '@/i18n/locale-provider';
import { apiRequest } from '@/lib/api-client';
import { LEARNER_CACHE, PWA_MESSAGES } from '@/pwa/constants';
import { STUDENT } from '@/test/tokens';
import { authReducer, LOGGED_OUT } from './auth-reducer';
import { AuthProvider, useAuth } from './auth-context';
import { storeToken } from './token';

/**
 * However the session ends, the service worker forgets the lessons and outlines it kept for the user (ADR 072): not
 * only at the Logout click but when the server says the session is over (401), or the token expires.
 */
const signedIn = (exp = 4102444800) =>
  authReducer(LOGGED_OUT, {
    type: 'login-success',
    payload: { sub: STUDENT.id, ver: 1, user: { ...STUDENT, timeZone: 'UTC', language: null }, iat: 1767225600, exp },
  });

let postMessage: ReturnType<typeof vi.fn>;
let deleteCache: ReturnType<typeof vi.fn>;

beforeEach(() => {
  postMessage = vi.fn();
  deleteCache = vi.fn().mockResolvedValue(true);
  vi.stubGlobal('caches', { delete: deleteCache });
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: { controller: { postMessage } } });
  storeToken('a.stored.token');
});

afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
  window.localStorage.clear();
});

const inLocale = (children: ReactNode) => (
  <LocaleProvider locale="en" messages={{}}>
    {children}
  </LocaleProvider>
);

function Status() {
  const { state } = useAuth();
  return <p>{state.isAuthenticated ? 'signed in' : 'signed out'}</p>;
}

function CallsTheApi() {
  useEffect(() => {
    void apiRequest('/api/me').catch(() => undefined);
  }, []);
  return null;
}

const forgotten = () => {
  expect(deleteCache).toHaveBeenCalledWith(LEARNER_CACHE);
  expect(postMessage).toHaveBeenCalledWith({ type: PWA_MESSAGES.forgetLearner });
};

describe('the end of a session', () => {
  it('keeps the learner cache while the session lasts', async () => {
    vi.stubGlobal('fetch', vi.fn<typeof fetch>().mockResolvedValue(Response.json({ ok: true })));
    const view = render(
      inLocale(
        <AuthProvider initialState={signedIn()}>
          <Status />
          <CallsTheApi />
        </AuthProvider>,
      ),
    );
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(view.getByText('signed in')).toBeTruthy();
    expect(deleteCache).not.toHaveBeenCalled();
    expect(postMessage).not.toHaveBeenCalled();
  });

  it('clears the learner cache when the server answers 401 for a revoked session', async () => {
    vi.stubGlobal(
      'fetch',
      vi
        .fn<typeof fetch>()
        .mockResolvedValue(Response.json({ message: 'Session ended', reason: 'revoked' }, { status: 401 })),
    );
    const onSessionRejected = vi.fn();
    const view = render(
      inLocale(
        <AuthProvider initialState={signedIn()} onSessionRejected={onSessionRejected}>
          <Status />
          <CallsTheApi />
        </AuthProvider>,
      ),
    );
    expect(await view.findByText('signed out')).toBeTruthy();
    expect(onSessionRejected).toHaveBeenCalled();
    forgotten();
  });

  it('clears the learner cache when the token expires with the tab open', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    try {
      const view = render(
        inLocale(
          <AuthProvider initialState={signedIn(Math.floor(Date.now() / 1000) + 60)}>
            <Status />
          </AuthProvider>,
        ),
      );
      expect(view.getByText('signed in')).toBeTruthy();
      expect(deleteCache).not.toHaveBeenCalled();
      await act(() => vi.advanceTimersByTimeAsync(61_000));
      expect(view.getByText('signed out')).toBeTruthy();
      forgotten();
    } finally {
      vi.useRealTimers();
    }
  });
});
