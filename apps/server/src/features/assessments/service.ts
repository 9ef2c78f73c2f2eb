import {
  QUESTION_LIMITS,
  type BankQuestion,
  type BankQuestionPage,
  type CopyQuestionsResult,
  type CreateBankQuestionInput,
  type ImportReport,
  type ListBankQuestionsInput,
  type QuestionImport,
  type QuestionImportStatus,
  type QuestionContent,
  type UpdateBankQuestionInput,
  type UpdatedBankQuestion,
} from '@lyceum/contract';
import { and, arrayContains, asc, desc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type { SessionUser } from '#auth/guards.js';
import type { Db } from '#db/client.js';
import { attemptAnswers, courses, questionImports, questions } from '#db/schema/index.js';
import { fieldError, forbidden, HttpError, notFound } from '#lib/errors.js';
import { enqueue, type JobRunner } from '#lib/jobs.js';
import { keptPerOwner } from '#lib/kept-by-key.js';
import { boundedPage, cappedCount, cappedPageResult } from '#lib/pages.js';
import { sanitizeAboutHtml } from '#lib/sanitize.js';
import { exportGift, GiftLimitError, parseGift } from './gift.js';
import { regradeQuestion } from './grading.js';

type QuestionRow = typeof questions.$inferSelect;

export const COURSE_NOT_FOUND = 'Course not found';
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
export const QUESTION_NOT_FOUND = 'Question not found';
export const QUESTION_ANSWERED =
  'Students have answered this question in attempts: it cannot be deleted (edit it instead; submitted attempts are regraded)';

export function toBankQuestion(row: QuestionRow): BankQuestion {
  return {
    id: row.id,
    courseId: row.courseId,
    title: row.title,
    prompt: row.prompt,
    points: row.points,
    tags: row.tags,
    hint: row.hint,
    feedback: row.feedback,
    content: { type: row.type, body: row.body, key: row.key } as QuestionContent,
    createdBy: row.createdBy,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The prompt as stored: sanitised, and within the limit after sanitising. */
function cleanPrompt(html: string): string {
  const clean = sanitizeAboutHtml(html);
  if (clean.length > QUESTION_LIMITS.prompt)
    throw fieldError('prompt', `must be at most ${QUESTION_LIMITS.prompt} characters`);
  return clean;
}

function rowValues(input: CreateBankQuestionInput) {
  return {
    title: input.title,
    prompt: cleanPrompt(input.prompt),
    // A description asks nothing and is worth nothing (ADR 051).
    points: input.content.type === 'description' ? 0 : input.points,
    tags: input.tags,
    hint: input.hint,
    feedback: input.feedback,
    type: input.content.type,
    body: input.content.body,
    key: input.content.key,
  };
}

/** The question bank of each course: its teacher and admins only (students never reach it). */
export interface QuestionBankOptions {
  /**
   * The database's word that a teacher's courses or the questions of one of them changed (db/client.ts
   * `watchTeachers`, migrations 0032-0034): a course's pages of its bank are kept until then.
   */
  watchTeachers?: (onChange: (teacherId: string) => void) => () => void;
}

export function createQuestionBankService(db: Db, options: QuestionBankOptions = {}) {
  /**
   * Pages of a course's bank (ADR 019, session 19), kept under the course's teacher: a teacher pages and filters
   * their bank while writing an assessment, and it changes only when they write questions.
   */
  const keptPages = keptPerOwner<BankQuestionPage>(options.watchTeachers, {
    bytesOf: (page) => 200 + page.items.reduce((sum, item) => sum + 160 + item.title.length * 2, 0),
  });

  /** The course's teacher, or 404; 403 unless the caller teaches it or is an admin. */
  async function assertCourseTeacher(user: SessionUser, courseId: string): Promise<{ teacherId: string }> {
    const [course] = await db
      .select({ teacherId: courses.teacherId })
      .from(courses)
      .where(eq(courses.id, courseId))
      .limit(1);
    if (!course) throw notFound(COURSE_NOT_FOUND);
    if (user.role !== 'admin' && course.teacherId !== user.id)
      throw forbidden("Only the course's teacher can use its question bank");
    return course;
  }

  async function loadQuestion(user: SessionUser, id: string): Promise<QuestionRow> {
    const [row] = await db
      .select({ question: questions, teacherId: courses.teacherId })
      .from(questions)
      .innerJoin(courses, eq(courses.id, questions.courseId))
      .where(eq(questions.id, id))
      .limit(1);
    if (!row) throw notFound(QUESTION_NOT_FOUND);
    if (user.role !== 'admin' && row.teacherId !== user.id)
      throw forbidden("Only the course's teacher can use its question bank");
    return row.question;
  }

  /**
   * A page of the bank and its capped count: one statement (ADR 019, session 18). It reads the course (its teacher,
   * for the check) and counts up to the cap, and picks the page's ids on questions_course_updated_idx (an OFFSET
   * bounded by the cap), only when the caller may read the course, loading only those rows.
   */
  async function readPage(
    user: SessionUser,
    courseId: string,
    query: ListBankQuestionsInput,
  ): Promise<{ owner: string; value: BankQuestionPage }> {
    const conditions: (SQL | undefined)[] = [eq(questions.courseId, courseId)];
    if (query.type) conditions.push(eq(questions.type, query.type));
    if (query.tag) conditions.push(arrayContains(questions.tags, [query.tag]));
    if (query.q) conditions.push(ilike(questions.title, `%${query.q.replace(/[\\%_]/g, '\\$&')}%`));
    const where = and(...conditions);
    const mayRead =
      user.role === 'admin'
        ? sql`exists (select 1 from ${courses} where ${courses.id} = ${courseId})`
        : sql`exists (select 1 from ${courses} where ${courses.id} = ${courseId} and ${courses.teacherId} = ${user.id})`;
    const order = [desc(questions.updatedAt), desc(questions.id)];
    const { limit, offset } = boundedPage(query);
    const pageIds = db
      .select({ id: questions.id })
      .from(questions)
      .where(and(where, mayRead))
      .orderBy(...order)
      .limit(limit)
      .offset(offset);
    const page = db
      .select({
        id: questions.id,
        type: questions.type,
        title: questions.title,
        points: questions.points,
        tags: questions.tags,
        version: questions.version,
        updatedAt: questions.updatedAt,
      })
      .from(questions)
      .where(inArray(questions.id, pageIds))
      .as('page');
    // One statement, whatever the page (ADR 019, session 18): the course's row (its teacher, the capped count),
    // joined to the page's questions; an empty page is the course's row alone.
    const rows = await db
      .select({
        teacherId: courses.teacherId,
        total: cappedCount(
          db
            .select({ one: sql`1` })
            .from(questions)
            .where(where),
        ),
        question: {
          id: page.id,
          type: page.type,
          title: page.title,
          points: page.points,
          tags: page.tags,
          version: page.version,
          updatedAt: page.updatedAt,
        },
      })
      .from(courses)
      .leftJoin(page, sql`true`)
      .where(eq(courses.id, courseId))
      .orderBy(desc(page.updatedAt), desc(page.id));
    const course = rows[0];
    if (!course) throw notFound(COURSE_NOT_FOUND);
    if (user.role !== 'admin' && course.teacherId !== user.id)
      throw forbidden("Only the course's teacher can use its question bank");
    const value = cappedPageResult(
      rows.flatMap(({ question }) => (question ? [{ ...question, updatedAt: question.updatedAt.toISOString() }] : [])),
      query,
      course.total,
    );
    return { owner: course.teacherId, value };
  }

  let runner: JobRunner | null = null;

  /**
   * Writes an import's questions IMPORT_BATCH at a time, each batch with the import's progress in one transaction
   * (a retried job resumes after the last commit), giving the event loop back between batches: on the embedded
   * database a transaction holds every other statement, health checks included.
   */
  /**
   * Per question of an import, whether the course's bank already holds one of the same type and text (its prompt as
   * the bank stores it, or a fill-in's sentence): the preview warns that importing adds it again (issue 54.12).
   */
  async function duplicatesInBank(courseId: string, inputs: CreateBankQuestionInput[]): Promise<boolean[]> {
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

  async function writeImport(importId: string): Promise<void> {
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

  return {
    /** A page of the bank: kept under the course's teacher until they change its questions (ADR 019, session 19). */
    async list(user: SessionUser, courseId: string, query: ListBankQuestionsInput): Promise<BankQuestionPage> {
      const key = JSON.stringify([courseId, query.type, query.tag, query.q, query.page, query.pageSize]);
      const kept = await keptPages.get(key, () => readPage(user, courseId, query));
      // A page kept from another caller's read is the same page; who may read it is checked on each request.
      if (user.role !== 'admin' && kept.owner !== user.id)
        throw forbidden("Only the course's teacher can use its question bank");
      return kept.value;
    },

    /** Stops listening for changes (the app's close). */
    close: () => keptPages.stop(),

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
          await writeImport(importId);
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

/**
 * Timestamps for the i-th row of a batch insert, one millisecond apart, so that the bank (and its GIFT export,
 * oldest first) keeps the order of the file or of the copied questions.
 */
function inOrder(start: number, i: number): { createdAt: Date; updatedAt: Date } {
  const at = new Date(start + i);
  return { createdAt: at, updatedAt: at };
}

function staleVersion(version: number): HttpError {
  return new HttpError(
    409,
    `This question was changed since you loaded it (now version ${version}); reload it and apply your change again`,
  );
}

export type QuestionBankService = ReturnType<typeof createQuestionBankService>;
