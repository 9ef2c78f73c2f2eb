import { AdminDashboardSchema, ErrorSchema, StudentDashboardSchema, TeacherDashboardSchema } from '@lyceum/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, type Guards } from '#auth/guards.js';
import type { DashboardService } from './service.js';

const denied = { 401: ErrorSchema, 403: ErrorSchema };

export const dashboardRoutes: FastifyPluginAsyncZod<{ dashboards: DashboardService; guards: Guards }> = async (
  app,
  { dashboards, guards },
) => {
  const security = [{ bearerAuth: [] }];

  app.get(
    '/student/dashboard',
    {
      config: { access: { who: ['student'] } },
      preHandler: guards.requireRole('student'),
      schema: { tags: ['dashboards'], security, response: { 200: StudentDashboardSchema, ...denied } },
    },
    async (request) => dashboards.student(currentUser(request).id),
  );

  app.get(
    '/teacher/dashboard',
    {
      config: { access: { who: ['teacher'] } },
      preHandler: guards.requireRole('teacher'),
      schema: { tags: ['dashboards'], security, response: { 200: TeacherDashboardSchema, ...denied } },
    },
    async (request) => dashboards.teacher(currentUser(request).id),
  );

  app.get(
    '/admin/dashboard',
    {
      config: { access: { who: ['admin'] } },
      preHandler: guards.requireRole('admin'),
      schema: { tags: ['dashboards'], security, response: { 200: AdminDashboardSchema, ...denied } },
    },
    async () => dashboards.admin(),
  );
};
