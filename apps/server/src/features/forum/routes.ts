import {
  AcceptAnswerBodySchema,
  AnswerSchema,
  CreateAnswerBodySchema,
  CreateQuestionBodySchema,
  ErrorSchema,
  HotQuestionsSchema,
  IdParamsSchema,
  ListQuestionsQuerySchema,
  MyAnswerPageSchema,
  MyQuestionPageSchema,
  PageQuerySchema,
  QuestionDetailSchema,
  QuestionPageSchema,
  QuestionSchema,
  SimilarQuestionsQuerySchema,
  SimilarQuestionsSchema,
  UpdateAnswerBodySchema,
  UpdateQuestionBodySchema,
  VoteBodySchema,
  VoteResultSchema,
} from '@lyceum/contract';
import type { preValidationAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, type Guards } from '#auth/guards.js';
import { PUBLIC_READ, PUBLIC_READ_FOR_ALL } from '#lib/http-cache.js';
import { denied, invalid, missing, security, signedInRoute, viewerResolver } from '#lib/route-preamble.js';
import type { ForumService } from './service.js';

export interface ForumRoutesOptions {
  forum: ForumService;
  guards: Guards;
}

const tags = ['forum'];
const noContent = z.undefined().describe('Deleted');

/** The app as a route group registers on it (the zod type provider's instance). */
type ZodApp = Parameters<FastifyPluginAsyncZod<ForumRoutesOptions>>[0];

/** What each group of routes registers with: the app, the service and the guards made once. */
function routeKit(app: ZodApp, { forum, guards }: ForumRoutesOptions) {
  const signedIn = signedInRoute(guards);
  const viewerOf = viewerResolver(guards);
  /** Public reads: a valid token personalises `myVote`; a missing or bad one reads anonymously. */
  const optionalUser: preValidationAsyncHookHandler = async (request) => {
    request.sessionUser = await viewerOf(request);
  };
  return { app, forum, signedIn, optionalUser };
}
type RouteKit = ReturnType<typeof routeKit>;

/** Reading (anyone): the list, hot today, similar to a draft, one question with its answers. */
function readingRoutes({ app, forum, optionalUser }: RouteKit) {
  app.get(
    '/forum/questions',
    {
      config: PUBLIC_READ,
      preValidation: optionalUser,
      schema: {
        tags,
        summary: 'List questions: full-text search, tag filter, sort newest | votes | unanswered',
        querystring: ListQuestionsQuerySchema,
        response: { 200: QuestionPageSchema, ...invalid },
      },
    },
    async (request) => forum.listQuestions(request.query, request.sessionUser),
  );

  app.get(
    '/forum/hot',
    {
      config: PUBLIC_READ_FOR_ALL,
      schema: {
        tags,
        summary: 'Hot today: up to 5 questions with the most answers and votes in the last 24 hours',
        response: { 200: HotQuestionsSchema },
      },
    },
    async () => ({ items: await forum.hotQuestions() }),
  );

  app.get(
    '/forum/similar',
    {
      config: PUBLIC_READ_FOR_ALL,
      schema: {
        tags,
        summary: 'Up to 5 existing questions similar to a draft of 3 or more words, answered ones first',
        querystring: SimilarQuestionsQuerySchema,
        response: { 200: SimilarQuestionsSchema, ...invalid },
      },
    },
    async (request) => ({ items: await forum.similarQuestions(request.query.q) }),
  );

  app.get(
    '/forum/questions/:id',
    {
      config: PUBLIC_READ,
      preValidation: optionalUser,
      schema: {
        tags,
        summary: 'A question with its answers (accepted first, then oldest first)',
        params: IdParamsSchema,
        response: { 200: QuestionDetailSchema, ...invalid, ...missing },
      },
    },
    async (request) => forum.getQuestionDetail(request.params.id, request.sessionUser),
  );
}

/** Asking (students and teachers): a question posted, edited, deleted (admins too), one of its answers accepted. */
function questionRoutes({ app, forum, signedIn }: RouteKit) {
  app.post(
    '/forum/questions',
    {
      ...signedIn({ who: ['student', 'teacher'] }),
      schema: {
        tags,
        summary: 'Ask a question (students and teachers)',
        security,
        body: CreateQuestionBodySchema,
        response: { 201: QuestionSchema, ...invalid, ...denied },
      },
    },
    async (request, reply) => reply.code(201).send(await forum.createQuestion(currentUser(request), request.body)),
  );

  app.patch(
    '/forum/questions/:id',
    {
      ...signedIn({ who: 'user', scope: 'owner' }),
      schema: {
        tags,
        summary: 'Edit your question',
        security,
        params: IdParamsSchema,
        body: UpdateQuestionBodySchema,
        response: { 200: QuestionSchema, ...invalid, ...denied, ...missing },
      },
    },
    async (request) => forum.updateQuestion(currentUser(request), request.params.id, request.body),
  );

  app.delete(
    '/forum/questions/:id',
    {
      ...signedIn({ who: 'user', scope: 'owner', adminOverride: true }),
      schema: {
        tags,
        summary: 'Delete your question (admins: any question) with its answers and votes',
        security,
        params: IdParamsSchema,
        response: { 204: noContent, ...invalid, ...denied, ...missing },
      },
    },
    async (request, reply) => {
      await forum.deleteQuestion(currentUser(request), request.params.id);
      return reply.code(204).send();
    },
  );

  app.post(
    '/forum/questions/:id/accept',
    {
      ...signedIn({ who: 'user', scope: 'owner' }),
      schema: {
        tags,
        summary: 'Accept one answer of your question, or clear it with null',
        security,
        params: IdParamsSchema,
        body: AcceptAnswerBodySchema,
        response: { 200: QuestionDetailSchema, ...invalid, ...denied, ...missing },
      },
    },
    async (request) => forum.acceptAnswer(currentUser(request), request.params.id, request.body.answerId),
  );
}

/** Answering and voting: an answer posted, edited, deleted (admins too); a vote on a question or an answer. */
function answerRoutes({ app, forum, signedIn }: RouteKit) {
  app.post(
    '/forum/questions/:id/answers',
    {
      ...signedIn({ who: ['student', 'teacher'] }),
      schema: {
        tags,
        summary: 'Answer a question (students and teachers)',
        security,
        params: IdParamsSchema,
        body: CreateAnswerBodySchema,
        response: { 201: AnswerSchema, ...invalid, ...denied, ...missing },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await forum.createAnswer(currentUser(request), request.params.id, request.body.answer)),
  );

  app.patch(
    '/forum/answers/:id',
    {
      ...signedIn({ who: 'user', scope: 'owner' }),
      schema: {
        tags,
        summary: 'Edit your answer',
        security,
        params: IdParamsSchema,
        body: UpdateAnswerBodySchema,
        response: { 200: AnswerSchema, ...invalid, ...denied, ...missing },
      },
    },
    async (request) => forum.updateAnswer(currentUser(request), request.params.id, request.body.answer),
  );

  app.delete(
    '/forum/answers/:id',
    {
      ...signedIn({ who: 'user', scope: 'owner', adminOverride: true }),
      schema: {
        tags,
        summary: 'Delete your answer (admins: any answer) with its votes',
        security,
        params: IdParamsSchema,
        response: { 204: noContent, ...invalid, ...denied, ...missing },
      },
    },
    async (request, reply) => {
      await forum.deleteAnswer(currentUser(request), request.params.id);
      return reply.code(204).send();
    },
  );

  for (const target of ['question', 'answer'] as const) {
    app.put(
      `/forum/${target}s/:id/vote`,
      {
        ...signedIn({ who: 'user' }),
        schema: {
          tags,
          summary: `Vote on a${target === 'answer' ? 'n' : ''} ${target}: 1 up, -1 down, 0 withdraw (not on your own)`,
          security,
          params: IdParamsSchema,
          body: VoteBodySchema,
          response: { 200: VoteResultSchema, ...invalid, 401: ErrorSchema, ...missing },
        },
      },
      async (request) => forum.vote(currentUser(request), target, request.params.id, request.body.value),
    );
  }
}

/** The caller's own questions and answers. */
function myRoutes({ app, forum, signedIn }: RouteKit) {
  app.get(
    '/me/forum/questions',
    {
      ...signedIn({ who: ['student', 'teacher'] }),
      schema: {
        tags,
        summary: 'Your questions, newest first',
        security,
        querystring: PageQuerySchema,
        response: { 200: MyQuestionPageSchema, ...invalid, ...denied },
      },
    },
    async (request) => forum.listMyQuestions(currentUser(request), request.query),
  );

  app.get(
    '/me/forum/answers',
    {
      ...signedIn({ who: ['student', 'teacher'] }),
      schema: {
        tags,
        summary: 'Your answers, newest first, with their question and its asker',
        security,
        querystring: PageQuerySchema,
        response: { 200: MyAnswerPageSchema, ...invalid, ...denied },
      },
    },
    async (request) => forum.listMyAnswers(currentUser(request), request.query),
  );
}

/*
 * Guards run at preValidation, so the order of answers is 401 → 403 (role) → 400 (input) → 404 → 403
 * (ownership), the order of v1-api §2.2.
 */
export const forumRoutes: FastifyPluginAsyncZod<ForumRoutesOptions> = async (app, options) => {
  const kit = routeKit(app, options);
  readingRoutes(kit);
  questionRoutes(kit);
  answerRoutes(kit);
  myRoutes(kit);
};
