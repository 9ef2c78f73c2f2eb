import { Readable } from 'node:stream';
import {
  AdminUserDetailsSchema,
  AdminUserPageSchema,
  AdminUserSchema,
  AdminUsersExportQuerySchema,
  AdminUsersQuerySchema,
  ChangeRoleBodySchema,
  ErrorSchema,
  IdParamsSchema,
  MessageResponseSchema,
} from '@lyceum/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, type Guards } from '#auth/guards.js';
import { denied, invalid, missing, security, signedInRoute } from '#lib/route-preamble.js';
import type { AdminService } from './service.js';

export interface AdminRoutesOptions {
  admin: AdminService;
  guards: Guards;
}

const tags = ['admin'];

/**
 * Student and teacher management. Every route is for admins only; the guard runs as a preValidation hook,
 * so a caller is authenticated (401) and their role checked (403) before the input is validated (400).
 */
export const adminRoutes: FastifyPluginAsyncZod<AdminRoutesOptions> = async (app, { admin, guards }) => {
  const signedIn = signedInRoute(guards);

  app.get(
    '/admin/users',
    {
      ...signedIn({ who: ['admin'] }),
      schema: {
        tags,
        summary: 'Students or teachers, searched by name, username or e-mail, sorted, one page',
        security,
        querystring: AdminUsersQuerySchema,
        response: { 200: AdminUserPageSchema, ...invalid, ...denied },
      },
    },
    async (request) => admin.listUsers(request.query),
  );

  app.get(
    '/admin/users/export.csv',
    {
      ...signedIn({ who: ['admin'] }),
      schema: {
        tags,
        summary: 'The filtered, sorted student or teacher list as CSV (every page)',
        description:
          'UTF-8 with a byte order mark, CRLF line ends, a header row. Cells starting with =, +, -, @, tab or ' +
          "carriage return get a leading ' so spreadsheets do not run them as formulas.",
        security,
        querystring: AdminUsersExportQuerySchema,
        produces: ['text/csv'],
        // No response schemas: the body is a stream, and errors (400, 401, 403) are the usual JSON.
      },
    },
    async (request, reply) => {
      const { role } = request.query;
      const day = new Date().toISOString().slice(0, 10);
      // The first chunk (header and first rows) is read before the status line is sent: a database error
      // is then an ordinary JSON error, never a CSV cut short mid-stream.
      const lines = admin.exportCsv(request.query, currentUser(request).id);
      const first = await lines.next();
      async function* csv() {
        if (!first.done) yield first.value;
        yield* lines;
      }
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="lyceum-${role}s-${day}.csv"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(csv()));
    },
  );

  app.get(
    '/admin/users/:id',
    {
      ...signedIn({ who: ['admin'] }),
      schema: {
        tags,
        summary: "A user's profile, enrolments or courses, reviews and forum activity (the latest of each)",
        security,
        params: IdParamsSchema,
        response: { 200: AdminUserDetailsSchema, ...invalid, ...denied, ...missing },
      },
    },
    async (request) => admin.details(request.params.id),
  );

  app.post(
    '/admin/users/:id/suspend',
    {
      ...signedIn({ who: ['admin'] }),
      schema: {
        tags,
        summary: 'Suspend a student or teacher: they cannot log in and their tokens stop working',
        security,
        params: IdParamsSchema,
        response: { 200: AdminUserSchema, ...invalid, ...denied, ...missing },
      },
    },
    async (request) => admin.suspend(currentUser(request), request.params.id),
  );

  app.post(
    '/admin/users/:id/reactivate',
    {
      ...signedIn({ who: ['admin'] }),
      schema: {
        tags,
        summary: 'Let a suspended student or teacher log in again',
        security,
        params: IdParamsSchema,
        response: { 200: AdminUserSchema, ...invalid, ...denied, ...missing },
      },
    },
    async (request) => admin.reactivate(currentUser(request), request.params.id),
  );

  app.post(
    '/admin/users/:id/role',
    {
      ...signedIn({ who: ['admin'] }),
      schema: {
        tags,
        summary: 'Make a student a teacher or back (their sessions end)',
        description: 'A teacher who still owns courses answers 409: move or delete the courses first.',
        security,
        params: IdParamsSchema,
        body: ChangeRoleBodySchema,
        response: { 200: AdminUserSchema, ...invalid, ...denied, ...missing, 409: ErrorSchema },
      },
    },
    async (request) => admin.changeRole(currentUser(request), request.params.id, request.body.role),
  );

  app.post(
    '/admin/users/:id/password-reset',
    {
      ...signedIn({ who: ['admin'] }),
      schema: {
        tags,
        summary: 'Mail the user a password reset link (valid 1 hour, once)',
        security,
        params: IdParamsSchema,
        response: {
          200: MessageResponseSchema,
          ...invalid,
          ...denied,
          ...missing,
          409: ErrorSchema,
          429: ErrorSchema,
        },
      },
    },
    async (request) => admin.sendPasswordReset(currentUser(request), request.params.id),
  );
};
