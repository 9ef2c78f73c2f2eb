import { sql } from 'drizzle-orm';
import { classDueReminders } from '#db/schema/index.js';
import { raiseEvent } from '#lib/events.js';
import type { JobRunner } from '#lib/jobs.js';
import { learnerWindow } from '#lib/learner-window.js';
import type { ClassContext } from './context.js';
import { rowsOf } from './rows.js';

/** "Due in 24 hours": the reminder's horizon (the to-do list's "due soon" is DUE_SOON_HOURS, a longer view). */
const REMINDER_HOURS = 24;

/** The reminders of a due date: a job that tells each learner once, a day before their own due date. */
export function createDueReminders({ db, now }: ClassContext) {
  /**
   * "Due in 24 hours and not handed in" (ADR 027): the learners whose own due date (the assignment's or the
   * assessment's, moved by their accommodation — lib/learner-window.ts) falls within the next 24 hours, who have
   * neither completed the item nor submitted an attempt, and were not reminded yet. The reminder row's key makes
   * each (assignment, learner) reminded once, by whichever process gets there first; the event is raised in the
   * same transaction. At most `batch` learners per run (the next slot takes the rest).
   */
  async function remindDueSoon(batch = 2000): Promise<number> {
    const at = now();
    const until = new Date(at.getTime() + REMINDER_HOURS * 3_600_000);
    return db.transaction(async (tx) => {
      const rows = rowsOf<{
        assignment_id: string;
        student_id: string;
        class_id: string;
        class_name: string;
        title: string;
        due_at: Date | string | null;
        base_due_at: Date | string | null;
        ext_hours: number | string;
      }>(
        await tx.execute(sql`
          select a.id as assignment_id, m.student_id, c.id as class_id, c.name as class_name, ci.title,
            a.due_at, s.due_at as base_due_at,
            coalesce(aa.due_extension_hours, ac.due_extension_hours, 0) as ext_hours
          from class_assignments a
          join classes c on c.id = a.class_id and c.archived_at is null
          join class_members m on m.class_id = a.class_id
          join course_items ci on ci.id = a.item_id
          left join assessments s on s.item_id = a.item_id
          left join accommodations aa on aa.assignment_id = a.id and aa.student_id = m.student_id
          left join accommodations ac on ac.class_id = m.class_id and ac.assignment_id is null
            and ac.student_id = m.student_id
          where coalesce(a.due_at, s.due_at) + make_interval(hours => coalesce(aa.due_extension_hours,
              ac.due_extension_hours, 0)) between ${at.toISOString()}::timestamptz and ${until.toISOString()}::timestamptz
            and (a.whole_class or exists (
              select 1 from class_assignment_learners l where l.assignment_id = a.id and l.student_id = m.student_id))
            and not exists (select 1 from class_due_reminders r
              where r.assignment_id = a.id and r.student_id = m.student_id)
            and not exists (select 1 from item_completions ic
              where ic.student_id = m.student_id and ic.item_id = a.item_id)
            and not exists (select 1 from attempts t
              where t.assessment_id = a.item_id and t.student_id = m.student_id and t.status <> 'in_progress')
          order by 1, 2
          limit ${batch}`),
      );
      const due = rows.flatMap((r) => {
        const window = learnerWindow({
          assessment: {
            opensAt: null,
            dueAt: r.base_due_at === null ? null : new Date(r.base_due_at),
            closesAt: null,
            timeLimitMinutes: null,
          },
          learner: { studentId: r.student_id },
          assignment: r.due_at === null ? {} : { dueAt: new Date(r.due_at) },
          accommodation: { dueExtensionMinutes: Number(r.ext_hours) * 60 },
        });
        return window.dueAt && window.dueAt >= at && window.dueAt <= until ? [{ ...r, dueAt: window.dueAt }] : [];
      });
      if (due.length === 0) return 0;
      const claimed = await tx
        .insert(classDueReminders)
        .values(due.map((r) => ({ assignmentId: r.assignment_id, studentId: r.student_id })))
        .onConflictDoNothing()
        .returning({ assignmentId: classDueReminders.assignmentId, studentId: classDueReminders.studentId });
      const mine = new Set(claimed.map((c) => `${c.assignmentId}:${c.studentId}`));
      // One event per assignment and due date: the learners of one assignment share the text.
      const groups = new Map<string, { recipients: string[]; row: (typeof due)[number] }>();
      for (const r of due) {
        if (!mine.has(`${r.assignment_id}:${r.student_id}`)) continue;
        const key = `${r.assignment_id}:${r.dueAt.toISOString()}`;
        const group = groups.get(key) ?? { recipients: [], row: r };
        group.recipients.push(r.student_id);
        groups.set(key, group);
      }
      for (const { recipients, row } of groups.values()) {
        await raiseEvent(tx, {
          type: 'class.due_soon',
          recipients,
          data: {
            classId: row.class_id,
            className: row.class_name,
            itemTitle: row.title,
            dueAt: row.dueAt.toISOString(),
          },
        });
      }
      return claimed.length;
    });
  }

  return {
    remindDueSoon,

    /** The due-soon reminders run on the job runner every 15 minutes, once per slot across processes. */
    registerJobs(runner: JobRunner): void {
      runner.registerSchedule('classes.due-soon', 15 * 60_000, async () => {
        await remindDueSoon();
      });
    },
  };
}
