import { TODO_SECTION_LIMIT, type StudentTodo, type StudentTodoItem } from '@lyceum/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '#db/client.js';
import { KEPT_LIST_BYTES, KEPT_LIST_TTL_MS, keptByKey } from '#lib/kept-by-key.js';
import { zoneOrDefault } from '#lib/time-zones.js';

type Section = 'overdue' | 'today' | 'week' | 'continue';

interface Row {
  section: Section;
  item_id: string;
  item_kind: 'lesson' | 'assessment';
  assessment_kind: 'quiz' | 'exam' | 'assignment' | null;
  title: string;
  class_id: string | null;
  class_name: string | null;
  course_id: string;
  course_title: string;
  due_at: string | null;
  extended: boolean;
}

interface Frame {
  day_end: Date | string;
  rows: string | Row[] | null;
  counts: string | Record<string, number> | null;
  review: number | string;
  holds_until: Date | string;
  class_ids: string | string[] | null;
  course_ids: string | string[] | null;
}

/** A change feed of the database (db/client.ts): the key a trigger named, `'*'` when the feed was interrupted. */
type ChangeFeed = (onChange: (key: string) => void) => () => void;

/**
 * What tells a kept to-do that it changed (migration 0052, db/kept-pages.ts): the student's own rows (`students`:
 * completions, enrolment status and activity, mistake cards, time zone; `learnerEnrolments`: the place to resume;
 * `users`: their memberships and their classes' names and archiving), a class's work (`classResults`: assignments,
 * learners, accommodations, completions) and a course's items, sections, assessments, title and status (`courses`).
 */
export interface TodoFeeds {
  students?: ChangeFeed;
  learnerEnrolments?: ChangeFeed;
  users?: ChangeFeed;
  classResults?: ChangeFeed;
  courses?: ChangeFeed;
}

/** A student's kept to-do: the answer, until when the clock leaves it right, and the classes and courses it read. */
interface KeptTodo {
  todo: StudentTodo;
  holdsUntil: number;
  classIds: string[];
  courseIds: string[];
  bytes: number;
}

/** Classes and courses remembered (to find the students whose kept to-do read them) before the memory starts again. */
const TAGS_REMEMBERED = 50_000;

/**
 * The kept to-do of each student (docs/kept-pages.md): one answer per student (lib/kept-by-key.ts), dropped when a
 * trigger names the student, or a class or course the answer read, and read again once the clock passes a section
 * boundary (a due date passing or coming within the week, the end of the student's day). Without feeds (a test that
 * turns the watch off) every read runs.
 */
function keptTodos(feeds: TodoFeeds) {
  if (!feeds.students) return undefined;
  const kept = keptByKey<KeptTodo>({ ttlMs: KEPT_LIST_TTL_MS, maxBytes: KEPT_LIST_BYTES, bytesOf: (v) => v.bytes });
  /** The students whose kept to-do read each class (`c:`) or course (`k:`). */
  const readers = new Map<string, Set<string>>();
  const forgetAll = () => {
    kept.clear();
    readers.clear();
  };
  const forgetStudent = (id: string) => (id === '*' ? forgetAll() : kept.forget(id));
  const forgetReadersOf = (prefix: string) => (id: string) => {
    if (id === '*') return forgetAll();
    const tag = prefix + id;
    // Always heard: a read in flight that is about to name this class or course is not kept (kept.forget's mark).
    kept.forget(tag);
    for (const student of readers.get(tag) ?? []) kept.forget(student);
    readers.delete(tag);
  };
  const stops = [
    feeds.students?.(forgetStudent),
    feeds.learnerEnrolments?.(forgetStudent),
    feeds.users?.(forgetStudent),
    feeds.classResults?.(forgetReadersOf('c:')),
    feeds.courses?.(forgetReadersOf('k:')),
  ];
  return {
    async get(studentId: string, now: number, read: () => Promise<KeptTodo>): Promise<StudentTodo> {
      const found = kept.peek(studentId, now);
      if (found && now < found.holdsUntil) return found.todo;
      const mark = kept.mark();
      const answer = await read();
      if (readers.size > TAGS_REMEMBERED) forgetAll();
      for (const tag of [...answer.classIds.map((id) => `c:${id}`), ...answer.courseIds.map((id) => `k:${id}`)]) {
        const set = readers.get(tag) ?? new Set<string>();
        set.add(studentId);
        readers.set(tag, set);
      }
      kept.keep(studentId, now, answer, mark);
      return answer.todo;
    },
    stop: () => stops.forEach((stop) => stop?.()),
  };
}

const json = <T>(value: string | T | null): T | null => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

/** Where an item opens in the web app (apps/web/src/config/paths.ts). */
function hrefOf(row: Row): string {
  const course = encodeURIComponent(row.course_id);
  const item = encodeURIComponent(row.item_id);
  return row.item_kind === 'lesson' ? `/learn/${course}/${item}` : `/student/courses/${course}/assessments/${item}`;
}

function itemOf(row: Row): StudentTodoItem {
  return {
    kind: row.item_kind === 'lesson' ? 'lesson' : row.assessment_kind === 'assignment' ? 'assignment' : 'assessment',
    itemId: row.item_id,
    title: row.title,
    classId: row.class_id,
    className: row.class_name,
    courseId: row.course_id,
    courseName: row.course_title,
    dueAt: row.due_at === null ? null : new Date(row.due_at).toISOString(),
    late: row.section === 'overdue',
    extended: Boolean(row.extended),
    href: hrefOf(row),
  };
}

/**
 * A student's to-do across all their classes and courses (issue 49, ADR 057) in one statement, whatever the number
 * of classes, assignments or courses: each section's first TODO_SECTION_LIMIT rows and its count, the course's next
 * lesson of each course in progress, and the mistake cards due by the end of the student's day in their time zone.
 * Due dates follow lib/learner-window.ts: the assignment's date, else the assessment's, moved by the learner's
 * extension (the one for that assignment, else their class-wide one).
 */
export function createTodoService(db: Db, clock: () => number, feeds: TodoFeeds = {}) {
  const kept = keptTodos(feeds);
  /** The to-do as the database answers it now, with what keeping it needs. */
  async function read(studentId: string, at: number): Promise<KeptTodo> {
    const now = new Date(at).toISOString();
    const limit = TODO_SECTION_LIMIT;
    const result = await db.execute(sql`
        with bounds as (
          select ${now}::timestamptz as now_at,
            (date_trunc('day', ${now}::timestamptz at time zone z.tz) + interval '1 day') at time zone z.tz as day_end
          from (select coalesce((select time_zone from users where id = ${studentId}), ${zoneOrDefault(null)}) as tz) z
        ),
        work as (
          select a.id, a.class_id, c.name as class_name, ci.id as item_id, ci.kind as item_kind,
            s.kind as assessment_kind, ci.title, co.id as course_id, co.title as course_title, m.joined_at,
            coalesce(a.due_at, s.due_at) as base_due,
            coalesce(aa.due_extension_hours, ac.due_extension_hours, 0) as extension_hours
          from class_members m
          join classes c on c.id = m.class_id and c.archived_at is null
          join class_assignments a on a.class_id = m.class_id
          join course_items ci on ci.id = a.item_id
          join courses co on co.id = ci.course_id
          left join assessments s on s.item_id = a.item_id
          left join accommodations aa on aa.assignment_id = a.id and aa.student_id = m.student_id
          left join accommodations ac on ac.class_id = m.class_id and ac.assignment_id is null
            and ac.student_id = m.student_id
          where m.student_id = ${studentId}
            and (a.whole_class or exists (
              select 1 from class_assignment_learners l where l.assignment_id = a.id and l.student_id = m.student_id))
            and not exists (
              select 1 from item_completions ic where ic.student_id = m.student_id and ic.item_id = a.item_id)
        ),
        due as (
          select w.*, w.extension_hours > 0 as extended,
            w.base_due + greatest(w.extension_hours, 0) * interval '1 hour' as due_at
          from work w where w.base_due is not null
        ),
        sectioned as (
          select d.*, case
              when d.due_at < b.now_at then 'overdue'
              when d.due_at < b.day_end then 'today'
              when d.due_at < b.now_at + interval '7 days' then 'week'
            end as section
          from due d, bounds b
          -- Work due before the learner joined the class is never missing for them (ADR 048).
          where not (d.due_at < b.now_at and d.joined_at > d.due_at)
        ),
        ranked as (
          select s.*, row_number() over (partition by s.section order by s.due_at, s.title, s.id) as n
          from sectioned s where s.section is not null
        ),
        started as (
          select e.course_id, e.last_item_id, e.last_activity_at, co.title as course_title
          from enrolments e join courses co on co.id = e.course_id and co.status = 'published'
          where e.student_id = ${studentId} and e.status = 'active'
            and (e.last_item_id is not null or e.completed_items > 0)
        ),
        continuing as (
          select st.*, row_number() over (order by st.last_activity_at desc, st.course_id) as n
          from (select * from started order by last_activity_at desc, course_id limit ${limit}) st
        ),
        next_items as (
          select k.course_id, k.course_title, k.n, nx.id as item_id, nx.kind as item_kind, nx.assessment_kind,
            nx.title
          from continuing k
          cross join lateral (
            select ci.id, ci.kind, ci.title, s.kind as assessment_kind
            from course_items ci
            join course_sections cs on cs.id = ci.section_id
            left join assessments s on s.item_id = ci.id
            where ci.course_id = k.course_id and ci.published
              and not exists (
                select 1 from item_completions ic where ic.student_id = ${studentId} and ic.item_id = ci.id)
            order by ci.id = k.last_item_id desc, cs.position, ci.position
            limit 1) nx
        )
        select (select day_end from bounds) as day_end,
          (select json_agg(r order by r.section_order, r.n) from (
            select section, case section when 'overdue' then 0 when 'today' then 1 else 2 end as section_order, n,
              item_id, item_kind, assessment_kind, title, class_id, class_name, course_id, course_title,
              due_at, extended
            from ranked where n <= ${limit}
            union all
            select 'continue', 3, n, item_id, item_kind, assessment_kind, title, null, null, course_id, course_title,
              null, false
            from next_items) r) as rows,
          (select json_object_agg(section, total) from (
            select section, count(*) as total from ranked group by section
            union all
            select 'continue', count(*) from started) c) as counts,
          (select count(*) from mistake_cards mc, bounds b
            where mc.student_id = ${studentId} and mc.due < b.day_end) as review,
          -- Until when the sections hold: the next due date to pass or to come within the week, the end of the day.
          -- (Work due at t is overdue from just after t: the answer holds until t + 1 ms, exclusive.)
          (select least(max(b.day_end), min(d.due_at) filter (where d.due_at >= b.now_at) + interval '1 millisecond',
              min(d.due_at - interval '7 days') filter (where d.due_at - interval '7 days' >= b.now_at)
                + interval '1 millisecond')
            from bounds b left join due d on true) as holds_until,
          -- What a change must name to drop the kept answer: every class of the student's, every course it reads.
          (select json_agg(distinct m.class_id) from class_members m where m.student_id = ${studentId}) as class_ids,
          (select json_agg(distinct c.course_id) from (
            select course_id from work union all select course_id from started) c) as course_ids`);
    const frame = (result as unknown as { rows: Frame[] }).rows[0]!;
    const rows = json<Row[]>(frame.rows) ?? [];
    const counts = json<Record<string, number>>(frame.counts) ?? {};
    const section = (name: Section) => {
      const items = rows.filter((row) => row.section === name).map(itemOf);
      const total = Number(counts[name] ?? 0);
      // A course in progress with nothing left to open is not listed: `more` counts the courses beyond the limit.
      const listed = name === 'continue' ? Math.min(total, TODO_SECTION_LIMIT) : items.length;
      return { items, more: Math.max(0, total - listed) };
    };
    const todo: StudentTodo = {
      overdue: section('overdue'),
      today: section('today'),
      week: section('week'),
      continue: section('continue'),
      review: { dueToday: Number(frame.review), href: '/student/practice' },
      dayEndsAt: new Date(frame.day_end).toISOString(),
    };
    return {
      todo,
      holdsUntil: new Date(frame.holds_until).getTime(),
      classIds: json<string[]>(frame.class_ids) ?? [],
      courseIds: json<string[]>(frame.course_ids) ?? [],
      bytes: JSON.stringify(todo).length,
    };
  }
  return {
    async student(studentId: string): Promise<StudentTodo> {
      const now = clock();
      if (!kept) return (await read(studentId, now)).todo;
      return kept.get(studentId, now, () => read(studentId, now));
    },
    stop: () => kept?.stop(),
  };
}

export type TodoService = ReturnType<typeof createTodoService>;
