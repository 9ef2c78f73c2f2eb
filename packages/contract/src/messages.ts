/** The message catalogue of spec §8: every toast and modal text, exactly as the product shows it. */
export const MESSAGES = {
  // auth
  loginSuccess: 'Login successful!!',
  loginFailed: 'Login failed!!',
  registerSuccess: 'successfully register!!',
  registerFailed: 'registration failed!!',
  logoutSuccess: 'Logout Successfully',
  pleaseLoginFirst: 'please login first',
  loginFirst: 'login first',
  somethingWentWrong: 'something went wrong',
  badRequest: 'Bad request. Please try again later.',
  // profile
  viewFailed: 'Something went wrong in view',
  updateSuccess: 'Update successful!',
  updateFailed: 'Update failed. Please try again later.',
  // courses
  courseAdded: 'Course added successfully!!',
  courseAddFailed: 'Failed to add course',
  teacherCoursesFailed: 'failed to view',
  enrolledListFailed: 'Failed to view!',
  addedToWishlist: 'Added to wishlist',
  wishlistFailed: 'failed to add wishlist',
  viewWishlistFailed: 'Failed to view wishlist',
  enrolled: 'enrolled successfully',
  enrolFailed: 'failed to enrolled',
  // courses: actions the spec shows no message for (same tone as the catalogue above)
  courseDeleted: 'Course deleted successfully',
  courseDeleteFailed: 'Failed to delete the course',
  removedFromWishlist: 'Removed from wishlist',
  removeFromWishlistFailed: 'Failed to remove from wishlist',
  courseCompleted: 'Course marked as completed',
  linkCopied: 'Link copied to clipboard',
  linkCopyFailed: 'Could not copy the link',
  // reviews
  reviewAdded: 'review added successfully!',
  reviewAddFailed: 'failed to add review!!',
  reviewUpdated: 'update successfully !!',
  reviewEditFailed: 'Failed to edit review',
  reviewDeleted: 'Review deleted successfully',
  reviewDeleteFailed: 'Failed to delete the review',
  viewReviewsFailed: 'Failed to view reviewlist',
  // forum
  questionAdded: 'Question Added Successfully',
  questionAddFailed: 'Failed to Add question',
  questionUpdated: 'Question Updated successfully!',
  questionDeleted: 'Question deleted successfully',
  forumViewFailed: 'Failed to view Forum',
  forumDetailsFailed: 'Failed to viewed!!',
  answerAdded: 'Answer Added Successfully',
  answerAddFailed: 'Failed to Add answer',
  answerUpdated: 'Answer Updated successfully!',
  answerUpdateFailed: 'Failed to update answer',
  answerDeleted: 'Answer deleted successfully!',
  answerDeleteFailed: 'Failed to delete answer',
  answerViewFailed: 'Failed to view answer',
  updateGenericFailed: 'Failed to update!',
  // modals
  questionPostedTitle: 'You successfully posted your question!',
  answerPostedTitle: 'You successfully posted your Answer!',
  postedBody: 'while you wait for the answers,feel free to browse other questions',
  questionUpdatedTitle: 'You successfully Updated your question!',
  answerUpdatedTitle: 'You successfully Updated your Answer!',
  // empty states
  emptySection: 'No data is Available on this section',
  emptyWishlist: 'No data available in wishlist',
  emptyReviews: 'No data available in reviewlist',
  // routing
  unexpectedError: 'Unexpected Application Error!',
} as const;

export type MessageKey = keyof typeof MESSAGES;
