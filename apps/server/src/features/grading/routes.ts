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
import type { preValidationAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RouteAccess } from '#auth/access.js';
import { currentUser, type Guards } from '#auth/guards.js';
import type { FeedbackService } from './feedback-service.js';

export interface FeedbackRoutesOptions {
  feedback: FeedbackService;
  guards: Guards;
}

const security = [{ bearerAuth: [] }];
const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema };
/** The caller's own comment bank: another teacher's comment is simply not found in it. */
const ownBank: RouteAccess = { who: ['teacher', 'admin'], scope: 'self' };
/** The rubrics of the caller's own courses: another teacher's are simply not in the list. */
const ownRubrics: RouteAccess = { who: ['teacher', 'admin'], scope: 'self' };
/** Rubrics: the course's teacher or an admin. */
const courseTeacher: RouteAccess = { who: ['teacher', 'admin'], scope: 'course-teacher' };

/** The app as a route group registers on it (the zod type provider's instance). */
type ZodApp = Parameters<FastifyPluginAsyncZod<FeedbackRoutesOptions>>[0];

/** What each group of routes registers with: the app, the services and the guards made once. */
function routeKit(app: ZodApp, { feedback, guards }: FeedbackRoutesOptions) {
  const teachers = guards.requireRole('teacher', 'admin') as preValidationAsyncHookHandler;
  const bankTags = ['comment bank'];
  const rubricTags = ['rubrics'];
  return { app, feedback, teachers, bankTags, rubricTags };
}
type RouteKit = ReturnType<typeof routeKit>;

/** A teacher's comment bank: listed, added to, changed, deleted. */
function commentBankRoutes({ app, feedback, teachers, bankTags }: RouteKit) {
  app.get(
    '/me/comment-bank',
    {
      preValidation: teachers,
      config: { access: ownBank },
      schema: {
        tags: bankTags,
        summary: 'A page of my saved comments, last changed first; `q` finds by title or text',
        security,
        querystring: ListBankCommentsQuerySchema,
        response: { 200: BankCommentPageSchema, ...errors },
      },
    },
    async (request) => feedback.listComments(currentUser(request), request.query),
  );

  app.post(
    '/me/comment-bank',
    {
      preValidation: teachers,
      config: { access: ownBank },
      schema: {
        tags: bankTags,
        summary: 'Save a comment to my comment bank (rich text, sanitised)',
        security,
        body: CreateBankCommentBodySchema,
        response: { 201: BankCommentSchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await feedback.createComment(currentUser(request), request.body)),
  );

  app.patch(
    '/me/comment-bank/:id',
    {
      preValidation: teachers,
      config: { access: ownBank },
      schema: {
        tags: bankTags,
        summary: 'Change a saved comment of mine',
        security,
        params: IdParamsSchema,
        body: UpdateBankCommentBodySchema,
        response: { 200: BankCommentSchema, ...errors },
      },
    },
    async (request) => feedback.updateComment(currentUser(request), request.params.id, request.body),
  );

  app.delete(
    '/me/comment-bank/:id',
    {
      preValidation: teachers,
      config: { access: ownBank },
      schema: {
        tags: bankTags,
        summary: 'Delete a saved comment of mine',
        security,
        params: IdParamsSchema,
        response: { 204: z.null().describe('Deleted'), ...errors },
      },
    },
    async (request, reply) => {
      await feedback.removeComment(currentUser(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
}

/** Rubrics: a teacher's own, copied, a course's, read, changed and deleted. */
function rubricRoutes({ app, feedback, teachers, rubricTags }: RouteKit) {
  app.get(
    '/me/rubrics',
    {
      preValidation: teachers,
      config: { access: ownRubrics },
      schema: {
        tags: rubricTags,
        summary:
          'A page of the rubrics of every course I teach, with their course, last changed first (to reuse one elsewhere)',
        security,
        querystring: ListMyRubricsQuerySchema,
        response: { 200: MyRubricPageSchema, ...errors },
      },
    },
    async (request) => feedback.listMyRubrics(currentUser(request), request.query),
  );

  app.post(
    '/rubrics/:id/copy',
    {
      preValidation: teachers,
      config: { access: courseTeacher },
      schema: {
        tags: rubricTags,
        summary:
          'Copy a rubric, attached to nothing: into its own course (a duplicate) or into another course I teach (`courseId`)',
        security,
        params: IdParamsSchema,
        body: CopyRubricBodySchema,
        response: { 201: RubricSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await feedback.copyRubric(currentUser(request), request.params.id, request.body)),
  );

  app.get(
    '/courses/:id/rubrics',
    {
      preValidation: teachers,
      config: { access: courseTeacher },
      schema: {
        tags: rubricTags,
        summary: "A page of the course's rubrics, last changed first",
        security,
        params: IdParamsSchema,
        querystring: ListRubricsQuerySchema,
        response: { 200: RubricPageSchema, ...errors },
      },
    },
    async (request) => feedback.listRubrics(currentUser(request), request.params.id, request.query),
  );

  app.post(
    '/courses/:id/rubrics',
    {
      preValidation: teachers,
      config: { access: courseTeacher },
      schema: {
        tags: rubricTags,
        summary: 'Create a rubric (criteria × levels with points), optionally attached to an essay or an assignment',
        security,
        params: IdParamsSchema,
        body: CreateRubricBodySchema,
        response: { 201: RubricSchema, ...errors, 409: ErrorSchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await feedback.createRubric(currentUser(request), request.params.id, request.body)),
  );

  app.get(
    '/rubrics/:id',
    {
      preValidation: teachers,
      config: { access: courseTeacher },
      schema: {
        tags: rubricTags,
        summary: 'One rubric with its criteria and levels',
        security,
        params: IdParamsSchema,
        response: { 200: RubricSchema, ...errors },
      },
    },
    async (request) => feedback.getRubric(currentUser(request), request.params.id),
  );

  app.patch(
    '/rubrics/:id',
    {
      preValidation: teachers,
      config: { access: courseTeacher },
      schema: {
        tags: rubricTags,
        summary: 'Change a rubric or what it is attached to; `version` must be the one loaded (409 otherwise)',
        security,
        params: IdParamsSchema,
        body: UpdateRubricBodySchema,
        response: { 200: RubricSchema, ...errors, 409: ErrorSchema },
      },
    },
    async (request) => feedback.updateRubric(currentUser(request), request.params.id, request.body),
  );

  app.delete(
    '/rubrics/:id',
    {
      preValidation: teachers,
      config: { access: courseTeacher },
      schema: {
        tags: rubricTags,
        summary: 'Delete a rubric (scores given with it go too)',
        security,
        params: IdParamsSchema,
        response: { 204: z.null().describe('Deleted'), ...errors },
      },
    },
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
