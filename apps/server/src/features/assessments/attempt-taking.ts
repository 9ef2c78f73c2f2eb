import {
  ASSESSMENT_LIMITS,
  ASSESSMENT_MESSAGES,
  type AttemptForStudent,
  type SaveAnswerResult,
  type SubmitAttemptResult,
} from '@lyceum/contract';
import { and, eq, inArray, not, sql } from 'drizzle-orm';
import type { SessionUser } from '#auth/guards.js';
import type { Db } from '#db/client.js';
import { attemptAnswers, attempts, questions } from '#db/schema/index.js';
import { conflict, notFound } from '#lib/errors.js';
import { sequenceBlockerQuery } from '#lib/sequence.js';
import { attemptsForAnswers } from './answer-release.js';
import { refusal, responseProblem, storedResponse } from './answer-checks.js';
import {
  ATTEMPT_NOT_FOUND,
  GRACE_MS,
  assertAttemptOpenInSequence,
  assessmentRow,
  ownAttempt,
  tx,
  type AssessmentContext,
  type QuestionRow,
} from './assessment-shared.js';
import { settleIfOverdue, submitLocked } from './attempt-submission.js';
import { attemptView, receiptOf, resultOf } from './attempt-view.js';
import { windowFor } from './grading.js';
import { createQuestionShapeCache, shapeOf, type QuestionShapeCache } from './question-shapes.js';

/** What a save's statement answers: the attempt's saves so far and its deadline (epoch ms), when it was counted. */
interface SavedRow extends Record<string, unknown> {
  saves_count: number | string;
  deadline_ms: number | string | null;
}

/** Question shapes kept for answer checks (every attempt of the process): at most this many bytes. */
const QUESTION_SHAPE_CACHE_BYTES = 8 * 1024 * 1024;

/**
 * A question of the caller's attempt, read now (its shape kept for the next saves) with its number in the
 * attempt: 404 for an attempt that is not theirs or a question it does not hold. One query.
 */
async function attemptQuestion(
  db: Db,
  shapes: QuestionShapeCache,
  user: SessionUser,
  attemptId: string,
  questionId: string,
) {
  const [row] = await db
    .select({
      questionIds: attempts.questionIds,
      question: {
        id: questions.id,
        version: questions.version,
        title: questions.title,
        type: questions.type,
        body: questions.body,
        key: questions.key,
        points: questions.points,
      },
    })
    .from(attempts)
    .leftJoin(questions, eq(questions.id, questionId))
    .where(and(eq(attempts.id, attemptId), eq(attempts.studentId, user.id)))
    .limit(1);
  if (!row) throw notFound(ATTEMPT_NOT_FOUND);
  const index = row.questionIds.indexOf(questionId);
  if (index < 0 || !row.question) throw notFound(ASSESSMENT_MESSAGES.notInAttempt);
  return { shape: shapes.set(shapeOf(row.question)), number: index + 1 };
}

/**
 * Counts a save on the attempt row where the caller may still save to this question: their attempt, in
 * progress, at or before deadline + grace, holding the question, and the question still at `version` (the one
 * the answer was checked against) when given. Locks the row: saves of one attempt and its submit take turns.
 * With a client sequence number (ADR 059), only above the one applied last for the question, which it records:
 * the condition is on the locked row itself, so a resend racing its original is re-checked after the wait.
 */
function countSave(
  user: SessionUser,
  attemptId: string,
  questionId: string,
  version: number | null,
  seq: number | null,
  when: string,
) {
  const unchanged =
    version === null
      ? sql``
      : sql`and exists (select 1 from questions q where q.id = ${questionId} and q.version = ${version})`;
  const recorded =
    seq === null ? sql`` : sql`, answer_seqs = answer_seqs || jsonb_build_object(${questionId}::text, ${seq}::bigint)`;
  const newer =
    seq === null ? sql`` : sql`and coalesce((answer_seqs ->> ${questionId}::text)::bigint, 0) < ${seq}::bigint`;
  return sql`
    update attempts set saves_count = saves_count + 1, updated_at = ${when}::timestamptz ${recorded}
    where id = ${attemptId} and student_id = ${user.id} and status = 'in_progress'
      and ${questionId}::uuid = any(question_ids)
      and not exists (${sequenceBlockerQuery(sql`attempts.assessment_id`, sql`attempts.course_id`, user.id)})
      and (deadline_at is null
        or deadline_at + make_interval(secs => ${ASSESSMENT_LIMITS.graceSeconds}) >= ${when}::timestamptz)
      ${unchanged} ${newer}
    returning saves_count, (extract(epoch from deadline_at) * 1000)::float8 as deadline_ms`;
}

/**
 * Writes an answer where countSave counts it: one statement, no transaction (the upsert sees an answer another
 * save committed while this one waited for the attempt row). Clearing an answer is the rare case: the delete
 * must run after the wait, so it is a second statement in a transaction. Answers the counted row, or undefined
 * when nothing was written.
 */
async function writeAnswer(
  db: Db,
  user: SessionUser,
  attemptId: string,
  questionId: string,
  version: number | null,
  seq: number | null,
  value: unknown,
  at: Date,
): Promise<SavedRow | undefined> {
  const when = at.toISOString();
  const rowsOf = (result: unknown) => (result as { rows: SavedRow[] }).rows;
  if (value === null)
    return db.transaction(async (txn) => {
      const t = tx(txn);
      const [counted] = rowsOf(await t.execute(countSave(user, attemptId, questionId, version, seq, when)));
      if (counted) {
        // A task's handed-in files stay when its text is cleared (uploads and removals own the file list).
        const mine = and(eq(attemptAnswers.attemptId, attemptId), eq(attemptAnswers.questionId, questionId));
        const hasFiles = sql`jsonb_array_length(coalesce(${attemptAnswers.response} -> 'files', '[]'::jsonb)) > 0`;
        await t
          .update(attemptAnswers)
          .set({
            response: sql`jsonb_build_object('html', '', 'files', ${attemptAnswers.response} -> 'files')`,
            updatedAt: at,
            version: sql`${attemptAnswers.version} + 1`,
          })
          .where(and(mine, hasFiles));
        await t.delete(attemptAnswers).where(and(mine, not(hasFiles)));
      }
      return counted;
    });
  const result = await db.execute<SavedRow>(sql`
    with counted as (${countSave(user, attemptId, questionId, version, seq, when)})
    , written as (
      insert into attempt_answers (attempt_id, question_id, response, updated_at)
      select ${attemptId}::uuid, ${questionId}::uuid, ${JSON.stringify(value)}::jsonb, ${when}::timestamptz
      from counted
      on conflict (attempt_id, question_id) do update
        -- A task's file list is the server's (uploads and removals write it under the attempt's lock): a text save
        -- keeps the stored one.
        set response = case when excluded.response ? 'files'
              then jsonb_set(excluded.response, '{files}', coalesce(attempt_answers.response -> 'files', '[]'::jsonb))
              else excluded.response end,
          updated_at = excluded.updated_at, version = attempt_answers.version + 1
    )
    select saves_count, deadline_ms from counted`);
  return rowsOf(result)[0];
}

/** Taking an attempt (its student): reading it, saving answers, submitting it. */
export function createAttemptTaking({ db, now }: AssessmentContext) {
  const shapes = createQuestionShapeCache(QUESTION_SHAPE_CACHE_BYTES);

  return {
    /** The caller's attempt: questions without keys (shuffled per attempt), saved answers, the server's time. */
    async attempt(user: SessionUser, attemptId: string): Promise<AttemptForStudent> {
      const at = now();
      const [own] = await Promise.all([
        ownAttempt(db, user, attemptId),
        assertAttemptOpenInSequence(db, user, attemptId),
      ]);
      const attempt = await settleIfOverdue(db, own, at);
      const { assessment, title } = await assessmentRow(db, attempt.assessmentId);
      const [rows, answers, window] = await Promise.all([
        attempt.questionIds.length
          ? db.select().from(questions).where(inArray(questions.id, attempt.questionIds))
          : Promise.resolve([] as QuestionRow[]),
        db.select().from(attemptAnswers).where(eq(attemptAnswers.attemptId, attempt.id)),
        windowFor(db, assessment, attempt.studentId),
      ]);
      return attemptView(db, { attempt, assessment, title, rows, answers, window, at });
    },

    /**
     * Saves one answer (null clears it). The response is checked against the question's shape (kept in memory for
     * every attempt; 400 naming the question), then one statement does the rest (ADR 025, round 2): it counts the
     * save on the attempt row only if the attempt is the caller's, in progress, before deadline + grace, holds the
     * question and the question still has the version checked against, and writes the answer in the same statement.
     * The attempt row's lock serialises it with a submit, so no save lands after one. Nothing written: the reason
     * is looked up (404, 409), or the question changed and the answer is checked again.
     */
    async saveAnswer(
      user: SessionUser,
      attemptId: string,
      questionId: string,
      response: unknown,
      seq: number | null = null,
    ): Promise<SaveAnswerResult> {
      const at = now();
      const clearing = response === null || response === undefined;
      let shape = clearing ? undefined : shapes.get(questionId);
      /** The question's number in the attempt, once the attempt was read (needed only to name it in a 400). */
      let number: number | null = null;
      for (let round = 0; round < 3; round += 1) {
        if (!clearing && !shape) ({ shape, number } = await attemptQuestion(db, shapes, user, attemptId, questionId));
        let value: unknown = null;
        if (!clearing) {
          let problem = responseProblem(shape!, response);
          if (problem && number === null) {
            // Refused only to the attempt's own student, and only against the question as it is now.
            ({ shape, number } = await attemptQuestion(db, shapes, user, attemptId, questionId));
            problem = responseProblem(shape, response);
          }
          if (problem) throw refusal(shape!, number!, problem);
          value = storedResponse(shape!, response);
        }
        const saved = await writeAnswer(db, user, attemptId, questionId, shape?.version ?? null, seq, value, at);
        if (saved) {
          const deadline = saved.deadline_ms === null ? null : Math.round(Number(saved.deadline_ms));
          return {
            questionId,
            savedAt: at.toISOString(),
            savesCount: Number(saved.saves_count),
            remainingSeconds: deadline === null ? null : Math.max(0, Math.floor((deadline - at.getTime()) / 1000)),
            applied: true,
          };
        }
        const [current] = await db
          .select({
            status: attempts.status,
            deadlineAt: attempts.deadlineAt,
            questionIds: attempts.questionIds,
            savesCount: attempts.savesCount,
            appliedSeq: sql<string | null>`${attempts.answerSeqs} ->> ${questionId}::text`,
          })
          .from(attempts)
          .where(and(eq(attempts.id, attemptId), eq(attempts.studentId, user.id)))
          .limit(1);
        if (!current) throw notFound(ATTEMPT_NOT_FOUND);
        if (!current.questionIds.includes(questionId)) throw notFound(ASSESSMENT_MESSAGES.notInAttempt);
        await assertAttemptOpenInSequence(db, user, attemptId);
        if (seq !== null && current.appliedSeq !== null && Number(current.appliedSeq) >= seq) {
          // A resend of a save already applied, or an older one (another tab) than the one applied: the stored
          // answer stands, whether or not the attempt is still open (ADR 059).
          const deadline = current.deadlineAt?.getTime();
          return {
            questionId,
            savedAt: at.toISOString(),
            savesCount: current.savesCount,
            remainingSeconds: deadline === undefined ? null : Math.max(0, Math.floor((deadline - at.getTime()) / 1000)),
            applied: false,
          };
        }
        // Past deadline + grace the reason is the time, even once the attempt was submitted for it (the overdue job,
        // or the page's own submit): a save queued offline that arrives late is told so (ADR 059).
        if (current.deadlineAt && at.getTime() > current.deadlineAt.getTime() + GRACE_MS)
          throw conflict(ASSESSMENT_MESSAGES.deadlinePassed);
        if (current.status !== 'in_progress') throw conflict(ASSESSMENT_MESSAGES.attemptClosed);
        // The teacher changed the question since its shape was kept: check the answer against the new one.
        shape = undefined;
        number = null;
      }
      throw conflict('The question changed while you answered it; save again');
    },

    /** Submits the caller's attempt; idempotent (the attempt row is locked; a second submit answers the receipt). */
    async submit(user: SessionUser, attemptId: string): Promise<SubmitAttemptResult> {
      const at = now();
      await assertAttemptOpenInSequence(db, user, attemptId);
      const attempt = await db.transaction(async (txn) => {
        const t = tx(txn);
        const locked = await ownAttempt(t, user, attemptId, true);
        if (locked.status !== 'in_progress') return locked;
        return submitLocked(t, locked, at, false);
      });
      const { assessment } = await assessmentRow(db, attempt.assessmentId);
      const window = await windowFor(db, assessment, attempt.studentId);
      const attemptsSoFar = await attemptsForAnswers(db, assessment, attempt.studentId, window, at);
      return {
        receipt: await receiptOf(db, attempt),
        result: resultOf(attempt, assessment, at, window, attemptsSoFar),
      };
    },
  };
}
