import { NOTIFICATION_TYPES, type Notification, type NotificationType } from '@lyceum/contract';
import { notifications } from '#db/schema/index.js';

/** The unsubscribe token's "type" for the daily summary (every type the user gets as a digest). */
export const DIGEST = 'digest';

export const isType = (type: string): type is NotificationType => Object.hasOwn(NOTIFICATION_TYPES, type);

type Row = typeof notifications.$inferSelect;
export function toNotification(
  row: Pick<Row, 'id' | 'seq' | 'type' | 'title' | 'body' | 'link' | 'createdAt' | 'readAt'>,
): Notification {
  return {
    id: row.id,
    seq: Number(row.seq),
    type: row.type,
    title: row.title,
    body: row.body,
    link: row.link,
    createdAt: row.createdAt.toISOString(),
    read: row.readAt !== null,
  };
}

export const notificationColumns = {
  id: notifications.id,
  seq: notifications.seq,
  type: notifications.type,
  title: notifications.title,
  body: notifications.body,
  link: notifications.link,
  createdAt: notifications.createdAt,
  readAt: notifications.readAt,
};
