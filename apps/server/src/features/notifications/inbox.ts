import { NOTIFICATION_LIMITS, type Notification, type NotificationList } from '@lyceum/contract';
import { and, desc, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { notifications } from '#db/schema/index.js';
import { keptPerOwner } from '#lib/kept-by-key.js';
import type { NotificationContext } from './context.js';
import { notificationColumns, toNotification } from './rows.js';

/** The bell: a user's list (kept), the unread count, what is new for a live stream, marking as read. */
export function createInbox({ db, deps, unreadCount }: NotificationContext) {
  /** The same capped count as a subquery (uncorrelated: run once per statement), for a statement to carry. */
  const unreadOnes = alias(notifications, 'unread_ones');
  const cappedUnread = (userId: string) =>
    sql<number>`(select count(*)::int from (select 1 from ${notifications} as ${sql.identifier('unread_ones')}
      where ${unreadOnes.userId} = ${userId} and ${unreadOnes.readAt} is null
      limit ${NOTIFICATION_LIMITS.unreadCap}) as capped)`;

  async function readList(
    userId: string,
    query: { before?: number; limit: number; type?: string; unread?: boolean },
  ): Promise<NotificationList> {
    // The page and the capped unread count in one statement: the bell's count came from a second round trip on
    // every page (ADR 019, session 16). A page past the end has no row to carry it, so only then is it asked alone.
    const rows = await db
      .select({ ...notificationColumns, unread: cappedUnread(userId) })
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, userId),
          query.before !== undefined ? lt(notifications.seq, query.before) : undefined,
          query.type ? eq(notifications.type, query.type) : undefined,
          query.unread ? isNull(notifications.readAt) : undefined,
        ),
      )
      .orderBy(desc(notifications.seq))
      .limit(query.limit + 1);
    const page = rows.slice(0, query.limit);
    return {
      items: page.map(toNotification),
      nextBefore: rows.length > query.limit ? Number(page[page.length - 1]!.seq) : null,
      unread: rows[0]?.unread ?? (await unreadCount(userId)),
    };
  }

  const keptLists = keptPerOwner<NotificationList>(deps.watchUsers, {
    bytesOf: (list) =>
      200 + list.items.reduce((sum, item) => sum + 200 + 2 * (item.title.length + item.body.length), 0),
  });

  return {
    unreadCount,

    /**
     * The caller's own notifications, newest first; keyset-paged by seq. Kept until the database says the user's
     * notifications changed (ADR 019, session 19): the bell's list is opened on every page, and changes only when
     * something happens to that user.
     */
    async list(
      userId: string,
      query: { before?: number; limit: number; type?: string; unread?: boolean },
    ): Promise<NotificationList> {
      const key = JSON.stringify([userId, query.before, query.limit, query.type, query.unread]);
      return (await keptLists.get(key, async () => ({ owner: userId, value: await readList(userId, query) }))).value;
    },

    /** Stops listening for changes (the app's close). */
    close: () => keptLists.stop(),

    /** New notifications of a user after `afterSeq` (the live stream), oldest first. */
    async since(userId: string, afterSeq: number, limit = 50): Promise<Notification[]> {
      const rows = await db
        .select(notificationColumns)
        .from(notifications)
        .where(and(eq(notifications.userId, userId), gt(notifications.seq, afterSeq)))
        .orderBy(notifications.seq)
        .limit(limit);
      return rows.map(toNotification);
    },

    /** The user's newest seq (a stream opened without Last-Event-ID starts after it). */
    async latestSeq(userId: string): Promise<number> {
      const [row] = await db
        .select({ seq: notifications.seq })
        .from(notifications)
        .where(eq(notifications.userId, userId))
        .orderBy(desc(notifications.seq))
        .limit(1);
      return row ? Number(row.seq) : 0;
    },

    /** Marks the given notifications of the caller (others' ids change nothing), or all of them, as read. */
    async markRead(userId: string, target: { ids?: string[]; all?: boolean }): Promise<{ unread: number }> {
      await db
        .update(notifications)
        .set({ readAt: new Date() })
        .where(
          and(
            eq(notifications.userId, userId),
            isNull(notifications.readAt),
            target.all ? undefined : inArray(notifications.id, target.ids ?? []),
          ),
        );
      return { unread: await unreadCount(userId) };
    },
  };
}
