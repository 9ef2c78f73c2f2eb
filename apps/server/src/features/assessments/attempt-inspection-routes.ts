import { TeacherAttemptParamsSchema, TeacherAttemptSchema } from '@lyceum/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, type Guards } from '#auth/guards.js';
import { denied, guardedRoutes, invalid, missing, type SignedInAccess } from '#lib/route-preamble.js';
import type { AttemptInspection } from './attempt-inspection.js';

export interface AttemptInspectionRoutesOptions {
  inspection: AttemptInspection;
  guards: Guards;
}

/** The course's teacher or an admin; students never (their own attempt is GET /api/attempts/:id). */
const COURSE_TEACHER: SignedInAccess = { who: ['teacher', 'admin'], scope: 'course-teacher' };

/** A teacher opens one student's attempt from the attempts log (issue 54 point 8, ADR 044). */
export const attemptInspectionRoutes: FastifyPluginAsyncZod<AttemptInspectionRoutesOptions> = async (
  app,
  { inspection, guards },
) => {
  const route = guardedRoutes(guards, { tags: ['assessments'], errors: { ...invalid, ...denied, ...missing } });
  app.get(
    '/courses/:id/assessments/:itemId/attempts/:attemptId',
    route(COURSE_TEACHER, {
      summary:
        "One student's attempt for the course's teacher: answers, per-question scores, keys, feedback, the " +
        "grader's comments, rubric levels and the timing log (start, saves, submission, grades, regrades)",
      params: TeacherAttemptParamsSchema,
      response: { 200: TeacherAttemptSchema },
    }),
    async (request) =>
      inspection.teacherAttempt(
        currentUser(request),
        request.params.id,
        request.params.itemId,
        request.params.attemptId,
      ),
  );
};
