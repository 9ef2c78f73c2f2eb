import { and, desc, eq, sql } from 'drizzle-orm';
import { notifications, users } from '#db/schema/index.js';
import { MAIL_JOB } from '#lib/events.js';
import { languageOrDefault } from '#lib/i18n/index.js';
import type { JobRunner } from '#lib/jobs.js';
import { notificationTypeLabel } from '#lib/notification-texts/index.js';
import type { NotificationContext } from './context.js';
import { digestMail, notificationMail, type MailItem } from './mail.js';
import { DIGEST, isType, notificationColumns } from './rows.js';

const DAY_MS = 24 * 3_600_000;

/** Mail: one notification's (the job `notifications.mail`) and the daily summary (a schedule), on the job runner. */
export function createDelivery({ db, deps, base, unsubscribeUrls }: NotificationContext) {
  /**
   * The mail of one notification (the job `notifications.mail`); a no-op once sent or no longer wanted. `html`:
   * the rich text the event gave for the mail (an announcement's), shown instead of the plain body.
   */
  async function deliverMail(notificationId: string, html?: string): Promise<void> {
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
  }

  /**
   * The daily summary (schedule `notifications.digest`, once a UTC day): one mail per user with notifications
   * waiting for it, at most 20 listed. Resolves to the number of mails sent.
   */
  async function sendDigests(slot: number): Promise<number> {
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
  }

  return {
    deliverMail,
    sendDigests,

    /** Registers the mail job and the daily digest on the runner. */
    registerJobs(runner: JobRunner): void {
      runner.registerJob(MAIL_JOB, async (payload) => {
        if (typeof payload.notificationId !== 'string') return;
        await deliverMail(payload.notificationId, typeof payload.html === 'string' ? payload.html : undefined);
      });
      // A fresh install's first day has no summary: its first one is the next UTC midnight (issue 46.12), else the
      // demo data's notices are mailed a second after the first start.
      runner.registerSchedule(
        'notifications.digest',
        DAY_MS,
        async (payload) => {
          await sendDigests(Number(payload.slot) || 0);
        },
        { fromNextSlot: true },
      );
    },
  };
}
