import type { SubmissionFile } from '@lyceum/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { submissionFiles } from '../db/schema/index.js';

/**
 * The files handed in for task questions (ADR 025), read by the student's attempt (assessments) and by the
 * grading inbox (grading): one query for a whole page, without the bytes.
 */

/** Where a file is downloaded: the student's own address, or the course's teachers' (grading). */
export type SubmissionFileViewer = { kind: 'student'; attemptId: string } | { kind: 'course'; courseId: string };

export function submissionFileUrl(viewer: SubmissionFileViewer, storageKey: string): string {
  return viewer.kind === 'student'
    ? `/api/attempts/${viewer.attemptId}/files/${storageKey}`
    : `/api/courses/${viewer.courseId}/submission-files/${storageKey}`;
}

const listColumns = {
  id: submissionFiles.id,
  attemptId: submissionFiles.attemptId,
  questionId: submissionFiles.questionId,
  name: submissionFiles.name,
  contentType: submissionFiles.contentType,
  bytes: submissionFiles.bytes,
  storageKey: submissionFiles.storageKey,
  createdAt: submissionFiles.createdAt,
};

export type SubmissionFileRow = {
  id: string;
  attemptId: string;
  questionId: string;
  name: string;
  contentType: string;
  bytes: number;
  storageKey: string;
  createdAt: Date;
};

export function toSubmissionFile(row: SubmissionFileRow, viewer: SubmissionFileViewer): SubmissionFile {
  return {
    id: row.id,
    questionId: row.questionId,
    name: row.name,
    type: row.contentType,
    size: row.bytes,
    url: submissionFileUrl(viewer, row.storageKey),
    createdAt: row.createdAt.toISOString(),
  };
}

/** The files of one attempt, oldest first (at most the task questions' maxFiles each). */
export async function attemptFiles(executor: Db, attemptId: string, questionId?: string): Promise<SubmissionFileRow[]> {
  return executor
    .select(listColumns)
    .from(submissionFiles)
    .where(
      questionId
        ? and(eq(submissionFiles.attemptId, attemptId), eq(submissionFiles.questionId, questionId))
        : eq(submissionFiles.attemptId, attemptId),
    )
    .orderBy(asc(submissionFiles.createdAt), asc(submissionFiles.id));
}

/**
 * The files of these (attempt, question) answers — a page of the grading inbox — keyed `attemptId:questionId`.
 * One bounded query: the page's attempts, each task question of them holding at most `taskMaxFiles` (10) files.
 */
export async function filesOfAnswers(
  executor: Db,
  answers: readonly { attemptId: string; questionId: string }[],
): Promise<Map<string, SubmissionFileRow[]>> {
  const byAnswer = new Map<string, SubmissionFileRow[]>();
  if (answers.length === 0) return byAnswer;
  const attemptIds = [...new Set(answers.map((a) => a.attemptId))];
  const wanted = new Set(answers.map((a) => `${a.attemptId}:${a.questionId}`));
  const rows = await executor
    .select(listColumns)
    .from(submissionFiles)
    .where(inArray(submissionFiles.attemptId, attemptIds))
    .orderBy(asc(submissionFiles.createdAt), asc(submissionFiles.id));
  for (const row of rows) {
    const key = `${row.attemptId}:${row.questionId}`;
    if (!wanted.has(key)) continue;
    const list = byAnswer.get(key) ?? [];
    list.push(row);
    byAnswer.set(key, list);
  }
  return byAnswer;
}
