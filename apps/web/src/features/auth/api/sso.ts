import { apiRequest } from '@/lib/api-client';

/** An identity provider the login page offers (GET /api/auth/oidc/providers, issue 48). */
export interface SsoProvider {
  id: string;
  name: string;
  preset: 'google' | 'entra' | 'generic';
}

export function fetchSsoProviders(): Promise<SsoProvider[]> {
  return apiRequest<SsoProvider[]>('/api/auth/oidc/providers', { auth: false });
}

/** The one-time code the provider's sign-in came back with → our session token (POST /api/auth/oidc/exchange). */
export function exchangeSsoCode(code: string): Promise<{ token: string; role: string }> {
  return apiRequest<{ token: string; role: string }>('/api/auth/oidc/exchange', {
    method: 'POST',
    body: { code },
    auth: false,
  });
}

/** Where a provider button sends the browser: the server's start route, with the page to come back to. */
export function ssoStartHref(providerId: string, returnTo: string | undefined): string {
  const query = returnTo ? `?returnTo=${encodeURIComponent(returnTo)}` : '';
  return `/api/auth/oidc/${encodeURIComponent(providerId)}/start${query}`;
}
