import { feature, type Core } from '#core.js';
import { createSecretBox } from '#lib/secret-box.js';
import { createDeepLinking } from './deep-linking.js';
import { createPlatformKeys } from './keys.js';
import { createLaunches } from './launch.js';
import { ltiRoutes } from './routes.js';
import { createToolAdmin } from './tools.js';

/** LTI 1.3: Lyceum as a platform launching external tools (issue 51, ADR 068). */
export function ltiFeature(core: Core) {
  const { config, db, tokens, clock, guards } = core;
  // The private keys are sealed like SSO's client secrets: under SSO_SECRET_KEY or the token signing secret.
  const secrets = createSecretBox(config.ssoSecretKey ?? tokens.mac('lti-platform-keys', 'v1'), 'lti-platform-keys');
  const keys = createPlatformKeys(db, secrets);
  // http:// tool URLs only to a loopback host (the tests' ltijs), never in production.
  const allowLoopbackHttp = config.env !== 'production';
  const tools = createToolAdmin(db, config.publicUrl, allowLoopbackHttp);
  const launches = createLaunches(db, { tokens, keys, clock, publicUrl: config.publicUrl, allowLoopbackHttp });
  const deepLinking = createDeepLinking(db, { tokens, clock, issuer: config.publicUrl, allowLoopbackHttp });
  return feature({
    routes: async (api) => {
      await api.register(ltiRoutes, {
        tools,
        launches,
        deepLinking,
        keys,
        guards,
        authRateLimit: config.authRateLimitPerMinute,
        secure: config.publicUrl.startsWith('https:'),
      });
    },
  });
}
