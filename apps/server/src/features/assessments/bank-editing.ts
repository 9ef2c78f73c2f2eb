import {
  type BankQuestion,
  type CopyQuestionsResult,
  type CreateBankQuestionInput,
  type UpdateBankQuestionInput,
  type UpdatedBankQuestion,
} from '@lyceum/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { SessionUser } from '#auth/guards.js';
import type { Db } from '#db/client.js';
import { attemptAnswers, questions } from '#db/schema/index.js';
import { forbidden, HttpError, notFound } from '#lib/errors.js';
import { regradeQuestion } from './grading.js';
import {
  type BankAccess,
  cleanPrompt,
  inOrder,
  QUESTION_ANSWERED,
  QUESTION_NOT_FOUND,
  rowValues,
  staleVersion,
  toBankQuestion,
} from './bank-shared.js';

/** Writing a course's bank: one question read, created, edited (with the regrade it causes) or deleted, and copies. */
export function createBankEditing(db: Db, { assertCourseTeacher, loadQuestion }: BankAccess) {
  return {
    async get(user: SessionUser, id: string): Promise<BankQuestion> {
      return toBankQuestion(await loadQuestion(user, id));
    },

    async create(user: SessionUser, courseId: string, input: CreateBankQuestionInput): Promise<BankQuestion> {
      await assertCourseTeacher(user, courseId);
      const [row] = await db
        .insert(questions)
        .values({ ...rowValues(input), courseId, createdBy: user.id })
        .returning();
      if (!row) throw new Error('insert returned no row');
      return toBankQuestion(row);
    },

    async update(user: SessionUser, id: string, input: UpdateBankQuestionInput): Promise<UpdatedBankQuestion> {
      const current = await loadQuestion(user, id);
      if (current.version !== input.version) throw staleVersion(current.version);
      const changes: Partial<typeof questions.$inferInsert> = {};
      if (input.title !== undefined) changes.title = input.title;
      if (input.prompt !== undefined) changes.prompt = cleanPrompt(input.prompt);
      if (input.points !== undefined) changes.points = input.points;
      if (input.tags !== undefined) changes.tags = input.tags;
      if (input.hint !== undefined) changes.hint = input.hint;
      if (input.feedback !== undefined) changes.feedback = input.feedback;
      if (input.content !== undefined) {
        changes.type = input.content.type;
        changes.body = input.content.body;
        changes.key = input.content.key;
      }
      // A description asks nothing and is worth nothing (ADR 051).
      if ((input.content?.type ?? current.type) === 'description') changes.points = 0;
      const regrade = input.content !== undefined || input.points !== undefined;
      // The edit and the regrade of every submitted attempt it touches commit together (issue 16 §6).
      let regradedAttempts = 0;
      const row = await db.transaction(async (txn) => {
        const tx = txn as unknown as Db;
        const [updated] = await tx
          .update(questions)
          .set({ ...changes, version: current.version + 1 })
          .where(and(eq(questions.id, id), eq(questions.version, input.version)))
          .returning();
        if (updated && regrade) regradedAttempts = await regradeQuestion(tx, updated, user.id);
        return updated;
      });
      // Someone saved between our read and our write.
      if (!row) {
        const [latest] = await db.select({ version: questions.version }).from(questions).where(eq(questions.id, id));
        if (!latest) throw notFound(QUESTION_NOT_FOUND);
        throw staleVersion(latest.version);
      }
      return { ...toBankQuestion(row), regradedAttempts };
    },

    async remove(user: SessionUser, id: string): Promise<void> {
      await loadQuestion(user, id);
      const [used] = await db
        .select({ id: attemptAnswers.attemptId })
        .from(attemptAnswers)
        .where(eq(attemptAnswers.questionId, id))
        .limit(1);
      if (used) throw new HttpError(409, QUESTION_ANSWERED);
      await db.delete(questions).where(eq(questions.id, id));
    },

    async copy(
      user: SessionUser,
      courseId: string,
      targetCourseId: string,
      questionIds: string[],
    ): Promise<CopyQuestionsResult> {
      const source = await assertCourseTeacher(user, courseId);
      const target = await assertCourseTeacher(user, targetCourseId);
      if (target.teacherId !== source.teacherId)
        throw forbidden('Questions can only be copied to another course of the same teacher');
      const wanted = [...new Set(questionIds)];
      const rows = await db
        .select()
        .from(questions)
        .where(and(eq(questions.courseId, courseId), inArray(questions.id, wanted)))
        .orderBy(asc(questions.createdAt), asc(questions.id));
      if (rows.length !== wanted.length) {
        const found = new Set(rows.map((row) => row.id));
        const missing = wanted.filter((id) => !found.has(id));
        throw new HttpError(404, `Questions not found in this course: ${missing.join(', ')}`);
      }
      const start = Date.now();
      const created = await db
        .insert(questions)
        .values(
          rows.map((row, i) => ({
            ...inOrder(start, i),
            courseId: targetCourseId,
            type: row.type,
            title: row.title,
            prompt: row.prompt,
            body: row.body,
            key: row.key,
            points: row.points,
            tags: row.tags,
            hint: row.hint,
            feedback: row.feedback,
            createdBy: user.id,
          })),
        )
        .returning({ id: questions.id });
      return { copied: created.length, ids: created.map((row) => row.id) };
    },
  };
}
