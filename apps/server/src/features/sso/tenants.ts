import * as oidc from 'openid-client';
import { Refusal, TENANT, type ProviderRow, type SsoContext } from './context.js';

class CapturedResponse extends Error {}

/** The tenant an issuer names by the `{tenantid}` template, or null when it is not of that form. */
export function tenantOf(template: string, issuer: string): string | null {
  const [before = '', after = ''] = template.split(TENANT);
  if (!issuer.startsWith(before) || !issuer.endsWith(after)) return null;
  const tid = issuer.slice(before.length, issuer.length - after.length);
  return /^[\w.-]{1,100}$/.test(tid) ? tid : null;
}

/**
 * Entra multi-tenant: the id_token's issuer depends on its `tid`. The token response is fetched once; its `tid`
 * (read unverified) only chooses which configured tenant's issuer openid-client then checks the token against,
 * with every other check, on the same response. A `tid` that is not configured is refused before.
 */
export async function codeGrantForTenants(
  configuration: SsoContext['configuration'],
  provider: ProviderRow,
  server: oidc.ServerMetadata,
  url: URL,
  checks: oidc.AuthorizationCodeGrantChecks,
) {
  // A provider that names itself in the answer (RFC 9207 `iss`): that tenant's issuer, if it is configured.
  const named = url.searchParams.get('iss');
  if (named) {
    const tid = tenantOf(server.issuer, named);
    if (tid === null) throw new Refusal('wrong-issuer', `iss ${named}`);
    if (!provider.allowedTenants.includes(tid)) throw new Refusal('tenant-not-allowed', `tid ${tid}`);
    return oidc.authorizationCodeGrant(configuration(provider, { ...server, issuer: named }), url, checks);
  }
  let captured: { body: string; status: number; headers: Headers } | null = null;
  const capture = async (input: string | URL | Request, init?: RequestInit) => {
    const target = String(input instanceof Request ? input.url : input);
    if (target !== server.token_endpoint) return fetch(input, init);
    if (!captured) {
      const response = await fetch(input, init);
      captured = { body: await response.text(), status: response.status, headers: response.headers };
      throw new CapturedResponse();
    }
    return new Response(captured.body, { status: captured.status, headers: captured.headers });
  };
  try {
    await oidc.authorizationCodeGrant(configuration(provider, server, capture as typeof fetch), url, checks);
  } catch (error) {
    if (!(error instanceof CapturedResponse) && !(error instanceof Error && error.cause instanceof CapturedResponse))
      throw error;
  }
  const body = captured as { body: string } | null;
  let tid: unknown;
  try {
    const idToken = (JSON.parse(body?.body ?? '{}') as { id_token?: string }).id_token ?? '';
    tid = (JSON.parse(Buffer.from(idToken.split('.')[1] ?? '', 'base64url').toString('utf8')) as { tid?: unknown }).tid;
  } catch {
    tid = undefined;
  }
  if (typeof tid !== 'string' || !provider.allowedTenants.includes(tid)) {
    throw new Refusal('tenant-not-allowed', `tid ${String(tid)}`);
  }
  const tenantServer = { ...server, issuer: server.issuer.replace(TENANT, tid) };
  return oidc.authorizationCodeGrant(configuration(provider, tenantServer, capture as typeof fetch), url, checks);
}
