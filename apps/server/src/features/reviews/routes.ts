import {
  CourseReviewPageSchema,
  CreateReviewBodySchema,
  ErrorSchema,
  IdParamsSchema,
  ListReviewsQuerySchema,
  MyCourseReviewSchema,
  ReviewConflictSchema,
  ReviewSchema,
  StudentReviewPageSchema,
  UpdateReviewBodySchema,
} from '@lyceum/contract';
import type { FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, headerToken, type Guards, type SessionUser } from '../../auth/guards.js';
import { HttpError } from '../../lib/errors.js';
import { PUBLIC_READ } from '../../lib/http-cache.js';
import { errorBody } from '../../plugins/errors.js';
import { ReviewExistsError, type ReviewService } from './service.js';

export interface ReviewRoutesOptions {
  reviews: ReviewService;
  guards: Guards;
}

const tags = ['reviews'];
const security = [{ bearerAuth: [] }];
const invalid = { 400: ErrorSchema };
const denied = { 401: ErrorSchema, 403: ErrorSchema };
const missing = { 404: ErrorSchema };

/*
 * Guards run at preValidation, so the order of answers is 401 → 403 (role) → 400 (input) → 404 → 403
 * (ownership) → 409, the order of v1-api §2.2.
 */
export const reviewRoutes: FastifyPluginAsyncZod<ReviewRoutesOptions> = async (app, { reviews, guards }) => {
  const students = guards.requireRole('student') as preValidationAsyncHookHandler;
  const anyUser = guards.requireUser as preValidationAsyncHookHandler;

  /** The caller on a public route: a valid token identifies them, anything else is a visitor. */
  async function viewerOf(request: FastifyRequest): Promise<SessionUser | null> {
    const token = headerToken(request);
    if (!token) return null;
    try {
      return await guards.authenticate(token);
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 401) return null;
      throw error;
    }
  }

  app.get(
    '/courses/:id/reviews',
    {
      // Anonymous callers may be answered from the response cache for a minute, not 5 s: only writes through the API
      // change a course's reviews (a review's own, or a reviewer's public face), and each drops it at once (ADR 020,
      // session 13). Read again every 5 s, 500 courses' reviews kept the embedded database busy enough to hold
      // other requests 130 ms.
      config: { ...PUBLIC_READ, responseCacheTtlMs: 60_000 },
      schema: {
        tags,
        summary: "A course's reviews, newest first, with its rating summary (average, count, 1–5 distribution)",
        params: IdParamsSchema,
        querystring: ListReviewsQuerySchema,
        response: { 200: CourseReviewPageSchema, ...invalid, ...missing },
      },
    },
    async (request) => reviews.listForCourse(request.params.id, request.query, await viewerOf(request)),
  );

  app.get(
    '/courses/:id/reviews/mine',
    {
      config: { access: { who: ['student'] } },
      preValidation: students,
      schema: {
        tags,
        summary: "The caller's review of a course, or null, and whether they are enrolled (may write one)",
        security,
        params: IdParamsSchema,
        response: { 200: MyCourseReviewSchema, ...invalid, ...denied, ...missing },
      },
    },
    async (request) => reviews.mine(currentUser(request), request.params.id),
  );

  app.post(
    '/courses/:id/reviews',
    {
      config: { access: { who: ['student'] } },
      preValidation: students,
      schema: {
        tags,
        summary: 'Review a published course (students; once per course — a second review is a 409 naming the first)',
        security,
        params: IdParamsSchema,
        body: CreateReviewBodySchema,
        response: { 201: ReviewSchema, ...invalid, ...denied, ...missing, 409: ReviewConflictSchema },
      },
    },
    async (request, reply) => {
      try {
        const review = await reviews.create(currentUser(request), request.params.id, request.body);
        return reply.code(201).send(review);
      } catch (error) {
        if (!(error instanceof ReviewExistsError)) throw error;
        return reply.code(409).send({ ...errorBody(409, error.message), statusCode: 409, reviewId: error.reviewId });
      }
    },
  );

  app.patch(
    '/reviews/:id',
    {
      config: { access: { who: 'user', scope: 'owner' } },
      preValidation: anyUser,
      schema: {
        tags,
        summary: 'Change the rating and/or text of a review (its author only)',
        security,
        params: IdParamsSchema,
        body: UpdateReviewBodySchema,
        response: { 200: ReviewSchema, ...invalid, ...denied, ...missing },
      },
    },
    async (request) => reviews.update(currentUser(request), request.params.id, request.body),
  );

  app.delete(
    '/reviews/:id',
    {
      config: { access: { who: 'user', scope: 'owner', adminOverride: true } },
      preValidation: anyUser,
      schema: {
        tags,
        summary: 'Delete a review (its author, or an admin for moderation)',
        security,
        params: IdParamsSchema,
        response: { 204: z.null().describe('Deleted'), ...invalid, ...denied, ...missing },
      },
    },
    async (request, reply) => {
      await reviews.remove(currentUser(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/student/reviews',
    {
      config: { access: { who: ['student'] } },
      preValidation: students,
      schema: {
        tags,
        summary: "The caller's reviews with their course, newest first",
        security,
        querystring: ListReviewsQuerySchema,
        response: { 200: StudentReviewPageSchema, ...invalid, ...denied },
      },
    },
    async (request) => reviews.listByStudent(currentUser(request).id, request.query),
  );
};
