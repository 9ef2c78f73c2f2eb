import type { ItemAnalysisReport } from '@lyceum/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { SessionUser } from '#auth/guards.js';
import type { Db } from '#db/client.js';
import { assessments, attemptAnswers, questions } from '#db/schema/index.js';
import { notFound } from '#lib/errors.js';
import type { GradingContext } from './context.js';
import { analyseItems, type AnalysedAttempt } from './item-analysis.js';
import { rowsOf } from './rows.js';

type QuestionRow = typeof questions.$inferSelect;
type CountedAttempt = { id: string; score: string | number | null; question_ids: string[] };

/** A choice question's choices and its key; null for any other type. */
function choiceQuestion(q: QuestionRow) {
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
}

/** The choices a response picked, for a choice question. */
function picked(type: string, response: unknown): string[] {
  if (type === 'multiple_choice') return ((response as { chosen?: string[] }).chosen ?? []).map(String);
  if (type === 'true_false') {
    const answer = (response as { answer?: unknown }).answer;
    return typeof answer === 'boolean' ? [String(answer)] : [];
  }
  return [];
}

/** Each student's counted attempt (the counting rule's choice; average: latest), with its answers. */
async function countedAttempts(db: Db, itemId: string, countingRule: string) {
  const order = countingRule === 'highest' ? sql`score desc nulls last` : sql`submitted_at desc`;
  const counted = rowsOf<CountedAttempt>(
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
  return { counted, answers };
}

type CountedAnswers = Awaited<ReturnType<typeof countedAttempts>>['answers'];

/** The attempts as the analysis reads them: each question's score and the choices picked. */
function analysedAttempts(counted: CountedAttempt[], answers: CountedAnswers, questionRows: QuestionRow[]) {
  const typeOf = new Map(questionRows.map((q) => [q.id, q.type]));
  const byAttempt = new Map<string, CountedAnswers>();
  for (const answer of answers) {
    const list = byAttempt.get(answer.attemptId) ?? [];
    list.push(answer);
    byAttempt.set(answer.attemptId, list);
  }
  return counted.map((attempt): AnalysedAttempt => {
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
}

/** The item analysis of an assessment for its teacher: facility, discrimination and the picks of each choice. */
export function createItemAnalysisReport(context: GradingContext) {
  const { db } = context;
  return {
    /** Item analysis of an assessment over each student's counted attempt (the rule's choice; average: latest). */
    async itemAnalysis(user: SessionUser, courseId: string, itemId: string): Promise<ItemAnalysisReport> {
      await context.assertCourseTeacher(user, courseId);
      const [assessment] = await db
        .select()
        .from(assessments)
        .where(and(eq(assessments.itemId, itemId), eq(assessments.courseId, courseId)))
        .limit(1);
      if (!assessment) throw notFound('Assessment not found');
      const { counted, answers } = await countedAttempts(db, itemId, assessment.countingRule);
      const questionIds = [...new Set(counted.flatMap((a) => a.question_ids))];
      const questionRows = questionIds.length
        ? await db.select().from(questions).where(inArray(questions.id, questionIds))
        : [];
      const ordered = questionIds
        .map((id) => questionRows.find((q) => q.id === id))
        // A description asks nothing: no item to analyse (ADR 051).
        .filter((q): q is QuestionRow => Boolean(q) && q!.type !== 'description');
      const result = analyseItems(
        ordered.map((q) => {
          const choice = choiceQuestion(q);
          return {
            id: q.id,
            points: q.points,
            ...(choice ? { choiceIds: choice.choices.map((c) => c.id), keyChoiceIds: choice.key } : {}),
          };
        }),
        analysedAttempts(counted, answers, questionRows),
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
}
