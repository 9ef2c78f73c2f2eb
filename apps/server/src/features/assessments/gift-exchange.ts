import {
  type CreateBankQuestionInput,
  type ImportReport,
  type QuestionImport,
  type QuestionImportStatus,
} from '@lyceum/contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { SessionUser } from '#auth/guards.js';
import type { Db } from '#db/client.js';
import { courses, questionImports, questions } from '#db/schema/index.js';
import { forbidden, HttpError, notFound } from '#lib/errors.js';
import { enqueue, type JobRunner } from '#lib/jobs.js';
import { exportGift, GiftLimitError, parseGift } from './gift.js';
import { type BankAccess, cleanPrompt, inOrder, rowValues, toBankQuestion } from './bank-shared.js';

export const IMPORT_NOT_FOUND = 'Import not found';
/** The job that writes a GIFT import (ADR 040), and the questions it writes per transaction. */
export const IMPORT_JOB = 'questions.import';
const IMPORT_BATCH = 50;
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

const importColumns = {
  id: questionImports.id,
  courseId: questionImports.courseId,
  status: questionImports.status,
  total: questionImports.total,
  written: questionImports.written,
  report: questionImports.report,
  createdIds: questionImports.createdIds,
  error: questionImports.error,
  createdAt: questionImports.createdAt,
  finishedAt: questionImports.finishedAt,
};

function toQuestionImport(row: {
  id: string;
  courseId: string;
  status: string;
  total: number;
  written: number;
  report: { questions: unknown[]; refused: unknown[] };
  createdIds: string[];
  error: string | null;
  createdAt: Date;
  finishedAt: Date | null;
}): QuestionImport {
  return {
    id: row.id,
    courseId: row.courseId,
    status: row.status as QuestionImportStatus,
    total: row.total,
    written: row.written,
    report: {
      dryRun: false,
      questions: row.report.questions as ImportReport['questions'],
      refused: row.report.refused as ImportReport['refused'],
      notices: ((row.report as { notices?: unknown[] }).notices ?? []) as NonNullable<ImportReport['notices']>,
      createdIds: row.createdIds,
    },
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

/**
 * Per question of an import, whether the course's bank already holds one of the same type and text (its prompt as
 * the bank stores it, or a fill-in's sentence): the preview warns that importing adds it again (issue 54.12).
 */
async function duplicatesInBank(db: Db, courseId: string, inputs: CreateBankQuestionInput[]): Promise<boolean[]> {
  if (inputs.length === 0) return [];
  const keyOf = (type: string, prompt: string, body: unknown) =>
    JSON.stringify([type, prompt, type === 'fill_blank' ? ((body as { sentence?: string }).sentence ?? '') : '']);
  const prompts = inputs.map((input) => cleanPrompt(input.prompt));
  const found = await db
    .select({ type: questions.type, prompt: questions.prompt, body: questions.body })
    .from(questions)
    .where(and(eq(questions.courseId, courseId), inArray(questions.prompt, [...new Set(prompts)])));
  const known = new Set(found.map((row) => keyOf(row.type, row.prompt, row.body)));
  return inputs.map((input, i) => known.has(keyOf(input.content.type, prompts[i] ?? '', input.content.body)));
}

/**
 * Writes an import's questions IMPORT_BATCH at a time, each batch with the import's progress in one transaction
 * (a retried job resumes after the last commit), giving the event loop back between batches: on the embedded
 * database a transaction holds every other statement, health checks included.
 */
async function writeImport(db: Db, importId: string): Promise<void> {
  const [current] = await db
    .select({
      status: questionImports.status,
      courseId: questionImports.courseId,
      createdBy: questionImports.createdBy,
      written: questionImports.written,
      total: questionImports.total,
      questions: questionImports.questions,
      createdAt: questionImports.createdAt,
    })
    .from(questionImports)
    .where(eq(questionImports.id, importId));
  if (!current || current.status === 'done' || current.status === 'failed') return;
  if (current.status === 'queued')
    await db.update(questionImports).set({ status: 'running' }).where(eq(questionImports.id, importId));
  const values = current.questions as CreateBankQuestionInput[];
  const start = current.createdAt.getTime();
  for (let from = current.written; from < current.total; from += IMPORT_BATCH) {
    await db.transaction(async (txn) => {
      const tx = txn as unknown as Db;
      const batch = values.slice(from, from + IMPORT_BATCH);
      const rows = await tx
        .insert(questions)
        .values(
          batch.map((input, i) => ({
            ...rowValues(input),
            courseId: current.courseId,
            createdBy: current.createdBy,
            ...inOrder(start, from + i),
          })),
        )
        .returning({ id: questions.id });
      const ids = rows.map((row) => row.id);
      const [advanced] = await tx
        .update(questionImports)
        .set({
          written: from + ids.length,
          createdIds: sql`${questionImports.createdIds} || ${sql.param(ids)}::uuid[]`,
        })
        .where(and(eq(questionImports.id, importId), eq(questionImports.written, from)))
        .returning({ id: questionImports.id });
      // Another runner wrote this batch meanwhile (a lease ran out): ours is rolled back.
      if (!advanced) throw new Error(`import ${importId}: batch at ${from} already written`);
    });
    await nextTurn();
  }
  await db
    .update(questionImports)
    .set({ status: 'done', questions: [], finishedAt: new Date() })
    .where(eq(questionImports.id, importId));
}

/** A GIFT file into the bank (a preview, then a job that writes it in batches) and the bank out as GIFT. */
export function createGiftExchange(db: Db, { assertCourseTeacher }: BankAccess) {
  let runner: JobRunner | null = null;

  return {
    /**
     * Parses a GIFT file (preview). Unless `dryRun`, the good questions are kept in an import that the
     * `questions.import` job writes in small transactions (issue 55, ADR 040): the answer is that import, queued.
     * A file over the import's bounds is refused whole (413) before anything is kept.
     */
    async importGift(
      user: SessionUser,
      courseId: string,
      source: string,
      dryRun: boolean,
    ): Promise<ImportReport | QuestionImport> {
      await assertCourseTeacher(user, courseId);
      const parsed = await parseGift(source).catch((error: unknown) => {
        // Over the import's bounds (questions or categories per file): refused whole, nothing written.
        throw error instanceof GiftLimitError ? new HttpError(413, error.message) : error;
      });
      const duplicates = await duplicatesInBank(
        db,
        courseId,
        parsed.questions.map(({ input }) => input),
      );
      const report: ImportReport = {
        dryRun,
        questions: parsed.questions.map(({ line, input }, i) => ({
          line,
          type: input.content.type,
          title: input.title,
          points: input.points,
          tags: input.tags,
          duplicate: duplicates[i] ?? false,
        })),
        refused: parsed.refused,
        notices: parsed.notices,
        createdIds: [],
      };
      if (dryRun) return report;
      // The job turns each batch into rows (prompts sanitised again, as every write is), not this request.
      const values = parsed.questions.map(({ input }) => input);
      const row = await db.transaction(async (txn) => {
        const tx = txn as unknown as Db;
        const [created] = await tx
          .insert(questionImports)
          .values({
            courseId,
            createdBy: user.id,
            total: values.length,
            questions: values,
            report: { questions: report.questions, refused: report.refused, notices: report.notices } as {
              questions: unknown[];
              refused: unknown[];
            },
            ...(values.length === 0 ? { status: 'done', finishedAt: new Date() } : {}),
          })
          .returning();
        if (!created) throw new Error('insert returned no row');
        if (values.length > 0) await enqueue(tx, IMPORT_JOB, { importId: created.id }, { maxAttempts: 3 });
        return created;
      });
      runner?.wake();
      return toQuestionImport(row);
    },

    /** An import's progress and report: its course's teacher or an admin. */
    async getImport(user: SessionUser, id: string): Promise<QuestionImport> {
      const [found] = await db
        .select({ row: importColumns, teacherId: courses.teacherId })
        .from(questionImports)
        .innerJoin(courses, eq(courses.id, questionImports.courseId))
        .where(eq(questionImports.id, id))
        .limit(1);
      if (!found) throw notFound(IMPORT_NOT_FOUND);
      if (user.role !== 'admin' && found.teacherId !== user.id)
        throw forbidden("Only the course's teacher can use its question bank");
      return toQuestionImport(found.row);
    },

    /** The job that writes an import's questions (app.ts registers it with the runner). */
    registerJobs(jobs: JobRunner) {
      runner = jobs;
      jobs.registerJob(IMPORT_JOB, async (payload, context) => {
        const importId = String(payload.importId);
        try {
          await writeImport(db, importId);
        } catch (error) {
          if (context.attempt >= 3)
            await db
              .update(questionImports)
              .set({ status: 'failed', error: 'The questions could not be written', finishedAt: new Date() })
              .where(eq(questionImports.id, importId));
          throw error;
        }
      });
    },

    /** The bank (or the named questions) as a GIFT file, oldest first. */
    async exportGift(user: SessionUser, courseId: string, ids?: string[]): Promise<string> {
      await assertCourseTeacher(user, courseId);
      const conditions = [eq(questions.courseId, courseId)];
      if (ids) conditions.push(inArray(questions.id, ids));
      const rows = await db
        .select()
        .from(questions)
        .where(and(...conditions))
        .orderBy(asc(questions.createdAt), asc(questions.id));
      return exportGift(rows.map(toBankQuestion));
    },
  };
}
