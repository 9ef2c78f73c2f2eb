import {
  NOTIFICATION_LIMITS,
  NOTIFICATION_TYPE_KEYS,
  NOTIFICATION_TYPES,
  type EmailChoice,
  type NotificationType,
} from '@lyceum/contract';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { TokenService } from '#auth/tokens.js';
import type { Db } from '#db/client.js';
import { notificationPreferences, notifications } from '#db/schema/index.js';
import type { MailLog, Mailer } from '#lib/mailer.js';

export interface NotificationServiceDeps {
  mailer: Mailer;
  tokens: Pick<TokenService, 'mac'>;
  publicUrl: string;
  log?: MailLog;
  /**
   * The database's word that a user's notifications changed (db/client.ts `watchUsers`, migration 0035): their
   * pages of the list are kept until then.
   */
  watchUsers?: (onChange: (userId: string) => void) => () => void;
}

export type NotificationContext = ReturnType<typeof createNotificationContext>;

/**
 * What the notifications' use cases share (ADR 039): the database and deps, the unsubscribe tokens and links, the
 * unread count, and each user's e-mail choices.
 */
export function createNotificationContext(db: Db, deps: NotificationServiceDeps) {
  const base = deps.publicUrl.replace(/\/+$/, '');

  /** `<user>~<type>~<mac>`: names its user and type, and only this server can make one. */
  function unsubscribeToken(userId: string, type: string): string {
    return `${userId}~${type}~${deps.tokens.mac('unsubscribe', `${userId}:${type}`)}`;
  }
  const unsubscribeUrls = (userId: string, type: string) => {
    const token = encodeURIComponent(unsubscribeToken(userId, type));
    return { page: `${base}/unsubscribe?token=${token}`, post: `${base}/api/unsubscribe?token=${token}` };
  };

  /** The capped unread count: asked for on every page of a signed-in user, so built once and prepared. */
  const unreadQuery = db
    .select({ n: sql<number>`count(*)::int` })
    .from(
      db
        .select({ one: sql`1` })
        .from(notifications)
        .where(and(eq(notifications.userId, sql.placeholder('userId')), isNull(notifications.readAt)))
        .limit(NOTIFICATION_LIMITS.unreadCap)
        .as('capped'),
    )
    .prepare('lyceum_unread_count');

  async function unreadCount(userId: string): Promise<number> {
    const [row] = await unreadQuery.execute({ userId });
    return row?.n ?? 0;
  }

  async function effectiveChoices(userId: string): Promise<Map<NotificationType, EmailChoice>> {
    const rows = await db
      .select({ type: notificationPreferences.type, email: notificationPreferences.email })
      .from(notificationPreferences)
      .where(eq(notificationPreferences.userId, userId));
    const chosen = new Map(rows.map((row) => [row.type, row.email]));
    return new Map(
      NOTIFICATION_TYPE_KEYS.map((type) => [type, chosen.get(type) ?? NOTIFICATION_TYPES[type].email] as const),
    );
  }

  async function setChoices(userId: string, items: { type: NotificationType; email: EmailChoice }[]): Promise<void> {
    if (items.length === 0) return;
    await db
      .insert(notificationPreferences)
      .values(items.map((item) => ({ userId, type: item.type, email: item.email })))
      .onConflictDoUpdate({
        target: [notificationPreferences.userId, notificationPreferences.type],
        set: { email: sql`excluded.email`, updatedAt: sql`now()` },
      });
    // Notifications waiting for the digest of a type now off (or immediate) are not summarised later.
    const noLongerDigest = items.filter((item) => item.email !== 'digest').map((item) => item.type);
    if (noLongerDigest.length > 0) {
      await db
        .update(notifications)
        .set({ mail: 'none' })
        .where(
          and(
            eq(notifications.userId, userId),
            eq(notifications.mail, 'digest'),
            inArray(notifications.type, noLongerDigest),
          ),
        );
    }
  }

  return { db, deps, base, unsubscribeToken, unsubscribeUrls, unreadCount, effectiveChoices, setChoices };
}
