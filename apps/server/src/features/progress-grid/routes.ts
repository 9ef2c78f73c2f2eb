import { Readable } from 'node:stream';
import { ErrorSchema, IdParamsSchema, ProgressGridQuerySchema, ProgressGridSchema } from '@lyceum/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RouteAccess } from '#auth/access.js';
import { currentUser, type Guards } from '#auth/guards.js';
import type { ProgressGridService } from './service.js';

const security = [{ bearerAuth: [] }];
const invalid = { 400: ErrorSchema };
const denied = { 401: ErrorSchema, 403: ErrorSchema };
const missing = { 404: ErrorSchema };

/** The course's teacher, and admins. */
const COURSE_TEACHER: RouteAccess = { who: ['teacher', 'admin'], scope: 'course-teacher' };

const ExportQuerySchema = ProgressGridQuerySchema.pick({ sort: true, order: true });

/** The teacher's view of a course's progress: students × items, and its CSV export. */
export const progressGridRoutes: FastifyPluginAsyncZod<{ progressGrid: ProgressGridService; guards: Guards }> = async (
  app,
  { progressGrid, guards },
) => {
  const teachers = guards.requireRole('teacher', 'admin');

  app.get(
    '/courses/:id/progress-grid',
    {
      config: { access: COURSE_TEACHER },
      preValidation: teachers,
      schema: {
        tags: ['curriculum'],
        summary:
          "A page of the course's enrolled students × its published items (completed / opened / not started), " +
          'with progress and last activity; sortable by name, progress or last activity',
        security,
        params: IdParamsSchema,
        querystring: ProgressGridQuerySchema,
        response: { 200: ProgressGridSchema, ...invalid, ...denied, ...missing },
      },
    },
    async (request) => progressGrid.grid(currentUser(request), request.params.id, request.query),
  );

  app.get(
    '/courses/:id/progress-grid.csv',
    {
      config: { access: COURSE_TEACHER },
      preValidation: teachers,
      schema: {
        tags: ['curriculum'],
        summary: 'The whole progress grid as CSV (every student, in the chosen order)',
        description:
          'UTF-8 with a byte order mark, CRLF line ends, a header row. Cells starting with =, +, -, @, tab or ' +
          "carriage return get a leading ' so spreadsheets do not run them as formulas.",
        security,
        params: IdParamsSchema,
        querystring: ExportQuerySchema,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const { lines } = await progressGrid.exportCsv(currentUser(request), request.params.id, request.query);
      // The header and the first batch are read before the status line: an error is then a plain JSON error.
      const first = await lines.next();
      const second = first.done ? first : await lines.next();
      async function* csv() {
        if (!first.done) yield first.value;
        if (!second.done && second !== first) yield second.value;
        yield* lines;
      }
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="lyceum-progress-${request.params.id}-${day}.csv"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(csv()));
    },
  );
};
