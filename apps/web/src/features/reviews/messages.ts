import { defineMessages } from '@/i18n/define-messages';

/**
 * Course reviews (issue 47, docs/i18n.md): the Reviews tab of a course, the write/edit/delete forms and a student's
 * list of their reviews. The contract's toasts and validation messages are the server's words, still English.
 */
export const reviewsMessages = defineMessages({
  courseRating: { id: 'reviews.courseRating', defaultMessage: 'Course rating' },
  loadFailed: { id: 'reviews.loadFailed', defaultMessage: 'The reviews could not be loaded' },
  tryAgain: { id: 'reviews.tryAgain', defaultMessage: 'Please try again in a moment.' },
  yourReview: { id: 'reviews.yourReview', defaultMessage: 'Your review' },
  writeReview: { id: 'reviews.writeReview', defaultMessage: 'Write a review' },
  listTitle: { id: 'reviews.listTitle', defaultMessage: 'Reviews ({count})' },
  deleteBy: { id: 'reviews.deleteBy', defaultMessage: 'Delete review by {name}' },
  delete: { id: 'reviews.delete', defaultMessage: 'Delete' },
  showMore: { id: 'reviews.showMore', defaultMessage: 'Show more reviews' },
  mineLoadFailed: { id: 'reviews.mineLoadFailed', defaultMessage: 'Your review could not be loaded' },
  onlyEnrolled: {
    id: 'reviews.onlyEnrolled',
    defaultMessage: 'Only students enrolled in this course can review it. Enroll to share what you think.',
  },
  alreadyReviewed: { id: 'reviews.alreadyReviewed', defaultMessage: 'You have already reviewed this course' },
  alreadyReviewedText: {
    id: 'reviews.alreadyReviewedText',
    defaultMessage:
      'Each student reviews a course once. You can edit your review instead — the editor starts with what you just wrote.',
  },
  youReviewed: { id: 'reviews.youReviewed', defaultMessage: 'You reviewed this course' },
  editYourReview: { id: 'reviews.editYourReview', defaultMessage: 'Edit your review' },
  reviewBy: { id: 'reviews.reviewBy', defaultMessage: 'Review by {name}', description: 'A review’s accessible name.' },
  edited: { id: 'reviews.edited', defaultMessage: ' · edited', description: 'After the date of an edited review.' },
  noReviews: { id: 'reviews.noReviews', defaultMessage: 'No reviews yet' },
  noReviewsHint: { id: 'reviews.noReviewsHint', defaultMessage: 'Ratings and reviews from students will appear here.' },
  reviewCount: { id: 'reviews.reviewCount', defaultMessage: '{count, plural, one {# review} other {# reviews}}' },
  byStars: { id: 'reviews.byStars', defaultMessage: 'Ratings by stars' },
  stars: { id: 'reviews.stars', defaultMessage: '{stars, plural, one {# star} other {# stars}}' },
  reviewsSuffix: {
    id: 'reviews.reviewsSuffix',
    defaultMessage: '{count, plural, one { review} other { reviews}}',
    description: 'Read after a number by screen readers only; starts with a space.',
  },
  yourRating: { id: 'reviews.yourRating', defaultMessage: 'Your rating' },
  placeholder: { id: 'reviews.placeholder', defaultMessage: 'What did you like? What could be better?' },
  charactersLeft: {
    id: 'reviews.charactersLeft',
    defaultMessage: '{count, plural, one {# character left} other {# characters left}}',
  },
  submit: { id: 'reviews.submit', defaultMessage: 'Submit Review' },
  editTitle: { id: 'reviews.editTitle', defaultMessage: 'Edit your review' },
  close: { id: 'reviews.close', defaultMessage: 'Close' },
  editForm: { id: 'reviews.editForm', defaultMessage: 'Edit review' },
  writeReviewLower: {
    id: 'reviews.writeReviewLower',
    defaultMessage: 'write a review',
    description: 'The edit dialog’s text field label, lower case.',
  },
  cancel: { id: 'reviews.cancel', defaultMessage: 'Cancel' },
  update: { id: 'reviews.update', defaultMessage: 'Update Review' },
  deleteTitle: { id: 'reviews.deleteTitle', defaultMessage: 'Do You Want to Delete This Review?' },
  deleteText: {
    id: 'reviews.deleteText',
    defaultMessage: 'The review and its rating are removed from the course. This cannot be undone.',
  },
  deleteConfirm: { id: 'reviews.deleteConfirm', defaultMessage: 'Yes, Delete This' },
  // A student's own reviews (My Reviews).
  reviewedOn: {
    id: 'reviews.reviewedOn',
    defaultMessage: 'Reviewed <date></date>',
    description: 'The date goes in the tag.',
  },
  editOf: { id: 'reviews.editOf', defaultMessage: 'Edit your review of {title}' },
  deleteOf: { id: 'reviews.deleteOf', defaultMessage: 'Delete your review of {title}' },
  edit: { id: 'reviews.edit', defaultMessage: 'Edit' },
  loadingMine: { id: 'reviews.loadingMine', defaultMessage: 'Loading your reviews' },
  mineListFailed: {
    id: 'reviews.mineListFailed',
    defaultMessage: 'Your reviews could not be loaded. Please try again.',
  },
  emptyHint: {
    id: 'reviews.emptyHint',
    defaultMessage: "Reviews you write on a course's page appear here, where you can edit or delete them.",
  },
  browse: { id: 'reviews.browse', defaultMessage: 'Browse courses' },
  pages: { id: 'reviews.pages', defaultMessage: 'Review pages' },
});
