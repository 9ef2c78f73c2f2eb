import type { MultipartFile } from '@fastify/multipart';
import {
  ErrorSchema,
  IdParamsSchema,
  ROSTER_LIMITS,
  RosterApplyBodySchema,
  RosterImportSchema,
  RosterUploadQuerySchema,
} from '@lyceum/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, type Guards } from '#auth/guards.js';
import { badRequest, HttpError } from '#lib/errors.js';
import { denied, invalid, missing, security, signedInRoute } from '#lib/route-preamble.js';
import type { RosterService } from './service.js';
import { tooLarge } from '#lib/zip.js';

export interface RosterRoutesOptions {
  rosters: RosterService;
  guards: Guards;
}

const tags = ['admin'];
export const ROSTER_PART = 'file';

/**
 * Roster imports (issue 48.4, ADR 065), admins only: upload (answers the preview), read (the preview, then the
 * apply's progress and result), apply (a job). Registered in a scope with @fastify/multipart (one file).
 */
export const rosterRoutes: FastifyPluginAsyncZod<RosterRoutesOptions> = async (app, { rosters, guards }) => {
  const signedIn = signedInRoute(guards);

  app.post(
    '/admin/rosters/imports',
    {
      ...signedIn({ who: ['admin'] }),
      config: {
        ...signedIn({ who: ['admin'] }).config,
        multipartBody: {
          type: 'object',
          required: [ROSTER_PART],
          properties: { [ROSTER_PART]: { type: 'string', format: 'binary', description: 'The CSV or the zip' } },
        },
      },
      schema: {
        tags,
        summary: 'Upload a roster (plain CSV, or a OneRoster 1.2 CSV zip): answers the preview, nothing applied yet',
        description:
          'multipart/form-data with one part `file`. format=csv: columns email, first name, last name, role ' +
          '(student or teacher), class (optional); at most 20 MB. format=oneroster: a zip with manifest.csv and ' +
          'users, classes, enrollments, orgs, courses, academicSessions (bulk or delta); at most 50 MB, 32 files, ' +
          '20 MB per file unpacked, no absolute or `..` paths. A refused file (400, 413) leaves nothing behind; a ' +
          'refused row is listed with its file, line and reason, and the others are previewed.',
        consumes: ['multipart/form-data'],
        security,
        querystring: RosterUploadQuerySchema,
        response: { 201: RosterImportSchema, ...invalid, ...denied, 413: ErrorSchema, 415: ErrorSchema },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw new HttpError(415, 'Send the roster as multipart/form-data');
      const { format } = request.query;
      let part: MultipartFile | undefined;
      try {
        part = await request.file();
      } catch {
        throw badRequest('Malformed multipart body');
      }
      if (!part || part.fieldname !== ROSTER_PART)
        throw badRequest(`Send the roster as the "${ROSTER_PART}" file part`);
      const file = part.file;
      // Over the multipart limit (the zip's): the stream ends early and says so.
      file.on('limit', () =>
        file.destroy(
          tooLarge(
            format === 'csv' ? 'roster.csv' : 'The zip',
            format === 'csv' ? ROSTER_LIMITS.csvBytes : ROSTER_LIMITS.zipBytes,
          ),
        ),
      );
      const created = await rosters.upload(currentUser(request).id, format, file);
      return reply.code(201).send(created);
    },
  );

  app.get(
    '/admin/rosters/imports/:id',
    {
      ...signedIn({ who: ['admin'] }),
      schema: {
        tags,
        summary: "A roster import: its preview, then the apply's progress (processed of total) and result",
        security,
        params: IdParamsSchema,
        response: { 200: RosterImportSchema, ...invalid, ...denied, ...missing },
      },
    },
    async (request) => rosters.get(request.params.id),
  );

  app.post(
    '/admin/rosters/imports/:id/apply',
    {
      ...signedIn({ who: ['admin'] }),
      schema: {
        tags,
        summary: 'Apply a previewed roster import (a job; GET the import for its progress)',
        description:
          "`courses` links classes of the preview to a course: one of the class's teacher's (`courseId`), or `new` " +
          '(a draft course named after the class, owned by its teacher). The class follows the course and its ' +
          "students are enrolled in it. A class not of the preview, given twice, or a course not its teacher's: 400.",
        security,
        params: IdParamsSchema,
        body: RosterApplyBodySchema,
        response: { 202: RosterImportSchema, ...invalid, ...denied, ...missing, 409: ErrorSchema },
      },
    },
    async (request, reply) =>
      reply.code(202).send(await rosters.apply(request.params.id, request.body.sendPasswordMail, request.body.courses)),
  );
};
