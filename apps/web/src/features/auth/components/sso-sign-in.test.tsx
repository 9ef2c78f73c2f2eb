import { TOKEN_STORAGE_KEY } from '@lyceum/contract/constants';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '@/test/render';
import { makeToken } from '@/test/tokens';
import { SsoSignIn } from './sso-sign-in';

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** The server's answers by path: the enabled providers and the one-time code's exchange. */
function serverAnswering(exchange: Response) {
  const fetchMock = vi.fn<typeof fetch>(async (input) => {
    const url = String(input instanceof Request ? input.url : input);
    if (url.includes('/api/auth/oidc/providers')) {
      return jsonResponse(200, [
        { id: '7f0c6f8e-3a52-4a8e-9a63-1c2b3d4e5f60', name: 'School Google', preset: 'google' },
      ]);
    }
    if (url.includes('/api/auth/oidc/exchange')) return exchange;
    return jsonResponse(404, { message: 'Not found' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('sign in with the school provider (issue 48)', () => {
  it('offers a button per enabled provider, to its start route', async () => {
    serverAnswering(jsonResponse(400, {}));
    renderWithApp(<SsoSignIn />, { route: '/login' });
    const button = await screen.findByRole('link', { name: 'Sign in with School Google' });
    expect(button).toHaveAttribute('href', '/api/auth/oidc/7f0c6f8e-3a52-4a8e-9a63-1c2b3d4e5f60/start');
  });

  it("says why the provider's sign-in was refused", async () => {
    serverAnswering(jsonResponse(400, {}));
    renderWithApp(<SsoSignIn />, { route: '/login?sso_error=domain-not-allowed' });
    expect(await screen.findByRole('alert')).toHaveTextContent('This account does not belong to your school.');
  });

  it('an unknown reason is shown with its code for the administrator', async () => {
    serverAnswering(jsonResponse(400, {}));
    renderWithApp(<SsoSignIn />, { route: '/login?sso_error=wrong-audience' });
    expect(await screen.findByRole('alert')).toHaveTextContent('(code: wrong-audience)');
  });

  it('exchanges the one-time code for the session and opens the page asked for', async () => {
    const token = makeToken();
    const fetchMock = serverAnswering(jsonResponse(200, { token, role: 'student' }));
    renderWithApp(<SsoSignIn />, {
      route: '/login?sso_code=abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG&next=%2Fstudent%2Fcourses',
      routes: [{ path: '/student/courses', element: <h1>My courses</h1> }],
    });
    expect(await screen.findByRole('heading', { name: 'My courses' })).toBeInTheDocument();
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe(token);
    const exchange = fetchMock.mock.calls.find(([input]) => String(input).includes('/exchange'));
    expect(exchange).toBeDefined();
  });

  it('a used or expired code says so', async () => {
    serverAnswering(jsonResponse(400, { message: 'This sign-in has expired or was already used.' }));
    renderWithApp(<SsoSignIn />, { route: '/login?sso_code=abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG' });
    expect(await screen.findByRole('alert')).toHaveTextContent('That sign-in took too long or was already used.');
  });
});
