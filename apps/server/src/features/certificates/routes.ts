import {
  BadgesSchema,
  CertificateCodeParamsSchema,
  ErrorSchema,
  MyCertificatesPageSchema,
  MyCertificatesQuerySchema,
  PublicCertificateSchema,
} from '@lyceum/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RouteAccess } from '#auth/access.js';
import { currentUser, type Guards } from '#auth/guards.js';
import { requestOrigin } from '#lib/request-origin.js';
import type { CertificateService } from './service.js';

export interface CertificateRoutesOptions {
  certificates: CertificateService;
  guards: Guards;
}

const security = [{ bearerAuth: [] }];
const denied = { 401: ErrorSchema, 403: ErrorSchema };
const missing = { 404: ErrorSchema };

const PUBLIC: RouteAccess = { who: 'public' };
const STUDENTS: RouteAccess = { who: ['student'] };
/** The certificate's student, and admins. */
const OWNER: RouteAccess = { who: ['student', 'admin'], scope: 'owner', adminOverride: true };

/** Certificates (public verification, the owner's PDF, the student's list) and the student's badges. */
export const certificateRoutes: FastifyPluginAsyncZod<CertificateRoutesOptions> = async (
  app,
  { certificates, guards },
) => {
  app.get(
    '/certificates/:code',
    {
      config: { access: PUBLIC },
      schema: {
        tags: ['certificates'],
        summary:
          'Verifies a certificate by its code: the student name, course, teacher and date only (no e-mail or ' +
          'other personal data); 404 for an unknown code',
        params: CertificateCodeParamsSchema,
        response: { 200: PublicCertificateSchema, ...missing },
      },
    },
    async (request, reply) => {
      const certificate = await certificates.verify(request.params.code);
      reply.header('cache-control', 'public, no-cache');
      return certificate;
    },
  );

  app.get(
    '/certificates/:code/pdf',
    {
      config: { access: OWNER },
      preValidation: guards.requireRole('student', 'admin'),
      schema: {
        tags: ['certificates'],
        summary: 'The certificate as a PDF download, for its student and admins (anyone else: 404)',
        security,
        params: CertificateCodeParamsSchema,
        produces: ['application/pdf'],
        // No response schemas: the body is the file; errors (401, 403, 404) are the usual JSON.
      },
    },
    async (request, reply) => {
      // The requester's own document (private, not cached): the Host it sent can only mislead itself.
      const origin = requestOrigin(request.protocol, request.host);
      const { filename, bytes } = await certificates.pdf(request.params.code, currentUser(request), origin);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('cache-control', 'private, no-store')
        .send(bytes);
    },
  );

  app.get(
    '/student/certificates',
    {
      config: { access: STUDENTS },
      preValidation: guards.requireRole('student'),
      schema: {
        tags: ['certificates'],
        summary: "The signed-in student's certificates, newest first (or the one of `courseId`)",
        security,
        querystring: MyCertificatesQuerySchema,
        response: { 200: MyCertificatesPageSchema, ...denied },
      },
    },
    async (request) => certificates.mine(currentUser(request).id, request.query),
  );

  app.get(
    '/student/badges',
    {
      config: { access: STUDENTS },
      preValidation: guards.requireRole('student'),
      schema: {
        tags: ['certificates'],
        summary: "Every badge of the fixed set, earned or not, computed from the student's facts (ADR 030)",
        security,
        response: { 200: BadgesSchema, ...denied },
      },
    },
    async (request) => certificates.badges(currentUser(request).id),
  );
};
