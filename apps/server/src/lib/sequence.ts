import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.js';

/** The item a student must complete first (sequential mode, ADR 029). */
export interface SequenceBlocker {
  id: string;
  title: string;
}

/**
 * Sequential mode (ADR 029), as one query: the first required published item before the item `item` (outline
 * order: section position, then item position) that the student has not completed. No row when the item is open
 * to them: every earlier required item done, the course not sequential, or the item a free preview. `item` and
 * `course` are SQL expressions, so a statement on attempts can ask it of its own row. In lib/ so that the
 * curriculum (lessons, completions) and the assessments (starting, every attempt route) ask the same rule;
 * callers decide who is exempt (the course's authors are never locked).
 */
export function sequenceBlockerQuery(item: SQL, course: SQL, studentId: string): SQL {
  return sql`
    select i.id, i.title
    from course_items t
    join courses co on co.id = t.course_id and co.sequential
    join course_sections ts on ts.id = t.section_id
    join course_items i on i.course_id = t.course_id
    join course_sections s on s.id = i.section_id
    left join item_completions c on c.item_id = i.id and c.student_id = ${studentId}::uuid
    where t.id = ${item} and t.course_id = ${course} and not t.preview
      and i.published and i.required and c.item_id is null
      and (s.position, s.id, i.position, i.id) < (ts.position, ts.id, t.position, t.id)
    order by s.position, s.id, i.position, i.id
    limit 1`;
}

const rowsOf = (result: unknown) => (result as { rows: SequenceBlocker[] }).rows;

/** The item the student must complete before `itemId` of `courseId`, or undefined when it is open to them. */
export async function sequenceBlocker(
  executor: Db,
  courseId: string,
  itemId: string,
  studentId: string,
): Promise<SequenceBlocker | undefined> {
  return rowsOf(
    await executor.execute(sequenceBlockerQuery(sql`${itemId}::uuid`, sql`${courseId}::uuid`, studentId)),
  )[0];
}

/**
 * The same for the assessment of an attempt, read through the attempt when it is the student's (undefined for
 * anyone else's attempt: its routes answer 404 for that).
 */
export async function attemptSequenceBlocker(
  executor: Db,
  attemptId: string,
  studentId: string,
): Promise<SequenceBlocker | undefined> {
  return rowsOf(
    await executor.execute(sql`
      select b.id, b.title from attempts a
      cross join lateral (${sequenceBlockerQuery(sql`a.assessment_id`, sql`a.course_id`, studentId)}) b
      where a.id = ${attemptId}::uuid and a.student_id = ${studentId}::uuid`),
  )[0];
}
