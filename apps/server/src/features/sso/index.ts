import { feature, type Core } from '#core.js';
import { ssoRoutes } from './routes.js';
import { createSecretBox } from './secrets.js';
import { createSsoService } from './service.js';

/** Single sign-on through OpenID Connect (issue 48, ADR 056). */
export function ssoFeature(core: Core) {
  const { config, db, tokens, clock, guards } = core;
  // SSO_SECRET_KEY, or a key derived from the token signing secret (the same on every node with JWT_SECRET).
  const secrets = createSecretBox(config.ssoSecretKey ?? tokens.mac('sso-client-secrets', 'v1'));
  const sso = createSsoService(db, {
    tokens,
    secrets,
    clock,
    publicUrl: config.publicUrl,
    allowLoopbackHttp: config.env !== 'production',
  });
  return feature({
    sso,
    routes: async (api) => {
      await api.register(ssoRoutes, {
        sso,
        guards,
        authRateLimit: config.authRateLimitPerMinute,
        secure: config.publicUrl.startsWith('https:'),
      });
    },
  });
}
