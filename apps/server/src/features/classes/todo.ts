import { CLASS_MESSAGES, DUE_SOON_HOURS, type Accommodation, type TodoItem } from '@lyceum/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { accommodations } from '#db/schema/index.js';
import { accommodationInput } from '#lib/class-window.js';
import { notFound } from '#lib/errors.js';
import { learnerWindow } from '#lib/learner-window.js';
import { boundedPage, cappedCount, cappedPageResult, type Page, type Paging } from '#lib/pages.js';
import { preparedJson, type PreparedJson } from '#lib/response-cache.js';
import type { ClassContext } from './context.js';
import { iso, rowsOf, type AssignmentDatesRow, type Caller } from './rows.js';

/** A learner's assignment with its dates, completion and accommodation, as the to-do's statement returns it (JSON). */
type TodoRow = AssignmentDatesRow & {
  class_id: string;
  class_name: string;
  kind: 'lesson' | 'assessment';
  completed_at: Date | string | null;
  /** When the learner joined the class: work due before then is never missing for them (ADR 048). */
  joined_at: Date | string;
  acc: (typeof accommodations.$inferSelect & Record<string, unknown>) | null;
};

/** A learner's to-do item: their window (learnerWindow) and the item's status as of `current`. */
function todoItemOf(r: TodoRow, studentId: string, current: number): TodoItem & { classId: string; className: string } {
  const raw = typeof r.acc === 'string' ? (JSON.parse(r.acc) as Record<string, unknown>) : r.acc;
  const accommodation: Accommodation | null = raw
    ? {
        assignmentId: (raw.assignmentId as string | null) ?? null,
        extraTimeFactor: raw.extraTimeFactor === null ? null : Number(raw.extraTimeFactor),
        extraTimeMinutes: (raw.extraTimeMinutes as number | null) ?? null,
        dueExtensionHours: Number(raw.dueExtensionHours ?? 0),
        extraAttempts: Number(raw.extraAttempts ?? 0),
      }
    : null;
  const date = (d: Date | string | null) => (d === null ? null : new Date(d));
  // The one window function (lib/learner-window.ts): the assessment's dates (a lesson has none), the
  // assignment's where it sets them, the accommodation on top.
  const own = { opensAt: date(r.opens_at), dueAt: date(r.due_at), closesAt: date(r.closes_at) };
  const window = learnerWindow({
    assessment: {
      opensAt: date(r.base_opens_at),
      dueAt: date(r.base_due_at),
      closesAt: date(r.base_closes_at),
      timeLimitMinutes: r.time_limit_minutes,
    },
    learner: { studentId },
    assignment: Object.fromEntries(Object.entries(own).filter(([, value]) => value !== null)),
    accommodation: accommodationInput(accommodation),
  });
  const due = window.dueAt?.getTime() ?? null;
  const joinedAfterDue = due !== null && new Date(r.joined_at).getTime() > due;
  const status: TodoItem['status'] = r.completed_at
    ? 'done'
    : due !== null && due < current
      ? joinedAfterDue
        ? 'assigned'
        : 'missing'
      : due !== null && due - current <= DUE_SOON_HOURS * 3_600_000
        ? 'due-soon'
        : 'assigned';
  return {
    assignmentId: r.id,
    classId: r.class_id,
    className: r.class_name,
    itemId: r.item_id,
    itemKind: r.kind,
    title: r.title,
    courseId: r.course_id,
    courseTitle: r.course_title,
    opensAt: window.opensAt?.toISOString() ?? null,
    dueAt: window.dueAt?.toISOString() ?? null,
    closesAt: window.closesAt?.toISOString() ?? null,
    timeLimitMinutes: window.timeLimitMinutes ?? null,
    status,
    completedAt: iso(r.completed_at),
    accommodation,
  };
}

/** The reader of a learner's assignments: the class's to-do page and the calendar feed both read it. */
export function createTodoRows({ db, deps }: ClassContext) {
  /**
   * A learner's assignments (of one class, or of all their classes for the calendar), each with their window
   * (learnerWindow) and status. Not done first, by due date. For a class page, the frame (membership, capped count)
   * and the page together (ADR 019).
   */
  return async function todoRows(
    studentId: string,
    paging: Paging,
    classId: string | null,
    dueSince?: Date,
    /** The class page's access condition: checked in the count's statement (404), carried by the page's. */
    access?: SQL,
  ) {
    const scope = sql`
        from class_members m
        join classes c on c.id = m.class_id
        join class_assignments a on a.class_id = m.class_id
        join course_items ci on ci.id = a.item_id
        join courses co on co.id = ci.course_id
        left join assessments s on s.item_id = a.item_id
        left join item_completions ic on ic.student_id = m.student_id and ic.item_id = a.item_id
        left join accommodations aa on aa.assignment_id = a.id and aa.student_id = m.student_id
        left join accommodations ac on ac.class_id = m.class_id and ac.assignment_id is null
          and ac.student_id = m.student_id
        where m.student_id = ${studentId}
          ${classId ? sql`and m.class_id = ${classId}` : sql`and c.archived_at is null`}
          ${dueSince ? sql`and a.due_at >= ${dueSince.toISOString()}` : sql``}
          and (a.whole_class or exists (
            select 1 from class_assignment_learners l where l.assignment_id = a.id and l.student_id = m.student_id))`;
    const { limit, offset } = boundedPage(paging);
    // One statement (ADR 019, session 22): the class page's access, the capped count and the page's rows as JSON in
    // the page's order; a statement is a round trip, and on this machine the round trip was most of the to-do's cost.
    const [frame] = rowsOf<{ allowed: boolean; total: number; rows: string | TodoRow[] | null }>(
      await db.execute(sql`
          select ${access ?? sql`true`} as allowed, ${cappedCount(sql`select 1 ${scope}`)} as total,
            (select json_agg(p order by p.done, p.due_at nulls last, p.id) from (
              select a.id, a.class_id, c.name as class_name, a.item_id, ci.kind, ci.title, co.id as course_id, co.title as course_title,
                a.opens_at, a.due_at, a.closes_at, ic.completed_at, m.joined_at, s.opens_at as base_opens_at,
                s.due_at as base_due_at, s.closes_at as base_closes_at, s.time_limit_minutes,
                ic.completed_at is not null as done,
                case when aa.id is not null then json_build_object(
                    'assignmentId', aa.assignment_id, 'extraTimeFactor', aa.extra_time_factor,
                    'extraTimeMinutes', aa.extra_time_minutes, 'dueExtensionHours', aa.due_extension_hours,
                    'extraAttempts', aa.extra_attempts)
                  when ac.id is not null then json_build_object(
                    'assignmentId', null, 'extraTimeFactor', ac.extra_time_factor,
                    'extraTimeMinutes', ac.extra_time_minutes, 'dueExtensionHours', ac.due_extension_hours,
                    'extraAttempts', ac.extra_attempts)
                end as acc
              ${scope} ${access ? sql`and ${access}` : sql``}
              order by ic.completed_at is not null, a.due_at asc nulls last, a.id
              limit ${limit} offset ${offset}) p) as rows`),
    );
    if (!frame?.allowed) throw notFound(CLASS_MESSAGES.notFound);
    const total = Number(frame.total);
    const rows = ((typeof frame.rows === 'string' ? JSON.parse(frame.rows) : frame.rows) ?? []) as TodoRow[];
    const current = deps.clock();
    const items = rows.map((r) => todoItemOf(r, studentId, current));
    // The statuses hold until a due date still ahead (missing) or its "due soon" horizon passes.
    const changes = items.flatMap((item) => {
      if (item.status === 'done' || item.dueAt === null) return [];
      const due = new Date(item.dueAt).getTime();
      return [due - DUE_SOON_HOURS * 3_600_000, due].filter((at) => at > current);
    });
    return { items, total, changesAt: Math.min(Infinity, ...changes) };
  };
}

/** A member's to-do in a class: the assignments set to them, with their own dates and status. */
export function createTodo(
  { deps, keep, watchClassPages, showsCourses, belongs }: ClassContext,
  todoRows: ReturnType<typeof createTodoRows>,
) {
  /** Each member's to-do pages, under their class: a class of 500 keeps a page for each. */
  const keptTodos = keep<{ json: PreparedJson; holdsUntil: number }>(watchClassPages, {
    bytesOf: (page) => 2 * page.json.body.length,
    pagesPerOwner: 1_000,
    holds: (page) => deps.clock() < page.holdsUntil,
  });

  return {
    /**
     * A page of the caller's to-do in a class as JSON (`write` serializes it), kept as the class's pages are: until
     * the class or a course it shows changes, and no later than a status that time changes ("due soon", "missing").
     * A kept page was made for a member, and leaving the class names it: a kept read runs no statement.
     */
    async todoJson(
      caller: Caller,
      classId: string,
      paging: Paging,
      write: (page: Page<TodoItem>) => string,
    ): Promise<PreparedJson> {
      const key = `${classId}\n${caller.id}\n${paging.page}\n${paging.pageSize}`;
      const kept = await keptTodos.get(key, async () => {
        const { items, total, changesAt } = await todoRows(
          caller.id,
          paging,
          classId,
          undefined,
          belongs(classId, caller),
        );
        showsCourses(classId, [...new Set(items.map((item) => item.courseId))]);
        const json = preparedJson(write(cappedPageResult(items, paging, total)));
        return { owner: classId, value: { json, holdsUntil: changesAt } };
      });
      return kept.value.json;
    },
  };
}
