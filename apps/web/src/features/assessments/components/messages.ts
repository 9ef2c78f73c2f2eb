import { defineMessages } from '@/i18n/define-messages';

/** The attempt player's words about answers on their way to the server (issue 49, ADR 059). */
export const attemptQueueMessages = defineMessages({
  offlineBanner: {
    id: 'attemptQueue.offlineBanner',
    defaultMessage:
      '{count, plural, =0 {Offline — the answers you give are kept in this browser and will be sent} one {Offline — # answer waiting, it will be sent} other {Offline — # answers waiting, they will be sent}}',
    description: 'Shown while the server cannot be reached during a quiz; the answers are kept in the browser.',
  },
  offlineDetail: {
    id: 'attemptQueue.offlineDetail',
    defaultMessage:
      'Keep answering: nothing is lost. Your answers are sent as soon as the connection returns, even if you reload this page.',
  },
  tryNow: { id: 'attemptQueue.tryNow', defaultMessage: 'Try now' },
  waitingCount: {
    id: 'attemptQueue.waitingCount',
    defaultMessage: '{count, plural, one {# answer waiting} other {# answers waiting}}',
    description: 'The save status beside the timer while answers are not yet confirmed by the server.',
  },
  saveWaiting: {
    id: 'attemptQueue.saveWaiting',
    defaultMessage: 'Waiting to be sent',
    description: 'A question’s badge: its answer is kept in the browser until the server can be reached.',
  },
  deadlinePassed: {
    id: 'attemptQueue.deadlinePassed',
    defaultMessage:
      'An answer reached the server after the time for this attempt was over, so it was not saved. The attempt counts the answers saved before the deadline.',
  },
  saveRefused: { id: 'attemptQueue.saveRefused', defaultMessage: 'This answer could not be saved.' },
  submitOffline: {
    id: 'attemptQueue.submitOffline',
    defaultMessage:
      'Your attempt is not submitted yet: the server cannot be reached. It will be submitted as soon as the connection returns. Keep this page open.',
  },
  submitSendingAnswers: {
    id: 'attemptQueue.submitSendingAnswers',
    defaultMessage: 'Sending your last answers, then submitting…',
  },
});
