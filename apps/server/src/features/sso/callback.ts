import { randomBytes } from 'node:crypto';
import { eq, lt } from 'drizzle-orm';
import * as oidc from 'openid-client';
import { ssoHandoffs, ssoLoginStates } from '#db/schema/index.js';
import { HANDOFF_TTL_MS, hash, Refusal, TENANT, type ProviderRow, type SsoContext } from './context.js';
import { accountFor } from './linking.js';
import { errorText, tokenRefusalReason } from './reasons.js';
import { codeGrantForTenants, tenantOf } from './tenants.js';

/** The provider's answer to a sign-in: the state and browser checked, the tokens and claims, the account. */
export function createCallback(context: SsoContext) {
  const { db, options, now, redirectUri, metadata, configuration, enabledProvider, log } = context;
  const { clock, publicUrl } = options;

  /** The login state the answer names, used up, checked against the provider, its expiry and the browser. */
  async function takeState(provider: ProviderRow, url: URL, browserKey: string | undefined) {
    const stateParam = url.searchParams.get('state');
    if (!stateParam) throw new Refusal('state-missing');
    // Single use: the row is gone once read, whatever follows.
    const [state] = await db.delete(ssoLoginStates).where(eq(ssoLoginStates.state, stateParam)).returning();
    if (!state || state.providerId !== provider.id) throw new Refusal('state-unknown-or-used');
    if (state.expiresAt.getTime() <= clock()) throw new Refusal('state-expired');
    // The answer must come back to the browser that asked (its cookie hashes to the nonce).
    if (!browserKey || hash(browserKey) !== state.nonce) throw new Refusal('browser-mismatch');
    const error = url.searchParams.get('error');
    if (error) throw new Refusal('provider-error', `${error}: ${url.searchParams.get('error_description') ?? ''}`);
    return { state, stateParam };
  }

  /** The id_token's claims, checked: issuer, then the provider's allowed domains (Google) or tenants (Entra). */
  async function checkedClaims(
    provider: ProviderRow,
    url: URL,
    state: { codeVerifier: string; nonce: string },
    stateParam: string,
  ) {
    const server = await metadata(provider).catch((e: unknown) => {
      throw new Refusal('provider-unreachable', errorText(e));
    });
    const checks = {
      pkceCodeVerifier: state.codeVerifier,
      expectedState: stateParam,
      expectedNonce: state.nonce,
      idTokenExpected: true,
    };
    const current = new URL(`${redirectUri(provider)}${url.search}`);
    let response: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>;
    try {
      response = server.issuer.includes(TENANT)
        ? await codeGrantForTenants(configuration, provider, server, current, checks)
        : await oidc.authorizationCodeGrant(configuration(provider, server), current, checks);
    } catch (e) {
      if (e instanceof Refusal) throw e;
      throw new Refusal(tokenRefusalReason(e), errorText(e));
    }
    const claims = response.claims();
    if (!claims) throw new Refusal('token-refused', 'no id_token');
    // Entra: the issuer the token was checked against must be its own tenant's (`tid`), whichever way it was chosen.
    if (
      server.issuer.includes(TENANT) &&
      (typeof claims.tid !== 'string' || tenantOf(server.issuer, claims.iss) !== claims.tid)
    ) {
      throw new Refusal('wrong-issuer', `iss ${claims.iss}, tid ${String(claims.tid)}`);
    }
    const email = typeof claims.email === 'string' ? claims.email : '';
    if (provider.preset === 'google' && provider.allowedDomains.length > 0) {
      // The domain the Workspace account belongs to, not the e-mail's text.
      if (typeof claims.hd !== 'string' || !provider.allowedDomains.includes(claims.hd)) {
        throw new Refusal('domain-not-allowed', `hd ${String(claims.hd ?? '(none)')}`, email);
      }
    }
    if (provider.preset === 'entra' && provider.allowedTenants.length > 0) {
      if (typeof claims.tid !== 'string' || !provider.allowedTenants.includes(claims.tid)) {
        throw new Refusal('tenant-not-allowed', `tid ${String(claims.tid ?? '(none)')}`, email);
      }
    }
    return { claims, email };
  }

  return {
    /** The provider's answer: checked, the account found or made, then the web app's one-time code. */
    async callback(providerId: string, requestUrl: string, browserKey: string | undefined): Promise<string> {
      let provider: ProviderRow | null = null;
      try {
        provider = await enabledProvider(providerId);
        const url = new URL(requestUrl, publicUrl);
        const { state, stateParam } = await takeState(provider, url, browserKey);
        const { claims, email } = await checkedClaims(provider, url, state, stateParam);
        const userId = await accountFor(db, provider, claims);
        const code = randomBytes(32).toString('base64url');
        await db.delete(ssoHandoffs).where(lt(ssoHandoffs.expiresAt, now()));
        await db
          .insert(ssoHandoffs)
          .values({ codeHash: hash(code), userId, expiresAt: new Date(clock() + HANDOFF_TTL_MS) });
        await log(provider.id, 'signed-in', 'signed-in', { email, userId });
        const next = encodeURIComponent(state.returnTo);
        return `/login?sso_code=${code}&next=${next}`;
      } catch (error) {
        const refusal = error instanceof Refusal ? error : new Refusal('token-refused', errorText(error));
        await log(provider?.id ?? null, 'refused', refusal.reason, { detail: refusal.detail, email: refusal.email });
        return `/login?sso_error=${refusal.reason}`;
      }
    },
  };
}
