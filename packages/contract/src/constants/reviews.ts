/** Server messages of the reviews routes (the v1 API answers with the same texts). */
export const REVIEW_MESSAGES = {
  alreadyReviewed: 'You have already reviewed this course',
  reviewNotFound: 'Review not found',
  notYourReview: 'Forbidden: not your review',
  notEnrolled: 'Forbidden: only students enrolled in this course can review it',
} as const;
