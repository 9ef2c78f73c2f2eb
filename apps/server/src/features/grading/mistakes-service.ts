import type {
  MistakeCardPage,
  MistakeSummary,
  PageQuery,
  PracticeResult,
  QuestionContent,
  QuestionForTaking,
} from '@lyceum/contract';
import { and, asc, count, eq, inArray, lte, sql } from 'drizzle-orm';
import type { SessionUser } from '#auth/guards.js';
import type { Db } from '#db/client.js';
import { assessments, attempts, courses, mistakeCards, questions } from '#db/schema/index.js';
import { classWindowInputs } from '#lib/class-window.js';
import { badRequest, notFound } from '#lib/errors.js';
import { learnerWindow, mayAttemptAgain } from '#lib/learner-window.js';
import { pageResult } from '#lib/pages.js';
import { isReleased } from '#lib/release.js';
import { newMistakeCard, reviewMistakeCard, type MistakeCardState } from './fsrs.js';

type QuestionRow = typeof questions.$inferSelect;
type CardRow = typeof mistakeCards.$inferSelect;

/**
 * What the mistake notebook borrows from assessments, handed in by app.ts (features do not import each other):
 * the question as served for taking (no key) and the grader of each type.
 */
export interface MistakeDeps {
  questionForTaking(row: QuestionRow): QuestionForTaking;
  grade(content: QuestionContent, response: unknown, points: number): { score: number; needsManual: boolean };
  /** A response that earns full marks, in the type's response shape (shown after a wrong try). */
  correctResponse(row: QuestionRow): unknown;
  clock?: () => number;
}

const endOfDay = (now: Date) =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 23, 59, 59, 999));

function stateOf(row: CardRow): MistakeCardState {
  return {
    due: row.due,
    stability: row.stability,
    difficulty: row.difficulty,
    scheduledDays: row.scheduledDays,
    learningSteps: row.learningSteps,
    reps: row.reps,
    lapses: row.lapses,
    state: row.state,
    lastReview: row.lastReview,
  };
}

const NOT_IN_NOTEBOOK = 'This question is not in your mistake notebook';

/** A shown mistake: its course, and whether an assessment it was missed in released its feedback too. */
interface ShownMistake {
  courseId: string;
  feedback: boolean;
}

/**
 * The questions the student got wrong in assessments that show them the key now and take no more attempts from
 * them, with their course: the assessments they attempted (attempts counted, one in progress or not), their
 * wrong auto-graded answers, and their own windows (class dates, accommodations). Three statements.
 */
async function shownMistakes(db: Db, studentId: string, at: Date): Promise<Map<string, ShownMistake>> {
  const taken = await db
    .select({
      assessment: assessments,
      used: count(attempts.id),
      inProgress: sql<boolean>`bool_or(${attempts.status} = 'in_progress')`,
    })
    .from(attempts)
    .innerJoin(assessments, eq(assessments.itemId, attempts.assessmentId))
    .where(eq(attempts.studentId, studentId))
    .groupBy(assessments.itemId);
  if (taken.length === 0) return new Map();
  const fromClasses = await classWindowInputs(
    db,
    taken.map((row) => row.assessment.itemId),
    studentId,
  );
  const feedbackShown = new Set<string>();
  const closed = taken.flatMap(({ assessment, used, inProgress }) => {
    const window = learnerWindow({
      assessment,
      learner: { studentId },
      ...fromClasses.get(assessment.itemId),
    });
    const attemptsSoFar = { used, inProgress: Boolean(inProgress) };
    const released = isReleased(assessment.releaseAnswers, assessment, window, at, attemptsSoFar);
    if (!released || mayAttemptAgain(window, attemptsSoFar, at)) return [];
    if (isReleased(assessment.releaseFeedback, assessment, window, at)) feedbackShown.add(assessment.itemId);
    return [assessment.itemId];
  });
  if (closed.length === 0) return new Map();
  const wrong = await db.execute<{ question_id: string; course_id: string; assessment_id: string }>(sql`
    select distinct aa.question_id, t.course_id, t.assessment_id
      from attempts t
      join attempt_answers aa on aa.attempt_id = t.id
      join questions q on q.id = aa.question_id
     where t.student_id = ${studentId}::uuid
       and t.assessment_id in (${sql.join(
         closed.map((id) => sql`${id}::uuid`),
         sql`, `,
       )})
       and t.status = 'graded'
       and not aa.needs_manual
       and aa.auto_score is not null
       and aa.auto_score < q.points`);
  const rows = (wrong as unknown as { rows: { question_id: string; course_id: string; assessment_id: string }[] }).rows;
  const shown = new Map<string, ShownMistake>();
  for (const row of rows) {
    const feedback = feedbackShown.has(row.assessment_id) || Boolean(shown.get(row.question_id)?.feedback);
    shown.set(row.question_id, { courseId: row.course_id, feedback });
  }
  return shown;
}

/**
 * Adds a card for each shown mistake not carded yet (one statement; idempotent), and answers the shown ones:
 * cards of mistakes not shown now (answers held back, attempts left, a release taken back) stay stored, unseen.
 */
async function sync(db: Db, studentId: string, at: Date): Promise<string[]> {
  const shown = await shownMistakes(db, studentId, at);
  if (shown.size === 0) return [];
  const card = newMistakeCard(at);
  await db
    .insert(mistakeCards)
    .values(
      [...shown].map(([questionId, { courseId }]) => ({
        studentId,
        questionId,
        courseId,
        due: at,
        stability: card.stability,
        difficulty: card.difficulty,
        scheduledDays: 0,
        learningSteps: 0,
        reps: 0,
        lapses: 0,
        state: 'new' as const,
      })),
    )
    .onConflictDoNothing();
  return [...shown.keys()];
}

/**
 * The mistake notebook (issue 17 §7, docs/decisions/032-grading.md, 036-assessment-integrity.md): every
 * auto-graded question a student got wrong becomes an FSRS card; practice re-asks it ungraded. A card shows (is
 * listed, counted, practised) only while an assessment the student got it wrong in has released its correct
 * answers to them and they may not answer that assessment again (no attempt in progress, none left or the window
 * closed), so practice never tells right from wrong before the assessment's own review does.
 */
export function createMistakesService(db: Db, deps: MistakeDeps) {
  const now = () => new Date(deps.clock ? deps.clock() : Date.now());

  return {
    async summary(user: SessionUser): Promise<MistakeSummary> {
      const at = now();
      const shown = await sync(db, user.id, at);
      if (shown.length === 0) return { total: 0, dueToday: 0 };
      const [row] = await db
        .select({
          total: count(),
          dueToday: sql<number>`count(*) filter (where ${mistakeCards.due} <= ${endOfDay(at)})`.mapWith(Number),
        })
        .from(mistakeCards)
        .where(and(eq(mistakeCards.studentId, user.id), inArray(mistakeCards.questionId, shown)));
      return { total: row?.total ?? 0, dueToday: row?.dueToday ?? 0 };
    },

    /** The cards due now, soonest first, each question served without its key. */
    async due(user: SessionUser, query: PageQuery): Promise<MistakeCardPage> {
      const at = now();
      const shown = await sync(db, user.id, at);
      if (shown.length === 0) return pageResult([], query, 0);
      const where = and(
        eq(mistakeCards.studentId, user.id),
        inArray(mistakeCards.questionId, shown),
        lte(mistakeCards.due, at),
      );
      const [rows, [total]] = await Promise.all([
        db
          .select({ card: mistakeCards, question: questions, courseTitle: courses.title })
          .from(mistakeCards)
          .innerJoin(questions, eq(questions.id, mistakeCards.questionId))
          .innerJoin(courses, eq(courses.id, mistakeCards.courseId))
          .where(where)
          .orderBy(asc(mistakeCards.due), asc(mistakeCards.questionId))
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize),
        db.select({ total: count() }).from(mistakeCards).where(where),
      ]);
      const items = rows.map((row) => ({
        questionId: row.card.questionId,
        course: { id: row.card.courseId, title: row.courseTitle },
        question: deps.questionForTaking(row.question),
        due: row.card.due.toISOString(),
        reps: row.card.reps,
        lapses: row.card.lapses,
      }));
      return pageResult(items, query, total?.total ?? 0);
    },

    /** Grades a practice answer (full marks = good, else again) and moves the card; grades never change. */
    async practise(user: SessionUser, questionId: string, response: unknown): Promise<PracticeResult> {
      // Graded only while the notebook shows it: never a right/wrong before the assessment's review gives it.
      const at = now();
      const shown = (await shownMistakes(db, user.id, at)).get(questionId);
      if (!shown) throw notFound(NOT_IN_NOTEBOOK);
      const [row] = await db
        .select({ card: mistakeCards, question: questions })
        .from(mistakeCards)
        .innerJoin(questions, eq(questions.id, mistakeCards.questionId))
        .where(and(eq(mistakeCards.studentId, user.id), eq(mistakeCards.questionId, questionId)))
        .limit(1);
      if (!row) throw notFound(NOT_IN_NOTEBOOK);
      const content = { type: row.question.type, body: row.question.body, key: row.question.key } as QuestionContent;
      let grade: { score: number; needsManual: boolean };
      try {
        grade = deps.grade(content, response, row.question.points);
      } catch (error) {
        throw badRequest(`The answer ${error instanceof Error ? error.message : 'does not fit this question'}`);
      }
      const correct = !grade.needsManual && grade.score >= row.question.points;
      const rating = correct ? 'good' : 'again';
      const next = reviewMistakeCard(stateOf(row.card), rating, at);
      await db
        .update(mistakeCards)
        .set({ ...next, updatedAt: at })
        .where(and(eq(mistakeCards.studentId, user.id), eq(mistakeCards.questionId, questionId)));
      if (correct) return { correct, rating, nextDue: next.due.toISOString(), correctResponse: null, feedback: null };
      // A wrong try teaches: the key (released, or the card would not show) and the feedback once released.
      const chosen = (response as { chosen?: unknown } | null)?.chosen;
      const choiceFeedback = (row.question.key as { choiceFeedback?: Record<string, string> }).choiceFeedback ?? {};
      return {
        correct,
        rating,
        nextDue: next.due.toISOString(),
        correctResponse: deps.correctResponse(row.question),
        feedback: shown.feedback
          ? {
              general: row.question.feedback.general,
              outcome: row.question.feedback.incorrect,
              choices: (Array.isArray(chosen) ? chosen : []).flatMap((choiceId) => {
                const text =
                  typeof choiceId === 'string' && Object.hasOwn(choiceFeedback, choiceId)
                    ? choiceFeedback[choiceId]
                    : undefined;
                return text ? [{ choiceId: choiceId as string, text }] : [];
              }),
            }
          : null,
      };
    },
  };
}

export type MistakesService = ReturnType<typeof createMistakesService>;
