import { MESSAGES, SESSION_END_MESSAGES, TOKEN_STORAGE_KEY } from '@lyceum/contract/constants';
import { screen, waitFor } from '@testing-library/react';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter } from 'react-router';
import { EnrolButton } from '../features/courses/components/enrol-button';
import { makeToken } from '../test/tokens';
import { App } from './app';
import type { AppRouter } from './router';

/** The real app (providers, toasts, 401 handling) around a course page with Enroll now, for a signed-in student. */
function renderCoursePage() {
  window.localStorage.setItem(TOKEN_STORAGE_KEY, makeToken());
  const router = createMemoryRouter(
    [
      { path: '/course-details/:id', element: <EnrolButton courseId="c1" enrolmentStatus={null} /> },
      { path: '/login', element: <h1>Login screen</h1> },
    ],
    { initialEntries: ['/course-details/c1?tab=about'] },
  ) as unknown as AppRouter;
  render(<App router={router} />);
  return router;
}

function answer401(body: Record<string, unknown>) {
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>().mockResolvedValue(
      new Response(JSON.stringify({ statusCode: 401, error: 'Unauthorized', ...body }), {
        status: 401,
        headers: { 'content-type': 'application/json' },
      }),
    ),
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('an action that finds the session ended', () => {
  it("says once why (the server's reason) and returns to the page after login", async () => {
    answer401({ message: 'Unauthorized: Invalid token', reason: 'signed-out' });
    const router = renderCoursePage();

    await userEvent.click(await screen.findByRole('button', { name: 'Enroll now' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.state).toEqual({ from: '/course-details/c1?tab=about' });
    expect(await screen.findByText(SESSION_END_MESSAGES['signed-out'])).toBeInTheDocument();
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(screen.queryByText(MESSAGES.enrolFailed)).not.toBeInTheDocument();
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('says "please login first" once when the server gives no reason', async () => {
    answer401({ message: 'Unauthorized: Invalid token' });
    const router = renderCoursePage();

    await userEvent.click(await screen.findByRole('button', { name: 'Enroll now' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByText(MESSAGES.pleaseLoginFirst)).toBeInTheDocument();
    expect(screen.getAllByRole('alert')).toHaveLength(1);
  });
});
