import type { Progress } from '@lyceum/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';

interface ProgressRow extends Record<string, unknown> {
  student_id: string;
  status: 'active' | 'completed';
  progress_percent: number;
  completed_items: number;
  total_items: number;
  completed_at: Date | string | null;
}

export interface StudentProgress extends Progress {
  studentId: string;
}

function toProgress(row: ProgressRow): StudentProgress {
  const completedAt = row.completed_at === null ? null : new Date(row.completed_at).toISOString();
  return {
    studentId: row.student_id,
    status: row.status,
    percent: Number(row.progress_percent),
    completedItems: Number(row.completed_items),
    totalItems: Number(row.total_items),
    completedAt,
  };
}

/**
 * THE progress function (DESIGN §10, docs/decisions/017-curriculum-schema-and-progress.md). Recomputes the
 * enrolments of a course — all of them, or one student's — from the published required items and the
 * completions, and writes the result to the enrolment in the same statement:
 *
 * - percent = floor(100 × completed required published items / required published items);
 * - when every required published item is completed, the enrolment becomes completed with today's date;
 * - a completed enrolment stays completed with its date, whatever the curriculum later becomes;
 * - a course without required published items keeps the student's own word (0, or 100 once marked completed).
 *
 * Call it inside the transaction that changed a completion or the published curriculum; every screen reads the
 * enrolment columns it writes. One statement, whatever the number of enrolments (no per-row queries).
 */
export async function refreshProgress(executor: Db, courseId: string, studentId?: string): Promise<StudentProgress[]> {
  const oneStudent = studentId ? sql`and e2.student_id = ${studentId}` : sql``;
  const doneFilter = studentId ? sql`and ic.student_id = ${studentId}` : sql``;
  const result = (await executor.execute(sql`
    with total as (
      select count(*)::int as n from course_items
      where course_id = ${courseId} and published and required
    ),
    done as (
      select ic.student_id, count(*)::int as n
      from item_completions ic
      join course_items ci on ci.id = ic.item_id
      where ci.course_id = ${courseId} and ci.published and ci.required ${doneFilter}
      group by ic.student_id
    ),
    computed as (
      select e2.id, t.n as total, least(coalesce(d.n, 0), t.n) as done,
             e2.status = 'completed' as was_completed
      from enrolments e2
      cross join total t
      left join done d on d.student_id = e2.student_id
      where e2.course_id = ${courseId} ${oneStudent}
    )
    update enrolments e set
      total_items = c.total,
      completed_items = c.done,
      progress_percent = case
        when c.total = 0 then case when c.was_completed then 100 else 0 end
        else (100 * c.done) / c.total
      end,
      status = case when c.was_completed or (c.total > 0 and c.done = c.total) then 'completed' else 'active' end,
      completed_at = case
        when c.was_completed then e.completed_at
        when c.total > 0 and c.done = c.total then now()
        else null
      end,
      updated_at = case
        when e.total_items is distinct from c.total or e.completed_items is distinct from c.done then now()
        else e.updated_at
      end
    from computed c
    where e.id = c.id
    returning e.student_id, e.status, e.progress_percent, e.completed_items, e.total_items, e.completed_at`)) as unknown as {
    rows: ProgressRow[];
  };
  return result.rows.map(toProgress);
}

/** An enrolment's stored progress, as the API shows it. */
export function progressOf(row: {
  status: 'active' | 'completed';
  progressPercent: number;
  completedItems: number;
  totalItems: number;
  completedAt: Date | null;
}): Progress {
  return {
    status: row.status,
    percent: row.progressPercent,
    completedItems: row.completedItems,
    totalItems: row.totalItems,
    completedAt: row.completedAt?.toISOString() ?? null,
  };
}
