import { Readable } from 'node:stream';
import {
  GradeAnswerBodySchema,
  GradeAnswerParamsSchema,
  GradeConflictSchema,
  GradebookCellParamsSchema,
  GradebookQuerySchema,
  GradebookSchema,
  GradebookWeightsBodySchema,
  IdParamsSchema,
  InboxAnswerSchema,
  InboxPageSchema,
  InboxQuerySchema,
  ItemAnalysisParamsSchema,
  ItemAnalysisSchema,
  MistakeCardPageSchema,
  MistakeSummarySchema,
  MistakesQuerySchema,
  MyAttemptRubricsSchema,
  MyGradesSchema,
  PracticeBodySchema,
  PracticeParamsSchema,
  PracticeResultSchema,
  OverrideCellBodySchema,
  OverrideHistorySchema,
} from '@lyceum/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, type Guards } from '#auth/guards.js';
import { StaleGradeError, type GradingService } from './grading-service.js';
import type { MistakesService } from './mistakes-service.js';
import { compiledJson } from '#lib/compiled-json.js';
import { sendKept } from '#lib/response-cache.js';
import {
  denied,
  guardedRoutes,
  invalid,
  missing,
  security,
  signedInRoute,
  type SignedInAccess,
} from '#lib/route-preamble.js';

export interface GradingRoutesOptions {
  grading: GradingService;
  mistakes: MistakesService;
  guards: Guards;
}

const tags = ['grading'];
const errors = { ...invalid, ...denied, ...missing };
/** Grading routes: the teacher of the course the record belongs to, or an admin. */
const courseTeacher: SignedInAccess = { who: ['teacher', 'admin'], scope: 'course-teacher' };

/** The app as a route group registers on it (the zod type provider's instance). */
type ZodApp = Parameters<FastifyPluginAsyncZod<GradingRoutesOptions>>[0];

/** What each group of routes registers with: the app, the services and the guards made once. */
function routeKit(app: ZodApp, { grading, mistakes, guards }: GradingRoutesOptions) {
  const signedIn = signedInRoute(guards);
  const route = guardedRoutes(guards, { tags, errors });
  return { app, grading, mistakes, signedIn, route };
}
type RouteKit = ReturnType<typeof routeKit>;

/** The grading inbox and grading one answer (the course's teacher and admins). */
function inboxRoutes({ app, grading, route }: RouteKit) {
  app.get(
    '/grading/inbox',
    route(courseTeacher, {
      summary:
        "Answers that need a person across the caller's courses (admins: all), oldest submission first; filter by " +
        'course, assessment, question and status (403 for a course the caller does not teach)',
      querystring: InboxQuerySchema,
      response: { 200: compiledJson(InboxPageSchema) },
    }),
    // Sent as the service keeps it (`inboxJson`).
    async (request, reply) =>
      sendKept(request, reply, (write) => grading.inboxJson(currentUser(request), request.query, write)),
  );

  app.put(
    '/attempts/:id/answers/:questionId/grade',
    route(courseTeacher, {
      summary:
        'Grade one answer: a score (0…points in halves) or rubric levels, and a rich-text comment; `version` as ' +
        'loaded (409 when someone graded it since)',
      params: GradeAnswerParamsSchema,
      body: GradeAnswerBodySchema,
      response: { 200: InboxAnswerSchema, 409: GradeConflictSchema },
    }),
    async (request, reply) => {
      try {
        return await grading.gradeAnswer(
          currentUser(request),
          request.params.id,
          request.params.questionId,
          request.body,
        );
      } catch (error) {
        // A stale version answers with the grade saved meanwhile, beside the grader's own (issue 54.7).
        if (!(error instanceof StaleGradeError)) throw error;
        return reply.code(409).send({
          statusCode: 409,
          error: 'Conflict',
          message: error.message,
          ...(error.current ? { current: error.current } : {}),
        });
      }
    },
  );
}

/** A course's gradebook: read, as CSV, its weights, and overrides with their history. */
function gradebookRoutes({ app, grading, route, signedIn }: RouteKit) {
  app.get(
    '/courses/:id/gradebook',
    route(courseTeacher, {
      summary: 'A page of the gradebook: students (by name) × assessments with the counting score and the course total',
      params: IdParamsSchema,
      querystring: GradebookQuerySchema,
      response: { 200: compiledJson(GradebookSchema) },
    }),
    // Sent as the service keeps it (`gradebookJson`).
    async (request, reply) =>
      sendKept(request, reply, (write) =>
        grading.gradebookJson(currentUser(request), request.params.id, request.query, write),
      ),
  );

  app.get(
    '/courses/:id/gradebook.csv',
    {
      ...signedIn(courseTeacher),
      schema: {
        tags,
        summary:
          'The whole gradebook as CSV, streamed: per assessment its points and a notes column with the markers the page shows (late with its penalty, pending, override); formula-safe cells, UTF-8 with a byte order mark',
        security,
        params: IdParamsSchema,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const lines = grading.gradebookCsv(currentUser(request), request.params.id);
      // Access check and first batch before the status line: a refusal is an ordinary JSON error.
      const first = await lines.next();
      async function* csv() {
        if (!first.done) yield first.value;
        yield* lines;
      }
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="gradebook-${day}.csv"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(csv()));
    },
  );

  app.put(
    '/courses/:id/gradebook/weights',
    route(courseTeacher, {
      summary: 'Set the weight (%) of each assessment kind in the course total',
      params: IdParamsSchema,
      body: GradebookWeightsBodySchema,
      response: { 200: GradebookWeightsBodySchema.required() },
    }),
    async (request) => grading.setWeights(currentUser(request), request.params.id, request.body),
  );

  app.post(
    '/courses/:id/gradebook/:assessmentId/:studentId/override',
    route(courseTeacher, {
      summary: "Override (or clear, points null) a student's cell with a reason; answers the cell's history",
      params: GradebookCellParamsSchema,
      body: OverrideCellBodySchema,
      response: { 201: OverrideHistorySchema },
    }),
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await grading.overrideCell(
            currentUser(request),
            request.params.id,
            request.params.assessmentId,
            request.params.studentId,
            request.body,
          ),
        ),
  );

  app.get(
    '/courses/:id/gradebook/:assessmentId/:studentId/overrides',
    route(courseTeacher, {
      summary: "The override history of a student's cell, newest first",
      params: GradebookCellParamsSchema,
      response: { 200: OverrideHistorySchema },
    }),
    async (request) =>
      grading.cellHistory(
        currentUser(request),
        request.params.id,
        request.params.assessmentId,
        request.params.studentId,
      ),
  );
}

/** A student's own grades and rubric feedback, and an assessment's item analysis. */
function resultRoutes({ app, grading, route }: RouteKit) {
  app.get(
    '/me/courses/:id/grades',
    route(
      { who: ['student'], scope: 'enrolled' },
      {
        summary:
          'My grades in a course: my counting score per assessment (released ones) and the course total (403 when ' +
          'not enrolled)',
        params: IdParamsSchema,
        response: { 200: compiledJson(MyGradesSchema) },
      },
    ),
    // Sent as the service keeps it (`myGradesJson`).
    async (request, reply) =>
      sendKept(request, reply, (write) => grading.myGradesJson(currentUser(request), request.params.id, write)),
  );

  app.get(
    '/courses/:id/assessments/:itemId/item-analysis',
    route(courseTeacher, {
      summary: 'Per question: facility, discrimination (top vs bottom 27 %), choice picks and flags',
      params: ItemAnalysisParamsSchema,
      response: { 200: ItemAnalysisSchema },
    }),
    async (request) => grading.itemAnalysis(currentUser(request), request.params.id, request.params.itemId),
  );

  app.get(
    '/me/attempts/:id/rubrics',
    route(
      { who: ['student'], scope: 'owner' },
      {
        summary: 'The rubric scoring of my own attempt, once its feedback is released (another student’s: 404)',
        params: IdParamsSchema,
        response: { 200: MyAttemptRubricsSchema },
      },
    ),
    async (request) => grading.myAttemptRubrics(currentUser(request), request.params.id),
  );
}

/** A student's mistake notebook: its summary, what is due, a practice answer. */
function mistakeRoutes({ app, mistakes, route }: RouteKit) {
  const ownNotebook: SignedInAccess = { who: ['student'], scope: 'self' };

  app.get(
    '/me/mistakes/summary',
    route(ownNotebook, {
      summary: 'My mistake notebook: how many questions to review today, and in all',
      response: { 200: MistakeSummarySchema },
    }),
    async (request) => mistakes.summary(currentUser(request)),
  );

  app.get(
    '/me/mistakes/due',
    route(ownNotebook, {
      summary: 'The questions of my mistake notebook due now, soonest first, served without their keys',
      querystring: MistakesQuerySchema,
      response: { 200: MistakeCardPageSchema },
    }),
    async (request) => mistakes.due(currentUser(request), request.query),
  );

  app.post(
    '/me/mistakes/:questionId/practice',
    route(ownNotebook, {
      summary: 'Answer a notebook question in practice (never graded): right → "good", wrong → "again"',
      params: PracticeParamsSchema,
      body: PracticeBodySchema,
      response: { 200: PracticeResultSchema },
    }),
    async (request) => mistakes.practise(currentUser(request), request.params.questionId, request.body.response),
  );
}

/** Grading inbox, grading an answer, gradebook (+ CSV, weights, overrides), item analysis, own rubric feedback. */
export const gradingRoutes: FastifyPluginAsyncZod<GradingRoutesOptions> = async (app, options) => {
  const kit = routeKit(app, options);
  inboxRoutes(kit);
  gradebookRoutes(kit);
  resultRoutes(kit);
  mistakeRoutes(kit);
};
