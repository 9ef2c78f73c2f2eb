import { ReviewRatingSchema, ReviewTextSchema } from '@lyceum/contract';
import type { FastifyInstance } from 'fastify';
import type { CourseService } from '../features/courses/service.js';
import type { ReviewService } from '../features/reviews/service.js';
import { fieldError } from '../lib/errors.js';
import { loadV1Courses } from './courses.js';
import { parseId, parseWith, requireObject } from './input.js';
import { addPublicV1Route, addV1Route, V1_LIST, type V1Guards } from './route.js';
import { toV1PublicUser, toV1Review } from './shapes.js';
import { bodyOf } from './transport.js';

export interface V1ReviewOptions {
  reviews: ReviewService;
  courses: CourseService;
  guards: V1Guards;
}

/** v1 sends ratings as numbers or numeric strings ("4"); the contract decides what a rating is. */
function parseRating(value: unknown): number {
  const candidate = typeof value === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(value) ? Number(value) : value;
  const result = ReviewRatingSchema.safeParse(candidate);
  if (!result.success) throw fieldError('rating', 'must be an integer from 1 to 5');
  return result.data;
}

export async function v1ReviewRoutes(app: FastifyInstance, { reviews, courses, guards }: V1ReviewOptions) {
  addV1Route(
    app,
    guards,
    { url: '/add-review', summary: 'E15 review a course once', auth: ['student'], status: 201, write: true },
    async (request, user) => {
      const body = bodyOf(request);
      const details = requireObject(body.reviewDetails, 'reviewDetails');
      const rating = parseRating(details.rating);
      const text = parseWith(ReviewTextSchema, details.reviewText, 'reviewText');
      const courseId = parseId(body.courseId, 'courseId');
      const review = await reviews.create(user, courseId, { rating, text });
      return { message: 'Review added successfully', data: toV1Review(review) };
    },
  );

  addPublicV1Route(app, { url: '/view-Review-courseId', summary: "E16 a course's reviews" }, async (request) => {
    const courseId = parseId(bodyOf(request).courseId, 'courseId');
    const page = await reviews.listForCourse(courseId, V1_LIST);
    return { message: 'Review list', data: page.items.map((review) => toV1Review(review, { populateStudent: true })) };
  });

  addV1Route(
    app,
    guards,
    { url: '/view-Review-list-studentId', summary: "E19 the student's reviews", auth: ['student'] },
    async (_request, user) => {
      const page = await reviews.listByStudent(user.id, V1_LIST);
      const loaded = await loadV1Courses(courses, [...new Set(page.items.map((review) => review.courseId))]);
      const byId = new Map(loaded.map((course) => [course._id, course]));
      // `course` is never null: a review of a course that is no longer published is left out.
      const data = page.items.flatMap((review) => {
        const course = byId.get(review.courseId);
        return course ? [{ ...toV1Review(review), course, student: toV1PublicUser(review.student) }] : [];
      });
      return { message: 'Reviews list founded', data };
    },
  );

  addV1Route(
    app,
    guards,
    { url: '/edit-review-studentId', summary: 'E20 edit own review', auth: ['student'], scope: 'owner', write: true },
    async (request, user) => {
      const body = bodyOf(request);
      const reviewId = parseId(body.reviewId, 'reviewId');
      const rating = body.rating === undefined ? undefined : parseRating(body.rating);
      const text =
        body.reviewText === undefined ? undefined : parseWith(ReviewTextSchema, body.reviewText, 'reviewText');
      // Nothing to change still goes through the service, so its existence and ownership checks answer.
      const changes =
        rating === undefined && text === undefined
          ? { rating: (await reviews.getReview(reviewId)).rating }
          : { rating, text };
      const review = await reviews.update(user, reviewId, changes);
      return { message: 'review updated successfully', data: toV1Review(review) };
    },
  );

  addV1Route(
    app,
    guards,
    {
      url: '/delete-review-studentId',
      summary: 'E21 delete own review',
      auth: ['student'],
      scope: 'owner',
      write: true,
    },
    async (request, user) => {
      const reviewId = parseId(bodyOf(request).reviewId, 'reviewId');
      await reviews.remove(user, reviewId, { allowAdmin: false });
      return { message: 'Review is delete', data: { deletedCount: 1 } };
    },
  );

  addV1Route(
    app,
    guards,
    {
      url: '/isReviewed-studentId-courseId',
      summary: "X1 the student's review of a course, or null",
      auth: ['student'],
    },
    async (request, user) => {
      const courseId = parseId(bodyOf(request).courseId, 'courseId');
      const review = await reviews.findMine(user, courseId);
      return {
        message: review ? 'Review is already added' : 'Review is not added yet',
        data: review ? toV1Review(review) : null,
      };
    },
  );
}
