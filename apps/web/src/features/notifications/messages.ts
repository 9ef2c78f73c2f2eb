import { defineMessages } from '@/i18n/define-messages';

/**
 * Notifications (features/notifications, docs/i18n.md): the page (pages/notifications-page), the list and its items.
 * A notification's title and text are written by the server; the bell and e-mail choices are still English.
 */
export const notificationsMessages = defineMessages({
  title: { id: 'notifications.title', defaultMessage: 'Notifications' },
  description: {
    id: 'notifications.description',
    defaultMessage: 'Answers, reviews, work, grades and other news about your work on Lyceum.',
  },
  settings: { id: 'notifications.settings', defaultMessage: 'Notification settings' },
  kind: { id: 'notifications.kind', defaultMessage: 'Kind' },
  allKinds: { id: 'notifications.allKinds', defaultMessage: 'All kinds' },
  unreadOnly: { id: 'notifications.unreadOnly', defaultMessage: 'Unread only' },
  markAllRead: { id: 'notifications.markAllRead', defaultMessage: 'Mark all read' },
  loading: { id: 'notifications.loading', defaultMessage: 'Loading notifications' },
  loadFailed: { id: 'notifications.loadFailed', defaultMessage: 'Your notifications could not be loaded.' },
  tryAgain: { id: 'notifications.tryAgain', defaultMessage: 'Try again' },
  noMatch: { id: 'notifications.noMatch', defaultMessage: 'No notifications match these filters.' },
  none: { id: 'notifications.none', defaultMessage: 'You have no notifications yet.' },
  showOlder: { id: 'notifications.showOlder', defaultMessage: 'Show older' },
  unreadPrefix: { id: 'notifications.unreadPrefix', defaultMessage: 'Unread: ' },
  kindAndDate: { id: 'notifications.kindAndDate', defaultMessage: '{kind} · {date}' },
  typeForumAnswer: { id: 'notifications.typeForumAnswer', defaultMessage: 'New answer to my question' },
  typeForumAccepted: { id: 'notifications.typeForumAccepted', defaultMessage: 'My answer was accepted' },
  typeReviewNew: { id: 'notifications.typeReviewNew', defaultMessage: 'New review of my course' },
  typeClassAssigned: { id: 'notifications.typeClassAssigned', defaultMessage: 'Work assigned to me' },
  typeClassDueSoon: { id: 'notifications.typeClassDueSoon', defaultMessage: 'Due in 24 hours' },
  typeGradeReleased: { id: 'notifications.typeGradeReleased', defaultMessage: 'Grade released' },
  typeGradingWaiting: { id: 'notifications.typeGradingWaiting', defaultMessage: 'Submissions waiting to be graded' },
  typeClassAnnouncement: { id: 'notifications.typeClassAnnouncement', defaultMessage: 'Class announcement' },
  typeClassMembership: { id: 'notifications.typeClassMembership', defaultMessage: 'Added to or removed from a class' },
});

/** The label of each notification type (the contract's NOTIFICATION_TYPES[type].label, translated). */
export const NOTIFICATION_TYPE_MESSAGES = {
  'forum.answer': notificationsMessages.typeForumAnswer,
  'forum.accepted': notificationsMessages.typeForumAccepted,
  'review.new': notificationsMessages.typeReviewNew,
  'class.assigned': notificationsMessages.typeClassAssigned,
  'class.due_soon': notificationsMessages.typeClassDueSoon,
  'grade.released': notificationsMessages.typeGradeReleased,
  'grading.waiting': notificationsMessages.typeGradingWaiting,
  'class.announcement': notificationsMessages.typeClassAnnouncement,
  'class.membership': notificationsMessages.typeClassMembership,
} as const;
