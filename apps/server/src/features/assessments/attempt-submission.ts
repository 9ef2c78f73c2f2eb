import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '#db/client.js';
import { attempts } from '#db/schema/index.js';
import { assessmentRow, GRACE_MS, tx } from './assessment-shared.js';
import { finalizeAttempt, gradeAnswers, type AttemptRow } from './grading.js';

/** Submitting an attempt: by its student (attempt-taking.ts), on a late read, or by the job once it is overdue. */

/** Submits a locked in-progress attempt: grades every saved answer, totals, completion. */
export async function submitLocked(t: Db, attempt: AttemptRow, at: Date, auto: boolean): Promise<AttemptRow> {
  const { assessment } = await assessmentRow(t, attempt.assessmentId);
  await gradeAnswers(t, attempt);
  // An attempt that ran out of time ends at its deadline: that is when its answers froze.
  const overdue = attempt.deadlineAt !== null && at.getTime() > attempt.deadlineAt.getTime() + GRACE_MS;
  const submittedAt = overdue ? attempt.deadlineAt! : at;
  return finalizeAttempt(t, attempt, assessment, submittedAt, { autoSubmitted: auto || overdue });
}

/** An in-progress attempt past its deadline + grace is submitted now (as the job would), before anything reads it. */
export async function settleIfOverdue(db: Db, attempt: AttemptRow, at: Date): Promise<AttemptRow> {
  if (
    attempt.status !== 'in_progress' ||
    !attempt.deadlineAt ||
    at.getTime() <= attempt.deadlineAt.getTime() + GRACE_MS
  )
    return attempt;
  return db.transaction(async (txn) => {
    const t = tx(txn);
    const [locked] = await t.select().from(attempts).where(eq(attempts.id, attempt.id)).for('update');
    if (!locked || locked.status !== 'in_progress') return locked ?? attempt;
    return submitLocked(t, locked, at, true);
  });
}

/**
 * Submits every in-progress attempt past its deadline + grace with what was saved (issue 16 §5). Safe from
 * several processes at once: each attempt is claimed with FOR UPDATE SKIP LOCKED and re-checked inside its
 * transaction, so one process submits it and the others skip it. Returns the ids it submitted.
 */
export async function autoSubmitOverdueAttempts(db: Db, at: Date, batch = 200): Promise<string[]> {
  const cutoff = new Date(at.getTime() - GRACE_MS);
  const submitted: string[] = [];
  for (;;) {
    const due = await db
      .select({ id: attempts.id })
      .from(attempts)
      .where(
        and(
          eq(attempts.status, 'in_progress'),
          isNotNull(attempts.deadlineAt),
          sql`${attempts.deadlineAt} < ${cutoff.toISOString()}::timestamptz`,
        ),
      )
      .orderBy(asc(attempts.deadlineAt))
      .limit(batch);
    if (due.length === 0) break;
    let progressed = 0;
    for (const { id } of due) {
      const done = await db.transaction(async (txn) => {
        const t = tx(txn);
        const [locked] = await t
          .select()
          .from(attempts)
          .where(and(eq(attempts.id, id), eq(attempts.status, 'in_progress')))
          .for('update', { skipLocked: true });
        if (!locked) return false;
        await submitLocked(t, locked, at, true);
        return true;
      });
      if (done) {
        submitted.push(id);
        progressed += 1;
      }
    }
    if (progressed === 0 || due.length < batch) break;
  }
  return submitted;
}
