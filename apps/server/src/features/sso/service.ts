import type { Db } from '#db/client.js';
import { createCallback } from './callback.js';
import { createSsoContext, type SsoServiceOptions } from './context.js';
import { createHandoff } from './handoff.js';
import { createLoginStart } from './login-start.js';
import { createProviderAdmin } from './providers.js';

export {
  ATTEMPTS_KEPT_DAYS,
  HANDOFF_TTL_MS,
  LOGIN_STATE_TTL_MS,
  SSO_BROWSER_COOKIE,
  safeReturnTo,
  toAdminProvider,
  type ProviderInput,
  type ProviderRow,
  type SsoServiceOptions,
} from './context.js';

/**
 * Single sign-on (issue 48, ADR 056), one module per use case over a shared context (context.ts: discovery, client
 * configuration, the attempts log): the providers' administration, beginning a sign-in, the provider's answer
 * (with the account's linking, linking.ts, and Entra's tenants, tenants.ts) and the hand-off to the web app.
 */
export function createSsoService(db: Db, options: SsoServiceOptions) {
  const context = createSsoContext(db, options);
  return {
    ...createProviderAdmin(context),
    ...createLoginStart(context),
    ...createCallback(context),
    ...createHandoff(context),
  };
}

export type SsoService = ReturnType<typeof createSsoService>;
