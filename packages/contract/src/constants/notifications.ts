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
 * Where a notification leads: the bell, the page and the e-mail all link there. Its words are written on the server in
 * the recipient's language and time zone (apps/server/src/lib/notification-texts, issue 47).
 */
export function notificationLink<T extends NotificationType>(type: T, data: NotificationData[T]): string {
  const d = data as NotificationData[NotificationType];
  switch (type) {
    case 'forum.answer':
    case 'forum.accepted':
      return `/forum-details/${(d as NotificationData['forum.answer']).questionId}`;
    case 'class.assigned':
    case 'class.due_soon':
    case 'class.announcement':
      return `/student/classes/${(d as NotificationData['class.assigned']).classId}`;
    case 'grade.released': {
      const x = d as NotificationData['grade.released'];
      return `/student/courses/${x.courseId}/assessments/${x.itemId}`;
    }
    case 'grading.waiting':
      return `/teacher/courses/${(d as NotificationData['grading.waiting']).courseId}/grading`;
    case 'class.membership': {
      const x = d as NotificationData['class.membership'];
      if (x.change === 'added')
        return x.as === 'teacher' ? `/teacher/classes/${x.classId}` : `/student/classes/${x.classId}`;
      return x.as === 'teacher' ? '/teacher/classes' : '/student/classes';
    }
    default:
      return `/course-details/${(d as NotificationData['review.new']).courseId}`;
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
