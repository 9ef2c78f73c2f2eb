import type { InboxAnswer, InboxPage, InboxQuery } from '@lyceum/contract';
import { and, asc, eq, isNotNull, isNull, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { SessionUser } from '#auth/guards.js';
import { PLAN_EACH_TIME } from '#db/auto-prepare.js';
import type { Db } from '#db/client.js';
import {
  answerRubricScores,
  assessments,
  attemptAnswers,
  attempts,
  courseItems,
  courses,
  questions,
  rubrics,
  users,
} from '#db/schema/index.js';
import { fieldError, forbidden, notFound } from '#lib/errors.js';
import { pageResult } from '#lib/pages.js';
import { anonymousLabel, namesHidden } from '#lib/release.js';
import { preparedJson, type PreparedJson } from '#lib/response-cache.js';
import { filesOfAnswers, toSubmissionFile } from '#lib/submission-files.js';
import type { GradingContext } from './context.js';
import { fullName, NOT_TEACHER, rowsOf } from './rows.js';

/** A rubric attached to an assessment (an assignment's), read beside the question's own. */
const assessmentRubrics = alias(rubrics, 'assessment_rubrics');

/**
 * The inbox count stops here (ADR 019's capped counts; ADR 019 session 20): the inbox walks by cursor and the web app
 * never shows the total, so counting past a thousand answers to grade only cost every page (an API client reads
 * `totalIsLowerBound`).
 */
export const INBOX_COUNT_CAP = 1_000;

export type InboxResult = InboxPage & { nextCursor: string | null };
/** A page of the inbox; `attemptId`: that attempt's answers only (the grade route's answer). */
export type InboxReader = (user: SessionUser, query: InboxQuery, attemptId?: string) => Promise<InboxResult>;

type InboxCursor =
  | { by: 'student'; at: string; attemptId: string; position: number }
  | { by: 'question'; assessmentId: string; questionId: string; at: string; attemptId: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function encodeCursor(cursor: InboxCursor): string {
  const parts =
    cursor.by === 'student'
      ? ['s', cursor.at, cursor.attemptId, String(cursor.position)]
      : ['q', cursor.assessmentId, cursor.questionId, cursor.at, cursor.attemptId];
  return Buffer.from(parts.join('|'), 'utf8').toString('base64url');
}

/** A cursor this list gave, for the same order; anything else is a 400 on `after`. */
function decodeCursor(value: string, byStudent: boolean): InboxCursor {
  const bad = () => fieldError('after', 'is not a cursor this list gave');
  const parts = Buffer.from(value, 'base64url').toString('utf8').split('|');
  const isTime = (t: string | undefined) => Boolean(t && !Number.isNaN(Date.parse(t)) && t.length <= 40);
  const isId = (id: string | undefined) => Boolean(id && UUID.test(id));
  if (byStudent) {
    const [kind, at, attemptId, position] = parts;
    if (kind !== 's' || parts.length !== 4 || !isTime(at) || !isId(attemptId) || !/^\d{1,4}$/.test(position ?? ''))
      throw bad();
    return { by: 'student', at: at!, attemptId: attemptId!, position: Number(position) };
  }
  const [kind, assessmentId, questionId, at, attemptId] = parts;
  if (kind !== 'q' || parts.length !== 5 || !isId(assessmentId) || !isId(questionId) || !isTime(at) || !isId(attemptId))
    throw bad();
  return { by: 'question', assessmentId: assessmentId!, questionId: questionId!, at: at!, attemptId: attemptId! };
}

/** The sort keys of the inbox's two orders (built per request). */
function sortKeys() {
  return {
    // Milliseconds, as the cursor carries them (a JS date), so the cursor's row compares equal to itself.
    submitted: sql`date_trunc('milliseconds', coalesce(${attempts.submittedAt}, ${attempts.startedAt}))`,
    position: sql`array_position(${attempts.questionIds}, ${attemptAnswers.questionId})`,
  };
}

/** Which answers the inbox lists: those needing a person in the caller's courses (admins: all), as filtered. */
function inboxWhere(user: SessionUser, query: InboxQuery, attemptId: string | undefined) {
  const conditions: (SQL | undefined)[] = [
    // Literal conditions (not parameters), so the planner matches attempt_answers_to_grade_idx's predicate; and
    // planned for the caller's values each time (a generic plan measured slower: ADR 019, session 12).
    sql`${attemptAnswers.needsManual} ${sql.raw(PLAN_EACH_TIME)}`,
    ne(attempts.status, 'in_progress'),
    user.role === 'admin' ? undefined : eq(courses.teacherId, user.id),
    query.courseId ? eq(attempts.courseId, query.courseId) : undefined,
    query.assessmentId ? eq(attempts.assessmentId, query.assessmentId) : undefined,
    query.questionId ? eq(attemptAnswers.questionId, query.questionId) : undefined,
    attemptId ? eq(attemptAnswers.attemptId, attemptId) : undefined,
    query.status === 'needs_grading'
      ? isNull(attemptAnswers.manualScore)
      : query.status === 'graded'
        ? isNotNull(attemptAnswers.manualScore)
        : undefined,
  ];
  return and(...conditions);
}

/** The rows after the cursor, in the list's order. */
function afterCursor(cursor: InboxCursor | null, keys: ReturnType<typeof sortKeys>) {
  if (!cursor) return undefined;
  const { submitted, position } = keys;
  return cursor.by === 'student'
    ? sql`(${submitted}, ${attempts.id}, ${position}) > (${cursor.at}::timestamptz, ${cursor.attemptId}::uuid, ${cursor.position}::int)`
    : sql`(${attempts.assessmentId}, ${attemptAnswers.questionId}, ${submitted}, ${attempts.id}) > (${cursor.assessmentId}::uuid, ${cursor.questionId}::uuid, ${cursor.at}::timestamptz, ${cursor.attemptId}::uuid)`;
}

/**
 * One page of answers (one row more, to tell whether another follows). The page is chosen on the narrow join
 * (answer, attempt, course) and only its rows meet the other six tables: planning a nine-table join per request cost
 * more than running it (ADR 019, session 20).
 */
function readInboxPage(db: Db, query: InboxQuery, where: SQL | undefined, cursor: InboxCursor | null) {
  const keys = sortKeys();
  const { submitted, position } = keys;
  const byStudent = query.by === 'student';
  const order = byStudent
    ? [sql`${submitted}`, asc(attempts.id), position]
    : [asc(attempts.assessmentId), asc(attemptAnswers.questionId), sql`${submitted}`, asc(attempts.id)];
  const chosen = db
    .select({
      attemptId: attemptAnswers.attemptId,
      questionId: attemptAnswers.questionId,
      assessmentId: attempts.assessmentId,
      studentId: attempts.studentId,
      anonNumber: attempts.anonNumber,
      courseId: attempts.courseId,
      submitted: sql<Date | string>`${submitted}`.as('chosen_submitted'),
      position: sql<number>`${position}`.as('chosen_position'),
    })
    .from(attemptAnswers)
    .innerJoin(attempts, eq(attempts.id, attemptAnswers.attemptId))
    .innerJoin(courses, eq(courses.id, attempts.courseId))
    .where(and(where, afterCursor(cursor, keys)))
    .orderBy(...order)
    .limit(query.pageSize + 1)
    .offset(cursor ? 0 : (query.page - 1) * query.pageSize)
    .as('chosen');
  const pageOrder = byStudent
    ? [asc(chosen.submitted), asc(chosen.attemptId), asc(chosen.position)]
    : [asc(chosen.assessmentId), asc(chosen.questionId), asc(chosen.submitted), asc(chosen.attemptId)];
  return db
    .select({
      answer: attemptAnswers,
      submittedAt: sql<string>`${chosen.submitted}`.mapWith((v: string | Date) => new Date(v)),
      position: sql<number>`${chosen.position}`.mapWith(Number),
      assessmentId: chosen.assessmentId,
      studentId: chosen.studentId,
      anonNumber: chosen.anonNumber,
      firstname: users.firstname,
      lastname: users.lastname,
      username: users.username,
      courseId: courses.id,
      courseTitle: courses.title,
      assessmentTitle: courseItems.title,
      anonymousGrading: assessments.anonymousGrading,
      releasedAt: assessments.releasedAt,
      questionTitle: questions.title,
      questionType: questions.type,
      prompt: questions.prompt,
      points: questions.points,
      // The question's own rubric, else the one attached to its assessment (ADR 043).
      rubricId: sql<string | null>`coalesce(${rubrics.id}, ${assessmentRubrics.id})`,
      rubricMax: sql<number | null>`coalesce(${rubrics.maxPoints}, ${assessmentRubrics.maxPoints})`.mapWith(
        (v: string | number | null) => (v === null ? null : Number(v)),
      ),
      rubricScore: answerRubricScores,
    })
    .from(chosen)
    .innerJoin(
      attemptAnswers,
      and(eq(attemptAnswers.attemptId, chosen.attemptId), eq(attemptAnswers.questionId, chosen.questionId)),
    )
    .innerJoin(courses, eq(courses.id, chosen.courseId))
    .innerJoin(courseItems, eq(courseItems.id, chosen.assessmentId))
    .innerJoin(assessments, eq(assessments.itemId, chosen.assessmentId))
    .innerJoin(questions, eq(questions.id, chosen.questionId))
    .innerJoin(users, eq(users.id, chosen.studentId))
    .leftJoin(rubrics, eq(rubrics.questionId, chosen.questionId))
    .leftJoin(assessmentRubrics, eq(assessmentRubrics.assessmentId, chosen.assessmentId))
    .leftJoin(
      answerRubricScores,
      and(eq(answerRubricScores.attemptId, chosen.attemptId), eq(answerRubricScores.questionId, chosen.questionId)),
    )
    .orderBy(...pageOrder);
}

type InboxRow = Awaited<ReturnType<typeof readInboxPage>>[number];

/**
 * The count stops at the cap (ADR 019): above it the envelope says the total is a lower bound. The same statement
 * checks a filtered course (404 / 403), so the inbox stays at one page statement + this one; the page carries the
 * caller's courses in its condition, so it finds nothing in a foreign course meanwhile.
 */
async function countInbox(db: Db, where: SQL | undefined, courseId: string | undefined) {
  const counted = await db.execute(sql`select (select count(*)::int from (
        select 1 from ${attemptAnswers}
          join ${attempts} on ${attempts.id} = ${attemptAnswers.attemptId}
          join ${courses} on ${courses.id} = ${attempts.courseId}
         where ${where} limit ${INBOX_COUNT_CAP + 1}) capped) as total,
        ${courseId ? sql`(select ${courses.teacherId} from ${courses} where ${courses.id} = ${courseId})` : sql`null`} as teacher_id,
        ${courseId ? sql`exists (select 1 from ${courses} where ${courses.id} = ${courseId})` : sql`true`} as course_exists`);
  const [frame] = rowsOf<{ total: number; teacher_id: string | null; course_exists: boolean }>(counted);
  return frame;
}

/** An answer of the page as the inbox shows it: the student anonymous while the assessment's names are hidden. */
function toInboxAnswer(row: InboxRow, files: Awaited<ReturnType<typeof filesOfAnswers>>, at: Date): InboxAnswer {
  const hidden = namesHidden(row, at);
  return {
    attemptId: row.answer.attemptId,
    questionId: row.answer.questionId,
    course: { id: row.courseId, title: row.courseTitle },
    assessment: { id: row.assessmentId, title: row.assessmentTitle },
    question: { title: row.questionTitle, type: row.questionType, prompt: row.prompt, points: row.points },
    student: hidden
      ? { id: null, name: anonymousLabel(row.anonNumber), anonymous: true }
      : { id: row.studentId, name: fullName(row), anonymous: false },
    submittedAt: row.submittedAt.toISOString(),
    response: row.answer.response,
    files: (files.get(`${row.answer.attemptId}:${row.answer.questionId}`) ?? []).map((file) =>
      toSubmissionFile(file, { kind: 'course', courseId: row.courseId }),
    ),
    score: row.answer.manualScore,
    comment: row.answer.feedback,
    rubric:
      row.rubricScore && row.rubricId
        ? {
            rubricId: row.rubricScore.rubricId,
            selections: row.rubricScore.selections,
            total: row.rubricScore.total,
            maxPoints: row.rubricMax ?? 0,
          }
        : null,
    rubricId: row.rubricId,
    graded: row.answer.manualScore !== null,
    version: row.answer.version,
  };
}

/** The cursor after the page's last row, when more follow. */
function nextCursorOf(last: InboxRow | undefined, more: boolean, byStudent: boolean): string | null {
  if (!more || !last) return null;
  return encodeCursor(
    byStudent
      ? { by: 'student', at: last.submittedAt.toISOString(), attemptId: last.answer.attemptId, position: last.position }
      : {
          by: 'question',
          assessmentId: last.assessmentId,
          questionId: last.answer.questionId,
          at: last.submittedAt.toISOString(),
          attemptId: last.answer.attemptId,
        },
  );
}

/** The grading inbox: the answers that need a person, a page at a time, one course's pages kept. */
export function createInbox(context: GradingContext) {
  const { db, now } = context;

  /**
   * The inbox: one page statement + one capped count (ADR 019), filtered to the caller's courses (admins: all).
   * By question: (assessment, question, oldest submission, attempt); by student: (oldest submission, attempt,
   * the question's place in the attempt), so one attempt's answers come together. Keyset paging with `after`
   * (the last row's sort key); `page` (offset) stays for small pages without a cursor.
   */
  const inbox: InboxReader = async (user, query, attemptId) => {
    const at = now();
    const byStudent = query.by === 'student';
    const cursor = query.after ? decodeCursor(query.after, byStudent) : null;
    const where = inboxWhere(user, query, attemptId);
    const [rows, frame] = await Promise.all([
      readInboxPage(db, query, where, cursor),
      countInbox(db, where, query.courseId),
    ]);
    if (query.courseId) {
      if (!frame?.course_exists) throw notFound('Course not found');
      if (user.role !== 'admin' && frame.teacher_id !== user.id) throw forbidden(NOT_TEACHER);
    }
    const more = rows.length > query.pageSize;
    const pageRows = more ? rows.slice(0, query.pageSize) : rows;
    // The handed-in files of the page's task answers: one query for the page.
    const files = await filesOfAnswers(
      db,
      pageRows.filter((row) => row.questionType === 'task').map((row) => row.answer),
    );
    const items = pageRows.map((row) => toInboxAnswer(row, files, at));
    const nextCursor = nextCursorOf(pageRows.at(-1), more, byStudent);
    const total = Number(frame?.total ?? 0);
    const capped = total > INBOX_COUNT_CAP;
    return { ...pageResult(items, query, Math.min(total, INBOX_COUNT_CAP), capped), nextCursor };
  };

  return {
    inbox,

    /**
     * A page of the grading inbox as JSON (`write` serializes it): one course's kept until its answers to grade
     * change (migration 0042); across the caller's courses (no `courseId`) read each time.
     */
    async inboxJson(user: SessionUser, query: InboxQuery, write: (page: InboxResult) => string): Promise<PreparedJson> {
      if (!query.courseId) return preparedJson(write(await inbox(user, query)));
      const frame = await context.gradebookFrame(user, query.courseId);
      const { courseId, status, by, assessmentId = '', questionId = '', page, pageSize, after = '' } = query;
      const key = ['inbox', courseId, status, by, assessmentId, questionId, page, pageSize, after].join('\n');
      return context.keptCoursePage(frame, key, async () => write(await inbox(user, query)));
    },
  };
}
