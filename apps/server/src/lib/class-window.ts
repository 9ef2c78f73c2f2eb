import type { Accommodation } from '@lyceum/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import type { WindowInput } from './learner-window.js';

interface Row extends Record<string, unknown> {
  opens_at: Date | string | null;
  due_at: Date | string | null;
  closes_at: Date | string | null;
  assigned: boolean;
  extra_time_factor: string | number | null;
  extra_time_minutes: number | null;
  due_extension_hours: number | null;
  extra_attempts: number | null;
  acc_assignment_id: string | null;
}

const date = (value: Date | string | null) => (value === null ? null : new Date(value));

/** A stored accommodation as the window function's input. */
export function accommodationInput(acc: Accommodation | null): WindowInput['accommodation'] {
  if (!acc) return undefined;
  return {
    ...(acc.extraTimeFactor ? { extraTimeFactor: acc.extraTimeFactor } : {}),
    ...(acc.extraTimeMinutes ? { extraMinutes: acc.extraTimeMinutes } : {}),
    dueExtensionMinutes: acc.dueExtensionHours * 60,
    extraAttempts: acc.extraAttempts,
  };
}

/** The query behind classWindowInput for the item `item` and the student (a value or an SQL expression). */
function windowQuery(item: SQL, studentId: string | SQL): SQL {
  return sql`
    with assigned as (
      select a.id, a.class_id, a.opens_at, a.due_at, a.closes_at
      from class_assignments a
      join class_members m on m.class_id = a.class_id and m.student_id = ${studentId}
      where a.item_id = ${item}
        and (a.whole_class or exists (
          select 1 from class_assignment_learners l where l.assignment_id = a.id and l.student_id = ${studentId}))
      order by a.due_at desc nulls first, a.created_at desc
      limit 1
    ),
    fallback_class as (
      select m.class_id from class_members m
      join class_courses cc on cc.class_id = m.class_id
      join course_items ci on ci.course_id = cc.course_id and ci.id = ${item}
      where m.student_id = ${studentId}
      order by m.joined_at
      limit 1
    ),
    acc as (
      select x.* from accommodations x, assigned a
      where x.assignment_id = a.id and x.student_id = ${studentId}
      union all
      select x.* from accommodations x
      where x.assignment_id is null and x.student_id = ${studentId}
        and x.class_id = coalesce((select class_id from assigned), (select class_id from fallback_class))
    )
    select a.opens_at, a.due_at, a.closes_at, a.id is not null as assigned,
      acc.extra_time_factor, acc.extra_time_minutes, acc.due_extension_hours, acc.extra_attempts,
      acc.assignment_id as acc_assignment_id
    from (select 1) one
    left join assigned a on true
    left join lateral (select * from acc order by assignment_id nulls last limit 1) acc on true`;
}

/**
 * What the learner's classes add to their window for a course item (ADR 028), in one query: the dates of the
 * assignment of the item to them (the latest-due one when two classes assign it), and their accommodation — the
 * one for that assignment, else the class-wide one of that class, else (not assigned) the class-wide one of a
 * class that follows the item's course. Nothing when the learner has none.
 */
export async function classWindowInput(
  db: Db,
  itemId: string,
  studentId: string,
): Promise<Pick<WindowInput, 'assignment' | 'accommodation'> & { accommodation?: WindowInput['accommodation'] }> {
  const result = await db.execute<Row>(windowQuery(sql`${itemId}::uuid`, studentId));
  const row = (result as unknown as { rows: Row[] }).rows[0];
  return row ? inputOf(row) : {};
}

/** One row of windowQuery as the window function's input. */
function inputOf(row: Row): Pick<WindowInput, 'assignment' | 'accommodation'> {
  // An assignment's date that is not set leaves the assessment's in place.
  const assignment = row.assigned
    ? Object.fromEntries(
        (
          [
            ['opensAt', date(row.opens_at)],
            ['dueAt', date(row.due_at)],
            ['closesAt', date(row.closes_at)],
          ] as const
        ).filter(([, value]) => value !== null),
      )
    : undefined;
  const accommodation =
    row.due_extension_hours === null
      ? undefined
      : accommodationInput({
          assignmentId: row.acc_assignment_id,
          extraTimeFactor: row.extra_time_factor === null ? null : Number(row.extra_time_factor),
          extraTimeMinutes: row.extra_time_minutes,
          dueExtensionHours: Number(row.due_extension_hours),
          extraAttempts: Number(row.extra_attempts ?? 0),
        });
  return { ...(assignment ? { assignment } : {}), ...(accommodation ? { accommodation } : {}) };
}

/**
 * classWindowInput for many items of one learner in one statement (the same query per item, laterally): My
 * grades asks it for every assessment of a course at once. Items without anything from classes are left out.
 */
export async function classWindowInputs(
  db: Db,
  itemIds: readonly string[],
  studentId: string,
): Promise<Map<string, Pick<WindowInput, 'assignment' | 'accommodation'>>> {
  const found = new Map<string, Pick<WindowInput, 'assignment' | 'accommodation'>>();
  if (itemIds.length === 0) return found;
  const list = sql.join(
    itemIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const result = await db.execute<Row & { item_id: string }>(sql`
    select i.item_id, w.* from unnest(array[${list}]) as i(item_id)
    cross join lateral (${windowQuery(sql`i.item_id`, studentId)}) w`);
  for (const row of (result as unknown as { rows: (Row & { item_id: string })[] }).rows) {
    const input = inputOf(row);
    if (input.assignment || input.accommodation) found.set(row.item_id, input);
  }
  return found;
}

/**
 * classWindowInput for one item and many learners in one statement (the same query per learner, laterally): a
 * release asks it for every student who attempted the assessment (ADR 046). Learners without anything from classes
 * are left out.
 */
export async function classWindowInputsOfStudents(
  db: Db,
  itemId: string,
  studentIds: readonly string[],
): Promise<Map<string, Pick<WindowInput, 'assignment' | 'accommodation'>>> {
  const found = new Map<string, Pick<WindowInput, 'assignment' | 'accommodation'>>();
  if (studentIds.length === 0) return found;
  const list = sql.join(
    studentIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const result = await db.execute<Row & { student_id: string }>(sql`
    select s.student_id, w.* from unnest(array[${list}]) as s(student_id)
    cross join lateral (${windowQuery(sql`${itemId}::uuid`, sql`s.student_id`)}) w`);
  for (const row of (result as unknown as { rows: (Row & { student_id: string })[] }).rows) {
    const input = inputOf(row);
    if (input.assignment || input.accommodation) found.set(row.student_id, input);
  }
  return found;
}
