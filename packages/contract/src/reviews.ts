import { LIMITS } from './constants/limits.js';
import { RATING } from './constants/product.js';
import { DateTimeSchema, IdSchema, PageQuerySchema, pageOf, requiredText } from './common.js';
import { CourseRatingSchema } from './courses.js';
import { PublicUserSchema } from './users.js';
import { z } from './zod.js';

// ---------------------------------------------------------------------------------------------
// Request schemas
// ---------------------------------------------------------------------------------------------

const RATING_MESSAGE = `must be an integer from ${RATING.min} to ${RATING.max}`;

/** A star rating: a JSON integer 1–5 (the v1 adapter converts its numeric strings before this). */
export const ReviewRatingSchema = z
  .number({ error: (issue) => (issue.input == null ? 'is required' : RATING_MESSAGE) })
  .int({ error: RATING_MESSAGE })
  .min(RATING.min, { error: RATING_MESSAGE })
  .max(RATING.max, { error: RATING_MESSAGE });

/** Review text: plain text (never HTML; stored as given, rendered as text), trimmed, 1–5,000 characters. */
export const ReviewTextSchema = requiredText(LIMITS.reviewText);

/** POST /api/courses/:id/reviews. */
export const CreateReviewBodySchema = z.object({
  rating: ReviewRatingSchema,
  text: ReviewTextSchema,
});
export type CreateReviewBody = z.input<typeof CreateReviewBodySchema>;
export type CreateReviewInput = z.output<typeof CreateReviewBodySchema>;

/** PATCH /api/reviews/:id — rating, text or both; an absent field stays unchanged. */
export const UpdateReviewBodySchema = z
  .object({
    rating: ReviewRatingSchema.optional(),
    text: ReviewTextSchema.optional(),
  })
  .refine((body) => body.rating !== undefined || body.text !== undefined, {
    error: 'must change at least one of rating, text',
  });
export type UpdateReviewBody = z.input<typeof UpdateReviewBodySchema>;
export type UpdateReviewInput = z.output<typeof UpdateReviewBodySchema>;

/** GET /api/courses/:id/reviews and GET /api/student/reviews. */
export const ListReviewsQuerySchema = PageQuerySchema;
export type ListReviewsQuery = z.input<typeof ListReviewsQuerySchema>;

// ---------------------------------------------------------------------------------------------
// Response schemas
// ---------------------------------------------------------------------------------------------

/** One student's review of one course. `text` is plain text: render it as text, never as HTML. */
export const ReviewSchema = z.object({
  id: IdSchema,
  courseId: IdSchema,
  rating: z.number().int(),
  text: z.string(),
  student: PublicUserSchema,
  createdAt: DateTimeSchema,
  updatedAt: DateTimeSchema,
});
export type Review = z.infer<typeof ReviewSchema>;

/** How many reviews gave each number of stars. */
export const RatingDistributionSchema = z.object({
  1: z.number().int(),
  2: z.number().int(),
  3: z.number().int(),
  4: z.number().int(),
  5: z.number().int(),
});
export type RatingDistribution = z.infer<typeof RatingDistributionSchema>;

/**
 * A course's rating: the average to one decimal (null without reviews — show no stars then), the number of
 * reviews and the distribution of 1–5 stars. Computed by one aggregate over the reviews, like the course's
 * `rating`, so the two always agree.
 */
export const RatingSummarySchema = CourseRatingSchema.extend({
  distribution: RatingDistributionSchema,
});
export type RatingSummary = z.infer<typeof RatingSummarySchema>;

/** GET /api/courses/:id/reviews — a page of reviews, newest first, with the course's rating summary. */
export const CourseReviewPageSchema = pageOf(ReviewSchema).extend({
  summary: RatingSummarySchema,
});
export type CourseReviewPage = z.infer<typeof CourseReviewPageSchema>;

/** GET /api/courses/:id/reviews/mine — the caller's review of the course, or null. */
export const MyCourseReviewSchema = z.object({
  review: ReviewSchema.nullable(),
  /** Whether the caller is enrolled in the course: only enrolled students may write a review. */
  enrolled: z.boolean(),
});
export type MyCourseReview = z.infer<typeof MyCourseReviewSchema>;

/** A review in the student's own list, with the course it is about. */
export const StudentReviewSchema = ReviewSchema.extend({
  course: z.object({ id: IdSchema, title: z.string() }),
});
export type StudentReview = z.infer<typeof StudentReviewSchema>;

/** GET /api/student/reviews — the caller's reviews, newest first. */
export const StudentReviewPageSchema = pageOf(StudentReviewSchema);
export type StudentReviewPage = z.infer<typeof StudentReviewPageSchema>;

/** The 409 of a second review of the same course: the error body plus the existing review's id, to offer editing it. */
export const ReviewConflictSchema = z.object({
  statusCode: z.literal(409),
  error: z.string(),
  message: z.string(),
  reviewId: IdSchema,
});
export type ReviewConflict = z.infer<typeof ReviewConflictSchema>;
