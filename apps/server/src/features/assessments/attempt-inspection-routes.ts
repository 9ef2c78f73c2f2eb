import { ErrorSchema, TeacherAttemptParamsSchema, TeacherAttemptSchema } from '@lyceum/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RouteAccess } from '#auth/access.js';
import { currentUser, type Guards } from '#auth/guards.js';
import type { AttemptInspection } from './attempt-inspection.js';

export interface AttemptInspectionRoutesOptions {
  inspection: AttemptInspection;
  guards: Guards;
}

const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema };
/** The course's teacher or an admin; students never (their own attempt is GET /api/attempts/:id). */
const COURSE_TEACHER: RouteAccess = { who: ['teacher', 'admin'], scope: 'course-teacher' };

/** A teacher opens one student's attempt from the attempts log (issue 54 point 8, ADR 044). */
export const attemptInspectionRoutes: FastifyPluginAsyncZod<AttemptInspectionRoutesOptions> = async (
  app,
  { inspection, guards },
) => {
  app.get(
    '/courses/:id/assessments/:itemId/attempts/:attemptId',
    {
      preValidation: guards.requireRole('teacher', 'admin'),
      config: { access: COURSE_TEACHER },
      schema: {
        tags: ['assessments'],
        summary:
          "One student's attempt for the course's teacher: answers, per-question scores, keys, feedback, the " +
          "grader's comments, rubric levels and the timing log (start, saves, submission, grades, regrades)",
        security: [{ bearerAuth: [] }],
        params: TeacherAttemptParamsSchema,
        response: { 200: TeacherAttemptSchema, ...errors },
      },
    },
    async (request) =>
      inspection.teacherAttempt(
        currentUser(request),
        request.params.id,
        request.params.itemId,
        request.params.attemptId,
      ),
  );
};
