import {
  NOTIFICATION_TYPES,
  notificationContent,
  type EmailChoice,
  type NotificationData,
  type NotificationType,
} from '@lyceum/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { notificationPreferences, notifications, users } from '../db/schema/index.js';
import { enqueueMany, type DbOrTx } from './jobs.js';

/** The NOTIFY channel that tells every app process which users have new notifications (payload: ids, comma-separated). */
export const NOTIFICATIONS_CHANNEL = 'lyceum_notifications';
/** The job that mails one notification (features/notifications registers its handler). */
export const MAIL_JOB = 'notifications.mail';

export interface RaisedEvent<T extends NotificationType> {
  type: T;
  /** User ids; duplicates are dropped. Leave out whoever caused the event. */
  recipients: readonly string[];
  data: NotificationData[T];
  /** Mail now whoever would get it in the digest (an announcement's "e-mail now"); "off" stays off. */
  mailNow?: boolean;
}

/** Ids per NOTIFY: a payload stays under PostgreSQL's 8,000 bytes. */
const IDS_PER_NOTIFY = 150;

/**
 * The one way a feature tells users something happened (ADR 027). Call it inside the transaction of the change:
 * it writes one notification per recipient, a mail job for each who wants it immediately (a daily digest picks up
 * the others), and a NOTIFY that reaches the live streams of every app process — all of it committed, or rolled
 * back, with the change. Features never send mail themselves.
 */
export async function raiseEvent<T extends NotificationType>(tx: DbOrTx, event: RaisedEvent<T>): Promise<void> {
  const recipients = [...new Set(event.recipients)];
  if (recipients.length === 0) return;
  const fallback: EmailChoice = NOTIFICATION_TYPES[event.type].email;
  const chosen = new Map<string, EmailChoice>();
  for (let i = 0; i < recipients.length; i += 1000) {
    const rows = await tx
      .select({ userId: notificationPreferences.userId, email: notificationPreferences.email })
      .from(notificationPreferences)
      .where(
        and(
          eq(notificationPreferences.type, event.type),
          inArray(notificationPreferences.userId, recipients.slice(i, i + 1000)),
        ),
      );
    for (const row of rows) chosen.set(row.userId, row.email);
  }
  const content = notificationContent(event.type, event.data);
  const mailState = (userId: string) => {
    const choice = chosen.get(userId) ?? fallback;
    if (choice === 'off') return 'none' as const;
    return event.mailNow ? ('immediate' as const) : choice;
  };
  for (let i = 0; i < recipients.length; i += 1000) {
    const inserted = await tx
      .insert(notifications)
      .values(
        recipients.slice(i, i + 1000).map((userId) => ({
          userId,
          type: event.type,
          title: content.title.slice(0, 500),
          body: content.body.slice(0, 1000),
          link: content.link,
          mail: mailState(userId),
        })),
      )
      .returning({ id: notifications.id, mail: notifications.mail });
    await enqueueMany(
      tx,
      MAIL_JOB,
      inserted
        .filter((row) => row.mail === 'immediate')
        .map((row) => ({ payload: { notificationId: row.id }, options: { uniqueKey: `mail:${row.id}` } })),
    );
  }
  for (let i = 0; i < recipients.length; i += IDS_PER_NOTIFY) {
    const payload = recipients.slice(i, i + IDS_PER_NOTIFY).join(',');
    await tx.execute(sql`select pg_notify(${NOTIFICATIONS_CHANNEL}, ${payload})`);
  }
}

/** How a notification names a person: first and last name. */
export async function displayName(tx: DbOrTx, userId: string): Promise<string> {
  const [row] = await tx
    .select({ firstname: users.firstname, lastname: users.lastname })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row ? personName(row.firstname, row.lastname) : 'Someone';
}

/** A person's name as notifications show it ('Someone' when both parts are empty). */
export function personName(firstname: string, lastname: string): string {
  return `${firstname} ${lastname}`.trim() || 'Someone';
}
