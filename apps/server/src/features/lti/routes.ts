import { ErrorSchema, IdParamsSchema } from '@lyceum/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, type Guards } from '#auth/guards.js';
import { badRequest } from '#lib/errors.js';
import { denied, invalid, missing, security, signedInRoute } from '#lib/route-preamble.js';
import type { DeepLinking } from './deep-linking.js';
import type { PlatformKeys } from './keys.js';
import { escapeHtml, LTI_BROWSER_COOKIE, type Launches } from './launch.js';
import {
  AdminToolSchema,
  AuthorizeParamsSchema,
  CourseItemParamsSchema,
  CourseSectionParamsSchema,
  ItemParamsSchema,
  LaunchAttemptSchema,
  LaunchStartSchema,
  RotateResultSchema,
  ToolBodySchema,
  ToolItemBodySchema,
  ToolItemSchema,
  ToolPatchSchema,
  DeepLinkingBodySchema,
  DeepLinkingReturnSchema,
  type AuthorizeParams,
} from './schemas.js';
import type { createToolAdmin } from './tools.js';

export interface LtiRoutesOptions {
  tools: ReturnType<typeof createToolAdmin>;
  launches: Launches;
  deepLinking: DeepLinking;
  keys: PlatformKeys;
  guards: Guards;
  authRateLimit: number;
  /** Whether the site is served over https (the browser cookie is then Secure, SameSite=None). */
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

const tags = ['lti'];
const adminTags = ['admin'];

/**
 * LTI 1.3: Lyceum as a platform (issue 51 slice 1, ADR 068). The tools' registration (admin), the platform's keys,
 * external tool items of a section (their course's teacher), the launch and the OIDC authorization endpoint.
 */
export const ltiRoutes: FastifyPluginAsyncZod<LtiRoutesOptions> = async (
  app,
  { tools, launches, deepLinking, keys, guards, authRateLimit, secure },
) => {
  /**
   * The browser binding of launches (ADR 073): set by the launch start (a same-origin API call), sent back to the
   * authorization endpoint, whether the tool's redirect is a top-level navigation, a form post or an iframe of a
   * Lyceum page (a first-party cookie there). Never readable by scripts; ends with the browser session.
   */
  const browserCookie = (value: string) =>
    `${LTI_BROWSER_COOKIE}=${value}; Path=/api; HttpOnly; ${secure ? 'SameSite=None; Secure' : 'SameSite=Lax'}`;
  const cookieOf = (request: FastifyRequest) => cookieValue(request.headers.cookie, LTI_BROWSER_COOKIE);
  const started = (reply: FastifyReply, begun: Awaited<ReturnType<Launches['start']>>) => {
    if (begun.browserCookie) reply.header('set-cookie', browserCookie(begun.browserCookie));
    return begun.start;
  };

  const signedIn = signedInRoute(guards);
  const rateLimit = { max: authRateLimit, timeWindow: '1 minute' };

  app.get(
    '/lti/jwks',
    {
      config: { access: { who: 'public' } },
      schema: {
        tags,
        summary: "The platform's public keys (JWKS): the current signing key and the previous one",
        response: { 200: z.object({ keys: z.array(z.record(z.string(), z.unknown())) }) },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return keys.jwks();
    },
  );

  /** The answer to an authentication request: the auto-posting form, or a 400 with the reason. */
  async function answerAuthorize(params: AuthorizeParams, request: FastifyRequest, reply: FastifyReply) {
    const result = await launches.authorize(params, cookieOf(request));
    if ('refused' in result && result.refused) {
      const { reason, detail } = result.refused;
      throw badRequest(`LTI launch refused (${reason})${detail ? `: ${detail}` : ''}`);
    }
    const { html, csp } = result.page!;
    return reply
      .type('text/html; charset=utf-8')
      .header('content-security-policy', csp)
      .header('cache-control', 'no-store')
      .send(html);
  }

  app.get(
    '/lti/authorize',
    {
      config: { access: { who: 'public' }, rateLimit },
      schema: {
        tags,
        summary: "The OIDC authorization endpoint of a tool's launch (by query): a page posting the id_token",
        description:
          'Checks client_id, the registered redirect_uri, the signed lti_message_hint (user and item), login_hint ' +
          'and a nonce never seen before; answers an HTML page that posts id_token and state to redirect_uri, or 400.',
        querystring: AuthorizeParamsSchema,
        produces: ['text/html'],
        response: { 400: ErrorSchema, 429: ErrorSchema },
      },
    },
    async (request, reply) => answerAuthorize(request.query, request, reply),
  );

  await app.register(async (scope) => {
    // The authentication request may come as a form post.
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 16 * 1024 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/lti/authorize',
      {
        config: { access: { who: 'public' }, rateLimit },
        schema: {
          tags,
          summary: "The OIDC authorization endpoint of a tool's launch (by form post)",
          body: AuthorizeParamsSchema,
          produces: ['text/html'],
          response: { 400: ErrorSchema, 429: ErrorSchema },
        },
      },
      async (request, reply) => answerAuthorize(request.body, request, reply),
    );

    scope.withTypeProvider<ZodTypeProvider>().post(
      '/lti/deep-linking/return',
      {
        config: { access: { who: 'public' }, rateLimit },
        schema: {
          tags,
          summary: "A tool's deep linking response (its signed JWT, form-posted by the browser): the items added",
          description:
            "The JWT's signature is checked against the tool's JWKS (or public key), with aud, exp/iat, its nonce " +
            'and our data each used once; its ltiResourceLink items become external tool items of the section.',
          body: DeepLinkingReturnSchema,
          produces: ['text/html'],
          response: { 400: ErrorSchema, 429: ErrorSchema },
        },
      },
      async (request, reply) => {
        const result = await deepLinking.receive(request.body.JWT);
        if (result.refusal) {
          const { reason, detail } = result.refusal;
          if (result.tool) await launches.log(result.tool.id, 'refused', reason, detail);
          throw badRequest(`LTI deep linking refused (${reason})${detail ? `: ${detail}` : ''}`);
        }
        await launches.log(result.tool.id, 'launched', 'deep-linked', `${result.added.length} added`, result.userId);
        const titles = result.added.map((item) => `<li>${escapeHtml(item.title)}</li>`).join('');
        return (reply as FastifyReply)
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-store')
          .send(
            '<!doctype html><html><head><meta charset="utf-8"><title>Added to the course</title></head><body>' +
              `<p>${result.added.length} item(s) added to the section.</p><ul>${titles}</ul></body></html>`,
          );
      },
    );
  });

  app.post(
    '/courses/:id/sections/:sectionId/lti-deep-linking',
    {
      ...signedIn({ who: ['teacher', 'admin'], scope: 'course-teacher' }),
      schema: {
        tags,
        summary: 'Begins a deep linking launch: the teacher picks content in the tool for this section',
        description: "The tool's response (POST /api/lti/deep-linking/return) adds what was picked as items.",
        security,
        params: CourseSectionParamsSchema,
        body: DeepLinkingBodySchema,
        response: { 200: LaunchStartSchema, ...denied, ...missing, 409: ErrorSchema },
      },
    },
    async (request, reply) =>
      started(
        reply,
        await launches.startDeepLinking(
          request.params.id,
          request.params.sectionId,
          request.body.toolId,
          currentUser(request),
          cookieOf(request),
        ),
      ),
  );

  app.post(
    '/lti/items/:itemId/launch',
    {
      ...signedIn({ who: ['student', 'teacher', 'admin'], scope: 'enrolled', adminOverride: true }),
      schema: {
        tags,
        summary: 'Begins a launch of an external tool item: the login initiation form the browser posts to the tool',
        description:
          'For an enrolled student (Learner), the course teacher or an admin (Instructor). The lti_message_hint is ' +
          "signed, bound to the caller, the item, the caller's session and this browser (the HttpOnly cookie " +
          'lyceum_lti_browser this answer may set), single use and valid for 5 minutes.',
        security,
        params: ItemParamsSchema,
        response: { 200: LaunchStartSchema, ...denied, ...missing, 409: ErrorSchema },
      },
    },
    async (request, reply) =>
      started(reply, await launches.start(request.params.itemId, currentUser(request), cookieOf(request))),
  );

  app.get(
    '/courses/:id/lti-items',
    {
      ...signedIn({ who: ['teacher', 'admin'], scope: 'course-teacher' }),
      schema: {
        tags,
        summary: "A course's external tool items",
        security,
        params: IdParamsSchema,
        response: { 200: z.array(ToolItemSchema), ...denied, ...missing },
      },
    },
    async (request) => launches.listItems(request.params.id, currentUser(request)),
  );

  app.post(
    '/courses/:id/sections/:sectionId/lti-items',
    {
      ...signedIn({ who: ['teacher', 'admin'], scope: 'course-teacher' }),
      schema: {
        tags,
        summary: 'Adds an external tool item (a resource link to a registered tool) to a section',
        security,
        params: CourseSectionParamsSchema,
        body: ToolItemBodySchema,
        response: { 201: ToolItemSchema, ...invalid, ...denied, ...missing, 409: ErrorSchema },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await launches.addItem(request.params.id, request.params.sectionId, currentUser(request), request.body)),
  );

  app.delete(
    '/courses/:id/lti-items/:itemId',
    {
      ...signedIn({ who: ['teacher', 'admin'], scope: 'course-teacher' }),
      schema: {
        tags,
        summary: 'Removes an external tool item',
        security,
        params: CourseItemParamsSchema,
        response: { 204: z.null().describe('Deleted'), ...denied, ...missing },
      },
    },
    async (request, reply) => {
      await launches.deleteItem(request.params.id, request.params.itemId, currentUser(request));
      return reply.code(204).send(null);
    },
  );

  const admin = signedIn({ who: ['admin'] });

  app.get(
    '/admin/lti/tools',
    {
      ...admin,
      schema: {
        tags: adminTags,
        summary: 'Registered LTI tools',
        security,
        response: { 200: z.array(AdminToolSchema), ...denied },
      },
    },
    async () => tools.listTools(),
  );

  app.post(
    '/admin/lti/tools',
    {
      ...admin,
      schema: {
        tags: adminTags,
        summary: 'Registers an LTI 1.3 tool (Lyceum generates its client_id)',
        security,
        body: ToolBodySchema,
        response: { 201: AdminToolSchema, ...invalid, ...denied },
      },
    },
    async (request, reply) => reply.code(201).send(await tools.createTool(request.body)),
  );

  app.get(
    '/admin/lti/tools/:id',
    {
      ...admin,
      schema: {
        tags: adminTags,
        summary: 'One registered LTI tool, with the platform addresses to configure it with',
        security,
        params: IdParamsSchema,
        response: { 200: AdminToolSchema, ...denied, ...missing },
      },
    },
    async (request) => tools.getTool(request.params.id),
  );

  app.patch(
    '/admin/lti/tools/:id',
    {
      ...admin,
      schema: {
        tags: adminTags,
        summary: 'Changes a registered LTI tool (its client_id stays)',
        security,
        params: IdParamsSchema,
        body: ToolPatchSchema,
        response: { 200: AdminToolSchema, ...invalid, ...denied, ...missing },
      },
    },
    async (request) => tools.updateTool(request.params.id, request.body),
  );

  app.delete(
    '/admin/lti/tools/:id',
    {
      ...admin,
      schema: {
        tags: adminTags,
        summary: 'Removes a registered LTI tool with its items',
        security,
        params: IdParamsSchema,
        response: { 204: z.null().describe('Deleted'), ...denied, ...missing },
      },
    },
    async (request, reply) => {
      await tools.deleteTool(request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/admin/lti/keys/rotate',
    {
      ...admin,
      schema: {
        tags: adminTags,
        summary: "Rotates the platform's signing key (the previous one stays in the JWKS until the next rotation)",
        security,
        response: { 200: RotateResultSchema, ...denied },
      },
    },
    async () => keys.rotate(),
  );

  app.get(
    '/admin/lti/attempts',
    {
      ...admin,
      schema: {
        tags: adminTags,
        summary: 'The last 50 authorization requests of registered tools, with the reason of each refusal',
        security,
        response: { 200: z.array(LaunchAttemptSchema), ...denied },
      },
    },
    async () => tools.recentAttempts(),
  );
};
