import {
  CourseReviewPageSchema,
  CreateReviewBodySchema,
  IdParamsSchema,
  ListReviewsQuerySchema,
  MyCourseReviewSchema,
  ReviewConflictSchema,
  ReviewSchema,
  StudentReviewPageSchema,
  UpdateReviewBodySchema,
} from '@lyceum/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, type Guards } from '#auth/guards.js';
import { PUBLIC_READ } from '#lib/http-cache.js';
import { denied, invalid, missing, security, signedInRoute, viewerResolver } from '#lib/route-preamble.js';
import { errorBody } from '#plugins/errors.js';
import { ReviewExistsError, type ReviewService } from './service.js';

export interface ReviewRoutesOptions {
  reviews: ReviewService;
  guards: Guards;
}

const tags = ['reviews'];

/*
 * Guards run at preValidation, so the order of answers is 401 → 403 (role) → 400 (input) → 404 → 403
 * (ownership) → 409, the order of v1-api §2.2.
 */
export const reviewRoutes: FastifyPluginAsyncZod<ReviewRoutesOptions> = async (app, { reviews, guards }) => {
  const signedIn = signedInRoute(guards);
  const viewerOf = viewerResolver(guards);

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
      ...signedIn({ who: ['student'] }),
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
      ...signedIn({ who: ['student'] }),
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
      ...signedIn({ who: 'user', scope: 'owner' }),
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
      ...signedIn({ who: 'user', scope: 'owner', adminOverride: true }),
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
      ...signedIn({ who: ['student'] }),
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
