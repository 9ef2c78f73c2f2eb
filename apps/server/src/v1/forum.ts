import { CreateAnswerBodySchema, CreateQuestionBodySchema, QuestionTagsSchema, type Question } from '@lyceum/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { SessionUser } from '../auth/guards.js';
import type { AccountService } from '../features/accounts/service.js';
import type { ForumService, ForumViewer } from '../features/forum/service.js';
import { badRequest } from '../lib/errors.js';
import { parseId, parseWith, requireObject } from './input.js';
import { addPublicV1Route, addV1Route, V1_LIST, type V1Guards } from './route.js';
import { toV1Answer, toV1PublicUser, toV1Question } from './shapes.js';
import { bodyOf } from './transport.js';

export interface V1ForumOptions {
  forum: ForumService;
  accounts: AccountService;
  guards: V1Guards;
}

/** v1 questions: the contract's fields, except that tags may be absent or empty (the /api asks for one). */
const V1QuestionSchema = z.object({
  question: CreateQuestionBodySchema.shape.question,
  description: CreateQuestionBodySchema.shape.description,
  tags: QuestionTagsSchema,
});

function questionInput(body: Record<string, unknown>) {
  const details = requireObject(body.questionDetails, 'questionDetails');
  return parseWith(
    V1QuestionSchema,
    { question: details.question, description: details.description, tags: details.tags ?? [] },
    'questionDetails',
  );
}

const viewerOf = (user: SessionUser): ForumViewer => ({ id: user.id, role: user.role });
const blank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && !value.trim());

/** What each group of v1 forum routes registers with: the app, the services, the guards and the v1 shapes' reads. */
function v1ForumKit(app: FastifyInstance, { forum, accounts, guards }: V1ForumOptions) {
  /** Questions with their answers (one query for all answers). */
  async function withAnswers(questions: readonly Question[]) {
    const answers = await forum.answersOfQuestions(
      questions.map((question) => question.id),
      null,
    );
    return questions.map((question) => toV1Question(question, answers.get(question.id) ?? []));
  }

  async function questionWithAnswers(id: string) {
    const detail = await forum.getQuestionDetail(id, null);
    return toV1Question(detail, detail.answers);
  }

  return { app, forum, accounts, guards, withAnswers, questionWithAnswers };
}
type V1ForumKit = ReturnType<typeof v1ForumKit>;

/** E22–E24, E28, E29: a question asked, listed, read, edited and deleted. */
function v1QuestionRoutes({ app, forum, guards, withAnswers, questionWithAnswers }: V1ForumKit) {
  addV1Route(
    app,
    guards,
    { url: '/add-question', summary: 'E22 ask a question', auth: ['student', 'teacher'], status: 201, write: true },
    async (request, user) => {
      const question = await forum.createQuestion(viewerOf(user), questionInput(bodyOf(request)));
      return { message: 'Question added', data: toV1Question(question, []) };
    },
  );

  addPublicV1Route(app, { url: '/view-Forum-QuestionList', summary: 'E23 all questions, newest first' }, async () => {
    const page = await forum.listQuestions({ sort: 'newest', ...V1_LIST }, null);
    return { message: 'Forum Question List', data: await withAnswers(page.items) };
  });

  addPublicV1Route(
    app,
    { url: '/view-forum-question-id', summary: 'E24 one question with its answers, oldest first' },
    async (request) => {
      const questionId = parseId(bodyOf(request).questionId, 'questionId');
      return { message: 'Forum Question', data: await questionWithAnswers(questionId) };
    },
  );

  addV1Route(
    app,
    guards,
    { url: '/update-question', summary: 'E28 edit own question', auth: 'user', scope: 'owner', write: true },
    async (request, user) => {
      const body = bodyOf(request);
      const forumId = parseId(body.forumId, 'forumId');
      await forum.updateQuestion(viewerOf(user), forumId, questionInput(body));
      return { message: 'Question updated', data: await questionWithAnswers(forumId) };
    },
  );

  addV1Route(
    app,
    guards,
    {
      url: '/delete-question',
      summary: 'E29 delete a question (author or admin)',
      auth: 'user',
      scope: 'owner',
      adminOverride: true,
      write: true,
    },
    async (request, user) => {
      const forumId = parseId(bodyOf(request).forumId, 'forumId');
      await forum.deleteQuestion(viewerOf(user), forumId);
      return { message: 'Forum question deleted successfully' };
    },
  );
}

/** E25, E30, E31: an answer added, edited and deleted. */
function v1AnswerRoutes({ app, forum, guards, questionWithAnswers }: V1ForumKit) {
  addV1Route(
    app,
    guards,
    { url: '/add-forum-answer', summary: 'E25 answer a question', auth: ['student', 'teacher'], write: true },
    async (request, user) => {
      const body = bodyOf(request);
      if (blank(body.questionId) || blank(body.answer)) throw badRequest('questionId and answer are required');
      const questionId = parseId(body.questionId, 'questionId');
      const { answer } = parseWith(CreateAnswerBodySchema, { answer: body.answer }, 'answer');
      await forum.createAnswer(viewerOf(user), questionId, answer);
      return { message: 'Answer added successfully', data: await questionWithAnswers(questionId) };
    },
  );

  addV1Route(
    app,
    guards,
    { url: '/update-answer-studentId', summary: 'E30 edit own answer', auth: 'user', scope: 'owner', write: true },
    async (request, user) => {
      const body = bodyOf(request);
      if (blank(body.answerText) || blank(body.forumId) || blank(body.answerId)) {
        throw badRequest('answerText, forumId and answerId are required');
      }
      const forumId = parseId(body.forumId, 'forumId');
      const answerId = parseId(body.answerId, 'answerId');
      const { answer } = parseWith(CreateAnswerBodySchema, { answer: body.answerText }, 'answerText', {
        answer: 'answerText',
      });
      const updated = await forum.updateAnswer(viewerOf(user), answerId, answer, { questionId: forumId });
      return { message: 'Update Successfully', data: toV1Answer(updated) };
    },
  );

  addV1Route(
    app,
    guards,
    {
      url: '/delete-answer-studentId',
      summary: 'E31 delete an answer (author or admin)',
      auth: 'user',
      scope: 'owner',
      adminOverride: true,
      write: true,
    },
    async (request, user) => {
      const body = bodyOf(request);
      if (blank(body.forumId) || blank(body.answerId)) throw badRequest('forumId and answerId are required');
      const forumId = parseId(body.forumId, 'forumId');
      const answerId = parseId(body.answerId, 'answerId');
      await forum.deleteAnswer(viewerOf(user), answerId, { questionId: forumId });
      return { message: 'Answer is deleted successfully' };
    },
  );
}

/** E26, E27: the caller's questions (and those they answered) and the caller's answers. */
function v1OwnRoutes({ app, forum, accounts, guards, withAnswers }: V1ForumKit) {
  addV1Route(
    app,
    guards,
    {
      url: '/view-Forum-QuestionList-studentId',
      summary: "E26 the caller's questions and the questions they answered",
      auth: ['student', 'teacher'],
    },
    async (_request, user) => {
      const [profile, own, answered] = await Promise.all([
        accounts.getProfile(user.id),
        forum.listQuestions({ sort: 'newest', ...V1_LIST, authorId: user.id }, null),
        forum.listQuestions({ sort: 'newest', ...V1_LIST, answeredBy: user.id }, null),
      ]);
      return {
        message: 'Forum Question List',
        data: {
          ...toV1PublicUser(profile),
          forumQuestion: await withAnswers(own.items),
          forumAnswer: answered.items.map((question) => toV1Question(question)),
        },
      };
    },
  );

  addV1Route(
    app,
    guards,
    {
      url: '/view-answerList-studentId',
      summary: "E27 the caller's answers, newest first",
      auth: ['student', 'teacher'],
    },
    async (_request, user) => {
      const page = await forum.listMyAnswers(viewerOf(user), V1_LIST);
      const questionIds = [...new Set(page.items.map((item) => item.question.id))];
      const questions = await forum.questionsByIds(questionIds, null);
      const byId = new Map(questions.map((question) => [question.id, toV1Question(question)]));
      const data = page.items.map((item) => ({
        forum: byId.get(item.question.id) ?? {
          _id: item.question.id,
          question: item.question.question,
          tags: item.question.tags,
          updatedAt: item.question.updatedAt,
        },
        answerId: item.id,
        answer: item.answer,
        answer_Vote: item.voteScore,
        answerUpdateAt: item.updatedAt,
        QuestionUser: toV1PublicUser(item.asker),
      }));
      return { message: 'Answer list found', data };
    },
  );
}

export async function v1ForumRoutes(app: FastifyInstance, options: V1ForumOptions) {
  const kit = v1ForumKit(app, options);
  v1QuestionRoutes(kit);
  v1AnswerRoutes(kit);
  v1OwnRoutes(kit);
}
