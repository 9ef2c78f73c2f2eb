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
import { currentUser, type Guards } from '#auth/guards.js';
import type { AssessmentService } from './assessment-service.js';
import { compiledJson } from '#lib/compiled-json.js';
import { sendKept } from '#lib/response-cache.js';
import { denied, guardedRoutes, invalid, missing, type SignedInAccess } from '#lib/route-preamble.js';

export interface AssessmentRoutesOptions {
  assessments: AssessmentService;
  guards: Guards;
}

const tags = ['assessments'];
const errors = { ...invalid, ...denied, ...missing };
const stale = { 409: ErrorSchema };
const AUTHORS: SignedInAccess = { who: ['teacher', 'admin'], scope: 'course-teacher' };
const ENROLLED: SignedInAccess = { who: ['student'], scope: 'enrolled' };
const OWN_ATTEMPT: SignedInAccess = { who: ['student'], scope: 'owner' };
const SELF: SignedInAccess = { who: ['student'], scope: 'self' };

/** The app as a route group registers on it (the zod type provider's instance). */
type ZodApp = Parameters<FastifyPluginAsyncZod<AssessmentRoutesOptions>>[0];

/** What each group of routes registers with: the app, the services and the guards made once. */
function routeKit(app: ZodApp, { assessments, guards }: AssessmentRoutesOptions) {
  const route = guardedRoutes(guards, { tags, errors });
  return { app, assessments, route };
}
type RouteKit = ReturnType<typeof routeKit>;

/** Authoring (the course's teacher and admins): an assessment created, read, changed, deleted, moved, its parts replaced. */
function authoringRoutes({ app, assessments, route }: RouteKit) {
  app.post(
    '/courses/:id/sections/:sectionId/assessments',
    route(AUTHORS, {
      summary: 'Create an assessment as a draft item at the end of a section',
      params: SectionAssessmentParamsSchema,
      body: CreateAssessmentBodySchema,
      response: { 201: AssessmentSchema, ...stale },
    }),
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await assessments.create(currentUser(request), request.params.id, request.params.sectionId, request.body),
        ),
  );

  app.get(
    '/courses/:id/assessments/:itemId',
    route(AUTHORS, {
      summary: 'An assessment with its settings and parts (authors)',
      params: AssessmentParamsSchema,
      response: { 200: AssessmentSchema },
    }),
    async (request) => assessments.get(currentUser(request), request.params.id, request.params.itemId),
  );

  app.patch(
    '/courses/:id/assessments/:itemId',
    route(AUTHORS, {
      summary:
        "Change an assessment's settings; `version` as loaded (409 when someone saved since, and 409 at `confirm` " +
        'when students with attempts left would see the correct answers)',
      params: AssessmentParamsSchema,
      body: UpdateAssessmentBodySchema,
      response: { 200: AssessmentSchema, ...stale },
    }),
    async (request) => assessments.update(currentUser(request), request.params.id, request.params.itemId, request.body),
  );

  app.delete(
    '/courses/:id/assessments/:itemId',
    route(AUTHORS, {
      summary: 'Delete an assessment with its attempts (progress is recomputed)',
      params: AssessmentParamsSchema,
      response: { 204: z.null().describe('Deleted') },
    }),
    async (request, reply) => {
      await assessments.remove(currentUser(request), request.params.id, request.params.itemId);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/courses/:id/assessments/:itemId/move',
    route(AUTHORS, {
      summary: 'Move the assessment to a 0-based place in a section of the same course',
      params: AssessmentParamsSchema,
      body: MoveItemBodySchema,
      response: { 200: AssessmentSchema, ...stale },
    }),
    async (request) => assessments.move(currentUser(request), request.params.id, request.params.itemId, request.body),
  );

  app.put(
    '/courses/:id/assessments/:itemId/parts',
    route(AUTHORS, {
      summary: "Replace the parts: fixed questions of the course's bank, or N drawn at random by tag",
      params: AssessmentParamsSchema,
      body: ReplacePartsBodySchema,
      response: { 200: AssessmentSchema, ...stale },
    }),
    async (request) =>
      assessments.replaceParts(currentUser(request), request.params.id, request.params.itemId, request.body),
  );
}

/** Publishing and releasing results (the course's teacher and admins), and the attempt log. */
function releaseRoutes({ app, assessments, route }: RouteKit) {
  app.post(
    '/courses/:id/assessments/:itemId/publish',
    route(AUTHORS, {
      summary: 'Publish (it needs questions) or unpublish the assessment',
      params: AssessmentParamsSchema,
      body: PublishAssessmentBodySchema,
      response: { 200: AssessmentSchema, ...stale },
    }),
    async (request) =>
      assessments.publish(currentUser(request), request.params.id, request.params.itemId, request.body),
  );

  app.post(
    '/courses/:id/assessments/:itemId/release',
    route(AUTHORS, {
      summary:
        'Release scores, answers and feedback held for the teacher (or take the release back); 409 at `confirm` ' +
        'when students with attempts left would see the correct answers',
      params: AssessmentParamsSchema,
      body: ReleaseAssessmentBodySchema,
      response: { 200: AssessmentSchema, 409: ErrorSchema },
    }),
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
    route(AUTHORS, {
      summary: 'The attempts log: start, saves count, submit time, IP; newest first',
      params: AssessmentParamsSchema,
      querystring: AttemptLogQuerySchema,
      response: { 200: AttemptLogPageSchema },
    }),
    async (request) =>
      assessments.attemptLog(currentUser(request), request.params.id, request.params.itemId, request.query),
  );
}

/** Taking it (enrolled students, their own attempts only): start, answer, submit, and My Quiz Attempts. */
function takingRoutes({ app, assessments, route }: RouteKit) {
  app.get(
    '/courses/:id/assessments/:itemId/start',
    route(ENROLLED, {
      summary: 'The start page: rules, window, attempts left, whether a password is needed',
      params: AssessmentParamsSchema,
      response: { 200: AssessmentStartInfoSchema },
    }),
    async (request) => assessments.startInfo(currentUser(request), request.params.id, request.params.itemId),
  );

  app.post(
    '/courses/:id/assessments/:itemId/attempts',
    route(ENROLLED, {
      summary: 'Start an attempt (201), or resume the one in progress (200)',
      description:
        'A wrong access password is a 403; after 10 wrong ones in 15 minutes (per student and assessment) every ' +
        'start is a 429 with Retry-After until the window ends.',
      params: AssessmentParamsSchema,
      body: StartAttemptBodySchema,
      response: { 200: AttemptForStudentSchema, 201: AttemptForStudentSchema, ...stale, 429: ErrorSchema },
    }),
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
    route(OWN_ATTEMPT, {
      summary: 'My attempt: questions without keys, saved answers, the true remaining time; the review as released',
      params: AttemptParamsSchema,
      response: { 200: AttemptForStudentSchema },
    }),
    async (request) => assessments.attempt(currentUser(request), request.params.id),
  );

  app.put(
    '/attempts/:id/answers/:questionId',
    route(OWN_ATTEMPT, {
      summary: 'Save one answer (null clears it); refused after the deadline + 30 s (409)',
      description:
        'The deadline is judged by the time the save reaches the server. With `seq` (ADR 059), a save is applied ' +
        'only above the last applied number for the question: a resend or an older save answers 200 with ' +
        '`applied: false` and changes nothing.',
      params: AttemptQuestionParamsSchema,
      body: SaveAnswerBodySchema,
      response: { 200: SaveAnswerResultSchema, ...stale },
    }),
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
    route(OWN_ATTEMPT, {
      summary: 'Submit my attempt (idempotent): graded at once; the receipt and the result as released',
      params: AttemptParamsSchema,
      response: { 200: SubmitAttemptResultSchema },
    }),
    async (request) => assessments.submit(currentUser(request), request.params.id),
  );

  app.get(
    '/me/quiz-attempts',
    route(SELF, {
      summary: 'My Quiz Attempts: my attempts across courses, newest first; scores only where released',
      querystring: MyAttemptsQuerySchema,
      response: { 200: compiledJson(MyAttemptPageSchema) },
    }),
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
