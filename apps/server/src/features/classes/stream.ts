import { excerpt, type Announcement, type CreateAnnouncementBody } from '@lyceum/contract';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { classAnnouncements, classMembers, users } from '#db/schema/index.js';
import { fieldError } from '#lib/errors.js';
import { displayName, raiseEvent } from '#lib/events.js';
import { boundedPage, cappedPageResult, type Paging } from '#lib/pages.js';
import { sanitizeAboutHtml } from '#lib/sanitize.js';
import type { ClassContext } from './context.js';
import { nameOf, type Caller } from './rows.js';

/** A class's stream: its teachers' announcements, read by teachers and members. */
export function createStream({ db, taughtClass, assertWritable, teaches, belongs, listFrame }: ClassContext) {
  return {
    /** The stream, newest first: the frame and the page (ids on class_announcements_class_idx) together (ADR 019). */
    async announcements(caller: Caller, classId: string, paging: Paging, as: 'teacher' | 'member') {
      const access = as === 'teacher' ? teaches(classId, caller) : belongs(classId, caller);
      const inClass = eq(classAnnouncements.classId, classId);
      const order = [desc(classAnnouncements.createdAt), desc(classAnnouncements.id)];
      const { limit, offset } = boundedPage(paging);
      const pageIds = db
        .select({ id: classAnnouncements.id })
        .from(classAnnouncements)
        .where(and(inClass, access))
        .orderBy(...order)
        .limit(limit)
        .offset(offset);
      const [total, rows] = await Promise.all([
        listFrame(
          access,
          db
            .select({ one: sql`1` })
            .from(classAnnouncements)
            .where(inClass),
        ),
        db
          .select({ a: classAnnouncements, firstname: users.firstname, lastname: users.lastname })
          .from(classAnnouncements)
          .leftJoin(users, eq(users.id, classAnnouncements.authorId))
          .where(inArray(classAnnouncements.id, pageIds))
          .orderBy(...order),
      ]);
      const items: Announcement[] = rows.map((r) => ({
        id: r.a.id,
        bodyHtml: r.a.bodyHtml,
        authorName: r.firstname === null ? null : nameOf({ firstname: r.firstname, lastname: r.lastname ?? '' }),
        createdAt: r.a.createdAt.toISOString(),
      }));
      return cappedPageResult(items, paging, total);
    },

    async announce(caller: Caller, classId: string, body: CreateAnnouncementBody) {
      const cls = await taughtClass(classId, caller);
      assertWritable(cls);
      const bodyHtml = sanitizeAboutHtml(body.bodyHtml);
      if (!bodyHtml) throw fieldError('bodyHtml', 'is required');
      const row = await db.transaction(async (tx) => {
        const [inserted] = await tx
          .insert(classAnnouncements)
          .values({ classId, authorId: caller.id, bodyHtml })
          .returning();
        // Every member hears of it, in the announcement's transaction (ADR 027): one query for the ids.
        const members = await tx
          .select({ id: classMembers.studentId })
          .from(classMembers)
          .where(eq(classMembers.classId, classId));
        await raiseEvent(tx, {
          type: 'class.announcement',
          recipients: members.map((m) => m.id),
          data: {
            classId,
            className: cls.name,
            authorName: await displayName(tx, caller.id),
            excerpt: excerpt(bodyHtml),
          },
          mailNow: body.emailNow === true,
          // The mail keeps the announcement's formatting and links (issue 46.11); the bell shows the excerpt.
          mailHtml: bodyHtml,
        });
        return inserted;
      });
      const [author] = await db.select().from(users).where(eq(users.id, caller.id)).limit(1);
      return {
        id: row!.id,
        bodyHtml: row!.bodyHtml,
        authorName: author ? nameOf(author) : null,
        createdAt: row!.createdAt.toISOString(),
      } satisfies Announcement;
    },
  };
}
