import { ErrorSchema, StudentTodoSchema } from '@lyceum/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, type Guards } from '#auth/guards.js';
import type { TodoService } from './service.js';

/** GET /api/me/todo: the student's to-do across all their classes and courses (issue 49, ADR 057). */
export const todoRoutes: FastifyPluginAsyncZod<{ todo: TodoService; guards: Guards }> = async (
  app,
  { todo, guards },
) => {
  app.get(
    '/me/todo',
    {
      config: { access: { who: ['student'] } },
      preHandler: guards.requireRole('student'),
      schema: {
        tags: ['dashboards'],
        security: [{ bearerAuth: [] }],
        response: { 200: StudentTodoSchema, 401: ErrorSchema, 403: ErrorSchema },
      },
    },
    async (request) => todo.student(currentUser(request).id),
  );
};
