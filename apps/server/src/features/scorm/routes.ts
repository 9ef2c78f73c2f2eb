import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { MultipartFile } from '@fastify/multipart';
import {
  ErrorSchema,
  ScormCommitBodySchema,
  ScormCommitResultSchema,
  ScormItemParamsSchema,
  ScormLaunchBodySchema,
  ScormLaunchSchema,
  ScormPackageSchema,
  ScormReportQuerySchema,
  ScormReportSchema,
  ScormStateSchema,
  ScormTokenParamsSchema,
  ScormUploadResultSchema,
  SCORM_LIMITS,
  SectionParamsSchema,
} from '@lyceum/contract';
import type { FastifyReply, FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RouteAccess } from '#auth/access.js';
import { currentUser, type Guards } from '#auth/guards.js';
import { badRequest, fieldError, HttpError, notFound } from '#lib/errors.js';
import type { MultipartBodyDoc } from '#lib/openapi.js';
import { parseRange } from '#lib/stored-files.js';
import {
  denied,
  guardedRoutes,
  invalid,
  missing,
  security,
  viewerResolver,
  type SignedInAccess,
} from '#lib/route-preamble.js';
import { RUNTIME_FILE, withRuntime } from './runtime.js';
import { CONTENT_PATH, type ScormService } from './service.js';

export interface ScormRoutesOptions {
  scorm: ScormService;
  guards: Guards;
}

const tags = ['scorm'];
const errors = { ...invalid, ...denied, ...missing };
const AUTHORS: SignedInAccess = { who: ['teacher', 'admin'], scope: 'course-teacher' };
const ENROLLED: SignedInAccess = { who: ['student'], scope: 'enrolled' };
/** Routes of the package's frame: no credentials, the launch token in the path is the key (ADR 067). */
const BY_TOKEN: RouteAccess = { who: 'public' };
export const SCORM_PART = 'file';
const TOO_LARGE = `The SCORM package is too large (at most ${SCORM_LIMITS.uploadBytes / 1024 / 1024} MB)`;

/**
 * The sandbox of every file of a package: scripts, forms and pop-ups run, but without allow-same-origin the
 * document's origin is opaque — it reads no cookie or storage of the app and its requests carry no credentials.
 * Network requests go only to this server ('self': the content path and the runtime's routes).
 */
export const CONTENT_CSP = [
  'sandbox allow-scripts allow-forms allow-popups',
  "default-src 'self' data: blob:",
  "script-src 'self' 'unsafe-inline' 'unsafe-eval' blob:",
  "style-src 'self' 'unsafe-inline' data:",
  "img-src 'self' data: blob: https:",
  "media-src 'self' data: blob: https:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join('; ');

/** Streams the multipart `file` part into a file of a fresh temporary folder (removed by `done`). */
async function receivePackage(request: FastifyRequest): Promise<{ file: string; done: () => Promise<void> }> {
  const folder = await mkdtemp(path.join(tmpdir(), 'lyceum-scorm-'));
  const file = path.join(folder, 'package.zip');
  const done = () => rm(folder, { recursive: true, force: true });
  let received = false;
  try {
    for await (const part of request.parts()) {
      const upload = part as MultipartFile;
      if (upload.type !== 'file' || upload.fieldname !== SCORM_PART) {
        if (upload.type === 'file') await upload.toBuffer().catch(() => undefined);
        throw badRequest(`Send the package's .zip as the "${SCORM_PART}" file part, and nothing else`);
      }
      await pipeline(upload.file, createWriteStream(file));
      if (upload.file.truncated) throw new HttpError(413, TOO_LARGE);
      received = upload.file.bytesRead > 0;
    }
    if (!received) throw fieldError(SCORM_PART, 'is required');
    return { file, done };
  } catch (error) {
    await done();
    if (error instanceof HttpError) throw error;
    const code = (error as { code?: string } | null)?.code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, TOO_LARGE);
    if (code === 'FST_FILES_LIMIT') throw badRequest('Send one SCORM package only');
    throw badRequest('Malformed multipart body');
  }
}

const uploadDescription =
  `multipart/form-data with one file part named \`${SCORM_PART}\`: a SCORM 1.2 or 2004 (3rd/4th edition) ` +
  `package, at most ${SCORM_LIMITS.uploadBytes / 1024 / 1024} MB, ${SCORM_LIMITS.zipEntries} entries and ` +
  `${SCORM_LIMITS.unpackedBytes / 1024 / 1024} MB unpacked, with imsmanifest.xml at its root. Absolute or \`..\` ` +
  'paths, links, DOCTYPE/ENTITY declarations, items whose files are missing: refused whole (400/413 naming the ' +
  'file and the rule), nothing written.';
const uploadErrors = { ...errors, 409: ErrorSchema, 413: ErrorSchema, 415: ErrorSchema };

const multipartBody: MultipartBodyDoc = {
  type: 'object',
  required: [SCORM_PART],
  properties: { [SCORM_PART]: { type: 'string', format: 'binary', description: 'A SCORM package (.zip)' } },
};

/** Upload and replace (in a scope with @fastify/multipart: one file of at most SCORM_LIMITS.uploadBytes). */
export const scormUploadRoutes: FastifyPluginAsyncZod<ScormRoutesOptions> = async (app, { scorm, guards }) => {
  const teachers = guards.requireRole('teacher', 'admin') as preValidationAsyncHookHandler;
  const preValidation = async function (this: unknown, request: FastifyRequest, reply: FastifyReply) {
    await teachers.call(app, request, reply);
    if (!request.isMultipart()) throw new HttpError(415, 'Send the package as multipart/form-data');
  };

  app.post(
    '/courses/:id/sections/:sectionId/scorm',
    {
      preValidation,
      config: { access: AUTHORS, multipartBody },
      schema: {
        tags,
        summary: 'Add a SCORM package as a new lesson at the end of a section (a draft, titled as the package)',
        description: uploadDescription,
        consumes: ['multipart/form-data'],
        security,
        params: SectionParamsSchema,
        response: { 201: ScormUploadResultSchema, ...uploadErrors },
      },
    },
    async (request, reply) => {
      const { id, sectionId } = request.params;
      const upload = await receivePackage(request);
      try {
        return reply.code(201).send(await scorm.create(currentUser(request), id, sectionId, upload.file));
      } finally {
        await upload.done();
      }
    },
  );

  app.put(
    '/courses/:id/lessons/:itemId/scorm',
    {
      preValidation,
      config: { access: AUTHORS, multipartBody },
      schema: {
        tags,
        summary:
          "Replace a SCORM lesson's package; learners keep their attempts at the SCOs whose identifiers it still has",
        description: uploadDescription,
        consumes: ['multipart/form-data'],
        security,
        params: ScormItemParamsSchema,
        response: { 200: ScormUploadResultSchema, ...uploadErrors },
      },
    },
    async (request) => {
      const { id, itemId } = request.params;
      const upload = await receivePackage(request);
      try {
        return await scorm.replace(currentUser(request), id, itemId, upload.file);
      } finally {
        await upload.done();
      }
    },
  );
};

/** The lesson's package, launches and the teacher's report (bearer-authenticated, under /api). */
export const scormRoutes: FastifyPluginAsyncZod<ScormRoutesOptions> = async (app, { scorm, guards }) => {
  const route = guardedRoutes(guards, { tags, errors });
  const viewerOf = viewerResolver(guards);

  app.get(
    '/courses/:id/lessons/:itemId/scorm',
    {
      config: { access: { who: 'public', scope: 'enrolled' } },
      schema: {
        tags,
        summary:
          "A SCORM lesson's package and table of contents (an enrolled learner's with their status per SCO): for " +
          'enrolled learners, anyone on a free preview, the teacher and admins',
        params: ScormItemParamsSchema,
        response: { 200: ScormPackageSchema, ...errors },
      },
    },
    async (request) => scorm.package(request.params.id, request.params.itemId, await viewerOf(request)),
  );

  app.post(
    '/courses/:id/lessons/:itemId/scorm/launch',
    route(ENROLLED, {
      summary:
        'Open an item of a SCORM lesson: the learner’s attempt at it (made the first time) and the address of its ' +
        'page at the isolated content path, valid for some hours',
      params: ScormItemParamsSchema,
      body: ScormLaunchBodySchema,
      response: { 200: ScormLaunchSchema },
    }),
    async (request) => scorm.launch(currentUser(request), request.params.id, request.params.itemId, request.body.item),
  );

  app.post(
    '/courses/:id/lessons/:itemId/scorm/preview',
    route(AUTHORS, {
      summary: 'Open an item of a SCORM lesson as its author: the content only; its commits are not kept',
      params: ScormItemParamsSchema,
      body: ScormLaunchBodySchema,
      response: { 200: ScormLaunchSchema },
    }),
    async (request) => scorm.preview(currentUser(request), request.params.id, request.params.itemId, request.body.item),
  );

  app.get(
    '/courses/:id/lessons/:itemId/scorm/report',
    route(AUTHORS, {
      summary:
        'Each learner of the course with their status, success, score and time in a SCORM lesson, by name (a page; ' +
        '`next` is the cursor of the following one)',
      params: ScormItemParamsSchema,
      querystring: ScormReportQuerySchema,
      response: { 200: ScormReportSchema },
    }),
    async (request) =>
      scorm.report(
        currentUser(request),
        request.params.id,
        request.params.itemId,
        request.query.after,
        request.query.limit,
      ),
  );
};

/**
 * The runtime's routes (under /api), called from the package's sandboxed frame: no credentials (its origin is
 * opaque), the launch token in the path. Any origin may read the answers (`*`): nothing but the token opens them.
 * A commit takes a JSON body sent as text/plain too — what `navigator.sendBeacon` sends as the page goes away.
 */
export const scormRuntimeRoutes: FastifyPluginAsyncZod<ScormRoutesOptions> = async (app, { scorm }) => {
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, (_request, body, done) => {
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(badRequest('The commit is not JSON'), undefined);
    }
  });
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('access-control-allow-origin', '*');
  });

  app.get(
    '/scorm/runtime/:token',
    {
      config: { access: BY_TOKEN },
      schema: {
        tags,
        summary:
          'The state a SCO starts from: the learner’s last commit (location, suspend data, status, score…), entry ' +
          'and total time; by the launch token (401 once it expired or the package was replaced)',
        params: ScormTokenParamsSchema,
        response: { 200: ScormStateSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return scorm.state(request.params.token);
    },
  );

  app.post(
    '/scorm/runtime/:token/commit',
    {
      bodyLimit: SCORM_LIMITS.commitBytes,
      config: { access: BY_TOKEN },
      schema: {
        tags,
        summary:
          'Commit the CMI data of the attempt the launch token names (flattened elements, e.g. ' +
          '`{"cmi.core.lesson_status": "passed"}`), as JSON or as text/plain JSON (a beacon). Completed or passed ' +
          'in every SCO: the lesson counts as completed',
        params: ScormTokenParamsSchema,
        body: ScormCommitBodySchema,
        consumes: ['application/json', 'text/plain'],
        response: { 200: ScormCommitResultSchema, ...errors, 413: ErrorSchema },
      },
    },
    async (request) => scorm.commit(request.params.token, request.body),
  );
};

/** The package's files at the isolated path /scorm-content/<launch token>/<path> (outside /api). */
export const scormContentRoutes: FastifyPluginAsyncZod<ScormRoutesOptions> = async (app, { scorm }) => {
  app.get(
    `${CONTENT_PATH}/:token/*`,
    {
      config: { access: BY_TOKEN, compress: false },
      schema: {
        tags,
        summary:
          'A file of a SCORM package, by a launch token: sandboxed (CSP sandbox without allow-same-origin), nosniff, ' +
          'its type from its extension, byte ranges',
        params: z.object({ token: z.string().max(400), '*': z.string().max(2000) }),
        produces: ['application/octet-stream'],
      },
    },
    async (request, reply) => {
      const { token, '*': filePath } = request.params;
      const sandboxed = () => {
        reply.removeHeader('x-frame-options');
        return reply
          .header('content-security-policy', CONTENT_CSP)
          .header('x-content-type-options', 'nosniff')
          .header('cross-origin-resource-policy', 'cross-origin')
          .header('referrer-policy', 'no-referrer');
      };
      if (filePath === RUNTIME_FILE) {
        const script = await scorm.runtime(token);
        return sandboxed()
          .header('content-type', 'text/javascript; charset=utf-8')
          .header('cache-control', 'no-store')
          .send(script);
      }
      const file = await scorm.file(token, filePath);
      if (!file) throw notFound(`${filePath.slice(0, 200)} is not in the package`);
      if (file.contentType.startsWith('text/html')) {
        // Each page gets the runtime's script first (ADR 067): sent whole, without byte ranges.
        const chunks: Buffer[] = [];
        for await (const chunk of file.read(0, file.bytes - 1)) chunks.push(chunk as Buffer);
        const page = withRuntime(Buffer.concat(chunks), `${CONTENT_PATH}/${token}/${RUNTIME_FILE}`);
        if (page) {
          return sandboxed()
            .header('content-type', file.contentType)
            .header('cache-control', 'private, no-cache')
            .header('content-length', String(page.byteLength))
            .send(page);
        }
      }
      sandboxed()
        .header('content-type', file.contentType)
        .header('cache-control', 'private, max-age=3600')
        .header('accept-ranges', 'bytes');
      const range = parseRange(request.headers.range, file.bytes);
      if (range === 'unsatisfiable') return reply.code(416).header('content-range', `bytes */${file.bytes}`).send(null);
      if (range) {
        return reply
          .code(206)
          .header('content-range', `bytes ${range.start}-${range.end}/${file.bytes}`)
          .header('content-length', String(range.end - range.start + 1))
          .send(file.read(range.start, range.end));
      }
      return reply.header('content-length', String(file.bytes)).send(file.read(0, file.bytes - 1));
    },
  );
};
