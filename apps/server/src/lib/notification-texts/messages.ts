import { defineMessages } from '../i18n/index.js';

/** What a notification says (the bell, the page and the e-mail show the same words), per event type. */
export const notificationTextMessages = defineMessages({
  forumAnswer: { id: 'notificationText.forumAnswer', defaultMessage: '{author} answered your question “{question}”' },
  forumAccepted: {
    id: 'notificationText.forumAccepted',
    defaultMessage: '{asker} accepted your answer to “{question}”',
  },
  assigned: { id: 'notificationText.assigned', defaultMessage: 'New in {className}: “{item}”' },
  assignedDue: {
    id: 'notificationText.assignedDue',
    defaultMessage: 'Due {when}.',
    description: '{when}: a date and time with its zone, e.g. "Wed 9 Dec, 09:17 GMT-5"',
  },
  assignedNoDue: { id: 'notificationText.assignedNoDue', defaultMessage: 'No due date.' },
  dueSoon: { id: 'notificationText.dueSoon', defaultMessage: '“{item}” is due in less than 24 hours' },
  dueSoonBody: {
    id: 'notificationText.dueSoonBody',
    defaultMessage: '{className} · due {when}; you have not handed it in yet.',
  },
  gradeReleased: { id: 'notificationText.gradeReleased', defaultMessage: 'Your result for “{item}” is released' },
  gradingWaiting: {
    id: 'notificationText.gradingWaiting',
    defaultMessage: 'Submissions of “{item}” are waiting to be graded',
  },
  announcement: { id: 'notificationText.announcement', defaultMessage: '{author} posted in {className}' },
  membership: {
    id: 'notificationText.membership',
    defaultMessage:
      '{change, select, added {You were added to {className}{role, select, teacher { as a co-teacher} other {}}} other {You were removed from {className}{role, select, teacher { as a co-teacher} other {}}}}',
  },
  review: { id: 'notificationText.review', defaultMessage: '{author} reviewed “{course}” ({rating}/5)' },
  // The kinds of notification, as the e-mail's "stop e-mails about …" line names them.
  typeForumAnswer: { id: 'notificationText.typeForumAnswer', defaultMessage: 'New answer to my question' },
  typeForumAccepted: { id: 'notificationText.typeForumAccepted', defaultMessage: 'My answer was accepted' },
  typeReviewNew: { id: 'notificationText.typeReviewNew', defaultMessage: 'New review of my course' },
  typeClassAssigned: { id: 'notificationText.typeClassAssigned', defaultMessage: 'Work assigned to me' },
  typeClassDueSoon: { id: 'notificationText.typeClassDueSoon', defaultMessage: 'Due in 24 hours' },
  typeGradeReleased: { id: 'notificationText.typeGradeReleased', defaultMessage: 'Grade released' },
  typeGradingWaiting: {
    id: 'notificationText.typeGradingWaiting',
    defaultMessage: 'Submissions waiting to be graded',
  },
  typeClassAnnouncement: { id: 'notificationText.typeClassAnnouncement', defaultMessage: 'Class announcement' },
  typeClassMembership: {
    id: 'notificationText.typeClassMembership',
    defaultMessage: 'Added to or removed from a class',
  },
});
