import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { calendarFeeds, users } from '#db/schema/index.js';
import type { ClassContext } from './context.js';
import { rowsOf, type Caller } from './rows.js';
import type { createTodoRows } from './todo.js';

/** Each user's private calendar feed of due dates (iCal, written by the routes): its address and its events. */
export function createCalendar({ db, deps, now }: ClassContext, todoRows: ReturnType<typeof createTodoRows>) {
  return {
    async calendarUrl(caller: Caller, reset = false) {
      const token = randomBytes(32).toString('base64url');
      if (reset) {
        await db
          .insert(calendarFeeds)
          .values({ userId: caller.id, token })
          .onConflictDoUpdate({ target: calendarFeeds.userId, set: { token, updatedAt: now() } });
      } else {
        await db.insert(calendarFeeds).values({ userId: caller.id, token }).onConflictDoNothing();
      }
      const [row] = await db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, caller.id)).limit(1);
      return { url: `${deps.publicUrl.replace(/\/$/, '')}/api/calendar/${row!.token}.ics` };
    },

    /** The due dates of the feed's owner (as a learner and as a teacher), or null for an unknown token. */
    async calendarEvents(token: string) {
      const [owner] = await db
        .select({ id: users.id, role: users.role, status: users.status })
        .from(calendarFeeds)
        .innerJoin(users, eq(users.id, calendarFeeds.userId))
        .where(eq(calendarFeeds.token, token))
        .limit(1);
      if (!owner || owner.status !== 'active') return null;
      const since = new Date(deps.clock() - 90 * 86_400_000);
      const events: { id: string; title: string; dueAt: Date; description: string; url: string }[] = [];
      const base = deps.publicUrl.replace(/\/$/, '');
      if (owner.role === 'student') {
        const { items } = await todoRows(owner.id, { page: 1, pageSize: 500 }, null, since);
        for (const item of items) {
          if (!item.dueAt) continue;
          events.push({
            id: item.assignmentId,
            title: `Due: ${item.title}`,
            dueAt: new Date(item.dueAt),
            description: item.courseTitle,
            url: `${base}/student/classes/${item.classId}`,
          });
        }
      } else {
        const rows = rowsOf<{ id: string; class_id: string; class_name: string; title: string; due_at: Date | string }>(
          await db.execute(sql`
            select a.id, a.class_id, c.name as class_name, ci.title, a.due_at
            from class_teachers t
            join classes c on c.id = t.class_id and c.archived_at is null
            join class_assignments a on a.class_id = c.id
            join course_items ci on ci.id = a.item_id
            where t.teacher_id = ${owner.id} and a.due_at >= ${since.toISOString()}
            order by a.due_at limit 500`),
        );
        for (const row of rows) {
          events.push({
            id: row.id,
            title: `Due: ${row.title} (${row.class_name})`,
            dueAt: new Date(row.due_at),
            description: row.class_name,
            url: `${base}/teacher/classes/${row.class_id}`,
          });
        }
      }
      return events;
    },
  };
}
