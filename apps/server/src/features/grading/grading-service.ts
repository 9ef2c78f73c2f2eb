import type {
  MyGrades,
  Gradebook,
  GradebookWeightsBody,
  GradeAnswerInput,
  InboxAnswer,
  InboxPage,
  InboxQuery,
  ItemAnalysisReport,
  MyAttemptRubrics,
  PageQuery,
  RubricScore,
} from '@lyceum/contract';
import { sequenceLockedMessage } from '@lyceum/contract';
import { and, asc, count, eq, inArray, isNotNull, isNull, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { SessionUser } from '../../auth/guards.js';
import type { Db } from '../../db/client.js';
import {
  answerGradeLog,
  answerRubricScores,
  assessments,
  attemptAnswers,
  attempts,
  courseItems,
  courses,
  enrolments,
  gradebookSettings,
  gradeOverrides,
  questions,
  regradeLog,
  rubrics,
  users,
} from '../../db/schema/index.js';
import { systemClock, type Clock } from '../../lib/attempt-counter.js';
import { csvRow, UTF8_BOM } from '../../lib/csv.js';
import { conflict, fieldError, forbidden, HttpError, notFound } from '../../lib/errors.js';
import { pageResult } from '../../lib/pages.js';
import { keptPerOwner } from '../../lib/kept-by-key.js';
import { preparedJson, type PreparedJson } from '../../lib/response-cache.js';
import { filesOfAnswers, toSubmissionFile } from '../../lib/submission-files.js';
import { round2 } from '../../lib/counting.js';
import { classWindowInputs } from '../../lib/class-window.js';
import { raiseEvent } from '../../lib/events.js';
import { learnerWindow } from '../../lib/learner-window.js';
import { anonymousLabel, isReleased, namesHidden } from '../../lib/release.js';
import { attemptSequenceBlocker } from '../../lib/sequence.js';
import { PLAN_EACH_TIME } from '../../db/auto-prepare.js';
import { pointsAfterPenalty } from '../../lib/late-penalty.js';
import {
  gradebookCells,
  gradebookFrames,
  type FramesReader,
  type GradebookFrame,
  gradebookLines,
  gradebookTotal,
  type LineSlice,
  type StudentLine,
} from '../../lib/gradebook.js';
import { cleanCommentHtml } from './feedback-service.js';
import { analyseItems, type AnalysedAttempt } from './item-analysis.js';
import { rubricScoreFor, rubricTotal } from './rubric-rules.js';

/** A rubric attached to an assessment (an assignment's), read beside the question's own. */
const assessmentRubrics = alias(rubrics, 'assessment_rubrics');

const NOT_TEACHER = "Only the course's teacher can grade it";
const STALE_GRADE = 'Someone graded this answer since you opened it: their grade is beside yours';

/**
 * The 409 of a stale grade, carrying the grade that was saved meanwhile (with its version), so the second grader
 * keeps their own score and comment on screen beside it and chooses (issue 54.7).
 */
export class StaleGradeError extends HttpError {
  constructor(public readonly current: InboxAnswer | null) {
    super(409, STALE_GRADE);
  }
}
export const EXPORT_BATCH = 500;

type AssessmentRow = typeof assessments.$inferSelect;

function fullName(row: { firstname: string | null; lastname: string | null; username?: string | null }) {
  const name = [row.firstname, row.lastname].filter(Boolean).join(' ').trim();
  return name || row.username || 'Student';
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** Overriding or reading the history of an anonymous assessment's cell before its release. */
const ANONYMOUS_CELL = 'This assessment is graded anonymously: release its grades to see or override a student’s score';

/** An anonymous assessment's cell before its release, in the gradebook CSV. */
const HIDDEN_IN_CSV = 'hidden until release';

/**
 * The markers the gradebook page shows on a cell (Late with its penalty, Pending or To grade, Override), for the
 * CSV's notes column beside the points: the points column stays a plain number a spreadsheet can add up.
 */
function csvNotes(cell: {
  hidden: boolean;
  points: number | null;
  pending: boolean;
  late: boolean;
  penaltyPoints: number;
  overridden: boolean;
}): string {
  if (cell.hidden) return '';
  const notes: string[] = [];
  if (cell.late)
    notes.push(
      cell.penaltyPoints > 0 ? `Late: −${cell.penaltyPoints} ${cell.penaltyPoints === 1 ? 'point' : 'points'}` : 'Late',
    );
  if (cell.pending) notes.push(cell.points === null ? 'To grade' : 'Pending');
  if (cell.overridden) notes.push('Override');
  return notes.join('; ');
}

/**
 * The inbox count stops here (ADR 019's capped counts; ADR 019 session 20): the inbox walks by cursor and the web app
 * never shows the total, so counting past a thousand answers to grade only cost every page (an API client reads
 * `totalIsLowerBound`).
 */
export const INBOX_COUNT_CAP = 1_000;

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

/**
 * Grading by people (issue 17): the inbox of answers that need a person, grading one answer (optimistic
 * version), the gradebook with the counting score, its CSV, the item analysis of an assessment.
 */
export function createGradingService(
  db: Db,
  options: {
    clock?: Clock;
    /** The courses' gradebook frames: the app's kept ones (lib/gradebook.ts), else read each time. */
    frames?: FramesReader;
    /**
     * The database's word that a course's gradebook changed (its frame or its results: db/client.ts `watchCourses`
     * and `watchCourseResults`): the gradebook's pages are kept until it comes. Without it every page is read.
     */
    watchGradebooks?: (onChange: (courseId: string) => void) => () => void;
  } = {},
) {
  const framesOf: FramesReader = options.frames ?? ((courseIds) => gradebookFrames(db, courseIds));
  /** The server's clock (tests pass a fake one): what is released, and whose names are shown, is decided by it. */
  const clock = options.clock ?? systemClock;
  const now = () => new Date(clock());
  /**
   * The gradebook's and the grading inbox's pages of a course as sent (ADR 019, sessions 23 and 24): a page of 50
   * students × 40 assessments is 260 KB of JSON made from 2,000 counted cells, 25 ms of the server's time; an inbox
   * page of 100 answers costs the database 25 ms (its capped count most); and a teacher opens them again and again
   * between changes. Kept per course until the database names the course (migrations 0039, 0040 and 0042), and no
   * later than the next release of an anonymous assessment's names, which changes what the pages hide. Who may read
   * them is decided before, by the kept frame, for every request.
   */
  const keptCoursePages = keptPerOwner<{ json: PreparedJson; holdsUntil: number }>(options.watchGradebooks, {
    bytesOf: (page) => 2 * page.json.body.length,
    maxBytes: 32 * 1024 * 1024,
    holds: (page) => clock() < page.holdsUntil,
  });
  /**
   * A learner's own grades in a course as sent ("My grades", ADR 019 session 24): one page per learner, kept under the
   * course as the teacher's pages are, until the course's frame or results change (an enrolment removed says so too),
   * and no later than the next release set for a date.
   */
  const keptLearnerPages = keptPerOwner<{ json: PreparedJson; holdsUntil: number }>(options.watchGradebooks, {
    bytesOf: (page) => 2 * page.json.body.length,
    maxBytes: 32 * 1024 * 1024,
    pagesPerOwner: 1_000,
    holds: (page) => clock() < page.holdsUntil,
  });
  /** A course's page as `make` writes it, kept under the course (`keptCoursePages`) until its names show. */
  async function keptCoursePage(frame: GradebookFrame, key: string, make: () => Promise<string>) {
    const kept = await keptCoursePages.get(key, async () => {
      const at = new Date(clock());
      const releases = frame.list
        .filter((assessment) => namesHidden(assessment, at) && assessment.releasedAt)
        .map((assessment) => assessment.releasedAt!.getTime());
      const json = preparedJson(await make());
      return { owner: frame.courseId, value: { json, holdsUntil: Math.min(Infinity, ...releases) } };
    });
    return kept.value.json;
  }
  async function assertCourseTeacher(user: SessionUser, courseId: string): Promise<{ title: string }> {
    const [course] = await db
      .select({ teacherId: courses.teacherId, title: courses.title })
      .from(courses)
      .where(eq(courses.id, courseId))
      .limit(1);
    if (!course) throw notFound('Course not found');
    if (user.role !== 'admin' && course.teacherId !== user.id) throw forbidden(NOT_TEACHER);
    return course;
  }

  /**
   * Recomputes an attempt's totals after a person graded one of its answers: earned points (manual over
   * automatic), the maximum, "needs grading" until every answer needing a person has a score, and the score on
   * the assessment's points after the late penalty (the same rule as at submit).
   */
  async function refreshAttempt(tx: Db, attemptId: string, assessment: AssessmentRow): Promise<void> {
    const [attempt] = await tx.select().from(attempts).where(eq(attempts.id, attemptId)).limit(1);
    if (!attempt) return;
    const points = attempt.questionIds.length
      ? await tx.select({ points: questions.points }).from(questions).where(inArray(questions.id, attempt.questionIds))
      : [];
    const answers = await tx
      .select({
        autoScore: attemptAnswers.autoScore,
        manualScore: attemptAnswers.manualScore,
        needsManual: attemptAnswers.needsManual,
      })
      .from(attemptAnswers)
      .where(eq(attemptAnswers.attemptId, attemptId));
    const max = round2(points.reduce((sum, q) => sum + q.points, 0));
    const raw = round2(answers.reduce((sum, a) => sum + (a.manualScore ?? a.autoScore ?? 0), 0));
    const pending = answers.some((a) => a.needsManual && a.manualScore === null);
    const scaled = max > 0 ? (raw / max) * assessment.points : 0;
    await tx
      .update(attempts)
      .set({
        status: pending ? 'needs_grading' : 'graded',
        rawScore: raw,
        maxScore: max,
        // The penalty decided at submit, against the learner's own due date (lib/late-penalty.ts).
        score: pointsAfterPenalty(scaled, attempt.penaltyPercent ?? 0),
        updatedAt: new Date(),
      })
      .where(eq(attempts.id, attemptId));
    // The last answer graded by a person: the learner hears of it when the score is theirs to see now (ADR 027).
    if (attempt.status === 'needs_grading' && !pending && scoreReleased(assessment, now())) {
      const [item] = await tx
        .select({ title: courseItems.title })
        .from(courseItems)
        .where(eq(courseItems.id, assessment.itemId));
      await raiseEvent(tx, {
        type: 'grade.released',
        recipients: [attempt.studentId],
        data: { courseId: attempt.courseId, itemId: assessment.itemId, itemTitle: item?.title ?? 'an assessment' },
      });
    }
  }

  /** The gradebook's columns (the course's assessments in curriculum order) and its weights, after the access check. */
  async function gradebookFrame(user: SessionUser, courseId: string, options: { asStudent?: boolean } = {}) {
    const frame = (await framesOf([courseId])).get(courseId);
    if (!frame) throw notFound('Course not found');
    // A student's own row ("My grades"): enrolment is checked by the row's query.
    if (!options.asStudent && user.role !== 'admin' && frame.teacherId !== user.id) throw forbidden(NOT_TEACHER);
    return frame;
  }

  /** `studentId`: one student only (their own "My grades"). */
  const studentLines = (courseId: string, slice: LineSlice & { studentId?: string }) => {
    const { studentId, ...rest } = slice;
    return gradebookLines(db, [courseId], studentId ? { ...rest, studentIds: [studentId] } : rest);
  };
  const cellsOf = gradebookCells;
  const totalOf = gradebookTotal;

  async function overrideHistory(assessmentId: string, studentId: string) {
    const history = await db
      .select({
        points: gradeOverrides.points,
        reason: gradeOverrides.reason,
        byUserId: gradeOverrides.byUserId,
        createdAt: gradeOverrides.createdAt,
        firstname: users.firstname,
        lastname: users.lastname,
        username: users.username,
      })
      .from(gradeOverrides)
      .leftJoin(users, eq(users.id, gradeOverrides.byUserId))
      .where(and(eq(gradeOverrides.assessmentId, assessmentId), eq(gradeOverrides.studentId, studentId)))
      .orderBy(sql`${gradeOverrides.createdAt} desc, ${gradeOverrides.id} desc`)
      .limit(50);
    return {
      items: history.map((h) => ({
        points: h.points,
        reason: h.reason,
        byUserId: h.byUserId,
        // Who made it, as the teacher knows them; null once that account is gone.
        byName: h.byUserId ? fullName(h) : null,
        createdAt: h.createdAt.toISOString(),
      })),
    };
  }

  /**
   * The inbox: one page statement + one capped count (ADR 019), filtered to the caller's courses (admins: all).
   * By question: (assessment, question, oldest submission, attempt); by student: (oldest submission, attempt,
   * the question's place in the attempt), so one attempt's answers come together. Keyset paging with `after`
   * (the last row's sort key); `page` (offset) stays for small pages without a cursor.
   */
  async function inbox(
    user: SessionUser,
    query: InboxQuery,
    attemptId?: string,
  ): Promise<InboxPage & { nextCursor: string | null }> {
    const at = now();
    // Milliseconds, as the cursor carries them (a JS date), so the cursor's row compares equal to itself.
    const submitted = sql`date_trunc('milliseconds', coalesce(${attempts.submittedAt}, ${attempts.startedAt}))`;
    const position = sql`array_position(${attempts.questionIds}, ${attemptAnswers.questionId})`;
    const byStudent = query.by === 'student';
    const cursor = query.after ? decodeCursor(query.after, byStudent) : null;
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
    const where = and(...conditions);
    const after = cursor
      ? cursor.by === 'student'
        ? sql`(${submitted}, ${attempts.id}, ${position}) > (${cursor.at}::timestamptz, ${cursor.attemptId}::uuid, ${cursor.position}::int)`
        : sql`(${attempts.assessmentId}, ${attemptAnswers.questionId}, ${submitted}, ${attempts.id}) > (${cursor.assessmentId}::uuid, ${cursor.questionId}::uuid, ${cursor.at}::timestamptz, ${cursor.attemptId}::uuid)`
      : undefined;
    const order = byStudent
      ? [sql`${submitted}`, asc(attempts.id), position]
      : [asc(attempts.assessmentId), asc(attemptAnswers.questionId), sql`${submitted}`, asc(attempts.id)];
    // The page is chosen on the narrow join (answer, attempt, course) and only its rows meet the other six tables:
    // planning a nine-table join per request cost more than running it (ADR 019, session 20).
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
      .where(and(where, after))
      .orderBy(...order)
      .limit(query.pageSize + 1)
      .offset(cursor ? 0 : (query.page - 1) * query.pageSize)
      .as('chosen');
    const pageOrder = byStudent
      ? [asc(chosen.submitted), asc(chosen.attemptId), asc(chosen.position)]
      : [asc(chosen.assessmentId), asc(chosen.questionId), asc(chosen.submitted), asc(chosen.attemptId)];
    const [rows, counted] = await Promise.all([
      db
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
        .orderBy(...pageOrder),
      // The count stops at the cap (ADR 019): above it the envelope says the total is a lower bound. The same
      // statement checks a filtered course (404 / 403), so the inbox stays at one page statement + this one; the page
      // carries the caller's courses in its condition, so it finds nothing in a foreign course meanwhile.
      db.execute(sql`select (select count(*)::int from (
        select 1 from ${attemptAnswers}
          join ${attempts} on ${attempts.id} = ${attemptAnswers.attemptId}
          join ${courses} on ${courses.id} = ${attempts.courseId}
         where ${where} limit ${INBOX_COUNT_CAP + 1}) capped) as total,
        ${query.courseId ? sql`(select ${courses.teacherId} from ${courses} where ${courses.id} = ${query.courseId})` : sql`null`} as teacher_id,
        ${query.courseId ? sql`exists (select 1 from ${courses} where ${courses.id} = ${query.courseId})` : sql`true`} as course_exists`),
    ]);
    const [frame] = rowsOf<{ total: number; teacher_id: string | null; course_exists: boolean }>(counted);
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
    const items: InboxAnswer[] = pageRows.map((row) => {
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
    });
    const last = pageRows.at(-1);
    const nextCursor =
      more && last
        ? encodeCursor(
            byStudent
              ? {
                  by: 'student',
                  at: last.submittedAt.toISOString(),
                  attemptId: last.answer.attemptId,
                  position: last.position,
                }
              : {
                  by: 'question',
                  assessmentId: last.assessmentId,
                  questionId: last.answer.questionId,
                  at: last.submittedAt.toISOString(),
                  attemptId: last.answer.attemptId,
                },
          )
        : null;
    const total = Number(frame?.total ?? 0);
    const capped = total > INBOX_COUNT_CAP;
    return { ...pageResult(items, query, Math.min(total, INBOX_COUNT_CAP), capped), nextCursor };
  }

  /** A person's grade for one answer; 409 when `version` is not the answer's current one (nothing is lost). */
  async function gradeAnswer(
    user: SessionUser,
    attemptId: string,
    questionId: string,
    input: GradeAnswerInput,
  ): Promise<InboxAnswer> {
    const [row] = await db
      .select({
        attempt: attempts,
        teacherId: courses.teacherId,
        answer: attemptAnswers,
        points: questions.points,
      })
      .from(attempts)
      .innerJoin(courses, eq(courses.id, attempts.courseId))
      .leftJoin(
        attemptAnswers,
        and(eq(attemptAnswers.attemptId, attempts.id), eq(attemptAnswers.questionId, questionId)),
      )
      .leftJoin(questions, eq(questions.id, questionId))
      .where(eq(attempts.id, attemptId))
      .limit(1);
    if (!row) throw notFound('Attempt not found');
    if (user.role !== 'admin' && row.teacherId !== user.id) throw forbidden(NOT_TEACHER);
    if (row.attempt.status === 'in_progress') throw conflict('The attempt is still being taken');
    if (!row.answer || row.points === null) throw notFound('This attempt has no answer to that question');
    const points = row.points;

    let score = input.score;
    let rubricScore: { rubricId: string; selections: Record<string, string>; total: number } | null = null;
    if (input.rubric) {
      // The question's own rubric, else the one attached to the attempt's assessment (ADR 043).
      const [rubric] = await db
        .select()
        .from(rubrics)
        .where(sql`${rubrics.questionId} = ${questionId} or ${rubrics.assessmentId} = ${row.attempt.assessmentId}`)
        .orderBy(sql`${rubrics.questionId} is null`)
        .limit(1);
      if (!rubric) throw fieldError('rubric', 'this question has no rubric');
      const total = rubricTotal(rubric.criteria, input.rubric.selections);
      rubricScore = { rubricId: rubric.id, selections: input.rubric.selections, total };
      score = rubricScoreFor(total, rubric.maxPoints, points);
    }
    if (score === undefined) throw fieldError('score', 'is required');
    if (score > points) throw fieldError('score', `must be at most ${points} (the question's points)`);
    const comment = cleanCommentHtml(input.comment, 'comment', false);

    let stale = false;
    await db.transaction(async (tx) => {
      const [updated] = await tx
        .update(attemptAnswers)
        .set({
          manualScore: score,
          feedback: comment,
          graderId: user.id,
          version: sql`${attemptAnswers.version} + 1`,
          updatedAt: new Date(),
        })
        .where(
          and(
            eq(attemptAnswers.attemptId, attemptId),
            eq(attemptAnswers.questionId, questionId),
            eq(attemptAnswers.version, input.version),
          ),
        )
        .returning({ version: attemptAnswers.version });
      if (!updated) {
        stale = true;
        return;
      }
      await tx.insert(answerGradeLog).values({
        attemptId,
        questionId,
        oldScore: row.answer!.manualScore,
        newScore: score,
        graderId: user.id,
      });
      if (rubricScore) {
        const values = { ...rubricScore, attemptId, questionId, graderId: user.id, updatedAt: new Date() };
        await tx
          .insert(answerRubricScores)
          .values(values)
          .onConflictDoUpdate({ target: [answerRubricScores.attemptId, answerRubricScores.questionId], set: values });
      } else {
        await tx
          .delete(answerRubricScores)
          .where(and(eq(answerRubricScores.attemptId, attemptId), eq(answerRubricScores.questionId, questionId)));
      }
      const [assessment] = await tx
        .select()
        .from(assessments)
        .where(eq(assessments.itemId, row.attempt.assessmentId))
        .limit(1);
      if (assessment) await refreshAttempt(tx, attemptId, assessment);
    });
    const page = await inbox(user, { page: 1, pageSize: 1, status: 'all', by: 'student', questionId }, attemptId);
    const item = page.items.find((i) => i.attemptId === attemptId);
    if (stale) throw new StaleGradeError(item ?? null);
    if (item) return item;
    // The answer does not need a person (an automatic one graded by hand): answer from what was written.
    return {
      attemptId,
      questionId,
      course: { id: row.attempt.courseId, title: '' },
      assessment: { id: row.attempt.assessmentId, title: '' },
      question: { title: '', type: '', prompt: '', points },
      student: { id: null, name: '', anonymous: true },
      submittedAt: (row.attempt.submittedAt ?? new Date(0)).toISOString(),
      response: row.answer.response,
      files: [],
      score,
      comment,
      rubric: rubricScore ? { ...rubricScore, maxPoints: 0 } : null,
      rubricId: rubricScore?.rubricId ?? null,
      graded: true,
      version: row.answer.version + 1,
    };
  }

  /** The assessments of a course in which the student has an attempt in progress. */
  async function attemptsInProgress(studentId: string, courseId: string): Promise<Set<string>> {
    const rows = await db
      .select({ assessmentId: attempts.assessmentId })
      .from(attempts)
      .where(
        and(eq(attempts.studentId, studentId), eq(attempts.courseId, courseId), eq(attempts.status, 'in_progress')),
      );
    return new Set(rows.map((row) => row.assessmentId));
  }

  /** The rubric scoring of answers (for the student's review, once feedback is released). */
  async function rubricScoresOf(attemptId: string): Promise<Map<string, RubricScore>> {
    const rows = await db
      .select({ score: answerRubricScores, maxPoints: rubrics.maxPoints })
      .from(answerRubricScores)
      .innerJoin(rubrics, eq(rubrics.id, answerRubricScores.rubricId))
      .where(eq(answerRubricScores.attemptId, attemptId));
    return new Map(
      rows.map((r) => [
        r.score.questionId,
        {
          rubricId: r.score.rubricId,
          selections: r.score.selections,
          total: r.score.total,
          maxPoints: r.maxPoints,
        },
      ]),
    );
  }

  const service = {
    inbox,

    /** A person's grade for one answer; 409 when `version` is not the answer's current one (nothing is lost). */
    gradeAnswer,

    rubricScoresOf,

    /** The rubric scoring of the caller's own attempt: nothing before the feedback is released. */
    async myAttemptRubrics(user: SessionUser, attemptId: string, at = now()): Promise<MyAttemptRubrics> {
      const [row] = await db
        .select({ studentId: attempts.studentId, status: attempts.status, assessment: assessments })
        .from(attempts)
        .innerJoin(assessments, eq(assessments.itemId, attempts.assessmentId))
        .where(eq(attempts.id, attemptId))
        .limit(1);
      // Another student's attempt is not found (its existence is not theirs to learn).
      if (!row || row.studentId !== user.id) throw notFound('Attempt not found');
      // Sequential mode locks every route of the attempt as the outline does (ADR 029).
      const blocker = await attemptSequenceBlocker(db, attemptId, user.id);
      if (blocker) throw forbidden(sequenceLockedMessage(blocker.title));
      if (row.status === 'in_progress') return { released: false, items: [], changes: [] };
      // "After the due date" is the learner's own due date (class dates, accommodations: lib/learner-window.ts).
      const a = row.assessment;
      const window =
        a.releaseFeedback === 'after_due' && !isReleased('manual', a, a, at)
          ? learnerWindow({
              assessment: a,
              learner: { studentId: user.id },
              ...(await classWindowInputs(db, [a.itemId], user.id)).get(a.itemId),
            })
          : a;
      if (!isReleased(a.releaseFeedback, a, window, at)) return { released: false, items: [], changes: [] };
      const rows = await db
        .select({
          score: answerRubricScores,
          title: rubrics.title,
          criteria: rubrics.criteria,
          maxPoints: rubrics.maxPoints,
        })
        .from(answerRubricScores)
        .innerJoin(rubrics, eq(rubrics.id, answerRubricScores.rubricId))
        .where(eq(answerRubricScores.attemptId, attemptId));
      // Regrades: a grade that replaced an earlier one (the first grade of an answer has no old score), and a
      // key fix that changed the automatic score (regrade_log, issue 54.9).
      const [graded, rekeyed] = await Promise.all([
        db
          .select({
            questionId: answerGradeLog.questionId,
            oldScore: answerGradeLog.oldScore,
            newScore: answerGradeLog.newScore,
            changedAt: answerGradeLog.createdAt,
          })
          .from(answerGradeLog)
          .where(and(eq(answerGradeLog.attemptId, attemptId), isNotNull(answerGradeLog.oldScore)))
          .orderBy(asc(answerGradeLog.createdAt), asc(answerGradeLog.id))
          .limit(200),
        db
          .select({
            questionId: regradeLog.questionId,
            oldScore: regradeLog.oldScore,
            newScore: regradeLog.newScore,
            changedAt: regradeLog.createdAt,
          })
          .from(regradeLog)
          .where(eq(regradeLog.attemptId, attemptId))
          .orderBy(asc(regradeLog.createdAt), asc(regradeLog.id))
          .limit(200),
      ]);
      const changes = [...graded, ...rekeyed].sort((a, b) => a.changedAt.getTime() - b.changedAt.getTime());
      return {
        released: true,
        changes: changes
          // Only what the learner could have seen: regrades after a manual release (or any, when released by policy).
          .filter((c) => c.oldScore !== c.newScore)
          .filter((c) => !row.assessment.releasedAt || c.changedAt > row.assessment.releasedAt)
          .map((c) => ({ ...c, changedAt: c.changedAt.toISOString() })),
        items: rows.map((r) => ({
          questionId: r.score.questionId,
          rubric: { title: r.title, criteria: r.criteria },
          score: {
            rubricId: r.score.rubricId,
            selections: r.score.selections,
            total: r.score.total,
            maxPoints: r.maxPoints,
          },
        })),
      };
    },
    /** A page of the gradebook: 1 statement for the columns, 1 for the page of students with their attempts. */
    async gradebook(user: SessionUser, courseId: string, query: PageQuery): Promise<Gradebook> {
      const frame = await gradebookFrame(user, courseId);
      const lines = await studentLines(courseId, { limit: query.pageSize, offset: (query.page - 1) * query.pageSize });
      let total = lines[0] ? Number(lines[0].total) : 0;
      if (lines.length === 0 && query.page > 1) {
        const [counted] = await db.select({ total: count() }).from(enrolments).where(eq(enrolments.courseId, courseId));
        total = counted?.total ?? 0;
      }
      const at = now();
      const items = lines.map((line) => {
        const cells = cellsOf(line, frame.list, at);
        return {
          student: { id: line.student_id, name: fullName(line), email: line.email },
          cells,
          totalPercent: totalOf(cells, frame.list, frame.weights),
        };
      });
      return { ...pageResult(items, query, total), columns: frame.columns, weights: frame.weights };
    },

    /** A page of the gradebook as JSON (`write` serializes it), kept until the course's gradebook changes. */
    async gradebookJson(
      user: SessionUser,
      courseId: string,
      query: PageQuery,
      write: (page: Gradebook) => string,
    ): Promise<PreparedJson> {
      const frame = await gradebookFrame(user, courseId);
      return keptCoursePage(frame, `gradebook\n${courseId}\n${query.page}\n${query.pageSize}`, async () =>
        write(await service.gradebook(user, courseId, query)),
      );
    },

    /**
     * A page of the grading inbox as JSON (`write` serializes it): one course's kept until its answers to grade
     * change (migration 0042); across the caller's courses (no `courseId`) read each time.
     */
    async inboxJson(
      user: SessionUser,
      query: InboxQuery,
      write: (page: InboxPage & { nextCursor: string | null }) => string,
    ): Promise<PreparedJson> {
      if (!query.courseId) return preparedJson(write(await inbox(user, query)));
      const frame = await gradebookFrame(user, query.courseId);
      const { courseId, status, by, assessmentId = '', questionId = '', page, pageSize, after = '' } = query;
      const key = ['inbox', courseId, status, by, assessmentId, questionId, page, pageSize, after].join('\n');
      return keptCoursePage(frame, key, async () => write(await inbox(user, query)));
    },

    close: () => {
      keptCoursePages.stop();
      keptLearnerPages.stop();
    },

    async setWeights(user: SessionUser, courseId: string, weights: GradebookWeightsBody) {
      await assertCourseTeacher(user, courseId);
      const values = { quiz: weights.quiz ?? 0, exam: weights.exam ?? 0, assignment: weights.assignment ?? 0 };
      await db
        .insert(gradebookSettings)
        .values({ courseId, weights: values })
        .onConflictDoUpdate({ target: gradebookSettings.courseId, set: { weights: values, updatedAt: new Date() } });
      return values;
    },

    async overrideCell(
      user: SessionUser,
      courseId: string,
      assessmentId: string,
      studentId: string,
      body: { points: number | null; reason: string },
    ) {
      await assertCourseTeacher(user, courseId);
      const [assessment] = await db
        .select({
          points: assessments.points,
          anonymousGrading: assessments.anonymousGrading,
          releasedAt: assessments.releasedAt,
        })
        .from(assessments)
        .where(and(eq(assessments.itemId, assessmentId), eq(assessments.courseId, courseId)))
        .limit(1);
      if (!assessment) throw notFound('Assessment not found in this course');
      // A hidden cell stays hidden: overriding it would put a score beside a name before the release.
      if (namesHidden(assessment, now())) throw conflict(ANONYMOUS_CELL);
      const [enrolled] = await db
        .select({ id: enrolments.id })
        .from(enrolments)
        .where(and(eq(enrolments.courseId, courseId), eq(enrolments.studentId, studentId)))
        .limit(1);
      if (!enrolled) throw notFound('Student not enrolled in this course');
      if (body.points !== null && body.points > assessment.points)
        throw fieldError('points', `must be at most ${assessment.points}`);
      await db.insert(gradeOverrides).values({
        assessmentId,
        studentId,
        points: body.points,
        reason: body.reason,
        byUserId: user.id,
      });
      return overrideHistory(assessmentId, studentId);
    },
    /** The override history of one cell, newest first (at most 50 rows). */
    async cellHistory(user: SessionUser, courseId: string, assessmentId: string, studentId: string) {
      await assertCourseTeacher(user, courseId);
      const [assessment] = await db
        .select({ anonymousGrading: assessments.anonymousGrading, releasedAt: assessments.releasedAt })
        .from(assessments)
        .where(and(eq(assessments.itemId, assessmentId), eq(assessments.courseId, courseId)))
        .limit(1);
      if (!assessment) throw notFound('Assessment not found in this course');
      if (namesHidden(assessment, now())) throw conflict(ANONYMOUS_CELL);
      return overrideHistory(assessmentId, studentId);
    },
    /**
     * The caller's own row of a course's gradebook ("My grades"): the counting score of each assessment whose score
     * is released (others are shown as not released and left out of the total), and the course total.
     */
    async myGrades(user: SessionUser, courseId: string, at = now()): Promise<MyGrades> {
      const frame = await gradebookFrame(user, courseId, { asStudent: true });
      const [line] = await studentLines(courseId, { limit: 1, studentId: user.id });
      if (!line) throw forbidden('You are not enrolled in this course');
      // The learner's own window (a class assignment's dates, an accommodation's extension): one statement for
      // every assessment of the course, asked only for those whose score waits for a due date.
      const waiting = frame.list.filter((a) => a.releaseScore === 'after_due' && !isReleased('manual', a, a, at));
      const fromClasses = await classWindowInputs(
        db,
        waiting.map((a) => a.itemId),
        user.id,
      );
      const windows = frame.list.map((a) =>
        learnerWindow({ assessment: a, learner: { studentId: user.id }, ...(fromClasses.get(a.itemId) ?? {}) }),
      );
      const released = frame.list.map((a, i) => isReleased(a.releaseScore, a, windows[i]!, at));
      const inProgress = await attemptsInProgress(user.id, courseId);
      const cells = cellsOf(line, frame.list).map((counted, i) => {
        // Submitted attempts are the line's; one in progress counts as started too (issue 54 point 11).
        const cell = { ...counted, started: counted.attempts > 0 || inProgress.has(frame.list[i]!.itemId) };
        if (released[i]) return { ...cell, released: true, releasesAt: null };
        const a = frame.list[i]!;
        const at = a.releaseScore === 'after_due' ? (windows[i]!.dueAt ?? windows[i]!.closesAt) : null;
        return {
          ...cell,
          points: null,
          percent: null,
          late: false,
          penaltyPoints: 0,
          overridden: false,
          released: false,
          releasesAt: at ? at.toISOString() : null,
        };
      });
      return {
        course: { id: courseId, title: frame.courseTitle },
        columns: frame.columns,
        cells,
        weights: frame.weights,
        totalPercent: totalOf(cells, frame.list, frame.weights),
      };
    },

    /**
     * My grades as JSON (`write` serializes it), kept per learner until the course's grades change. Not while a score
     * waits for a due date: the learner's classes may move theirs (a class assignment's dates, an accommodation).
     */
    async myGradesJson(user: SessionUser, courseId: string, write: (page: MyGrades) => string): Promise<PreparedJson> {
      const frame = await gradebookFrame(user, courseId, { asStudent: true });
      const at = now();
      // Not while an attempt is in progress either: starting one tells no kept page (only submissions do), and the
      // page says which assessments were started.
      if (
        frame.list.some((a) => a.releaseScore === 'after_due' && !isReleased('manual', a, a, at)) ||
        (await attemptsInProgress(user.id, courseId)).size > 0
      )
        return preparedJson(write(await service.myGrades(user, courseId, at)));
      const kept = await keptLearnerPages.get(`${courseId}\n${user.id}`, async () => {
        const json = preparedJson(write(await service.myGrades(user, courseId, at)));
        const releases = frame.list
          .map((a) => a.releasedAt?.getTime() ?? Infinity)
          .filter((time) => time > at.getTime());
        return { owner: courseId, value: { json, holdsUntil: Math.min(Infinity, ...releases) } };
      });
      return kept.value.json;
    },

    /**
     * The gradebook as CSV lines, students read in keyset batches of 500: memory stays flat however large the
     * course. The first batch is read before anything is produced (a failing query is a clean JSON error).
     */
    async *gradebookCsv(user: SessionUser, courseId: string): AsyncGenerator<string> {
      const frame = await gradebookFrame(user, courseId);
      const header = csvRow([
        'Student',
        'Email',
        ...frame.columns.flatMap((c) => [`${c.title} (${c.points})`, `${c.title}: notes`]),
        'Course total %',
      ]);
      const at = now();
      const lineOf = (line: StudentLine) => {
        const cells = cellsOf(line, frame.list, at);
        return csvRow([
          fullName(line),
          line.email,
          ...cells.flatMap((cell) => [cell.hidden ? HIDDEN_IN_CSV : cell.points, csvNotes(cell)]),
          totalOf(cells, frame.list, frame.weights),
        ]);
      };
      let batch = await studentLines(courseId, { limit: EXPORT_BATCH });
      yield UTF8_BOM + header + batch.map(lineOf).join('');
      while (batch.length === EXPORT_BATCH) {
        const last = batch.at(-1)!;
        batch = await studentLines(courseId, {
          limit: EXPORT_BATCH,
          after: { lastname: last.lastname ?? '', firstname: last.firstname ?? '', id: last.student_id },
        });
        if (batch.length > 0) yield batch.map(lineOf).join('');
      }
    },

    /** Item analysis of an assessment over each student's counted attempt (the rule's choice; average: latest). */
    async itemAnalysis(user: SessionUser, courseId: string, itemId: string): Promise<ItemAnalysisReport> {
      await assertCourseTeacher(user, courseId);
      const [assessment] = await db
        .select()
        .from(assessments)
        .where(and(eq(assessments.itemId, itemId), eq(assessments.courseId, courseId)))
        .limit(1);
      if (!assessment) throw notFound('Assessment not found');
      const order = assessment.countingRule === 'highest' ? sql`score desc nulls last` : sql`submitted_at desc`;
      const counted = rowsOf<{ id: string; score: string | number | null; question_ids: string[] }>(
        await db.execute(sql`
          select distinct on (student_id) id, score, question_ids
            from attempts
           where assessment_id = ${itemId} and status = 'graded'
           order by student_id, ${order}, id`),
      );
      const ids = counted.map((a) => a.id);
      const answers = ids.length
        ? await db
            .select({
              attemptId: attemptAnswers.attemptId,
              questionId: attemptAnswers.questionId,
              response: attemptAnswers.response,
              autoScore: attemptAnswers.autoScore,
              manualScore: attemptAnswers.manualScore,
            })
            .from(attemptAnswers)
            .where(inArray(attemptAnswers.attemptId, ids))
        : [];
      const questionIds = [...new Set(counted.flatMap((a) => a.question_ids))];
      const questionRows = questionIds.length
        ? await db.select().from(questions).where(inArray(questions.id, questionIds))
        : [];
      const choiceQuestion = (q: (typeof questionRows)[number]) => {
        if (q.type === 'multiple_choice') {
          const body = q.body as { choices: { id: string; text: string }[] };
          const key = q.key as { correct: string[] };
          return { choices: body.choices, key: key.correct };
        }
        if (q.type === 'true_false') {
          const key = q.key as { answer: boolean };
          return {
            choices: [
              { id: 'true', text: 'True' },
              { id: 'false', text: 'False' },
            ],
            key: [String(key.answer)],
          };
        }
        return null;
      };
      const picked = (type: string, response: unknown): string[] => {
        if (type === 'multiple_choice') return ((response as { chosen?: string[] }).chosen ?? []).map(String);
        if (type === 'true_false') {
          const answer = (response as { answer?: unknown }).answer;
          return typeof answer === 'boolean' ? [String(answer)] : [];
        }
        return [];
      };
      const typeOf = new Map(questionRows.map((q) => [q.id, q.type]));
      const byAttempt = new Map<string, typeof answers>();
      for (const answer of answers) {
        const list = byAttempt.get(answer.attemptId) ?? [];
        list.push(answer);
        byAttempt.set(answer.attemptId, list);
      }
      const analysed: AnalysedAttempt[] = counted.map((attempt) => {
        const saved = new Map((byAttempt.get(attempt.id) ?? []).map((a) => [a.questionId, a]));
        return {
          id: attempt.id,
          total: Number(attempt.score ?? 0),
          answers: attempt.question_ids.map((questionId) => {
            const answer = saved.get(questionId);
            return {
              questionId,
              score: answer ? (answer.manualScore ?? answer.autoScore) : 0,
              choiceIds: answer ? picked(typeOf.get(questionId) ?? '', answer.response) : [],
            };
          }),
        };
      });
      const ordered = questionIds
        .map((id) => questionRows.find((q) => q.id === id))
        .filter((q): q is (typeof questionRows)[number] => Boolean(q));
      const result = analyseItems(
        ordered.map((q) => {
          const choice = choiceQuestion(q);
          return {
            id: q.id,
            points: q.points,
            ...(choice ? { choiceIds: choice.choices.map((c) => c.id), keyChoiceIds: choice.key } : {}),
          };
        }),
        analysed,
      );
      return {
        attempts: result.attempts,
        groupSize: result.groupSize,
        items: result.items.map((item, i) => {
          const q = ordered[i]!;
          const choice = choiceQuestion(q);
          return {
            questionId: item.questionId,
            title: q.title,
            type: q.type,
            answers: item.answers,
            facility: item.facility,
            discrimination: item.discrimination,
            choices: choice
              ? choice.choices.map((c) => ({
                  id: c.id,
                  text: c.text,
                  key: choice.key.includes(c.id),
                  picks: item.choiceCounts?.[c.id] ?? 0,
                }))
              : null,
            flags: item.flags,
          };
        }),
      };
    },
  };
  return service;
}

export type GradingService = ReturnType<typeof createGradingService>;

/** Whether the score of an assessment is released to a learner at `now` (the policy set in authoring). */
export function scoreReleased(
  assessment: Pick<AssessmentRow, 'releasedAt' | 'releaseScore' | 'dueAt' | 'closesAt'>,
  now: Date,
): boolean {
  return feedbackReleased({ ...assessment, releaseFeedback: assessment.releaseScore }, now);
}

/** Whether the feedback of an assessment is released to a learner at `now` (the policy set in authoring). */
export function feedbackReleased(
  assessment: Pick<AssessmentRow, 'releasedAt' | 'releaseFeedback' | 'dueAt' | 'closesAt'>,
  now: Date,
): boolean {
  if (assessment.releasedAt && assessment.releasedAt <= now) return true;
  if (assessment.releaseFeedback === 'immediately') return true;
  if (assessment.releaseFeedback === 'after_due') {
    const at = assessment.dueAt ?? assessment.closesAt;
    return !at || now >= at;
  }
  return false;
}
