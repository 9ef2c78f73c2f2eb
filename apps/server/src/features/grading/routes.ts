import {
  BankCommentPageSchema,
  BankCommentSchema,
  CopyRubricBodySchema,
  CreateBankCommentBodySchema,
  CreateRubricBodySchema,
  ErrorSchema,
  IdParamsSchema,
  ListBankCommentsQuerySchema,
  ListMyRubricsQuerySchema,
  ListRubricsQuerySchema,
  MyRubricPageSchema,
  RubricPageSchema,
  RubricSchema,
  UpdateBankCommentBodySchema,
  UpdateRubricBodySchema,
} from '@lyceum/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, type Guards } from '#auth/guards.js';
import { denied, guardedRoutes, invalid, missing, type SignedInAccess } from '#lib/route-preamble.js';
import type { FeedbackService } from './feedback-service.js';

export interface FeedbackRoutesOptions {
  feedback: FeedbackService;
  guards: Guards;
}

const errors = { ...invalid, ...denied, ...missing };
/** The caller's own comment bank: another teacher's comment is simply not found in it. */
const ownBank: SignedInAccess = { who: ['teacher', 'admin'], scope: 'self' };
/** The rubrics of the caller's own courses: another teacher's are simply not in the list. */
const ownRubrics: SignedInAccess = { who: ['teacher', 'admin'], scope: 'self' };
/** Rubrics: the course's teacher or an admin. */
const courseTeacher: SignedInAccess = { who: ['teacher', 'admin'], scope: 'course-teacher' };

/** The app as a route group registers on it (the zod type provider's instance). */
type ZodApp = Parameters<FastifyPluginAsyncZod<FeedbackRoutesOptions>>[0];

/** What each group of routes registers with: the app, the services and the guards made once. */
function routeKit(app: ZodApp, { feedback, guards }: FeedbackRoutesOptions) {
  const bankRoute = guardedRoutes(guards, { tags: ['comment bank'], errors });
  const rubricRoute = guardedRoutes(guards, { tags: ['rubrics'], errors });
  return { app, feedback, bankRoute, rubricRoute };
}
type RouteKit = ReturnType<typeof routeKit>;

/** A teacher's comment bank: listed, added to, changed, deleted. */
function commentBankRoutes({ app, feedback, bankRoute }: RouteKit) {
  app.get(
    '/me/comment-bank',
    bankRoute(ownBank, {
      summary: 'A page of my saved comments, last changed first; `q` finds by title or text',
      querystring: ListBankCommentsQuerySchema,
      response: { 200: BankCommentPageSchema },
    }),
    async (request) => feedback.listComments(currentUser(request), request.query),
  );

  app.post(
    '/me/comment-bank',
    bankRoute(ownBank, {
      summary: 'Save a comment to my comment bank (rich text, sanitised)',
      body: CreateBankCommentBodySchema,
      response: { 201: BankCommentSchema },
    }),
    async (request, reply) => reply.code(201).send(await feedback.createComment(currentUser(request), request.body)),
  );

  app.patch(
    '/me/comment-bank/:id',
    bankRoute(ownBank, {
      summary: 'Change a saved comment of mine',
      params: IdParamsSchema,
      body: UpdateBankCommentBodySchema,
      response: { 200: BankCommentSchema },
    }),
    async (request) => feedback.updateComment(currentUser(request), request.params.id, request.body),
  );

  app.delete(
    '/me/comment-bank/:id',
    bankRoute(ownBank, {
      summary: 'Delete a saved comment of mine',
      params: IdParamsSchema,
      response: { 204: z.null().describe('Deleted') },
    }),
    async (request, reply) => {
      await feedback.removeComment(currentUser(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
}

/** Rubrics: a teacher's own, copied, a course's, read, changed and deleted. */
function rubricRoutes({ app, feedback, rubricRoute }: RouteKit) {
  app.get(
    '/me/rubrics',
    rubricRoute(ownRubrics, {
      summary:
        'A page of the rubrics of every course I teach, with their course, last changed first (to reuse one elsewhere)',
      querystring: ListMyRubricsQuerySchema,
      response: { 200: MyRubricPageSchema },
    }),
    async (request) => feedback.listMyRubrics(currentUser(request), request.query),
  );

  app.post(
    '/rubrics/:id/copy',
    rubricRoute(courseTeacher, {
      summary:
        'Copy a rubric, attached to nothing: into its own course (a duplicate) or into another course I teach (`courseId`)',
      params: IdParamsSchema,
      body: CopyRubricBodySchema,
      response: { 201: RubricSchema },
    }),
    async (request, reply) =>
      reply.code(201).send(await feedback.copyRubric(currentUser(request), request.params.id, request.body)),
  );

  app.get(
    '/courses/:id/rubrics',
    rubricRoute(courseTeacher, {
      summary: "A page of the course's rubrics, last changed first",
      params: IdParamsSchema,
      querystring: ListRubricsQuerySchema,
      response: { 200: RubricPageSchema },
    }),
    async (request) => feedback.listRubrics(currentUser(request), request.params.id, request.query),
  );

  app.post(
    '/courses/:id/rubrics',
    rubricRoute(courseTeacher, {
      summary: 'Create a rubric (criteria × levels with points), optionally attached to an essay or an assignment',
      params: IdParamsSchema,
      body: CreateRubricBodySchema,
      response: { 201: RubricSchema, 409: ErrorSchema },
    }),
    async (request, reply) =>
      reply.code(201).send(await feedback.createRubric(currentUser(request), request.params.id, request.body)),
  );

  app.get(
    '/rubrics/:id',
    rubricRoute(courseTeacher, {
      summary: 'One rubric with its criteria and levels',
      params: IdParamsSchema,
      response: { 200: RubricSchema },
    }),
    async (request) => feedback.getRubric(currentUser(request), request.params.id),
  );

  app.patch(
    '/rubrics/:id',
    rubricRoute(courseTeacher, {
      summary: 'Change a rubric or what it is attached to; `version` must be the one loaded (409 otherwise)',
      params: IdParamsSchema,
      body: UpdateRubricBodySchema,
      response: { 200: RubricSchema, 409: ErrorSchema },
    }),
    async (request) => feedback.updateRubric(currentUser(request), request.params.id, request.body),
  );

  app.delete(
    '/rubrics/:id',
    rubricRoute(courseTeacher, {
      summary: 'Delete a rubric (scores given with it go too)',
      params: IdParamsSchema,
      response: { 204: z.null().describe('Deleted') },
    }),
    async (request, reply) => {
      await feedback.removeRubric(currentUser(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
}

/** The comment bank (per teacher) and the rubrics (per course), docs/decisions/032-grading.md. */
export const feedbackRoutes: FastifyPluginAsyncZod<FeedbackRoutesOptions> = async (app, options) => {
  const kit = routeKit(app, options);
  commentBankRoutes(kit);
  rubricRoutes(kit);
};
