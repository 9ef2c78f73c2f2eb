import type { MultipartFile } from '@fastify/multipart';
import {
  BankQuestionPageSchema,
  BankQuestionSchema,
  CopyQuestionsBodySchema,
  CopyQuestionsResultSchema,
  CreateBankQuestionBodySchema,
  ErrorSchema,
  ExportQuestionsQuerySchema,
  IdParamsSchema,
  ImportQuestionsQuerySchema,
  ImportReportSchema,
  ListBankQuestionsQuerySchema,
  QUESTION_LIMITS,
  QuestionImportSchema,
  UpdateBankQuestionBodySchema,
  UpdatedBankQuestionSchema,
} from '@lyceum/contract';
import type { FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, type Guards } from '#auth/guards.js';
import { badRequest, fieldError, HttpError } from '#lib/errors.js';
import { denied, guardedRoutes, invalid, missing, security, type SignedInAccess } from '#lib/route-preamble.js';
import type { QuestionBankService } from './service.js';

export interface QuestionBankRoutesOptions {
  questionBank: QuestionBankService;
  guards: Guards;
}

const tags = ['question bank'];
const errors = { ...invalid, ...denied, ...missing };
/** Every bank route: the course's teacher or an admin; students and visitors never. */
const access: SignedInAccess = { who: ['teacher', 'admin'], scope: 'course-teacher' };

/** The multipart part that carries the GIFT file. */
export const GIFT_PART = 'file';
const GIFT_TOO_LARGE = `The GIFT file is too large (at most ${QUESTION_LIMITS.giftBytes / 1024 / 1024} MB)`;
const NOT_TEXT = 'The file is not a GIFT text file (it must be UTF-8 text, not a binary file)';

function describeMultipartError(error: unknown): HttpError {
  if (error instanceof HttpError) return error;
  switch ((error as { code?: string } | null)?.code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new HttpError(413, GIFT_TOO_LARGE);
    case 'FST_FILES_LIMIT':
      return badRequest('Send one GIFT file only');
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
    case 'FST_PROTO_VIOLATION':
      return badRequest(`Send only the "${GIFT_PART}" file part`);
    default:
      return badRequest('Malformed multipart body');
  }
}

/** The text of the single `file` part: UTF-8 without NUL bytes, at most 1 MB; 400/413 otherwise. */
async function readGiftText(request: FastifyRequest): Promise<string> {
  let bytes: Buffer | undefined;
  try {
    for await (const part of request.parts()) {
      const file = part as MultipartFile;
      if (file.fieldname !== GIFT_PART) {
        await file.toBuffer().catch(() => undefined);
        throw badRequest(`Unexpected file field; send the GIFT file as "${GIFT_PART}"`);
      }
      bytes = await file.toBuffer();
    }
  } catch (error) {
    throw describeMultipartError(error);
  }
  if (!bytes || bytes.byteLength === 0) throw fieldError(GIFT_PART, 'is required');
  if (bytes.includes(0)) throw badRequest(NOT_TEXT);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw badRequest(NOT_TEXT);
  }
}

/** The app as a route group registers on it (the zod type provider's instance). */
type ZodApp = Parameters<FastifyPluginAsyncZod<QuestionBankRoutesOptions>>[0];

/** What each group of routes registers with: the app, the services and the guards made once. */
function routeKit(app: ZodApp, { questionBank, guards }: QuestionBankRoutesOptions) {
  const teachers = guards.requireRole('teacher', 'admin') as preValidationAsyncHookHandler;
  const route = guardedRoutes(guards, { tags, errors });
  return { app, questionBank, teachers, route };
}
type RouteKit = ReturnType<typeof routeKit>;

/** A course's questions: listed, created, read, changed and deleted. */
function questionRoutes({ app, questionBank, route }: RouteKit) {
  app.get(
    '/courses/:id/questions',
    route(access, {
      summary: "A page of the course's question bank, last changed first; filter by type, tag and title",
      params: IdParamsSchema,
      querystring: ListBankQuestionsQuerySchema,
      response: { 200: BankQuestionPageSchema },
    }),
    async (request) => questionBank.list(currentUser(request), request.params.id, request.query),
  );

  app.post(
    '/courses/:id/questions',
    route(access, {
      summary: "Add a question to the course's bank",
      params: IdParamsSchema,
      body: CreateBankQuestionBodySchema,
      response: { 201: BankQuestionSchema },
    }),
    async (request, reply) =>
      reply.code(201).send(await questionBank.create(currentUser(request), request.params.id, request.body)),
  );

  app.get(
    '/questions/:id',
    route(access, {
      summary: 'One bank question with its key',
      params: IdParamsSchema,
      response: { 200: BankQuestionSchema },
    }),
    async (request) => questionBank.get(currentUser(request), request.params.id),
  );

  app.patch(
    '/questions/:id',
    route(access, {
      summary:
        'Change a bank question; `version` must be the one loaded (409 when someone saved since). A new key, ' +
        'content or points regrades the submitted attempts that answered it: `regradedAttempts` says how many',
      params: IdParamsSchema,
      body: UpdateBankQuestionBodySchema,
      response: { 200: UpdatedBankQuestionSchema, 409: ErrorSchema },
    }),
    async (request) => questionBank.update(currentUser(request), request.params.id, request.body),
  );

  app.delete(
    '/questions/:id',
    route(access, {
      summary: 'Delete a bank question',
      params: IdParamsSchema,
      response: { 204: z.null().describe('Deleted') },
    }),
    async (request, reply) => {
      await questionBank.remove(currentUser(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
}

/** Copies to another course of the same teacher, GIFT import (with its progress) and export. */
function exchangeRoutes({ app, questionBank, teachers, route }: RouteKit) {
  app.post(
    '/courses/:id/questions/copy',
    route(access, {
      summary: "Copy questions of this course's bank into another course of the same teacher",
      params: IdParamsSchema,
      body: CopyQuestionsBodySchema,
      response: { 201: CopyQuestionsResultSchema },
    }),
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await questionBank.copy(
            currentUser(request),
            request.params.id,
            request.body.targetCourseId,
            request.body.questionIds,
          ),
        ),
  );

  app.post(
    '/courses/:id/questions/import',
    {
      preValidation: async (request, reply) => {
        // 415 before 401, as for JSON bodies: the body's type is checked first (the bytes are read only later).
        if (!request.isMultipart()) throw new HttpError(415, 'Send the GIFT file as multipart/form-data');
        await teachers.call(app, request, reply);
      },
      config: {
        access,
        multipartBody: {
          type: 'object',
          required: [GIFT_PART],
          properties: {
            [GIFT_PART]: { type: 'string', format: 'binary', description: 'A .gift text file, at most 1 MB' },
          },
        },
      },
      schema: {
        tags,
        summary: 'Import a GIFT file into the bank (dryRun=true: preview only)',
        description:
          'multipart/form-data with one file part named `file`: UTF-8 GIFT text of at most 1 MB, ' +
          `${QUESTION_LIMITS.giftQuestions} questions and ${QUESTION_LIMITS.giftCategories} $CATEGORY lines (413 ` +
          'naming the limit and the count otherwise, nothing written). Answers every ' +
          'question parsed (with its first line) and every part refused (line, text, reason). Without dryRun the ' +
          'parsed questions are written by a job, in small transactions: the answer is 202 with the import ' +
          '(GET /api/question-imports/:id follows its progress and gives the created ids); refused parts are left out.',
        consumes: ['multipart/form-data'],
        security,
        params: IdParamsSchema,
        querystring: ImportQuestionsQuerySchema,
        response: { 200: ImportReportSchema, 202: QuestionImportSchema, ...errors, 413: ErrorSchema, 415: ErrorSchema },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const text = await readGiftText(request);
      const result = await questionBank.importGift(user, request.params.id, text, request.query.dryRun);
      return 'status' in result ? reply.code(202).send(result) : result;
    },
  );

  app.get(
    '/question-imports/:id',
    route(access, {
      summary: "A GIFT import's progress (written of total) and report; createdIds are all there once done",
      params: IdParamsSchema,
      response: { 200: QuestionImportSchema },
    }),
    async (request) => questionBank.getImport(currentUser(request), request.params.id),
  );

  app.get(
    '/courses/:id/questions/export',
    route(access, {
      summary: 'The bank (or the questions named by `ids`) as a GIFT file',
      params: IdParamsSchema,
      querystring: ExportQuestionsQuerySchema,
      produces: ['text/plain'],
      response: { 200: z.string().describe('GIFT text') },
    }),
    async (request, reply) => {
      const text = await questionBank.exportGift(currentUser(request), request.params.id, request.query.ids);
      return reply
        .type('text/plain; charset=utf-8')
        .header('content-disposition', 'attachment; filename="questions.gift"')
        .send(text);
    },
  );
}

/**
 * The question bank of a course (docs/decisions/016-question-model.md): list, read, create, change
 * (optimistic version, 409 on a stale one), delete, copy to another course of the same teacher, GIFT import
 * (preview with dryRun) and export. Registered in a scope with @fastify/multipart (one file of 1 MB).
 */
export const questionBankRoutes: FastifyPluginAsyncZod<QuestionBankRoutesOptions> = async (app, options) => {
  const kit = routeKit(app, options);
  questionRoutes(kit);
  exchangeRoutes(kit);
};
