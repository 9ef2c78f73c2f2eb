import { timingSafeEqual } from 'node:crypto';
import {
  NOTIFICATION_LIMITS,
  NOTIFICATION_TYPE_KEYS,
  NOTIFICATION_TYPES,
  type EmailChoice,
  type Notification,
  type NotificationList,
  type NotificationPreference,
  type NotificationType,
  type UnsubscribeResult,
} from '@lyceum/contract';
import { and, desc, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { TokenService } from '#auth/tokens.js';
import type { Db } from '#db/client.js';
import { notificationPreferences, notifications, users } from '#db/schema/index.js';
import { badRequest } from '#lib/errors.js';
import { languageOrDefault } from '#lib/i18n/index.js';
import { keptPerOwner } from '#lib/kept-by-key.js';
import { MAIL_JOB } from '#lib/events.js';
import type { JobRunner } from '#lib/jobs.js';
import type { MailLog, Mailer } from '#lib/mailer.js';
import { notificationTypeLabel } from '#lib/notification-texts/index.js';
import { digestMail, notificationMail, type MailItem } from './mail.js';

/** The unsubscribe token's "type" for the daily summary (every type the user gets as a digest). */
const DIGEST = 'digest';
const DAY_MS = 24 * 3_600_000;

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

const isType = (type: string): type is NotificationType => Object.hasOwn(NOTIFICATION_TYPES, type);

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

export function createNotificationService(db: Db, deps: NotificationServiceDeps) {
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

  /** The same capped count as a subquery (uncorrelated: run once per statement), for a statement to carry. */
  const unreadOnes = alias(notifications, 'unread_ones');
  const cappedUnread = (userId: string) =>
    sql<number>`(select count(*)::int from (select 1 from ${notifications} as ${sql.identifier('unread_ones')}
      where ${unreadOnes.userId} = ${userId} and ${unreadOnes.readAt} is null
      limit ${NOTIFICATION_LIMITS.unreadCap}) as capped)`;

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
    unsubscribeToken,
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

    async preferences(userId: string, role: string): Promise<NotificationPreference[]> {
      const choices = await effectiveChoices(userId);
      return NOTIFICATION_TYPE_KEYS.filter((type) =>
        (NOTIFICATION_TYPES[type].roles as readonly string[]).includes(role),
      ).map((type) => ({
        type,
        label: NOTIFICATION_TYPES[type].label,
        description: NOTIFICATION_TYPES[type].description,
        email: choices.get(type)!,
      }));
    },

    async updatePreferences(
      userId: string,
      role: string,
      items: { type: string; email: EmailChoice }[],
    ): Promise<NotificationPreference[]> {
      const valid = items.filter((item): item is { type: NotificationType; email: EmailChoice } => isType(item.type));
      await setChoices(userId, valid);
      return this.preferences(userId, role);
    },

    /**
     * One-click unsubscribe (RFC 8058), no session: the token's MAC must match its user and type, so it can be
     * neither forged nor pointed at another user. Turns that type's e-mail off (the digest token: every digest type).
     */
    async unsubscribe(token: string): Promise<UnsubscribeResult> {
      const invalid = () => badRequest('This unsubscribe link is not valid');
      const [userId, type, mac, ...rest] = token.split('~');
      if (!userId || !type || !mac || rest.length > 0) throw invalid();
      if (!/^[0-9a-f-]{36}$/i.test(userId) || !(isType(type) || type === DIGEST)) throw invalid();
      const expected = Buffer.from(deps.tokens.mac('unsubscribe', `${userId}:${type}`));
      const given = Buffer.from(mac);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw invalid();
      const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1);
      if (!user) throw invalid();
      if (type === DIGEST) {
        const choices = await effectiveChoices(userId);
        const digestTypes = [...choices].filter(([, email]) => email === 'digest').map(([t]) => t);
        await setChoices(
          userId,
          digestTypes.map((t) => ({ type: t, email: 'off' })),
        );
        return { type: DIGEST, label: 'Daily summary', email: 'off' };
      }
      await setChoices(userId, [{ type, email: 'off' }]);
      return { type, label: NOTIFICATION_TYPES[type].label, email: 'off' };
    },

    /**
     * The mail of one notification (the job `notifications.mail`); a no-op once sent or no longer wanted. `html`:
     * the rich text the event gave for the mail (an announcement's), shown instead of the plain body.
     */
    async deliverMail(notificationId: string, html?: string): Promise<void> {
      const [row] = await db
        .select({
          id: notifications.id,
          type: notifications.type,
          title: notifications.title,
          body: notifications.body,
          link: notifications.link,
          mail: notifications.mail,
          userId: users.id,
          email: users.email,
          language: users.language,
          status: users.status,
        })
        .from(notifications)
        .innerJoin(users, eq(users.id, notifications.userId))
        .where(eq(notifications.id, notificationId))
        .limit(1);
      if (!row || row.mail !== 'immediate') return;
      if (row.status === 'active' && isType(row.type)) {
        const urls = unsubscribeUrls(row.userId, row.type);
        const language = languageOrDefault(row.language);
        await deps.mailer.send(
          notificationMail({
            to: row.email,
            language,
            item: { title: row.title, body: row.body, url: `${base}${row.link}`, ...(html ? { html } : {}) },
            typeLabel: notificationTypeLabel(row.type, language),
            unsubscribePageUrl: urls.page,
            unsubscribePostUrl: urls.post,
            // The same id on a retry: the outbox keeps one file, a mail client shows one message.
            messageId: `<notification-${row.id}@lyceum>`,
          }),
        );
      }
      await db
        .update(notifications)
        .set({ mail: 'sent' })
        .where(and(eq(notifications.id, notificationId), eq(notifications.mail, 'immediate')));
    },

    /**
     * The daily summary (schedule `notifications.digest`, once a UTC day): one mail per user with notifications
     * waiting for it, at most 20 listed. Resolves to the number of mails sent.
     */
    async sendDigests(slot: number): Promise<number> {
      let sent = 0;
      for (;;) {
        const batch = await db
          .selectDistinct({ userId: notifications.userId })
          .from(notifications)
          .where(eq(notifications.mail, 'digest'))
          .limit(100);
        if (batch.length === 0) return sent;
        for (const { userId } of batch) {
          const rows = await db
            .select({ ...notificationColumns, email: users.email, language: users.language, status: users.status })
            .from(notifications)
            .innerJoin(users, eq(users.id, notifications.userId))
            .where(and(eq(notifications.userId, userId), eq(notifications.mail, 'digest')))
            .orderBy(desc(notifications.seq))
            .limit(21);
          const [{ n }] = (await db
            .select({ n: sql<number>`count(*)::int` })
            .from(notifications)
            .where(and(eq(notifications.userId, userId), eq(notifications.mail, 'digest')))) as [{ n: number }];
          const top = rows[0];
          if (!top) continue;
          const maxSeq = Number(top.seq);
          if (top.status === 'active') {
            const items: MailItem[] = rows
              .slice(0, 20)
              .map((r) => ({ title: r.title, body: r.body, url: `${base}${r.link}` }));
            const urls = unsubscribeUrls(userId, DIGEST);
            await deps.mailer.send(
              digestMail({
                to: top.email,
                language: languageOrDefault(top.language),
                items,
                more: Math.max(0, n - items.length),
                allUrl: `${base}/notifications`,
                unsubscribePageUrl: urls.page,
                unsubscribePostUrl: urls.post,
                messageId: `<digest-${userId}-${slot}@lyceum>`,
              }),
            );
            sent += 1;
          }
          await db
            .update(notifications)
            .set({ mail: 'sent' })
            .where(
              and(
                eq(notifications.userId, userId),
                eq(notifications.mail, 'digest'),
                sql`${notifications.seq} <= ${maxSeq}`,
              ),
            );
        }
      }
    },

    /** Registers the mail job and the daily digest on the runner. */
    registerJobs(runner: JobRunner): void {
      runner.registerJob(MAIL_JOB, async (payload) => {
        if (typeof payload.notificationId !== 'string') return;
        await this.deliverMail(payload.notificationId, typeof payload.html === 'string' ? payload.html : undefined);
      });
      // A fresh install's first day has no summary: its first one is the next UTC midnight (issue 46.12), else the
      // demo data's notices are mailed a second after the first start.
      runner.registerSchedule(
        'notifications.digest',
        DAY_MS,
        async (payload) => {
          await this.sendDigests(Number(payload.slot) || 0);
        },
        { fromNextSlot: true },
      );
    },
  };
}

export type NotificationService = ReturnType<typeof createNotificationService>;
