import { type BankQuestionPage, type ListBankQuestionsInput } from '@lyceum/contract';
import { and, arrayContains, desc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type { SessionUser } from '#auth/guards.js';
import type { Db } from '#db/client.js';
import { courses, questions } from '#db/schema/index.js';
import { forbidden, notFound } from '#lib/errors.js';
import { keptPerOwner } from '#lib/kept-by-key.js';
import { boundedPage, cappedCount, cappedPageResult } from '#lib/pages.js';
import { createBankAccess, COURSE_NOT_FOUND } from './bank-shared.js';
import { createBankEditing } from './bank-editing.js';
import { createGiftExchange } from './gift-exchange.js';

export { COURSE_NOT_FOUND, QUESTION_ANSWERED, QUESTION_NOT_FOUND, toBankQuestion } from './bank-shared.js';
export { IMPORT_JOB, IMPORT_NOT_FOUND } from './gift-exchange.js';

/*
 * The question bank's service, by use case (ADR 039): listing pages of a course's bank (here, kept), editing
 * questions (bank-editing.ts), GIFT import and export (gift-exchange.ts), over bank-shared.ts.
 */

/** The question bank of each course: its teacher and admins only (students never reach it). */
export interface QuestionBankOptions {
  /**
   * The database's word that a teacher's courses or the questions of one of them changed (db/client.ts
   * `watchTeachers`, migrations 0032-0034): a course's pages of its bank are kept until then.
   */
  watchTeachers?: (onChange: (teacherId: string) => void) => () => void;
}

/**
 * A page of the bank and its capped count: one statement (ADR 019, session 18). It reads the course (its teacher,
 * for the check) and counts up to the cap, and picks the page's ids on questions_course_updated_idx (an OFFSET
 * bounded by the cap), only when the caller may read the course, loading only those rows.
 */
async function readPage(
  db: Db,
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

export function createQuestionBankService(db: Db, options: QuestionBankOptions = {}) {
  /**
   * Pages of a course's bank (ADR 019, session 19), kept under the course's teacher: a teacher pages and filters
   * their bank while writing an assessment, and it changes only when they write questions.
   */
  const keptPages = keptPerOwner<BankQuestionPage>(options.watchTeachers, {
    bytesOf: (page) => 200 + page.items.reduce((sum, item) => sum + 160 + item.title.length * 2, 0),
  });

  const access = createBankAccess(db);
  return {
    /** A page of the bank: kept under the course's teacher until they change its questions (ADR 019, session 19). */
    async list(user: SessionUser, courseId: string, query: ListBankQuestionsInput): Promise<BankQuestionPage> {
      const key = JSON.stringify([courseId, query.type, query.tag, query.q, query.page, query.pageSize]);
      const kept = await keptPages.get(key, () => readPage(db, user, courseId, query));
      // A page kept from another caller's read is the same page; who may read it is checked on each request.
      if (user.role !== 'admin' && kept.owner !== user.id)
        throw forbidden("Only the course's teacher can use its question bank");
      return kept.value;
    },

    /** Stops listening for changes (the app's close). */
    close: () => keptPages.stop(),

    ...createBankEditing(db, access),
    ...createGiftExchange(db, access),
  };
}

export type QuestionBankService = ReturnType<typeof createQuestionBankService>;
