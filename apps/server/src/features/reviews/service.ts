import {
  REVIEW_MESSAGES,
  type CourseReviewPage,
  type CreateReviewInput,
  type MyCourseReview,
  type Review,
  type Role,
  type StudentReviewPage,
} from '@lyceum/contract';
import { excerpt } from '@lyceum/contract/constants';
import { personName } from '#lib/events.js';
import type { Db } from '#db/client.js';
import { HttpError, forbidden, notFound } from '#lib/errors.js';
import { topics, type InvalidationBus } from '#lib/invalidation.js';
import * as repo from './repository.js';
import type { Paging } from './repository.js';
import { pageResult } from '#lib/pages.js';

/** Who acts: the session user (the /api routes and the v1 adapters both pass it). */
export interface ReviewActor {
  id: string;
  role: Role;
}

export const COURSE_NOT_FOUND = 'Course not found';
export const STUDENTS_ONLY = 'Forbidden: students only';

/** 409: the student already reviewed the course; carries the existing review so a client can offer to edit it. */
export class ReviewExistsError extends HttpError {
  constructor(public readonly reviewId: string) {
    super(409, REVIEW_MESSAGES.alreadyReviewed);
    this.name = 'ReviewExistsError';
  }
}

/** Validated changes of a review; an absent field stays unchanged. */
export interface ReviewChanges {
  rating?: number;
  text?: string;
}

export interface DeleteReviewOptions {
  /** Admins may delete any review for moderation (the /api); the v1 API allows the author only. */
  allowAdmin?: boolean;
}

/**
 * The rules of reviews: students only, one review per student per course (the unique key decides, so
 * concurrent submissions cannot create two), published courses only, the author edits, the author or an
 * admin deletes. Input is already validated by the contract; answers are contract shapes, so the /api routes
 * and the v1 adapters (E15, E16, E19, E20, E21, X1) share it.
 */
export function createReviewService(db: Db, { invalidation }: { invalidation?: InvalidationBus } = {}) {
  /** A review changes its course's page and the rating shown on the cards of the lists. */
  const changed = (courseId: string) => invalidation?.publish(topics.course(courseId));

  /**
   * A course a review may be read or written for: published, or (for reads) visible to its teacher, admins and
   * its enrolled students.
   */
  async function requireCourse(courseId: string, viewer: ReviewActor | null = null) {
    const course = await repo.findCourseHead(db, courseId);
    const visible =
      course &&
      (course.status === 'published' ||
        viewer?.role === 'admin' ||
        viewer?.id === course.teacherId ||
        // Enrolled students keep reading a course that was unpublished (ADR 018).
        (viewer?.role === 'student' && (await repo.isEnrolled(db, viewer.id, courseId))));
    if (!visible) throw notFound(COURSE_NOT_FOUND);
    return course;
  }

  async function requireReview(id: string): Promise<Review> {
    const review = await repo.findReview(db, id);
    if (!review) throw notFound(REVIEW_MESSAGES.reviewNotFound);
    return review;
  }

  return {
    getReview: requireReview,

    /**
     * A page of a course's reviews, newest first, with its rating summary. `total` is the summary's count:
     * both come from the same reviews. Published courses for anyone; drafts for their teacher and admins.
     */
    async listForCourse(
      courseId: string,
      paging: Paging,
      viewer: ReviewActor | null = null,
    ): Promise<CourseReviewPage> {
      await requireCourse(courseId, viewer);
      const [items, summary] = await Promise.all([
        repo.courseReviewPage(db, courseId, paging),
        repo.ratingSummary(db, courseId),
      ]);
      return { ...pageResult(items, paging, summary.count), summary };
    },

    /** The rating summary alone (average to one decimal or null, count, 1–5 distribution). */
    async summaryOf(courseId: string, viewer: ReviewActor | null = null) {
      await requireCourse(courseId, viewer);
      return repo.ratingSummary(db, courseId);
    },

    /** The student's own reviews with their course, newest first. */
    async listByStudent(studentId: string, paging: Paging): Promise<StudentReviewPage> {
      const { items, total } = await repo.studentReviewPage(db, studentId, paging);
      return pageResult(items, paging, total);
    },

    /** The caller's review of a published course, or null (404 for an unknown or unpublished course). */
    async findMine(user: ReviewActor, courseId: string): Promise<Review | null> {
      await requireCourse(courseId);
      return (await repo.findReviewOf(db, user.id, courseId)) ?? null;
    },

    /** The caller's review of a published course (or null) and whether they are enrolled, i.e. may write one. */
    async mine(user: ReviewActor, courseId: string): Promise<MyCourseReview> {
      await requireCourse(courseId, user);
      const [review, enrolled] = await Promise.all([
        repo.findReviewOf(db, user.id, courseId),
        repo.isEnrolled(db, user.id, courseId),
      ]);
      return { review: review ?? null, enrolled };
    },

    /**
     * Writes the student's one review of a published course: 404 for a missing or unpublished course, 403 for a
     * student who is not enrolled in it (only learners review what they took, ADR 009), then 409 (ReviewExistsError, with the existing id) when the student has reviewed it already.
     */
    async create(user: ReviewActor, courseId: string, input: CreateReviewInput): Promise<Review> {
      if (user.role !== 'student') throw forbidden(STUDENTS_ONLY);
      // Two round trips, no transaction (ADR 019, session 25): the course, the enrolment and the author read; then
      // the review written with the teacher's notification in one statement, which checks the course and the
      // enrolment again. Read again when that statement found them changed or met a review deleted meanwhile.
      for (;;) {
        const context = await repo.findReviewContext(db, user.id, courseId);
        if (!context || context.course.status !== 'published') throw notFound(COURSE_NOT_FOUND);
        if (!context.enrolled) throw forbidden(REVIEW_MESSAGES.notEnrolled);
        const { course, student } = context;
        const { written, existingId } = await repo.writeReview(
          db,
          { studentId: user.id, courseId, rating: input.rating, text: input.text },
          {
            type: 'review.new',
            recipients: [course.teacherId],
            data: {
              courseId,
              courseTitle: excerpt(course.title, 120),
              authorName: personName(student.studentFirstname, student.studentLastname),
              rating: input.rating,
              excerpt: excerpt(input.text),
            },
          },
        );
        if (written) {
          changed(courseId);
          return repo.newReview(written, student);
        }
        if (existingId) throw new ReviewExistsError(existingId);
      }
    },

    /** Only the author edits (admins moderate by deleting, never by rewriting someone's words). */
    async update(user: ReviewActor, reviewId: string, changes: ReviewChanges): Promise<Review> {
      const head = await repo.findReviewHead(db, reviewId);
      if (!head) throw notFound(REVIEW_MESSAGES.reviewNotFound);
      if (head.studentId !== user.id) throw forbidden(REVIEW_MESSAGES.notYourReview);
      const values = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
      const updated = await repo.updateReview(db, reviewId, values);
      if (!updated) throw notFound(REVIEW_MESSAGES.reviewNotFound);
      changed(head.courseId);
      return requireReview(reviewId);
    },

    /** The author, or (unless `allowAdmin: false`) an admin for moderation. */
    async remove(user: ReviewActor, reviewId: string, options: DeleteReviewOptions = {}): Promise<void> {
      const { allowAdmin = true } = options;
      const head = await repo.findReviewHead(db, reviewId);
      if (!head) throw notFound(REVIEW_MESSAGES.reviewNotFound);
      if (head.studentId !== user.id && !(allowAdmin && user.role === 'admin')) {
        throw forbidden(REVIEW_MESSAGES.notYourReview);
      }
      await repo.deleteReview(db, reviewId);
      changed(head.courseId);
    },
  };
}

export type ReviewService = ReturnType<typeof createReviewService>;
