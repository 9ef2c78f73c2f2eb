import type { Profile } from '@lyceum/contract';
import { TOKEN_STORAGE_KEY } from '@lyceum/contract/constants';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { logout } from '../features/auth/api/logout';
import { ApiError, apiRequest, setUnauthorizedHandler, toastMessageOf } from './api-client';

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function stubFetch(response: Response) {
  const fetchMock = vi.fn<typeof fetch>().mockResolvedValue(response);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

async function captureError(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the request to fail');
}

afterEach(() => {
  vi.unstubAllGlobals();
  setUnauthorizedHandler(null);
});

describe('api client', () => {
  it('turns a 400 into an ApiError carrying status, message and field issues', async () => {
    stubFetch(
      jsonResponse(400, {
        statusCode: 400,
        error: 'Bad Request',
        message: 'email must be a valid email address',
        issues: [{ path: 'email', message: 'must be a valid email address' }],
      }),
    );
    const error = await captureError(apiRequest('/api/auth/register', { method: 'POST', body: {}, auth: false }));
    expect(error.status).toBe(400);
    expect(error.message).toBe('email must be a valid email address');
    expect(error.issues).toEqual([{ path: 'email', message: 'must be a valid email address' }]);
  });

  it('keeps a message-only error body, with no issues', async () => {
    stubFetch(jsonResponse(409, { message: 'User is already registered with this email. Please sign in.' }));
    const error = await captureError(apiRequest('/api/auth/register', { method: 'POST', body: {} }));
    expect(error.status).toBe(409);
    expect(error.serverMessage).toBe('User is already registered with this email. Please sign in.');
    expect(error.issues).toEqual([]);
  });

  it('turns a non-JSON failure into an ApiError without a server message', async () => {
    stubFetch(new Response('<html>Bad gateway</html>', { status: 502, statusText: 'Bad Gateway' }));
    const error = await captureError(apiRequest('/api/me'));
    expect(error.status).toBe(502);
    expect(error.serverMessage).toBeUndefined();
    expect(toastMessageOf(error, 'fallback')).toBe('fallback');
  });

  it("toasts the server's message for a client error, the fallback otherwise", () => {
    expect(toastMessageOf(new ApiError(401, 'x', { serverMessage: 'Invalid email or password' }), 'f')).toBe(
      'Invalid email or password',
    );
    expect(toastMessageOf(new ApiError(500, 'x', { serverMessage: 'Internal Server Error' }), 'f')).toBe('f');
    expect(toastMessageOf(new Error('boom'), 'f')).toBe('f');
  });

  it('turns a network failure into an ApiError with status 0', async () => {
    vi.stubGlobal('fetch', vi.fn<typeof fetch>().mockRejectedValue(new TypeError('Failed to fetch')));
    const error = await captureError(apiRequest('/api/me'));
    expect(error.status).toBe(0);
  });

  it('sends the stored token as a bearer token', async () => {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'the-token');
    const fetchMock = stubFetch(jsonResponse(200, {}));
    await apiRequest('/api/me');
    const headers = fetchMock.mock.calls[0]?.[1]?.headers as Record<string, string>;
    expect(headers.Authorization).toBe('Bearer the-token');
  });

  it("resolves with a 2xx body as the server sent it (the server's contract schema has shaped it already)", async () => {
    const profile = { id: 'u1', firstname: 'Ada', lastname: 'Lovelace', createdAt: '2025-01-02T03:04:05.000Z' };
    stubFetch(jsonResponse(200, profile));
    const answer = await apiRequest<Pick<Profile, 'id' | 'firstname' | 'lastname' | 'createdAt'>>('/api/me');
    expect(answer).toEqual(profile);
    expect(typeof answer.createdAt).toBe('string');
  });

  it('resolves with undefined for an answer without a JSON body (204)', async () => {
    stubFetch(new Response(null, { status: 204 }));
    await expect(apiRequest('/api/courses/c1/wishlist', { method: 'DELETE' })).resolves.toBeUndefined();
  });

  it('sends a FormData as it is, leaving its multipart Content-Type to the browser', async () => {
    const fetchMock = stubFetch(jsonResponse(200, {}));
    const form = new FormData();
    form.append('image', new Blob(['x'], { type: 'image/png' }), 'a.png');
    await apiRequest('/api/me/image', { method: 'PUT', body: form });
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.body).toBe(form);
    expect(init?.headers as Record<string, string>).not.toHaveProperty('Content-Type');
  });

  it('ends the session when an authenticated call answers 401', async () => {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'revoked-token');
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    stubFetch(jsonResponse(401, { statusCode: 401, error: 'Unauthorized', message: 'Invalid token' }));
    await captureError(apiRequest('/api/me'));
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it("carries the server's reason for an ended session, and ignores a reason it does not know", async () => {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'revoked-token');
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    stubFetch(jsonResponse(401, { message: 'Unauthorized: Invalid token', reason: 'password-changed' }));
    const error = await captureError(apiRequest('/api/me'));
    expect(error.reason).toBe('password-changed');
    expect(onUnauthorized).toHaveBeenCalledWith(error);

    stubFetch(jsonResponse(401, { message: 'Unauthorized: Invalid token', reason: '<script>' }));
    expect((await captureError(apiRequest('/api/me'))).reason).toBeUndefined();
  });

  it('does not treat a failed login (401 without a token) as an ended session', async () => {
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    stubFetch(jsonResponse(401, { message: 'Invalid email or password' }));
    const error = await captureError(apiRequest('/api/auth/login', { method: 'POST', body: {}, auth: false }));
    expect(error.serverMessage).toBe('Invalid email or password');
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('sends a given token (logout of a session already ended here) and leaves the session alone on 401', async () => {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'other-session-token');
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    const fetchMock = stubFetch(
      jsonResponse(401, { statusCode: 401, error: 'Unauthorized', message: 'Invalid token' }),
    );
    await captureError(logout('ended-session-token'));
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/auth/logout');
    expect(init?.method).toBe('POST');
    expect((init?.headers as Record<string, string>).Authorization).toBe('Bearer ended-session-token');
    expect(onUnauthorized).not.toHaveBeenCalled();
  });
});
