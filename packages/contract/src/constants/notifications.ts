/**
 * The events a user is notified of (issue 19, ADR 027): each type's label (preferences page, filters), who receives
 * it and the default e-mail choice. Features raise them through the server's lib/events.ts; events of features not
 * built yet are added here by the issue that builds them.
 */
export const NOTIFICATION_TYPES = {
  'forum.answer': {
    label: 'New answer to my question',
    description: 'Someone answers a question you asked in the forum.',
    roles: ['student', 'teacher'],
    email: 'immediate',
  },
  'forum.accepted': {
    label: 'My answer was accepted',
    description: 'The asker marks your answer as the accepted one.',
    roles: ['student', 'teacher'],
    email: 'digest',
  },
  'review.new': {
    label: 'New review of my course',
    description: 'A student reviews one of the courses you teach.',
    roles: ['teacher'],
    email: 'digest',
  },
} as const satisfies Record<
  string,
  { label: string; description: string; roles: readonly ('student' | 'teacher' | 'admin')[]; email: EmailChoice }
>;

export type NotificationType = keyof typeof NOTIFICATION_TYPES;
export const NOTIFICATION_TYPE_KEYS = Object.keys(NOTIFICATION_TYPES) as NotificationType[];

/** What a user gets by e-mail for one type: nothing, one mail per notification, or one daily summary. */
export const EMAIL_CHOICES = ['off', 'immediate', 'digest'] as const;
export type EmailChoice = (typeof EMAIL_CHOICES)[number];

export const NOTIFICATION_LIMITS = {
  /** The bell's panel and a page of the full list. */
  panelSize: 8,
  maxPageSize: 50,
  /** The unread count stops here (the bell shows "99+"). */
  unreadCap: 100,
} as const;

/** What each event type carries (written by the feature that raises it). */
export interface NotificationData {
  'forum.answer': { questionId: string; questionTitle: string; authorName: string; excerpt: string };
  'forum.accepted': { questionId: string; questionTitle: string; askerName: string };
  'review.new': { courseId: string; courseTitle: string; authorName: string; rating: number; excerpt: string };
}

/** The text and link of a notification: the bell, the page and the e-mail all show these. */
export function notificationContent<T extends NotificationType>(
  type: T,
  data: NotificationData[T],
): { title: string; body: string; link: string } {
  const d = data as NotificationData[NotificationType];
  switch (type) {
    case 'forum.answer': {
      const x = d as NotificationData['forum.answer'];
      return {
        title: `${x.authorName} answered your question “${x.questionTitle}”`,
        body: x.excerpt,
        link: `/forum-details/${x.questionId}`,
      };
    }
    case 'forum.accepted': {
      const x = d as NotificationData['forum.accepted'];
      return {
        title: `${x.askerName} accepted your answer to “${x.questionTitle}”`,
        body: '',
        link: `/forum-details/${x.questionId}`,
      };
    }
    default: {
      const x = d as NotificationData['review.new'];
      return {
        title: `${x.authorName} reviewed “${x.courseTitle}” (${x.rating}/5)`,
        body: x.excerpt,
        link: `/course-details/${x.courseId}`,
      };
    }
  }
}

/** A short plain excerpt of user text for a notification. */
export function excerpt(text: string, max = 160): string {
  const plain = text
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return plain.length > max ? `${plain.slice(0, max - 1)}…` : plain;
}
