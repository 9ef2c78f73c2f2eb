import { defineMessages } from '#lib/i18n/index.js';

/** The frame of the notification e-mails, in the recipient's language (the notification's own words are theirs too). */
export const notificationMailMessages = defineMessages({
  why: { id: 'notificationMail.why', defaultMessage: 'You get this because of your notification settings.' },
  open: {
    id: 'notificationMail.open',
    defaultMessage: 'Open in Lyceum',
    description: 'the button under a notification',
  },
  stopType: {
    id: 'notificationMail.stopType',
    defaultMessage: 'Stop e-mails about “{type}”.',
    description: '{type}: a kind of notification, e.g. "Class announcement"',
  },
  stopDigest: { id: 'notificationMail.stopDigest', defaultMessage: 'Stop the daily summary.' },
  digestSubject: {
    id: 'notificationMail.digestSubject',
    defaultMessage: 'Your Lyceum summary: {count, plural, one {# new notification} other {# new notifications}}',
  },
  digestMore: { id: 'notificationMail.digestMore', defaultMessage: '…and {count} more' },
  guardianSubject: { id: 'notificationMail.guardianSubject', defaultMessage: 'Your weekly Lyceum summary' },
  guardianMissing: {
    id: 'notificationMail.guardianMissing',
    defaultMessage:
      '{count, plural, =0 {No missing work} one {# piece of work missing} other {# pieces of work missing}}',
  },
  guardianAbsences: {
    id: 'notificationMail.guardianAbsences',
    defaultMessage: '{count, plural, =0 {No absence this week} one {# absence this week} other {# absences this week}}',
  },
  guardianGrades: {
    id: 'notificationMail.guardianGrades',
    defaultMessage:
      '{count, plural, =0 {No new grade this week} one {# new grade this week} other {# new grades this week}}',
  },
  guardianGrade: {
    id: 'notificationMail.guardianGrade',
    defaultMessage: '{title} ({className}): {percent, number, ::percent}',
    description: 'One released score in the weekly summary: the work, its class, the percentage.',
  },
  guardianStop: { id: 'notificationMail.guardianStop', defaultMessage: 'Stop the weekly summary.' },
});
