import { desc, eq } from 'drizzle-orm';
import { identityProviders, ssoSignInAttempts } from '#db/schema/index.js';
import { badRequest, notFound } from '#lib/errors.js';
import { TENANT, toAdminProvider, type ProviderInput, type SsoContext } from './context.js';

/** The providers: the login page's buttons, and the admin's list, creation, changes and recent sign-ins. */
export function createProviderAdmin({ db, options, now }: SsoContext) {
  const { secrets } = options;
  return {
    /** The enabled providers, for the login page's buttons. */
    async publicProviders() {
      const rows = await db
        .select({ id: identityProviders.id, name: identityProviders.name, preset: identityProviders.preset })
        .from(identityProviders)
        .where(eq(identityProviders.enabled, true))
        .orderBy(identityProviders.name);
      return rows;
    },

    async listProviders() {
      const rows = await db.select().from(identityProviders).orderBy(identityProviders.name);
      return rows.map(toAdminProvider);
    },

    async createProvider(input: ProviderInput) {
      checkProvider(input);
      const [row] = await db
        .insert(identityProviders)
        .values({ ...input, clientSecretEncrypted: secrets.seal(input.clientSecret ?? '') })
        .returning();
      return toAdminProvider(row!);
    },

    /** Changes the given fields; a secret is replaced only when one is sent. */
    async updateProvider(id: string, input: Partial<ProviderInput>) {
      const [current] = await db.select().from(identityProviders).where(eq(identityProviders.id, id)).limit(1);
      if (!current) throw notFound('Identity provider not found');
      const { clientSecret, ...fields } = input;
      checkProvider({ ...toAdminProvider(current), ...fields });
      const [row] = await db
        .update(identityProviders)
        .set({
          ...fields,
          ...(clientSecret !== undefined ? { clientSecretEncrypted: secrets.seal(clientSecret) } : {}),
          updatedAt: now(),
        })
        .where(eq(identityProviders.id, id))
        .returning();
      return toAdminProvider(row!);
    },

    /** The last 50 sign-ins through providers, newest first, with the reason of each refusal. */
    async recentAttempts() {
      const rows = await db
        .select({
          id: ssoSignInAttempts.id,
          providerId: ssoSignInAttempts.providerId,
          providerName: identityProviders.name,
          at: ssoSignInAttempts.at,
          outcome: ssoSignInAttempts.outcome,
          reason: ssoSignInAttempts.reason,
          detail: ssoSignInAttempts.detail,
          email: ssoSignInAttempts.email,
        })
        .from(ssoSignInAttempts)
        .leftJoin(identityProviders, eq(identityProviders.id, ssoSignInAttempts.providerId))
        .orderBy(desc(ssoSignInAttempts.at), desc(ssoSignInAttempts.id))
        .limit(50);
      return rows.map((r) => ({ ...r, providerName: r.providerName ?? '', at: r.at.toISOString() }));
    },
  };
}

function checkProvider(input: Pick<ProviderInput, 'issuer' | 'preset' | 'allowedTenants'>) {
  let url: URL;
  try {
    url = new URL(input.issuer.replace(TENANT, 'x'));
  } catch {
    throw badRequest('The issuer must be a URL', [{ path: 'issuer', message: 'must be a URL' }]);
  }
  if (!['https:', 'http:'].includes(url.protocol)) throw badRequest('The issuer must be an https:// URL');
  if (input.issuer.includes(TENANT) && (input.preset !== 'entra' || input.allowedTenants.length === 0)) {
    throw badRequest('A {tenantid} issuer needs the Entra preset and at least one allowed tenant', [
      { path: 'allowedTenants', message: 'must name at least one tenant' },
    ]);
  }
}
