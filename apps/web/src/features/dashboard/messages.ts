import { defineMessages } from '@/i18n/define-messages';

/** The dashboards (features/dashboard, docs/i18n.md). Converted so far: the student's counters and the grid's states. */
export const dashboardMessages = defineMessages({
  loading: { id: 'dashboard.loading', defaultMessage: 'Loading the dashboard…' },
  loadFailed: { id: 'dashboard.loadFailed', defaultMessage: 'The dashboard could not be loaded' },
  tryAgain: { id: 'dashboard.tryAgain', defaultMessage: 'Try again' },
  enrolledCourses: { id: 'dashboard.enrolledCourses', defaultMessage: 'Enrolled Courses' },
  activeCourses: { id: 'dashboard.activeCourses', defaultMessage: 'Active Courses' },
  completedCourses: { id: 'dashboard.completedCourses', defaultMessage: 'Completed Courses' },
  wishlist: { id: 'dashboard.wishlist', defaultMessage: 'Wishlist' },
  reviewsWritten: { id: 'dashboard.reviewsWritten', defaultMessage: 'Reviews written' },
  earnBadges: { id: 'dashboard.earnBadges', defaultMessage: 'Earn Badges' },
  badgesHint: {
    id: 'dashboard.badgesHint',
    defaultMessage: 'of {total, number} · see them on My Account',
    description: 'Under the number of badges earned: “3 of 8”.',
  },
});
