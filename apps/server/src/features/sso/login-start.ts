import { lt } from 'drizzle-orm';
import * as oidc from 'openid-client';
import { ssoLoginStates } from '#db/schema/index.js';
import { hash, LOGIN_STATE_TTL_MS, Refusal, safeReturnTo, type ProviderRow, type SsoContext } from './context.js';
import { errorText } from './reasons.js';

/** Beginning a sign-in: the login state kept for the way back, and where the browser goes. */
export function createLoginStart({
  db,
  options,
  now,
  redirectUri,
  metadata,
  configuration,
  enabledProvider,
  log,
}: SsoContext) {
  const { clock } = options;
  return {
    /**
     * Where the browser goes to sign in: the provider's authorization URL (code flow, PKCE, state, nonce), and the
     * value of the browser's binding cookie (SSO_BROWSER_COOKIE; null when the sign-in could not begin). The nonce is
     * the cookie's hash, so only the browser that began a sign-in can finish it (no login CSRF).
     */
    async start(providerId: string, returnTo: unknown): Promise<{ location: string; browserKey: string | null }> {
      let provider: ProviderRow | null = null;
      try {
        provider = await enabledProvider(providerId);
        const server = await metadata(provider).catch((error: unknown) => {
          throw new Refusal('provider-unreachable', errorText(error));
        });
        const config = configuration(provider, server);
        const codeVerifier = oidc.randomPKCECodeVerifier();
        const state = oidc.randomState();
        const browserKey = oidc.randomNonce();
        const nonce = hash(browserKey);
        await db.delete(ssoLoginStates).where(lt(ssoLoginStates.expiresAt, now()));
        await db.insert(ssoLoginStates).values({
          state,
          nonce,
          codeVerifier,
          providerId: provider.id,
          returnTo: safeReturnTo(returnTo),
          expiresAt: new Date(clock() + LOGIN_STATE_TTL_MS),
        });
        const parameters: Record<string, string> = {
          redirect_uri: redirectUri(provider),
          scope: 'openid email profile',
          code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
          code_challenge_method: 'S256',
          state,
          nonce,
        };
        // Google shows the school's accounts first; the `hd` claim is still checked on the way back.
        if (provider.preset === 'google' && provider.allowedDomains.length === 1)
          parameters.hd = provider.allowedDomains[0]!;
        return { location: oidc.buildAuthorizationUrl(config, parameters).href, browserKey };
      } catch (error) {
        const refusal = error instanceof Refusal ? error : new Refusal('provider-unreachable', errorText(error));
        await log(provider?.id ?? null, 'refused', refusal.reason, { detail: refusal.detail });
        return { location: `/login?sso_error=${refusal.reason}`, browserKey: null };
      }
    },
  };
}
