import { randomBytes } from 'node:crypto';
import {
  ASSESSMENT_LIMITS,
  ASSESSMENT_MESSAGES,
  SUBMISSION_FILE_LIMITS,
  SUBMISSION_FILE_MESSAGES,
  SUBMISSION_FILE_TYPES,
  type SubmissionFile,
  type TaskBody,
  sequenceLockedMessage,
} from '@lyceum/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { SessionUser } from '#auth/guards.js';
import type { Db } from '#db/client.js';
import { attemptAnswers, attempts, courses, questions, submissionFiles } from '#db/schema/index.js';
import type { Clock } from '#lib/attempt-counter.js';
import { badRequest, conflict, forbidden, HttpError, notFound } from '#lib/errors.js';
import { attemptSequenceBlocker } from '#lib/sequence.js';
import { cleanFilename, sniffFile, type FilePolicy } from '#lib/stored-files.js';
import { attemptFiles, toSubmissionFile } from '#lib/submission-files.js';

type SubmissionType = keyof typeof SUBMISSION_FILE_TYPES;

/** Hand-ins: the attachment types, plain text, 20 MB (ADR 025, "Assignment file hand-ins"). */
export const SUBMISSION_FILE_POLICY: FilePolicy<SubmissionType> = {
  types: SUBMISSION_FILE_TYPES,
  maxBytes: SUBMISSION_FILE_LIMITS.bytes,
  messages: { tooLarge: SUBMISSION_FILE_MESSAGES.tooLarge, type: SUBMISSION_FILE_MESSAGES.type },
  plainText: true,
};

const ATTEMPT_NOT_FOUND = 'Attempt not found';
const NOT_YOUR_COURSE = "Only the course's teacher can read its students' files";

function tx(txn: unknown): Db {
  return txn as Db;
}

/** 403 with the outline's reason while sequential mode locks the attempt's assessment for the student (ADR 029). */
async function assertOpenInSequence(db: Db, user: SessionUser, attemptId: string) {
  const blocker = await attemptSequenceBlocker(db, attemptId, user.id);
  if (blocker) throw forbidden(sequenceLockedMessage(blocker.title));
}

/** The caller's own attempt (404 for anyone else's) and the task question of it that takes files. */
async function ownTask(db: Db, user: SessionUser, attemptId: string, questionId: string) {
  const [attempt] = await db
    .select({ id: attempts.id, questionIds: attempts.questionIds })
    .from(attempts)
    .where(and(eq(attempts.id, attemptId), eq(attempts.studentId, user.id)))
    .limit(1);
  if (!attempt) throw notFound(ATTEMPT_NOT_FOUND);
  await assertOpenInSequence(db, user, attemptId);
  const index = attempt.questionIds.indexOf(questionId);
  if (index < 0) throw notFound(ASSESSMENT_MESSAGES.notInAttempt);
  const [question] = await db
    .select({ type: questions.type, body: questions.body })
    .from(questions)
    .where(eq(questions.id, questionId))
    .limit(1);
  if (!question) throw notFound(ASSESSMENT_MESSAGES.notInAttempt);
  if (question.type !== 'task') throw badRequest(SUBMISSION_FILE_MESSAGES.notATask);
  const body = question.body as TaskBody;
  if (!body.allowFiles) throw badRequest(SUBMISSION_FILE_MESSAGES.filesNotAllowed);
  return { body, number: index + 1 };
}

/**
 * Locks the attempt row while it is in progress and before its deadline + grace (as saving an answer does),
 * so that a submit waits for the change or the change sees the submit; 409 otherwise.
 */
async function lockOpen(t: Db, attemptId: string, at: Date) {
  const [locked] = await t
    .update(attempts)
    .set({ updatedAt: at })
    .where(
      and(
        eq(attempts.id, attemptId),
        eq(attempts.status, 'in_progress'),
        sql`(${attempts.deadlineAt} is null or ${attempts.deadlineAt} + make_interval(secs => ${ASSESSMENT_LIMITS.graceSeconds}) >= ${at.toISOString()}::timestamptz)`,
      ),
    )
    .returning({ id: attempts.id });
  if (locked) return;
  const [current] = await t.select({ status: attempts.status }).from(attempts).where(eq(attempts.id, attemptId));
  if (current?.status === 'in_progress') throw conflict(ASSESSMENT_MESSAGES.deadlinePassed);
  throw conflict(ASSESSMENT_MESSAGES.attemptClosed);
}

/** The answer's `files` become the attempt's files of this question; an answer left with nothing is cleared. */
async function syncAnswer(t: Db, attemptId: string, questionId: string, at: Date) {
  const ids = (await attemptFiles(t, attemptId, questionId)).map((file) => file.id);
  const [answer] = await t
    .select({ response: attemptAnswers.response })
    .from(attemptAnswers)
    .where(and(eq(attemptAnswers.attemptId, attemptId), eq(attemptAnswers.questionId, questionId)))
    .limit(1);
  const html = (answer?.response as { html?: string } | undefined)?.html ?? '';
  if (ids.length === 0 && html.trim() === '') {
    await t
      .delete(attemptAnswers)
      .where(and(eq(attemptAnswers.attemptId, attemptId), eq(attemptAnswers.questionId, questionId)));
    return;
  }
  const response = { html, files: ids };
  await t
    .insert(attemptAnswers)
    .values({ attemptId, questionId, response, updatedAt: at })
    .onConflictDoUpdate({
      target: [attemptAnswers.attemptId, attemptAnswers.questionId],
      set: { response, updatedAt: at, version: sql`${attemptAnswers.version} + 1` },
    });
}

/**
 * Files handed in for task questions: the student uploads to and deletes from their own attempt while it is open
 * (the window rules of saving an answer); the attempt's answer lists the ids; the student and the course's
 * teachers and admins download them.
 */
export function createSubmissionFileService(db: Db, { clock }: { clock: Clock }) {
  return {
    /**
     * Hands in one file for a task question of the caller's open attempt: 404 for another's attempt, 400 when the
     * question takes no files, 413/415 from the bytes, 409 at the task's maxFiles or once the attempt is closed.
     */
    async upload(
      user: SessionUser,
      attemptId: string,
      questionId: string,
      upload: { data: Buffer; filename: string },
    ): Promise<SubmissionFile> {
      const task = await ownTask(db, user, attemptId, questionId);
      const file = await sniffFile(upload.data, upload.filename, SUBMISSION_FILE_POLICY);
      const at = new Date(clock());
      return db.transaction(async (txn) => {
        const t = tx(txn);
        await lockOpen(t, attemptId, at);
        const [held] = await t
          .select({ n: sql<number>`count(*)::int` })
          .from(submissionFiles)
          .where(and(eq(submissionFiles.attemptId, attemptId), eq(submissionFiles.questionId, questionId)));
        if ((held?.n ?? 0) >= task.body.maxFiles) {
          const files = task.body.maxFiles === 1 ? 'one file' : `${task.body.maxFiles} files`;
          throw new HttpError(409, `Question ${task.number} takes at most ${files}`);
        }
        const [row] = await t
          .insert(submissionFiles)
          .values({
            attemptId,
            questionId,
            ownerId: user.id,
            name: cleanFilename(file.filename, file.extension, SUBMISSION_FILE_LIMITS.filename),
            contentType: file.contentType,
            bytes: file.data.byteLength,
            storageKey: `${randomBytes(16).toString('hex')}.${file.extension}`,
            data: file.data,
            createdAt: at,
          })
          .returning();
        await syncAnswer(t, attemptId, questionId, at);
        return toSubmissionFile(row!, { kind: 'student', attemptId });
      });
    },

    /** Removes one of the caller's files while the attempt is open (404 when it is not theirs or not there). */
    async remove(user: SessionUser, attemptId: string, fileId: string): Promise<void> {
      const [owned] = await db
        .select({ questionId: submissionFiles.questionId })
        .from(submissionFiles)
        .innerJoin(attempts, eq(attempts.id, submissionFiles.attemptId))
        .where(
          and(
            eq(submissionFiles.id, fileId),
            eq(submissionFiles.attemptId, attemptId),
            eq(attempts.studentId, user.id),
          ),
        )
        .limit(1);
      if (!owned) throw notFound(SUBMISSION_FILE_MESSAGES.fileNotFound);
      await assertOpenInSequence(db, user, attemptId);
      const at = new Date(clock());
      await db.transaction(async (txn) => {
        const t = tx(txn);
        await lockOpen(t, attemptId, at);
        const deleted = await t
          .delete(submissionFiles)
          .where(and(eq(submissionFiles.id, fileId), eq(submissionFiles.attemptId, attemptId)))
          .returning({ id: submissionFiles.id });
        if (deleted.length === 0) throw notFound(SUBMISSION_FILE_MESSAGES.fileNotFound);
        await syncAnswer(t, attemptId, owned.questionId, at);
      });
    },

    /** One of the caller's own files (any time: a submitted attempt's files stay readable to its student). */
    async ownFile(user: SessionUser, attemptId: string, storageKey: string) {
      const [row] = await db
        .select({
          filename: submissionFiles.name,
          contentType: submissionFiles.contentType,
          data: submissionFiles.data,
        })
        .from(submissionFiles)
        .innerJoin(attempts, eq(attempts.id, submissionFiles.attemptId))
        .where(
          and(
            eq(submissionFiles.storageKey, storageKey),
            eq(submissionFiles.attemptId, attemptId),
            eq(attempts.studentId, user.id),
          ),
        )
        .limit(1);
      if (!row) throw notFound(SUBMISSION_FILE_MESSAGES.fileNotFound);
      await assertOpenInSequence(db, user, attemptId);
      return row;
    },

    /** A file handed in to a course, for its teacher and admins (grading): 403 for other teachers. */
    async courseFile(user: SessionUser, courseId: string, storageKey: string) {
      const [course] = await db
        .select({ teacherId: courses.teacherId })
        .from(courses)
        .where(eq(courses.id, courseId))
        .limit(1);
      if (!course) throw notFound('Course not found');
      if (course.teacherId !== user.id && user.role !== 'admin') throw forbidden(NOT_YOUR_COURSE);
      const [row] = await db
        .select({
          filename: submissionFiles.name,
          contentType: submissionFiles.contentType,
          data: submissionFiles.data,
        })
        .from(submissionFiles)
        .innerJoin(attempts, eq(attempts.id, submissionFiles.attemptId))
        .where(and(eq(submissionFiles.storageKey, storageKey), eq(attempts.courseId, courseId)))
        .limit(1);
      if (!row) throw notFound(SUBMISSION_FILE_MESSAGES.fileNotFound);
      return row;
    },
  };
}

export type SubmissionFileService = ReturnType<typeof createSubmissionFileService>;
