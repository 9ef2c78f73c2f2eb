import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { calendarFeeds, users } from '#db/schema/index.js';
import type { CalendarEvent } from '@lyceum/contract';
import type { ClassContext } from './context.js';
import { rowsOf, type Caller } from './rows.js';
import type { createTodoRows } from './todo.js';

/** The most events one calendar answer holds. */
const EVENTS_CAP = 500;

/**
 * Each user's calendar of due dates: the private iCal feed (its address and its events, written by the routes) and
 * the same events by date range for the app's calendar.
 */
export function createCalendar({ db, deps, now }: ClassContext, todoRows: ReturnType<typeof createTodoRows>) {
  const calendar = {
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
      const base = deps.publicUrl.replace(/\/$/, '');
      const events = await eventsOf(owner, new Date(deps.clock() - 90 * 86_400_000));
      return events.map((event) => ({
        id: event.id,
        title: event.status === null ? `Due: ${event.title} (${event.className})` : `Due: ${event.title}`,
        dueAt: new Date(event.at),
        description: event.status === null ? event.className : event.courseTitle,
        url: `${base}/${event.status === null ? 'teacher' : 'student'}/classes/${event.classId}`,
      }));
    },

    /** The caller's calendar in the app (issue 49.2): the feed's events from `from` to `to`. */
    async calendarRange(caller: Caller, from: Date, to: Date): Promise<CalendarEvent[]> {
      return eventsOf(caller, from, to);
    },
  };
  return calendar;

  /**
   * What a calendar shows, the feed and the app alike: a learner's assignments with their own dates (accommodations
   * applied), or the assignments of a teacher's classes; from `since`, before `until`; 500 at most.
   */
  async function eventsOf(owner: { id: string; role: string }, since: Date, until?: Date): Promise<CalendarEvent[]> {
    if (owner.role === 'student') {
      const { items } = await todoRows(owner.id, { page: 1, pageSize: EVENTS_CAP }, null, since);
      return items
        .filter((item) => item.dueAt !== null && (!until || Date.parse(item.dueAt) < until.getTime()))
        .map((item) => ({
          id: item.assignmentId,
          title: item.title,
          at: item.dueAt!,
          classId: item.classId,
          className: item.className,
          courseTitle: item.courseTitle,
          status: item.status,
        }))
        .sort((a, b) => a.at.localeCompare(b.at));
    }
    const rows = rowsOf<{
      id: string;
      class_id: string;
      class_name: string;
      course_title: string;
      title: string;
      due_at: Date | string;
    }>(
      await db.execute(sql`
        select a.id, a.class_id, c.name as class_name, co.title as course_title, ci.title, a.due_at
        from class_teachers t
        join classes c on c.id = t.class_id and c.archived_at is null
        join class_assignments a on a.class_id = c.id
        join course_items ci on ci.id = a.item_id
        join courses co on co.id = ci.course_id
        where t.teacher_id = ${owner.id} and a.due_at >= ${since.toISOString()}
          ${until ? sql`and a.due_at < ${until.toISOString()}` : sql``}
        order by a.due_at, a.id limit ${EVENTS_CAP}`),
    );
    return rows.map((row) => ({
      id: row.id,
      title: row.title,
      at: new Date(row.due_at).toISOString(),
      classId: row.class_id,
      className: row.class_name,
      courseTitle: row.course_title,
      status: null,
    }));
  }
}
