import {
  ErrorSchema,
  IdParamsSchema,
  MessageStudentsBodySchema,
  MessageStudentsResultSchema,
  TeacherHomeQuerySchema,
  TeacherHomeSchema,
  TeacherHomeSettingsSchema,
} from '@lyceum/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, type Guards } from '#auth/guards.js';
import type { TeacherHomeService } from './service.js';

const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema };

/** The teacher's home (issue 49 point 3, ADR 061): what needs them, and a message to students at risk. */
export const teacherHomeRoutes: FastifyPluginAsyncZod<{ home: TeacherHomeService; guards: Guards }> = async (
  app,
  { home, guards },
) => {
  app.get(
    '/me/teacher-home',
    {
      config: { access: { who: ['teacher'] } },
      preHandler: guards.requireRole('teacher'),
      schema: {
        tags: ['dashboards'],
        summary: 'Answers to grade, work due this week, recent forum questions and students at risk per class',
        security: [{ bearerAuth: [] }],
        querystring: TeacherHomeQuerySchema,
        response: { 200: TeacherHomeSchema, ...errors },
      },
    },
    async (request) => home.home(currentUser(request).id, request.query),
  );

  app.get(
    '/me/teacher-home/settings',
    {
      config: { access: { who: ['teacher'] } },
      preHandler: guards.requireRole('teacher'),
      schema: {
        tags: ['dashboards'],
        summary: "The teacher's own at-risk thresholds (the defaults until they save theirs)",
        security: [{ bearerAuth: [] }],
        response: { 200: TeacherHomeSettingsSchema, ...errors },
      },
    },
    async (request) => home.settings(currentUser(request).id),
  );

  app.put(
    '/me/teacher-home/settings',
    {
      config: { access: { who: ['teacher'] } },
      preHandler: guards.requireRole('teacher'),
      schema: {
        tags: ['dashboards'],
        summary: "Keep the teacher's own at-risk thresholds, used by their home from then on",
        security: [{ bearerAuth: [] }],
        body: TeacherHomeSettingsSchema,
        response: { 200: TeacherHomeSettingsSchema, ...errors },
      },
    },
    async (request) => home.saveSettings(currentUser(request).id, request.body),
  );

  app.post(
    '/classes/:id/messages',
    {
      config: { access: { who: ['teacher'], scope: 'class-teacher' } },
      preHandler: guards.requireRole('teacher'),
      schema: {
        tags: ['classes'],
        summary: 'Notify chosen students of the class (not posted to the class stream)',
        security: [{ bearerAuth: [] }],
        params: IdParamsSchema,
        body: MessageStudentsBodySchema,
        response: { 200: MessageStudentsResultSchema, ...errors, 404: ErrorSchema },
      },
    },
    async (request) => home.message(currentUser(request).id, request.params.id, request.body),
  );
};
