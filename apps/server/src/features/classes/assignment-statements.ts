import type { Assignment, AssignmentLearnerStatus } from '@lyceum/contract';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { classAssignments } from '#db/schema/index.js';
import { boundedPage, cappedPageResult, type Paging } from '#lib/pages.js';
import type { ClassContext } from './context.js';
import { iso, nameOf, rowsOf } from './rows.js';

/*
 * The statements of the assignments page and of an assignment's lists of learners: who each learner of an
 * assignment is, where they stand, and the counts over them (ADR 048), with the row mappers.
 */

/** An accommodated learner of an assignment, as the assignments page's statement returns them (JSON). */
interface AccommodatedRow {
  studentId: string;
  firstname: string;
  lastname: string;
  assignmentId: string | null;
  extraTimeFactor: string | number | null;
  extraTimeMinutes: number | null;
  dueExtensionHours: number;
  extraAttempts: number;
}

/** An assignment of the page with its counts, as `assignmentPageStatement` returns it. */
interface AssignmentPageRow {
  id: string;
  item_id: string;
  kind: 'lesson' | 'assessment';
  title: string;
  course_id: string;
  course_title: string;
  whole_class: boolean;
  opens_at: Date | string | null;
  due_at: Date | string | null;
  closes_at: Date | string | null;
  learners: number | null;
  done: number | null;
  late: number | null;
  missing: number | null;
  accommodated: number | null;
  next_due: Date | string | null;
  accs: string | AccommodatedRow[] | null;
}

/**
 * The CTEs `t` (each learner of the assignments in `a`, with when they joined the class) and `x` (where each stands:
 * when they turned it in and their own due date). A learner who joined the class after their due date has none for
 * it (ADR 048): not missing, and not late whenever they turn it in.
 */
function learnerStates(classId: string) {
  return sql`
    t as (
      select a.id as assignment_id, m.student_id, m.joined_at from a
      join class_members m on m.class_id = ${classId}
      where a.whole_class
      union all
      select a.id, l.student_id, m.joined_at from a
      join class_assignment_learners l on l.assignment_id = a.id
      join class_members m on m.class_id = ${classId} and m.student_id = l.student_id
      where not a.whole_class
    ),
    x as materialized (
      -- Submitted: an assessment's first submitted attempt, a lesson's completion. The due date is the
      -- learner window's (lib/learner-window.ts): the assignment's, else the assessment's, moved by the
      -- learner's extension (the assignment's accommodation, else the class-wide one); none for a learner who
      -- joined after it.
      -- Materialised, so each learner's submission is looked up once (not once per count that reads it),
      -- and looked up by key (lateral, limit 1): the completions are never hashed whole.
      select t.assignment_id, t.student_id,
        case when s.item_id is not null then fs.submitted_at else ic.completed_at end as completed_at,
        case when t.joined_at > d.due then null else d.due end as due,
        (aa.id is not null or ac.id is not null) as accommodated
      from t
      join a on a.id = t.assignment_id
      left join assessments s on s.item_id = a.item_id
      left join lateral (
        select min(sa.submitted_at) as submitted_at from attempts sa
        where s.item_id is not null and sa.student_id = t.student_id and sa.assessment_id = a.item_id
          and sa.status <> 'in_progress' and sa.submitted_at is not null
      ) fs on true
      left join lateral (
        select ic.completed_at from item_completions ic
        where s.item_id is null and ic.student_id = t.student_id and ic.item_id = a.item_id
        limit 1
      ) ic on true
      left join accommodations aa on aa.assignment_id = a.id and aa.student_id = t.student_id
      left join accommodations ac on ac.class_id = ${classId} and ac.assignment_id is null
        and ac.student_id = t.student_id
      cross join lateral (
        select coalesce(a.due_at, s.due_at)
          + make_interval(hours => coalesce(aa.due_extension_hours, ac.due_extension_hours, 0)) as due
      ) d
    )`;
}

/**
 * The statement of one page of assignments with their counts and who has an accommodation (at most 10 per
 * assignment), whatever the page size. The page's assignments are chosen on class_assignments_class_due_idx with an
 * OFFSET bounded by the cap; the counts are taken for those only. One SQL text of ~100 lines: its CTEs read in order.
 */
function assignmentPageStatement(
  classId: string,
  page: { limit: number; offset: number; at: Date },
  onlyId?: string,
  access?: SQL,
) {
  const { limit, offset, at } = page;
  return sql`
    with a as (
      select a.id, a.item_id, a.whole_class, a.opens_at, a.due_at, a.closes_at, a.created_at
      from class_assignments a
      where a.class_id = ${classId} ${onlyId ? sql`and a.id = ${onlyId}` : sql``}
        ${access ? sql`and ${access}` : sql``}
      order by a.due_at asc nulls last, a.created_at desc nulls last, a.id
      limit ${limit} offset ${offset}
    ),
    ${learnerStates(classId)},
    counted as materialized (
      select assignment_id, count(*)::int as learners, count(completed_at)::int as done,
        (count(*) filter (where completed_at > due))::int as late,
        (count(*) filter (where completed_at is null and due < ${at.toISOString()}))::int as missing,
        (count(*) filter (where accommodated))::int as accommodated,
        min(due) filter (where completed_at is null and due >= ${at.toISOString()}) as next_due
      from x group by assignment_id
    ),
    k as (
      -- The page's accommodated learners, found from the accommodations (few), not from every member:
      -- the assignment's own accommodation, else the class-wide one.
      select a.id as assignment_id, m.student_id, coalesce(aa.id, ac.id) as acc_id
      from a
      join lateral (
        select aa.student_id from accommodations aa where aa.assignment_id = a.id
        union
        select ac.student_id from accommodations ac where ac.class_id = ${classId} and ac.assignment_id is null
      ) who on true
      join class_members m on m.class_id = ${classId} and m.student_id = who.student_id
      left join accommodations aa on aa.assignment_id = a.id and aa.student_id = m.student_id
      left join accommodations ac on ac.class_id = ${classId} and ac.assignment_id is null
        and ac.student_id = m.student_id
      where a.whole_class or exists (
        select 1 from class_assignment_learners l where l.assignment_id = a.id and l.student_id = m.student_id)
    ),
    r as (
      -- Who has which accommodation, at most 10 per assignment of the page.
      select k.assignment_id, u.id as student_id, u.firstname, u.lastname, k.acc_id,
        row_number() over (partition by k.assignment_id order by u.lastname, u.firstname, u.id) as n
      from k
      join users u on u.id = k.student_id
    )
    select a.id, a.item_id, ci.kind, ci.title, co.id as course_id, co.title as course_title, a.whole_class,
           a.opens_at, a.due_at, a.closes_at, c.learners, c.done, c.late, c.missing, c.accommodated,
           c.next_due,
           (select json_agg(json_build_object('studentId', r.student_id, 'firstname', r.firstname,
                     'lastname', r.lastname, 'assignmentId', x.assignment_id,
                     'extraTimeFactor', x.extra_time_factor, 'extraTimeMinutes', x.extra_time_minutes,
                     'dueExtensionHours', x.due_extension_hours, 'extraAttempts', x.extra_attempts)
                     order by r.n)
              from r join accommodations x on x.id = r.acc_id
             where r.assignment_id = a.id and r.n <= 10) as accs
    from a
    join course_items ci on ci.id = a.item_id
    join courses co on co.id = ci.course_id
    left join counted c on c.assignment_id = a.id
    order by a.due_at asc nulls last, a.created_at desc nulls last, a.id`;
}

/** A learner of one assignment's list, as `assignmentLearnersStatement` returns it (JSON). */
export interface AssignmentLearnerRow {
  studentId: string;
  firstname: string;
  lastname: string;
  email: string;
  status: AssignmentLearnerStatus;
  due: string | null;
  completedAt: string | null;
}

/**
 * One statement for a page of one of an assignment's lists (turned in, assigned, missing; or all) by name: whether the caller
 * teaches the class and the assignment is the class's (else 404), the list's count and the page's learners as JSON.
 * Each learner's standing is `learnerStates`', as the counts on the assignments page.
 */
export function assignmentLearnersStatement(
  classId: string,
  assignmentId: string,
  query: { status: AssignmentLearnerStatus | undefined; limit: number; offset: number; at: Date },
  access: SQL,
) {
  const at = query.at.toISOString();
  return sql`
    with a as (
      select a.id, a.item_id, a.whole_class, a.due_at from class_assignments a
      where a.class_id = ${classId} and a.id = ${assignmentId} and ${access}
    ),
    ${learnerStates(classId)},
    listed as (
      select x.student_id, x.completed_at, x.due,
        case when x.completed_at is not null then 'turned-in'
             when x.due < ${at} then 'missing' else 'assigned' end as status
      from x
    ),
    chosen as (
      select l.*, u.firstname, u.lastname, u.email from listed l join users u on u.id = l.student_id
      ${query.status ? sql`where l.status = ${query.status}` : sql``}
    )
    select exists (select 1 from a) as found, (select count(*)::int from chosen) as total,
      (select json_agg(json_build_object('studentId', p.student_id, 'firstname', p.firstname,
          'lastname', p.lastname, 'email', p.email, 'status', p.status, 'due', p.due,
          'completedAt', p.completed_at) order by p.lastname, p.firstname, p.student_id)
         from (select * from chosen order by lastname, firstname, student_id
               limit ${query.limit} offset ${query.offset}) p) as rows`;
}

function toAssignment(r: AssignmentPageRow): Assignment {
  const accs = (typeof r.accs === 'string' ? (JSON.parse(r.accs) as AccommodatedRow[]) : r.accs) ?? [];
  return {
    id: r.id,
    itemId: r.item_id,
    itemKind: r.kind,
    title: r.title,
    courseId: r.course_id,
    courseTitle: r.course_title,
    wholeClass: r.whole_class,
    learnerCount: Number(r.learners ?? 0),
    opensAt: iso(r.opens_at),
    dueAt: iso(r.due_at),
    closesAt: iso(r.closes_at),
    doneCount: Number(r.done ?? 0),
    lateCount: Number(r.late ?? 0),
    missingCount: Number(r.missing ?? 0),
    accommodatedCount: Number(r.accommodated ?? 0),
    accommodations: accs.map((acc) => ({
      studentId: acc.studentId,
      name: nameOf(acc),
      accommodation: {
        assignmentId: acc.assignmentId,
        extraTimeFactor: acc.extraTimeFactor === null ? null : Number(acc.extraTimeFactor),
        extraTimeMinutes: acc.extraTimeMinutes,
        dueExtensionHours: acc.dueExtensionHours,
        extraAttempts: acc.extraAttempts,
      },
    })),
  };
}

/**
 * One page of assignments (assignmentPageStatement), beside the frame's statement (access, capped count) when
 * `access` is given (ADR 019).
 */
export async function assignmentPage(
  { db, now, listFrame, countOf }: ClassContext,
  classId: string,
  paging: Paging,
  onlyId?: string,
  access?: SQL,
) {
  const where = onlyId
    ? and(eq(classAssignments.classId, classId), eq(classAssignments.id, onlyId))
    : eq(classAssignments.classId, classId);
  const { limit, offset } = boundedPage(paging);
  const at = now();
  const [rows, total] = await Promise.all([
    db
      .execute(assignmentPageStatement(classId, { limit, offset, at }, onlyId, access))
      .then((result) => rowsOf<AssignmentPageRow>(result)),
    access
      ? listFrame(
          access,
          db
            .select({ one: sql`1` })
            .from(classAssignments)
            .where(where),
        )
      : countOf(
          db
            .select({ one: sql`1` })
            .from(classAssignments)
            .where(where),
        ),
  ]);
  const items = rows.map(toAssignment);
  const dues = rows.flatMap((r) => (r.next_due === null ? [] : [new Date(r.next_due).getTime()]));
  // The counts hold until the next due date passes for a learner who has not done the work (then missing).
  return { page: cappedPageResult(items, paging, total), changesAt: Math.min(Infinity, ...dues) };
}
