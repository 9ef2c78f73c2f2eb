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
});
