import { MESSAGES, UI } from '@lyceum/contract/constants';
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LOGGED_OUT, authReducer } from '../lib/auth/auth-reducer';
import { decodeSessionToken } from '../lib/auth/token';
import { renderWithApp } from '../test/render';
import { makeToken, STUDENT } from '../test/tokens';
import { GuestOnly, RequireRole } from './guards';

function sessionOf(role: 'student' | 'teacher') {
  const payload = decodeSessionToken(makeToken({}, { ...STUDENT, role }));
  if (!payload) throw new Error('test token did not decode');
  return authReducer(LOGGED_OUT, { type: 'login-success', payload });
}

const otherRoutes = [
  { path: '/login', element: <h1>Login screen</h1> },
  { path: '/student', element: <h1>Student area</h1> },
];

afterEach(() => vi.useRealTimers());

describe('role area guard', () => {
  it('asks a visitor to log in first, then opens the login screen after a second', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { router } = renderWithApp(
      <RequireRole role="teacher">
        <h1>Teacher area</h1>
      </RequireRole>,
      { route: '/teacher/dashboard', routes: otherRoutes },
    );

    expect(await screen.findByText(MESSAGES.pleaseLoginFirst)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Teacher area' })).not.toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(UI.unauthenticatedRedirectMs));
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.state).toEqual({ from: '/teacher/dashboard' });
  });

  it('sends someone who just logged out home, not to the login screen', async () => {
    const { router } = renderWithApp(
      <RequireRole role="teacher">
        <h1>Teacher area</h1>
      </RequireRole>,
      {
        route: '/teacher',
        auth: authReducer(sessionOf('teacher'), { type: 'logout', byUser: true }),
        routes: [...otherRoutes, { path: '/', element: <h1>Home</h1> }],
      },
    );
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(screen.queryByText(MESSAGES.pleaseLoginFirst)).not.toBeInTheDocument();
  });

  it('sends a user of another role to their own area', async () => {
    const { router } = renderWithApp(
      <RequireRole role="teacher">
        <h1>Teacher area</h1>
      </RequireRole>,
      { route: '/teacher', auth: sessionOf('student'), routes: otherRoutes },
    );
    expect(await screen.findByRole('heading', { name: 'Student area' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/student');
  });

  it('lets a user of the right role in', () => {
    renderWithApp(
      <RequireRole role="teacher">
        <h1>Teacher area</h1>
      </RequireRole>,
      { route: '/teacher', auth: sessionOf('teacher') },
    );
    expect(screen.getByRole('heading', { name: 'Teacher area' })).toBeInTheDocument();
  });
});

describe('login screen guard', () => {
  it('sends a visitor who is already logged in to their area', async () => {
    renderWithApp(
      <GuestOnly>
        <h1>Login form</h1>
      </GuestOnly>,
      { route: '/login', auth: sessionOf('student'), routes: otherRoutes.slice(1) },
    );
    expect(await screen.findByRole('heading', { name: 'Student area' })).toBeInTheDocument();
  });

  it('shows the screen to a visitor', () => {
    renderWithApp(
      <GuestOnly>
        <h1>Login form</h1>
      </GuestOnly>,
      { route: '/login' },
    );
    expect(screen.getByRole('heading', { name: 'Login form' })).toBeInTheDocument();
  });
});
