import {
  ErrorSchema,
  MarkReadBodySchema,
  NOTIFICATION_LIMITS,
  NotificationListQuerySchema,
  NotificationListSchema,
  NotificationPreferencesSchema,
  UnreadCountSchema,
  UnsubscribeQuerySchema,
  UnsubscribeResultSchema,
  UpdatePreferencesBodySchema,
} from '@lyceum/contract';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RouteAccess } from '#auth/access.js';
import { currentUser, type Guards } from '#auth/guards.js';
import { HttpError } from '#lib/errors.js';
import type { NotificationService } from './service.js';
import type { StreamHub } from './stream.js';

export interface NotificationRoutesOptions {
  notifications: NotificationService;
  hub: StreamHub;
  guards: Guards;
  /** Per-IP limit of the unsubscribe route (it needs no session). */
  unsubscribeRateLimit: number;
}

const tags = ['notifications'];
const security = [{ bearerAuth: [] }];

/** The app as a route group registers on it (the zod type provider's instance). */
type ZodApp = Parameters<FastifyPluginAsyncZod<NotificationRoutesOptions>>[0];

/** What each group of routes registers with: the app, the options, and the preamble of the caller's own routes. */
function routeKit(app: ZodApp, options: NotificationRoutesOptions) {
  /** The caller's own notifications and choices: any signed-in user, checked before the handler (preHandler). */
  const own = {
    config: { access: { who: 'user', scope: 'self' } as RouteAccess },
    preHandler: options.guards.requireUser,
  };
  return { app, ...options, own };
}
type RouteKit = ReturnType<typeof routeKit>;

/** The bell: the list, the unread count, marking as read. */
function bellRoutes({ app, notifications, own }: RouteKit) {
  app.get(
    '/notifications',
    {
      ...own,
      schema: {
        tags,
        summary: "The caller's notifications, newest first (keyset: `before` is the last item's seq)",
        security,
        querystring: NotificationListQuerySchema,
        response: { 200: NotificationListSchema, 400: ErrorSchema, 401: ErrorSchema },
      },
    },
    async (request) => notifications.list(currentUser(request).id, request.query),
  );

  app.get(
    '/notifications/unread-count',
    {
      ...own,
      schema: {
        tags,
        summary: 'How many of the caller’s notifications are unread (capped at 100)',
        security,
        response: { 200: UnreadCountSchema, 401: ErrorSchema },
      },
    },
    async (request) => ({ unread: await notifications.unreadCount(currentUser(request).id) }),
  );

  app.post(
    '/notifications/read',
    {
      ...own,
      schema: {
        tags,
        summary: 'Mark some of the caller’s notifications (ids) or all of them (all: true) as read',
        description: 'Ids of other users’ notifications change nothing.',
        security,
        body: MarkReadBodySchema,
        response: { 200: UnreadCountSchema, 400: ErrorSchema, 401: ErrorSchema },
      },
    },
    async (request) => notifications.markRead(currentUser(request).id, request.body),
  );
}

/** The live stream (Server-Sent Events). */
function streamRoutes({ app, hub, own }: RouteKit) {
  app.get(
    '/notifications/stream',
    {
      ...own,
      schema: {
        tags,
        summary: 'Live notifications (Server-Sent Events; Authorization header, so read with fetch)',
        description:
          'Needs `Accept: text/event-stream` (else 406). Events: `ready` {unread}, `notification` ' +
          '{notification, unread} with the seq as id (send it back as `Last-Event-ID` to get what was missed), ' +
          '`end` {reason} when the server ends it: its session ended (`signed-out` — this session or every one ' +
          'logged out, or the token version raised —, `password-changed`, `suspended`, `expired`), the user opened ' +
          `more than ${NOTIFICATION_LIMITS.streamsPerUser} streams here and this was the oldest ` +
          '(`too-many-streams`), or the server is stopping (`shutdown`). Reconnect only with a different token.',
        security,
        headers: z
          .object({
            'last-event-id': z
              .string()
              .regex(/^\d{1,15}$/)
              .optional(),
          })
          .loose(),
        response: { 401: ErrorSchema, 406: ErrorSchema },
      },
    },
    async (request, reply) => {
      if (!(request.headers.accept ?? '').includes('text/event-stream')) {
        throw new HttpError(406, 'This stream answers Accept: text/event-stream');
      }
      const user = currentUser(request);
      const last = request.headers['last-event-id'];
      reply.hijack();
      await hub.open(reply.raw, user, typeof last === 'string' ? Number(last) : null);
    },
  );
}

/** The caller's e-mail choices. */
function preferenceRoutes({ app, notifications, own }: RouteKit) {
  app.get(
    '/me/notification-preferences',
    {
      ...own,
      schema: {
        tags,
        summary: 'The caller’s e-mail choice (off, immediate, daily digest) per notification type',
        security,
        response: { 200: NotificationPreferencesSchema, 401: ErrorSchema },
      },
    },
    async (request) => {
      const user = currentUser(request);
      return { items: await notifications.preferences(user.id, user.role) };
    },
  );

  app.put(
    '/me/notification-preferences',
    {
      ...own,
      schema: {
        tags,
        summary: 'Change the caller’s e-mail choice for some notification types',
        security,
        body: UpdatePreferencesBodySchema,
        response: { 200: NotificationPreferencesSchema, 400: ErrorSchema, 401: ErrorSchema },
      },
    },
    async (request) => {
      const user = currentUser(request);
      return { items: await notifications.updatePreferences(user.id, user.role, request.body.items) };
    },
  );
}

/** One-click unsubscribe from a mail's link (no session). */
async function unsubscribeRoutes({ app, notifications, unsubscribeRateLimit }: RouteKit) {
  await app.register(async (scope) => {
    // RFC 8058: mail clients POST `List-Unsubscribe=One-Click` as a form; the token is in the URL.
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_request, body, done) => done(null, body),
    );
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/unsubscribe',
      {
        config: {
          access: { who: 'public' },
          rateLimit: { max: unsubscribeRateLimit, timeWindow: '1 minute' },
        },
        schema: {
          tags,
          summary: 'One-click unsubscribe (RFC 8058) from the type named by the signed token of a mail',
          description: 'Works without a session; a forged token, or one of another user, is a 400 and changes nothing.',
          querystring: UnsubscribeQuerySchema,
          response: { 200: UnsubscribeResultSchema, 400: ErrorSchema, 429: ErrorSchema },
        },
      },
      async (request) => notifications.unsubscribe(request.query.token),
    );
  });
}

export const notificationRoutes: FastifyPluginAsyncZod<NotificationRoutesOptions> = async (app, options) => {
  const kit = routeKit(app, options);
  bellRoutes(kit);
  streamRoutes(kit);
  preferenceRoutes(kit);
  await unsubscribeRoutes(kit);
};
