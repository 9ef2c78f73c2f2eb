import type { APIRequestContext } from '@playwright/test';
import { expect } from './support';

/** Set-up through the API, as a client would: a fast way to the state a browser test starts from. */

/** The bearer token of an account that signs in with `email` and `password`. */
export async function tokenOf(request: APIRequestContext, email: string, password: string): Promise<string> {
  const login = await request.post('/api/auth/login', { data: { email, password } });
  expect(login.status()).toBe(200);
  return ((await login.json()) as { token: string }).token;
}

/** One call as the token's user; fails the test on any answer but a success, with the body in the message. */
export async function api<T>(
  request: APIRequestContext,
  token: string,
  method: string,
  url: string,
  data?: object,
): Promise<T> {
  const response = await request.fetch(url, {
    method,
    headers: { authorization: `Bearer ${token}` },
    ...(data ? { data } : {}),
  });
  expect(response.status(), `${method} ${url}: ${await response.text()}`).toBeLessThan(300);
  return (await response.json().catch(() => null)) as T;
}
