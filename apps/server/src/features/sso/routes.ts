import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Guards } from '#auth/guards.js';
import { denied, invalid, missing, security, signedInRoute } from '#lib/route-preamble.js';
import {
  AdminProviderSchema,
  ErrorSchema,
  ExchangeBodySchema,
  ExchangeResponseSchema,
  IdParamsSchema,
  ProviderBodySchema,
  ProviderParamsSchema,
  ProviderPatchSchema,
  PublicProviderSchema,
  SignInAttemptSchema,
  StartQuerySchema,
} from '@lyceum/contract';
import { LOGIN_STATE_TTL_MS, SSO_BROWSER_COOKIE, type SsoService } from './service.js';

export interface SsoRoutesOptions {
  sso: SsoService;
  guards: Guards;
  authRateLimit: number;
  /** Whether the site is served over https (the cookie is then Secure). */
  secure: boolean;
}

/** One cookie's value from a Cookie header. */
function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim() || undefined;
  }
  return undefined;
}

const tags = ['auth'];
const adminTags = ['admin'];

/**
 * Single sign-on through OpenID Connect (issue 48, ADR 056). The browser is sent to the provider and back; every
 * end of the callback is a redirect to the web app's /login (with a one-time code, or `sso_error` and a reason).
 */
export const ssoRoutes: FastifyPluginAsyncZod<SsoRoutesOptions> = async (
  app,
  { sso, guards, authRateLimit, secure },
) => {
  // Sent back on the provider's top-level redirect (Lax), to the OIDC routes only, never readable by scripts.
  const browserCookie = (value: string, maxAge: number) =>
    `${SSO_BROWSER_COOKIE}=${value}; Path=/api/auth/oidc; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
  const signedIn = signedInRoute(guards);
  const rateLimit = { max: authRateLimit, timeWindow: '1 minute' };

  app.get(
    '/auth/oidc/providers',
    {
      config: { access: { who: 'public' } },
      schema: {
        tags,
        summary: 'The identity providers one can sign in with (the login page buttons)',
        response: { 200: z.array(PublicProviderSchema) },
      },
    },
    async () => sso.publicProviders(),
  );

  app.get(
    '/auth/oidc/:provider/start',
    {
      config: { access: { who: 'public' }, rateLimit },
      schema: {
        tags,
        summary: "Begins a sign-in: a redirect to the provider's authorization page",
        params: ProviderParamsSchema,
        querystring: StartQuerySchema,
        response: { 302: z.null().optional(), 400: ErrorSchema, 429: ErrorSchema },
      },
    },
    async (request, reply) => {
      const { location, browserKey } = await sso.start(request.params.provider, request.query.returnTo);
      if (browserKey) reply.header('set-cookie', browserCookie(browserKey, LOGIN_STATE_TTL_MS / 1000));
      return reply.redirect(location, 302);
    },
  );

  app.get(
    '/auth/oidc/:provider/callback',
    {
      config: { access: { who: 'public' }, rateLimit },
      schema: {
        tags,
        summary: "The provider's answer: signs in and redirects to /login with a one-time code, or with sso_error",
        params: ProviderParamsSchema,
        response: { 302: z.null().optional(), 400: ErrorSchema, 429: ErrorSchema },
      },
    },
    async (request, reply) => {
      const browserKey = cookieValue(request.headers.cookie, SSO_BROWSER_COOKIE);
      const location = await sso.callback(request.params.provider, request.url, browserKey);
      reply.header('set-cookie', browserCookie('', 0));
      return reply.redirect(location, 302);
    },
  );

  app.post(
    '/auth/oidc/exchange',
    {
      config: { access: { who: 'public' }, rateLimit },
      schema: {
        tags,
        summary: "The callback's one-time code for a session token (as a password sign-in gives)",
        body: ExchangeBodySchema,
        response: { 200: ExchangeResponseSchema, 400: ErrorSchema, 403: ErrorSchema, 429: ErrorSchema },
      },
    },
    async (request) => sso.exchange(request.body.code, request.headers['user-agent']),
  );

  app.get(
    '/admin/identity-providers',
    {
      ...signedIn({ who: ['admin'] }),
      schema: {
        tags: adminTags,
        summary: 'Identity providers (secrets never included)',
        security,
        response: { 200: z.array(AdminProviderSchema), ...denied },
      },
    },
    async () => sso.listProviders(),
  );

  app.post(
    '/admin/identity-providers',
    {
      ...signedIn({ who: ['admin'] }),
      schema: {
        tags: adminTags,
        summary: 'Adds an identity provider (its client secret is stored encrypted)',
        security,
        body: ProviderBodySchema,
        response: { 201: AdminProviderSchema, ...invalid, ...denied },
      },
    },
    async (request, reply) => reply.code(201).send(await sso.createProvider(request.body)),
  );

  app.patch(
    '/admin/identity-providers/:id',
    {
      ...signedIn({ who: ['admin'] }),
      schema: {
        tags: adminTags,
        summary: 'Changes an identity provider, enables or disables it; a secret is replaced only when sent',
        security,
        params: IdParamsSchema,
        body: ProviderPatchSchema,
        response: { 200: AdminProviderSchema, ...invalid, ...denied, ...missing },
      },
    },
    async (request) => sso.updateProvider(request.params.id, request.body),
  );

  app.get(
    '/admin/identity-providers/attempts',
    {
      ...signedIn({ who: ['admin'] }),
      schema: {
        tags: adminTags,
        summary: 'The last 50 sign-ins through identity providers, with the reason of each refusal',
        security,
        response: { 200: z.array(SignInAttemptSchema), ...denied },
      },
    },
    async () => sso.recentAttempts(),
  );
};
