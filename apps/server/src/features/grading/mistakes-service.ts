import type { MistakeCardPage, MistakeSummary, PageQuery, PracticeResult, QuestionContent } from '@lyceum/contract';
import { and, asc, count, eq, lte, sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/guards.js';
import type { Db } from '../../db/client.js';
import { courses, mistakeCards, questions } from '../../db/schema/index.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { pageResult } from '../../lib/pages.js';
import { newMistakeCard, reviewMistakeCard, type MistakeCardState } from './fsrs.js';

type QuestionRow = typeof questions.$inferSelect;
type CardRow = typeof mistakeCards.$inferSelect;

/**
 * What the mistake notebook borrows from assessments, handed in by app.ts (features do not import each other):
 * the question as served for taking (no key) and the grader of each type.
 */
export interface MistakeDeps {
  questionForTaking(row: QuestionRow): unknown;
  grade(content: QuestionContent, response: unknown, points: number): { score: number; needsManual: boolean };
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

/**
 * The mistake notebook (issue 17 §7, docs/decisions/032-grading.md): every auto-graded question a student got
 * wrong, once that attempt's answers are released, becomes an FSRS card; practice re-asks it ungraded.
 */
export function createMistakesService(db: Db, deps: MistakeDeps) {
  const now = () => new Date(deps.clock ? deps.clock() : Date.now());

  /** Adds the cards of wrong auto-graded answers released since the last visit (one statement; idempotent). */
  async function sync(studentId: string, at: Date): Promise<void> {
    const card = newMistakeCard(at);
    await db.execute(sql`
      insert into mistake_cards (student_id, question_id, course_id, due, stability, difficulty, scheduled_days,
                                 learning_steps, reps, lapses, state)
      select distinct on (aa.question_id) ${studentId}::uuid, aa.question_id, t.course_id, ${at}, ${card.stability},
             ${card.difficulty}, 0, 0, 0, 0, 'new'
        from attempts t
        join attempt_answers aa on aa.attempt_id = t.id
        join questions q on q.id = aa.question_id
        join assessments s on s.item_id = t.assessment_id
       where t.student_id = ${studentId}::uuid
         and t.status = 'graded'
         and not aa.needs_manual
         and aa.auto_score is not null
         and aa.auto_score < q.points
         and ((s.released_at is not null and s.released_at <= ${at})
              or s.release_answers = 'immediately'
              or (s.release_answers = 'after_due' and coalesce(s.due_at, s.closes_at, ${at}) <= ${at}))
      on conflict (student_id, question_id) do nothing`);
  }

  return {
    async summary(user: SessionUser): Promise<MistakeSummary> {
      const at = now();
      await sync(user.id, at);
      const [row] = await db
        .select({
          total: count(),
          dueToday: sql<number>`count(*) filter (where ${mistakeCards.due} <= ${endOfDay(at)})`.mapWith(Number),
        })
        .from(mistakeCards)
        .where(eq(mistakeCards.studentId, user.id));
      return { total: row?.total ?? 0, dueToday: row?.dueToday ?? 0 };
    },

    /** The cards due now, soonest first, each question served without its key. */
    async due(user: SessionUser, query: PageQuery): Promise<MistakeCardPage> {
      const at = now();
      await sync(user.id, at);
      const where = and(eq(mistakeCards.studentId, user.id), lte(mistakeCards.due, at));
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
      const [row] = await db
        .select({ card: mistakeCards, question: questions })
        .from(mistakeCards)
        .innerJoin(questions, eq(questions.id, mistakeCards.questionId))
        .where(and(eq(mistakeCards.studentId, user.id), eq(mistakeCards.questionId, questionId)))
        .limit(1);
      if (!row) throw notFound('This question is not in your mistake notebook');
      const content = { type: row.question.type, body: row.question.body, key: row.question.key } as QuestionContent;
      let grade: { score: number; needsManual: boolean };
      try {
        grade = deps.grade(content, response, row.question.points);
      } catch (error) {
        throw badRequest(`The answer ${error instanceof Error ? error.message : 'does not fit this question'}`);
      }
      const correct = !grade.needsManual && grade.score >= row.question.points;
      const rating = correct ? 'good' : 'again';
      const at = now();
      const next = reviewMistakeCard(stateOf(row.card), rating, at);
      await db
        .update(mistakeCards)
        .set({ ...next, updatedAt: at })
        .where(and(eq(mistakeCards.studentId, user.id), eq(mistakeCards.questionId, questionId)));
      return { correct, rating, nextDue: next.due.toISOString() };
    },
  };
}

export type MistakesService = ReturnType<typeof createMistakesService>;
