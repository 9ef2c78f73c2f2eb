import {
  AssessmentParamsSchema,
  AssessmentSchema,
  AssessmentStartInfoSchema,
  AttemptForStudentSchema,
  AttemptLogPageSchema,
  AttemptLogQuerySchema,
  AttemptParamsSchema,
  AttemptQuestionParamsSchema,
  CreateAssessmentBodySchema,
  ErrorSchema,
  MyAttemptPageSchema,
  MoveItemBodySchema,
  MyAttemptsQuerySchema,
  PublishAssessmentBodySchema,
  ReleaseAssessmentBodySchema,
  ReplacePartsBodySchema,
  SaveAnswerBodySchema,
  SaveAnswerResultSchema,
  SectionAssessmentParamsSchema,
  StartAttemptBodySchema,
  SubmitAttemptResultSchema,
  UpdateAssessmentBodySchema,
} from '@lyceum/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RouteAccess } from '#auth/access.js';
import { currentUser, type Guards } from '#auth/guards.js';
import type { AssessmentService } from './assessment-service.js';
import { compiledJson } from '#lib/compiled-json.js';
import { sendKept } from '#lib/response-cache.js';

export interface AssessmentRoutesOptions {
  assessments: AssessmentService;
  guards: Guards;
}

const tags = ['assessments'];
const security = [{ bearerAuth: [] }];
const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema };
const stale = { 409: ErrorSchema };
const AUTHORS: RouteAccess = { who: ['teacher', 'admin'], scope: 'course-teacher' };
const ENROLLED: RouteAccess = { who: ['student'], scope: 'enrolled' };
const OWN_ATTEMPT: RouteAccess = { who: ['student'], scope: 'owner' };
const SELF: RouteAccess = { who: ['student'], scope: 'self' };

/** The app as a route group registers on it (the zod type provider's instance). */
type ZodApp = Parameters<FastifyPluginAsyncZod<AssessmentRoutesOptions>>[0];

/** What each group of routes registers with: the app, the services and the guards made once. */
function routeKit(app: ZodApp, { assessments, guards }: AssessmentRoutesOptions) {
  const authors = guards.requireRole('teacher', 'admin');
  const students = guards.requireRole('student');
  return { app, assessments, authors, students };
}
type RouteKit = ReturnType<typeof routeKit>;

/** Authoring (the course's teacher and admins): an assessment created, read, changed, deleted, moved, its parts replaced. */
function authoringRoutes({ app, assessments, authors }: RouteKit) {
  app.post(
    '/courses/:id/sections/:sectionId/assessments',
    {
      preValidation: authors,
      config: { access: AUTHORS },
      schema: {
        tags,
        summary: 'Create an assessment as a draft item at the end of a section',
        security,
        params: SectionAssessmentParamsSchema,
        body: CreateAssessmentBodySchema,
        response: { 201: AssessmentSchema, ...errors, ...stale },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await assessments.create(currentUser(request), request.params.id, request.params.sectionId, request.body),
        ),
  );

  app.get(
    '/courses/:id/assessments/:itemId',
    {
      preValidation: authors,
      config: { access: AUTHORS },
      schema: {
        tags,
        summary: 'An assessment with its settings and parts (authors)',
        security,
        params: AssessmentParamsSchema,
        response: { 200: AssessmentSchema, ...errors },
      },
    },
    async (request) => assessments.get(currentUser(request), request.params.id, request.params.itemId),
  );

  app.patch(
    '/courses/:id/assessments/:itemId',
    {
      preValidation: authors,
      config: { access: AUTHORS },
      schema: {
        tags,
        summary:
          "Change an assessment's settings; `version` as loaded (409 when someone saved since, and 409 at `confirm` " +
          'when students with attempts left would see the correct answers)',
        security,
        params: AssessmentParamsSchema,
        body: UpdateAssessmentBodySchema,
        response: { 200: AssessmentSchema, ...errors, ...stale },
      },
    },
    async (request) => assessments.update(currentUser(request), request.params.id, request.params.itemId, request.body),
  );

  app.delete(
    '/courses/:id/assessments/:itemId',
    {
      preValidation: authors,
      config: { access: AUTHORS },
      schema: {
        tags,
        summary: 'Delete an assessment with its attempts (progress is recomputed)',
        security,
        params: AssessmentParamsSchema,
        response: { 204: z.null().describe('Deleted'), ...errors },
      },
    },
    async (request, reply) => {
      await assessments.remove(currentUser(request), request.params.id, request.params.itemId);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/courses/:id/assessments/:itemId/move',
    {
      preValidation: authors,
      config: { access: AUTHORS },
      schema: {
        tags,
        summary: 'Move the assessment to a 0-based place in a section of the same course',
        security,
        params: AssessmentParamsSchema,
        body: MoveItemBodySchema,
        response: { 200: AssessmentSchema, ...errors, ...stale },
      },
    },
    async (request) => assessments.move(currentUser(request), request.params.id, request.params.itemId, request.body),
  );

  app.put(
    '/courses/:id/assessments/:itemId/parts',
    {
      preValidation: authors,
      config: { access: AUTHORS },
      schema: {
        tags,
        summary: "Replace the parts: fixed questions of the course's bank, or N drawn at random by tag",
        security,
        params: AssessmentParamsSchema,
        body: ReplacePartsBodySchema,
        response: { 200: AssessmentSchema, ...errors, ...stale },
      },
    },
    async (request) =>
      assessments.replaceParts(currentUser(request), request.params.id, request.params.itemId, request.body),
  );
}

/** Publishing and releasing results (the course's teacher and admins), and the attempt log. */
function releaseRoutes({ app, assessments, authors }: RouteKit) {
  app.post(
    '/courses/:id/assessments/:itemId/publish',
    {
      preValidation: authors,
      config: { access: AUTHORS },
      schema: {
        tags,
        summary: 'Publish (it needs questions) or unpublish the assessment',
        security,
        params: AssessmentParamsSchema,
        body: PublishAssessmentBodySchema,
        response: { 200: AssessmentSchema, ...errors, ...stale },
      },
    },
    async (request) =>
      assessments.publish(currentUser(request), request.params.id, request.params.itemId, request.body),
  );

  app.post(
    '/courses/:id/assessments/:itemId/release',
    {
      preValidation: authors,
      config: { access: AUTHORS },
      schema: {
        tags,
        summary:
          'Release scores, answers and feedback held for the teacher (or take the release back); 409 at `confirm` ' +
          'when students with attempts left would see the correct answers',
        security,
        params: AssessmentParamsSchema,
        body: ReleaseAssessmentBodySchema,
        response: { 200: AssessmentSchema, ...errors, 409: ErrorSchema },
      },
    },
    async (request) =>
      assessments.release(
        currentUser(request),
        request.params.id,
        request.params.itemId,
        request.body.released,
        request.body.confirm ?? false,
      ),
  );

  app.get(
    '/courses/:id/assessments/:itemId/attempts',
    {
      preValidation: authors,
      config: { access: AUTHORS },
      schema: {
        tags,
        summary: 'The attempts log: start, saves count, submit time, IP; newest first',
        security,
        params: AssessmentParamsSchema,
        querystring: AttemptLogQuerySchema,
        response: { 200: AttemptLogPageSchema, ...errors },
      },
    },
    async (request) =>
      assessments.attemptLog(currentUser(request), request.params.id, request.params.itemId, request.query),
  );
}

/** Taking it (enrolled students, their own attempts only): start, answer, submit, and My Quiz Attempts. */
function takingRoutes({ app, assessments, students }: RouteKit) {
  app.get(
    '/courses/:id/assessments/:itemId/start',
    {
      preValidation: students,
      config: { access: ENROLLED },
      schema: {
        tags,
        summary: 'The start page: rules, window, attempts left, whether a password is needed',
        security,
        params: AssessmentParamsSchema,
        response: { 200: AssessmentStartInfoSchema, ...errors },
      },
    },
    async (request) => assessments.startInfo(currentUser(request), request.params.id, request.params.itemId),
  );

  app.post(
    '/courses/:id/assessments/:itemId/attempts',
    {
      preValidation: students,
      config: { access: ENROLLED },
      schema: {
        tags,
        summary: 'Start an attempt (201), or resume the one in progress (200)',
        description:
          'A wrong access password is a 403; after 10 wrong ones in 15 minutes (per student and assessment) every ' +
          'start is a 429 with Retry-After until the window ends.',
        security,
        params: AssessmentParamsSchema,
        body: StartAttemptBodySchema,
        response: {
          200: AttemptForStudentSchema,
          201: AttemptForStudentSchema,
          ...errors,
          ...stale,
          429: ErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const { created, attempt } = await assessments.start(
        currentUser(request),
        request.params.id,
        request.params.itemId,
        request.body ?? {},
        request.ip ?? null,
      );
      return reply.code(created ? 201 : 200).send(attempt);
    },
  );

  app.get(
    '/attempts/:id',
    {
      preValidation: students,
      config: { access: OWN_ATTEMPT },
      schema: {
        tags,
        summary: 'My attempt: questions without keys, saved answers, the true remaining time; the review as released',
        security,
        params: AttemptParamsSchema,
        response: { 200: AttemptForStudentSchema, ...errors },
      },
    },
    async (request) => assessments.attempt(currentUser(request), request.params.id),
  );

  app.put(
    '/attempts/:id/answers/:questionId',
    {
      preValidation: students,
      config: { access: OWN_ATTEMPT },
      schema: {
        tags,
        summary: 'Save one answer (null clears it); refused after the deadline + 30 s (409)',
        description:
          'The deadline is judged by the time the save reaches the server. With `seq` (ADR 059), a save is applied ' +
          'only above the last applied number for the question: a resend or an older save answers 200 with ' +
          '`applied: false` and changes nothing.',
        security,
        params: AttemptQuestionParamsSchema,
        body: SaveAnswerBodySchema,
        response: { 200: SaveAnswerResultSchema, ...errors, ...stale },
      },
    },
    async (request) =>
      assessments.saveAnswer(
        currentUser(request),
        request.params.id,
        request.params.questionId,
        request.body.response,
        request.body.seq ?? null,
      ),
  );

  app.post(
    '/attempts/:id/submit',
    {
      preValidation: students,
      config: { access: OWN_ATTEMPT },
      schema: {
        tags,
        summary: 'Submit my attempt (idempotent): graded at once; the receipt and the result as released',
        security,
        params: AttemptParamsSchema,
        response: { 200: SubmitAttemptResultSchema, ...errors },
      },
    },
    async (request) => assessments.submit(currentUser(request), request.params.id),
  );

  app.get(
    '/me/quiz-attempts',
    {
      preValidation: students,
      config: { access: SELF },
      schema: {
        tags,
        summary: 'My Quiz Attempts: my attempts across courses, newest first; scores only where released',
        security,
        querystring: MyAttemptsQuerySchema,
        response: { 200: compiledJson(MyAttemptPageSchema), ...errors },
      },
    },
    // Sent as the service keeps it (`myAttemptsJson`).
    async (request, reply) =>
      sendKept(request, reply, (write) => assessments.myAttemptsJson(currentUser(request), request.query, write)),
  );
}

/**
 * Assessments (docs/decisions/025-assessments-and-attempts.md): authoring by the course's teacher and admins,
 * taking by enrolled students (their own attempts only), and the lists. Guards run as preValidation hooks.
 */
export const assessmentRoutes: FastifyPluginAsyncZod<AssessmentRoutesOptions> = async (app, options) => {
  const kit = routeKit(app, options);
  authoringRoutes(kit);
  releaseRoutes(kit);
  takingRoutes(kit);
};
