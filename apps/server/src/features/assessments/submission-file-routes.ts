import {
  AttemptFileKeyParamsSchema,
  AttemptFileParamsSchema,
  AttemptQuestionParamsSchema,
  CourseFileKeyParamsSchema,
  ErrorSchema,
  SUBMISSION_FILE_LIMITS,
  SUBMISSION_FILE_MESSAGES,
  SubmissionFileSchema,
} from '@lyceum/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RouteAccess } from '#auth/access.js';
import { currentUser, type Guards } from '#auth/guards.js';
import { HttpError } from '#lib/errors.js';
import { createKeyedLimit } from '#lib/keyed-limit.js';
import { FILE_PART, readFilePart, sendStoredFile } from '#lib/stored-files.js';
import type { SubmissionFileService } from './submission-files.js';

export interface SubmissionFileRoutesOptions {
  files: SubmissionFileService;
  guards: Guards;
  /** Uploads per student per minute. */
  uploadRateLimit: number;
}

const tags = ['assessments'];
const security = [{ bearerAuth: [] }];
const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema };
const OWN_ATTEMPT: RouteAccess = { who: ['student'], scope: 'owner' };
const AUTHORS: RouteAccess = { who: ['teacher', 'admin'], scope: 'course-teacher' };
const MB = SUBMISSION_FILE_LIMITS.bytes / 1024 / 1024;

/**
 * POST /api/attempts/:id/questions/:questionId/files, in a scope of its own with @fastify/multipart (one file of
 * at most 20 MB, no fields), so every other route keeps answering multipart bodies with 415.
 */
export const submissionUploadRoutes: FastifyPluginAsyncZod<SubmissionFileRoutesOptions> = async (
  app,
  { files, guards, uploadRateLimit },
) => {
  // Per student (after authentication): each upload is read whole and sniffed.
  const perUser = createKeyedLimit(
    app,
    'submission-file',
    uploadRateLimit,
    (request) => request.sessionUser?.id ?? null,
  );
  app.post(
    '/attempts/:id/questions/:questionId/files',
    {
      // 415 before 401, as for JSON bodies: the body's type is checked first (the bytes are read only later).
      preValidation: async (request) => {
        if (!request.isMultipart()) throw new HttpError(415, 'Unsupported content type');
      },
      preHandler: [guards.requireRole('student'), perUser],
      config: {
        access: OWN_ATTEMPT,
        multipartBody: {
          type: 'object',
          required: [FILE_PART],
          properties: {
            [FILE_PART]: {
              type: 'string',
              format: 'binary',
              description: `PDF, image, office document or plain text, at most ${MB} MB`,
            },
          },
        },
      },
      schema: {
        tags,
        summary: 'Hand in a file for a task question of my attempt in progress',
        description:
          `multipart/form-data with one file part named \`${FILE_PART}\`: PDF, JPEG, PNG, WebP, GIF, Word, Excel, ` +
          `PowerPoint, OpenDocument or plain UTF-8 text without markup (detected from the bytes, never the name), ` +
          `at most ${MB} MB. 413 when larger, 415 for any other type (HTML, SVG, scripts…), 400 when the question ` +
          `takes no files, 409 at the task's maxFiles or once the attempt is submitted or past its deadline + 30 s. ` +
          `The file's id is added to the answer's \`files\`.`,
        consumes: ['multipart/form-data'],
        security,
        params: AttemptQuestionParamsSchema,
        response: {
          201: SubmissionFileSchema,
          ...errors,
          409: ErrorSchema,
          413: ErrorSchema,
          415: ErrorSchema,
          429: ErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const upload = await readFilePart(request, SUBMISSION_FILE_MESSAGES.tooLarge);
      const file = await files.upload(currentUser(request), request.params.id, request.params.questionId, upload);
      return reply.code(201).send(file);
    },
  );
};

/** Removing a hand-in, and the downloads of the student and of the course's teachers and admins. */
export const submissionFileRoutes: FastifyPluginAsyncZod<SubmissionFileRoutesOptions> = async (
  app,
  { files, guards },
) => {
  const students = guards.requireRole('student');
  const authors = guards.requireRole('teacher', 'admin');

  app.delete(
    '/attempts/:id/files/:fileId',
    {
      preValidation: students,
      config: { access: OWN_ATTEMPT },
      schema: {
        tags,
        summary: 'Remove a file I handed in, while my attempt is in progress (409 once submitted)',
        security,
        params: AttemptFileParamsSchema,
        response: { 204: z.null().describe('Removed'), ...errors, 409: ErrorSchema },
      },
    },
    async (request, reply) => {
      await files.remove(currentUser(request), request.params.id, request.params.fileId);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/attempts/:id/files/:key',
    {
      preValidation: students,
      // Files are sent as stored (byte ranges count bytes of the file itself).
      compress: false,
      config: { access: OWN_ATTEMPT },
      schema: {
        tags,
        summary:
          'A file I handed in: always a download (Content-Disposition: attachment), with nosniff, a sandboxing ' +
          'CSP and byte ranges',
        security,
        params: AttemptFileKeyParamsSchema,
        produces: ['application/octet-stream'],
      },
    },
    async (request, reply) =>
      sendStoredFile(request, reply, await files.ownFile(currentUser(request), request.params.id, request.params.key)),
  );

  app.get(
    '/courses/:id/submission-files/:key',
    {
      preValidation: authors,
      compress: false,
      config: { access: AUTHORS },
      schema: {
        tags,
        summary:
          'A file a student handed in to this course, for its teacher and admins (grading): a download with ' +
          'nosniff, a sandboxing CSP and byte ranges',
        security,
        params: CourseFileKeyParamsSchema,
        produces: ['application/octet-stream'],
      },
    },
    async (request, reply) =>
      sendStoredFile(
        request,
        reply,
        await files.courseFile(currentUser(request), request.params.id, request.params.key),
      ),
  );
};
