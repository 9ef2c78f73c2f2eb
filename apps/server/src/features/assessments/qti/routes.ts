import type { MultipartFile } from '@fastify/multipart';
import {
  ErrorSchema,
  ExportQuestionsQuerySchema,
  IdParamsSchema,
  ImportQtiQuerySchema,
  QTI_LIMITS,
  QtiImportReportSchema,
} from '@lyceum/contract';
import type { preValidationAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, type Guards } from '#auth/guards.js';
import { badRequest, fieldError, HttpError } from '#lib/errors.js';
import { denied, guardedRoutes, invalid, missing, security, type SignedInAccess } from '#lib/route-preamble.js';
import type { QtiExchange } from './service.js';

export interface QtiRoutesOptions {
  qti: QtiExchange;
  guards: Guards;
}

const tags = ['question bank'];
const errors = { ...invalid, ...denied, ...missing };
/** The course's teacher or an admin, as every bank route. */
const access: SignedInAccess = { who: ['teacher', 'admin'], scope: 'course-teacher' };
/** The multipart part that carries the QTI file. */
export const QTI_PART = 'file';
const TOO_LARGE = `The QTI file is too large (at most ${QTI_LIMITS.uploadBytes / 1024 / 1024} MB)`;

function describeMultipartError(error: unknown): HttpError {
  if (error instanceof HttpError) return error;
  switch ((error as { code?: string } | null)?.code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new HttpError(413, TOO_LARGE);
    case 'FST_FILES_LIMIT':
      return badRequest('Send one QTI file only');
    default:
      return badRequest(`Send only the "${QTI_PART}" file part`);
  }
}

/**
 * QTI 2.1 / 3.0 import (one item's XML or a content package .zip; preview with dryRun, else one transaction) and
 * export of the bank as a QTI 3.0 content package (issue 50.4, ADR 064). Registered in a scope with
 * @fastify/multipart (one file of at most QTI_LIMITS.uploadBytes).
 */
export const qtiRoutes: FastifyPluginAsyncZod<QtiRoutesOptions> = async (app, { qti, guards }) => {
  const teachers = guards.requireRole('teacher', 'admin') as preValidationAsyncHookHandler;
  const route = guardedRoutes(guards, { tags, errors });

  app.post(
    '/courses/:id/questions/import-qti',
    {
      preValidation: async (request, reply) => {
        if (!request.isMultipart()) throw new HttpError(415, 'Send the QTI file as multipart/form-data');
        await teachers.call(app, request, reply);
      },
      config: {
        access,
        multipartBody: {
          type: 'object',
          required: [QTI_PART],
          properties: {
            [QTI_PART]: { type: 'string', format: 'binary', description: 'An item .xml or a content package .zip' },
          },
        },
      },
      schema: {
        tags,
        summary: 'Import QTI 2.1 / 3.0 items into the bank (dryRun=true: preview only)',
        description:
          'multipart/form-data with one file part named `file`: one assessmentItem XML, or an IMS content package ' +
          `(.zip with imsmanifest.xml) of at most ${QTI_LIMITS.uploadBytes / 1024 / 1024} MB, ` +
          `${QTI_LIMITS.zipEntries} entries, ${QTI_LIMITS.unpackedBytes / 1024 / 1024} MB unpacked and ` +
          `${QTI_LIMITS.items} items. DOCTYPE/ENTITY declarations, absolute or \`..\` paths and links are refused ` +
          'whole (400/413, nothing written). Answers every item found and every item refused (file, identifier, ' +
          'reason); without dryRun the found items are written in one transaction (201 with createdIds).',
        consumes: ['multipart/form-data'],
        security,
        params: IdParamsSchema,
        querystring: ImportQtiQuerySchema,
        response: {
          200: QtiImportReportSchema,
          201: QtiImportReportSchema,
          ...errors,
          413: ErrorSchema,
          415: ErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      let upload: { bytes: Buffer; filename: string } | undefined;
      try {
        for await (const part of request.parts()) {
          const file = part as MultipartFile;
          if (file.fieldname !== QTI_PART) {
            await file.toBuffer().catch(() => undefined);
            throw badRequest(`Unexpected file field; send the QTI file as "${QTI_PART}"`);
          }
          upload = { bytes: await file.toBuffer(), filename: file.filename || 'item.xml' };
        }
      } catch (error) {
        throw describeMultipartError(error);
      }
      if (!upload || upload.bytes.byteLength === 0) throw fieldError(QTI_PART, 'is required');
      const report = await qti.importQti(user, request.params.id, upload, request.query.dryRun);
      return report.dryRun ? report : reply.code(201).send(report);
    },
  );

  app.get(
    '/courses/:id/questions/export-qti',
    route(access, {
      summary: 'The bank (or the questions named by `ids`) as a QTI 3.0 content package (.zip)',
      description:
        'One item file per question and imsmanifest.xml. Tasks (file hand-ins) have no QTI counterpart: they are ' +
        'left out, and the `x-qti-skipped` header counts them.',
      params: IdParamsSchema,
      querystring: ExportQuestionsQuerySchema,
      produces: ['application/zip'],
      response: { 200: z.any().describe('A QTI 3.0 content package (zip)') },
    }),
    async (request, reply) => {
      const { zip, skipped } = await qti.exportQti(currentUser(request), request.params.id, request.query.ids);
      return reply
        .type('application/zip')
        .header('content-disposition', 'attachment; filename="questions-qti.zip"')
        .header('x-qti-skipped', String(skipped))
        .send(zip);
    },
  );
};
