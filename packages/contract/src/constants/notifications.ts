import { formatDateTime } from './dates.js';
import { SESSION_END_REASONS } from './sessions.js';

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
  'class.assigned': {
    label: 'Work assigned to me',
    description: 'A teacher assigns a lesson, quiz or exam to you in one of your classes.',
    roles: ['student'],
    email: 'digest',
  },
  'class.due_soon': {
    label: 'Due in 24 hours',
    description: 'Something assigned to you is due within a day and you have not handed it in.',
    roles: ['student'],
    email: 'immediate',
  },
  'grade.released': {
    label: 'Grade released',
    description: 'The score and feedback of a quiz or exam you took are released.',
    roles: ['student'],
    email: 'immediate',
  },
  'grading.waiting': {
    label: 'Submissions waiting to be graded',
    description: 'Students hand in answers that need your grading (at most one notice per assessment an hour).',
    roles: ['teacher'],
    email: 'digest',
  },
  'class.announcement': {
    label: 'Class announcement',
    description: 'A teacher posts an announcement in one of your classes.',
    roles: ['student'],
    email: 'digest',
  },
  'class.membership': {
    label: 'Added to or removed from a class',
    description: 'You are added to a class or removed from one (as a student or a co-teacher).',
    roles: ['student', 'teacher'],
    email: 'immediate',
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
  /**
   * Open live streams of one user in one app process (one per tab): opening one more ends the oldest with
   * `too-many-streams` (ADR 035).
   */
  streamsPerUser: 10,
} as const;

/**
 * Why the server ends a live stream (the `reason` of its `end` event): the stream's session ended (one of
 * SESSION_END_REASONS; a raised token version — a role change, or this session's own password change or "log out
 * everywhere", which answered a new token — is `signed-out`), the same user opened more than `streamsPerUser`
 * streams and this was the oldest, or the server is stopping. The client reconnects only with a different token.
 */
export const STREAM_END_REASONS = [...SESSION_END_REASONS, 'too-many-streams', 'shutdown'] as const;
export type StreamEndReason = (typeof STREAM_END_REASONS)[number];

/** What each event type carries (written by the feature that raises it). */
export interface NotificationData {
  'forum.answer': { questionId: string; questionTitle: string; authorName: string; excerpt: string };
  'forum.accepted': { questionId: string; questionTitle: string; askerName: string };
  'review.new': { courseId: string; courseTitle: string; authorName: string; rating: number; excerpt: string };
  'class.assigned': { classId: string; className: string; itemTitle: string; dueAt: string | null };
  'class.due_soon': { classId: string; className: string; itemTitle: string; dueAt: string };
  'grade.released': { courseId: string; itemId: string; itemTitle: string };
  'grading.waiting': { courseId: string; itemId: string; itemTitle: string };
  'class.announcement': { classId: string; className: string; authorName: string; excerpt: string };
  'class.membership': { classId: string; className: string; change: 'added' | 'removed'; as: 'student' | 'teacher' };
}

/**
 * A date for a notification's text, in the recipient's zone with its name: "Wed 9 Dec, 09:17 GMT-5" (the mail and the
 * bell show the same words; issue 46.9).
 */
function whenText(iso: string, options: NotificationTextOptions): string {
  return formatDateTime(iso, { style: 'weekday', zoneName: true, timeZone: options.timeZone, locale: options.locale });
}

/** Whom a notification's text is written for: the recipient's time zone (dates) and language. */
export interface NotificationTextOptions {
  /** An IANA zone; UTC when left out. */
  timeZone?: string;
  locale?: string;
}

/** The text and link of a notification: the bell, the page and the e-mail all show these. */
export function notificationContent<T extends NotificationType>(
  type: T,
  data: NotificationData[T],
  options: NotificationTextOptions = {},
): { title: string; body: string; link: string } {
  const when = (iso: string) => whenText(iso, { timeZone: options.timeZone ?? 'UTC', locale: options.locale });
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
    case 'class.assigned': {
      const x = d as NotificationData['class.assigned'];
      return {
        title: `New in ${x.className}: “${x.itemTitle}”`,
        body: x.dueAt ? `Due ${when(x.dueAt)}.` : 'No due date.',
        link: `/student/classes/${x.classId}`,
      };
    }
    case 'class.due_soon': {
      const x = d as NotificationData['class.due_soon'];
      return {
        title: `“${x.itemTitle}” is due in less than 24 hours`,
        body: `${x.className} · due ${when(x.dueAt)}; you have not handed it in yet.`,
        link: `/student/classes/${x.classId}`,
      };
    }
    case 'grade.released': {
      const x = d as NotificationData['grade.released'];
      return {
        title: `Your result for “${x.itemTitle}” is released`,
        body: '',
        link: `/student/courses/${x.courseId}/assessments/${x.itemId}`,
      };
    }
    case 'grading.waiting': {
      const x = d as NotificationData['grading.waiting'];
      return {
        title: `Submissions of “${x.itemTitle}” are waiting to be graded`,
        body: '',
        link: `/teacher/courses/${x.courseId}/grading`,
      };
    }
    case 'class.announcement': {
      const x = d as NotificationData['class.announcement'];
      return {
        title: `${x.authorName} posted in ${x.className}`,
        body: x.excerpt,
        link: `/student/classes/${x.classId}`,
      };
    }
    case 'class.membership': {
      const x = d as NotificationData['class.membership'];
      const role = x.as === 'teacher' ? ' as a co-teacher' : '';
      return x.change === 'added'
        ? {
            title: `You were added to ${x.className}${role}`,
            body: '',
            link: x.as === 'teacher' ? `/teacher/classes/${x.classId}` : `/student/classes/${x.classId}`,
          }
        : {
            title: `You were removed from ${x.className}${role}`,
            body: '',
            link: x.as === 'teacher' ? '/teacher/classes' : '/student/classes',
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

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", apos: "'", nbsp: ' ' };
/** Tags that end a line of text: a space where they are; any other tag (bold, a link) joins its text to the next. */
const BREAKING_TAG = /<\/?(?:p|div|h[1-6]|li|ul|ol|blockquote|pre|br|hr|tr|td|th|table)\b[^>]*>/gi;

/** A short plain excerpt of user text for a notification ("<strong>Period 6</strong>!" reads "Period 6!"). */
export function excerpt(text: string, max = 160): string {
  const plain = text
    .replace(BREAKING_TAG, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|quot|#39|apos|nbsp);/g, (_, name: string) => ENTITIES[name] ?? '')
    .replace(/\s+/g, ' ')
    .trim();
  return plain.length > max ? `${plain.slice(0, max - 1)}…` : plain;
}
