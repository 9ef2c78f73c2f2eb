import {
  formatDateTime,
  notificationLink,
  type Language,
  type NotificationData,
  type NotificationType,
} from '@lyceum/contract/constants';
import { translator, type ServerMessage } from '../i18n/index.js';
import ar from './locales/ar.json';
import es from './locales/es.json';
import { notificationTextMessages as m } from './messages.js';

const translate = translator({ es, ar });

/** Whom a notification is written for: the recipient's language and time zone (dates). */
export interface NotificationReader {
  language: Language;
  timeZone: string;
}

/**
 * The title and body of a notification in the reader's language (issue 47); the link is the contract's
 * (`notificationLink`), the same in every language. User text (names, titles, excerpts) is put in as written.
 */
export function notificationText<T extends NotificationType>(
  type: T,
  data: NotificationData[T],
  reader: NotificationReader,
): { title: string; body: string; link: string } {
  const link = notificationLink(type, data);
  const t = (message: ServerMessage, values?: Record<string, string | number>) =>
    translate(reader.language, message, values);
  // "Wed 9 Dec, 09:17 GMT-5": English keeps the dates helper's own English (en-GB), the others their language's.
  const locale = reader.language === 'en' ? undefined : reader.language;
  const when = (iso: string) =>
    formatDateTime(iso, { style: 'weekday', zoneName: true, timeZone: reader.timeZone, locale });
  const d = data as NotificationData[NotificationType];
  const text = (title: string, body = '') => ({ title, body, link });
  switch (type) {
    case 'forum.answer': {
      const x = d as NotificationData['forum.answer'];
      return text(t(m.forumAnswer, { author: x.authorName, question: x.questionTitle }), x.excerpt);
    }
    case 'forum.accepted': {
      const x = d as NotificationData['forum.accepted'];
      return text(t(m.forumAccepted, { asker: x.askerName, question: x.questionTitle }));
    }
    case 'class.assigned': {
      const x = d as NotificationData['class.assigned'];
      const body = x.dueAt ? t(m.assignedDue, { when: when(x.dueAt) }) : t(m.assignedNoDue);
      return text(t(m.assigned, { className: x.className, item: x.itemTitle }), body);
    }
    case 'class.due_soon': {
      const x = d as NotificationData['class.due_soon'];
      return text(
        t(m.dueSoon, { item: x.itemTitle }),
        t(m.dueSoonBody, { className: x.className, when: when(x.dueAt) }),
      );
    }
    case 'grade.released':
      return text(t(m.gradeReleased, { item: (d as NotificationData['grade.released']).itemTitle }));
    case 'grading.waiting':
      return text(t(m.gradingWaiting, { item: (d as NotificationData['grading.waiting']).itemTitle }));
    case 'class.announcement': {
      const x = d as NotificationData['class.announcement'];
      return text(t(m.announcement, { author: x.authorName, className: x.className }), x.excerpt);
    }
    case 'class.membership': {
      const x = d as NotificationData['class.membership'];
      return text(t(m.membership, { change: x.change, className: x.className, role: x.as }));
    }
    default: {
      const x = d as NotificationData['review.new'];
      return text(t(m.review, { author: x.authorName, course: x.courseTitle, rating: x.rating }), x.excerpt);
    }
  }
}

const TYPE_LABELS: Record<NotificationType, ServerMessage> = {
  'forum.answer': m.typeForumAnswer,
  'forum.accepted': m.typeForumAccepted,
  'review.new': m.typeReviewNew,
  'class.assigned': m.typeClassAssigned,
  'class.due_soon': m.typeClassDueSoon,
  'grade.released': m.typeGradeReleased,
  'grading.waiting': m.typeGradingWaiting,
  'class.announcement': m.typeClassAnnouncement,
  'class.membership': m.typeClassMembership,
};

/** A kind of notification's name in the reader's language ("Class announcement"). */
export function notificationTypeLabel(type: NotificationType, language: Language): string {
  return translate(language, TYPE_LABELS[type]);
}
