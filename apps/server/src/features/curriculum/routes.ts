import {
  AttachmentParamsSchema,
  AttachmentSchema,
  CompletionSchema,
  CreateLessonBodySchema,
  CreateSectionBodySchema,
  CURRICULUM_LIMITS,
  CURRICULUM_MESSAGES,
  CurriculumSchema,
  ErrorSchema,
  IdParamsSchema,
  ItemParamsSchema,
  LessonFileParamsSchema,
  LessonSchema,
  MoveItemBodySchema,
  MoveSectionBodySchema,
  ProgressSchema,
  SectionParamsSchema,
  SectionSchema,
  UpdateCurriculumBodySchema,
  UpdateLessonBodySchema,
  UpdateSectionBodySchema,
} from '@lyceum/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RouteAccess } from '#auth/access.js';
import { currentUser, type Guards } from '#auth/guards.js';
import { HttpError, notFound } from '#lib/errors.js';
import { PUBLIC_READ } from '#lib/http-cache.js';
import { FILE_PART, readFilePart, sendStoredFile } from '#lib/stored-files.js';
import { sniffAttachment } from './files.js';
import type { CurriculumService } from './service.js';
import { compiledJson } from '#lib/compiled-json.js';
import { sendKept } from '#lib/response-cache.js';
import {
  denied,
  guardedRoutes,
  invalid,
  missing,
  security,
  viewerResolver,
  type SignedInAccess,
} from '#lib/route-preamble.js';

export interface CurriculumRoutesOptions {
  curriculum: CurriculumService;
  guards: Guards;
}

const stale = { 409: ErrorSchema };

const PUBLIC: RouteAccess = { who: 'public' };
const AUTHORS: SignedInAccess = { who: ['teacher', 'admin'], scope: 'course-teacher' };
const ENROLLED: SignedInAccess = { who: ['student'], scope: 'enrolled' };

/** The app as a curriculum route group registers on it (the zod type provider's instance). */
type ZodApp = Parameters<FastifyPluginAsyncZod<CurriculumRoutesOptions>>[0];

/** What each group of curriculum routes registers with: the app, the service and the guards made once. */
function routeKit(app: ZodApp, { curriculum, guards }: CurriculumRoutesOptions) {
  const viewerOf = viewerResolver(guards);
  const route = guardedRoutes(guards, { tags: ['curriculum'], errors: { ...invalid, ...denied, ...missing } });
  return { app, curriculum, viewerOf, route };
}
type RouteKit = ReturnType<typeof routeKit>;

/** Reading: the outline and lessons (readers), completion and progress (enrolled students). */
function readingRoutes({ app, curriculum, viewerOf, route }: RouteKit) {
  app.get(
    '/courses/:id/curriculum',
    {
      // Anonymous callers may be answered from the response cache; teachers' writes drop it (app.ts). Nothing but
      // those writes changes a visitor's outline (no lock depends on the time), and a large course's is 150 KB of
      // JSON: kept for a minute rather than read again every 5 s (ADR 020, session 11).
      config: { ...PUBLIC_READ, responseCacheTtlMs: 60_000 },
      schema: {
        tags: ['curriculum'],
        summary:
          'The outline (sections, items, durations, totals, lock state) for everyone; with ticks, progress and the ' +
          'lesson to resume for an enrolled student; drafts for the course’s teacher and admins only',
        params: IdParamsSchema,
        response: { 200: compiledJson(CurriculumSchema), ...invalid, ...missing },
      },
    },
    async (request, reply) => {
      const viewer = await viewerOf(request);
      // A student's outline with ticks is sent as the service keeps it (`curriculumJson`).
      if (viewer?.role !== 'student') return curriculum.curriculum(request.params.id, viewer);
      return sendKept(request, reply, (write) => curriculum.curriculumJson(request.params.id, viewer, write));
    },
  );

  app.get(
    '/courses/:id/lessons/:itemId',
    {
      config: { access: { who: 'public', scope: 'enrolled' } },
      schema: {
        tags: ['curriculum'],
        summary:
          'A lesson: published ones for enrolled students, free-preview ones for anyone, drafts for the teacher and ' +
          'admins. Opening it records where an enrolled student resumes.',
        params: ItemParamsSchema,
        response: { 200: LessonSchema, ...invalid, ...denied, ...missing },
      },
    },
    async (request) => curriculum.lesson(request.params.id, request.params.itemId, await viewerOf(request)),
  );

  app.get(
    '/courses/:id/progress',
    route(ENROLLED, {
      summary: "The enrolled caller's progress: completed / required published items",
      params: IdParamsSchema,
      response: { 200: ProgressSchema },
    }),
    async (request) => curriculum.progress(request.params.id, currentUser(request)),
  );

  app.post(
    '/courses/:id/items/:itemId/completion',
    route(ENROLLED, {
      summary:
        'Mark an item completed (idempotent). Completing the last required item completes the enrolment, with ' +
        'its date, in the same transaction.',
      params: ItemParamsSchema,
      response: { 200: CompletionSchema },
    }),
    async (request) => curriculum.complete(request.params.id, request.params.itemId, currentUser(request)),
  );
}

/** Authoring the outline (the course's teacher and admins): its settings and its sections. */
function sectionRoutes({ app, curriculum, route }: RouteKit) {
  app.patch(
    '/courses/:id/curriculum',
    route(AUTHORS, {
      summary:
        'Change the curriculum’s settings: `sequential` makes items open in order for enrolled students (each ' +
        'once every required item before it is complete; locked ones answer 403)',
      params: IdParamsSchema,
      body: UpdateCurriculumBodySchema,
      response: { 200: compiledJson(CurriculumSchema) },
    }),
    async (request) => curriculum.updateSettings(currentUser(request), request.params.id, request.body),
  );

  app.post(
    '/courses/:id/sections',
    route(AUTHORS, {
      summary: 'Add a section at the end of the curriculum',
      params: IdParamsSchema,
      body: CreateSectionBodySchema,
      response: { 201: SectionSchema, ...stale },
    }),
    async (request, reply) =>
      reply.code(201).send(await curriculum.createSection(currentUser(request), request.params.id, request.body)),
  );

  app.patch(
    '/courses/:id/sections/:sectionId',
    route(AUTHORS, {
      summary: 'Rename a section or change its summary; 409 when `version` is not the current one',
      params: SectionParamsSchema,
      body: UpdateSectionBodySchema,
      response: { 200: SectionSchema, ...stale },
    }),
    async (request) =>
      curriculum.updateSection(currentUser(request), request.params.id, request.params.sectionId, request.body),
  );

  app.delete(
    '/courses/:id/sections/:sectionId',
    route(AUTHORS, {
      summary: "Delete a section with its items and their completions (students' progress is recomputed)",
      params: SectionParamsSchema,
      response: { 204: z.null().describe('Deleted') },
    }),
    async (request, reply) => {
      await curriculum.deleteSection(currentUser(request), request.params.id, request.params.sectionId);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/courses/:id/sections/:sectionId/move',
    route(AUTHORS, {
      summary: 'Move a section to a 0-based place among the sections',
      params: SectionParamsSchema,
      body: MoveSectionBodySchema,
      response: { 200: SectionSchema },
    }),
    async (request) =>
      curriculum.moveSection(currentUser(request), request.params.id, request.params.sectionId, request.body.position),
  );
}

/** Authoring lessons and items (the course's teacher and admins), and deleting an attachment. */
function lessonRoutes({ app, curriculum, route }: RouteKit) {
  app.post(
    '/courses/:id/sections/:sectionId/lessons',
    route(AUTHORS, {
      summary: 'Add a lesson at the end of a section (a draft unless `published`)',
      params: SectionParamsSchema,
      body: CreateLessonBodySchema,
      response: { 201: LessonSchema, ...stale },
    }),
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await curriculum.createLesson(
            currentUser(request),
            request.params.id,
            request.params.sectionId,
            request.body,
          ),
        ),
  );

  app.patch(
    '/courses/:id/lessons/:itemId',
    route(AUTHORS, {
      summary:
        'Change a lesson (fields sent change); 409 with a conflict message when `version` is not the current one, ' +
        'so two tabs never silently overwrite each other',
      params: ItemParamsSchema,
      body: UpdateLessonBodySchema,
      response: { 200: LessonSchema, ...stale },
    }),
    async (request) =>
      curriculum.updateLesson(currentUser(request), request.params.id, request.params.itemId, request.body),
  );

  app.delete(
    '/courses/:id/items/:itemId',
    route(AUTHORS, {
      summary: "Delete an item with its attachments and completions (students' progress is recomputed)",
      params: ItemParamsSchema,
      response: { 204: z.null().describe('Deleted') },
    }),
    async (request, reply) => {
      await curriculum.deleteItem(currentUser(request), request.params.id, request.params.itemId);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/courses/:id/items/:itemId/move',
    route(AUTHORS, {
      summary: 'Move an item to a 0-based place in a section of the same course (its own or another)',
      params: ItemParamsSchema,
      body: MoveItemBodySchema,
      response: { 200: LessonSchema, ...stale },
    }),
    async (request) =>
      curriculum.moveItem(currentUser(request), request.params.id, request.params.itemId, request.body),
  );

  app.post(
    '/courses/:id/items/:itemId/duplicate',
    route(AUTHORS, {
      summary: 'Copy a lesson, attachments included, as a draft right after the original',
      params: ItemParamsSchema,
      response: { 201: LessonSchema, ...stale },
    }),
    async (request, reply) =>
      reply
        .code(201)
        .send(await curriculum.duplicateItem(currentUser(request), request.params.id, request.params.itemId)),
  );

  app.delete(
    '/courses/:id/lessons/:itemId/attachments/:attachmentId',
    route(AUTHORS, {
      summary: 'Remove an attachment from a lesson',
      params: AttachmentParamsSchema,
      response: { 204: z.null().describe('Deleted') },
    }),
    async (request, reply) => {
      const { id, itemId, attachmentId } = request.params;
      await curriculum.deleteAttachment(currentUser(request), id, itemId, attachmentId);
      return reply.code(204).send(null);
    },
  );
}

/** Files: a lesson's attachment by its random name. */
function fileRoutes({ app, curriculum }: RouteKit) {
  app.get(
    '/lesson-files/:name',
    {
      config: { access: PUBLIC, compress: false },
      schema: {
        tags: ['curriculum'],
        summary:
          'A lesson attachment by its random name: always a download (Content-Disposition: attachment), with ' +
          'nosniff, a sandboxing CSP and byte ranges',
        params: LessonFileParamsSchema,
        produces: ['application/octet-stream'],
      },
    },
    async (request, reply) => {
      const file = await curriculum.file(request.params.name);
      if (!file) throw notFound('File not found');
      return sendStoredFile(request, reply, file);
    },
  );
}

/**
 * The curriculum: the outline and lessons (readers), completion and progress (enrolled students), and the
 * authoring routes of the course's teacher and admins. Guards run as preValidation hooks (401/403 before 400).
 */
export const curriculumRoutes: FastifyPluginAsyncZod<CurriculumRoutesOptions> = async (app, options) => {
  const kit = routeKit(app, options);
  readingRoutes(kit);
  sectionRoutes(kit);
  lessonRoutes(kit);
  fileRoutes(kit);
};

/** The multipart part that carries an attachment. */
export const ATTACHMENT_PART = FILE_PART;

/**
 * POST /api/courses/:id/lessons/:itemId/attachments, registered in a scope of its own with @fastify/multipart
 * (one file of at most CURRICULUM_LIMITS.attachmentBytes, no fields).
 */
export const attachmentUploadRoutes: FastifyPluginAsyncZod<CurriculumRoutesOptions> = async (
  app,
  { curriculum, guards },
) => {
  app.post(
    '/courses/:id/lessons/:itemId/attachments',
    {
      preValidation: async (request) => {
        if (!request.isMultipart()) throw new HttpError(415, 'Unsupported content type');
      },
      preHandler: guards.requireRole('teacher', 'admin'),
      config: {
        access: AUTHORS,
        multipartBody: {
          type: 'object',
          required: [ATTACHMENT_PART],
          properties: {
            [ATTACHMENT_PART]: {
              type: 'string',
              format: 'binary',
              description: 'PDF, image or office file, at most 20 MB',
            },
          },
        },
      },
      schema: {
        tags: ['curriculum'],
        summary: 'Attach a file to a lesson',
        description:
          `multipart/form-data with one file part named \`${ATTACHMENT_PART}\`: PDF, JPEG, PNG, WebP, GIF, Word, ` +
          `Excel, PowerPoint or OpenDocument (detected from the bytes, never the name), at most ` +
          `${CURRICULUM_LIMITS.attachmentBytes / 1024 / 1024} MB. 413 when larger, 415 for any other type.`,
        consumes: ['multipart/form-data'],
        security,
        params: ItemParamsSchema,
        response: {
          201: AttachmentSchema,
          ...invalid,
          ...denied,
          ...missing,
          ...stale,
          413: ErrorSchema,
          415: ErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const upload = await readFilePart(request, CURRICULUM_MESSAGES.attachmentTooLarge);
      const file = await sniffAttachment(upload.data, upload.filename);
      return reply.code(201).send(await curriculum.addAttachment(user, request.params.id, request.params.itemId, file));
    },
  );
};
