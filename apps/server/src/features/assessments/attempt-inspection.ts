import type { AttemptEvent, SubmissionFile, TeacherAttempt, TeacherAttemptQuestion } from '@lyceum/contract';
import { and, asc, eq, inArray, or } from 'drizzle-orm';
import type { SessionUser } from '#auth/guards.js';
import type { Db } from '#db/client.js';
import {
  answerGradeLog,
  answerRubricScores,
  assessments,
  attemptAnswers,
  attempts,
  courseItems,
  courses,
  questions,
  regradeLog,
  rubrics,
  users,
} from '#db/schema/index.js';
import { forbidden, notFound } from '#lib/errors.js';
import { anonymousLabel, namesHidden } from '#lib/release.js';
import { attemptFiles, toSubmissionFile } from '#lib/submission-files.js';
import { blanksRight, correctResponse, questionForTaking, questionNumbers } from './taking.js';

const COURSE_NOT_FOUND = 'Course not found';
const NOT_YOUR_COURSE = "Only the course's teacher can see its students' attempts";
const ATTEMPT_NOT_FOUND = 'Attempt not found';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

function nameOf(row: { firstname: string | null; lastname: string | null; username: string | null }): string {
  return `${row.firstname ?? ''} ${row.lastname ?? ''}`.trim() || (row.username ?? '');
}

/** The order of events at the same instant: the attempt's own steps before the grades given on it. */
const EVENT_ORDER: Record<AttemptEvent['kind'], number> = {
  started: 0,
  saved: 1,
  submitted: 2,
  auto_submitted: 2,
  graded: 3,
  regraded: 4,
};

/**
 * What the teacher's view of an attempt is made of, read together: its questions and answers, their rubrics and
 * rubric scores, the grades given and the regrades, and the files handed in.
 */
function attemptParts(db: Db, attempt: typeof attempts.$inferSelect, assessmentId: string) {
  const ids = attempt.questionIds;
  return Promise.all([
    ids.length ? db.select().from(questions).where(inArray(questions.id, ids)) : Promise.resolve([]),
    db.select().from(attemptAnswers).where(eq(attemptAnswers.attemptId, attempt.id)),
    ids.length
      ? db
          .select({
            id: rubrics.id,
            questionId: rubrics.questionId,
            title: rubrics.title,
            maxPoints: rubrics.maxPoints,
            criteria: rubrics.criteria,
          })
          .from(rubrics)
          .where(or(inArray(rubrics.questionId, ids), eq(rubrics.assessmentId, assessmentId)))
      : Promise.resolve([]),
    db.select().from(answerRubricScores).where(eq(answerRubricScores.attemptId, attempt.id)),
    db
      .select({
        questionId: answerGradeLog.questionId,
        oldScore: answerGradeLog.oldScore,
        newScore: answerGradeLog.newScore,
        at: answerGradeLog.createdAt,
        firstname: users.firstname,
        lastname: users.lastname,
        username: users.username,
      })
      .from(answerGradeLog)
      .leftJoin(users, eq(users.id, answerGradeLog.graderId))
      .where(eq(answerGradeLog.attemptId, attempt.id))
      .orderBy(asc(answerGradeLog.createdAt), asc(answerGradeLog.id)),
    db
      .select({
        questionId: regradeLog.questionId,
        oldScore: regradeLog.oldScore,
        newScore: regradeLog.newScore,
        at: regradeLog.createdAt,
        firstname: users.firstname,
        lastname: users.lastname,
        username: users.username,
      })
      .from(regradeLog)
      .leftJoin(users, eq(users.id, regradeLog.byUserId))
      .where(eq(regradeLog.attemptId, attempt.id))
      .orderBy(asc(regradeLog.createdAt), asc(regradeLog.id)),
    attemptFiles(db, attempt.id),
  ]);
}

/** A grade given or changed on one of the attempt's answers, with who gave it (null: the system). */
interface ScoreChange {
  questionId: string;
  oldScore: AttemptEvent['oldScore'];
  newScore: AttemptEvent['newScore'];
  at: Date;
  firstname: string | null;
  lastname: string | null;
  username: string | null;
}

/** The attempt's timeline: started, each answer saved, submitted, then the grades and regrades, in time order. */
function attemptEvents(
  attempt: typeof attempts.$inferSelect,
  items: TeacherAttemptQuestion[],
  grades: ScoreChange[],
  regrades: ScoreChange[],
  numberOf: Map<string, number>,
): AttemptEvent[] {
  return [
    {
      at: attempt.startedAt,
      kind: 'started' as const,
      questionNumber: null,
      by: null,
      oldScore: null,
      newScore: null,
    },
    ...items.flatMap((item) =>
      item.savedAt
        ? [
            {
              at: new Date(item.savedAt),
              kind: 'saved' as const,
              questionNumber: item.number,
              by: null,
              oldScore: null,
              newScore: null,
            },
          ]
        : [],
    ),
    ...(attempt.submittedAt
      ? [
          {
            at: attempt.submittedAt,
            kind: attempt.autoSubmitted ? ('auto_submitted' as const) : ('submitted' as const),
            questionNumber: null,
            by: null,
            oldScore: null,
            newScore: null,
          },
        ]
      : []),
    ...grades.map((g) => ({
      at: g.at,
      kind: 'graded' as const,
      questionNumber: numberOf.get(g.questionId) ?? null,
      by: g.firstname === null ? null : nameOf(g),
      oldScore: g.oldScore,
      newScore: g.newScore,
    })),
    ...regrades.map((g) => ({
      at: g.at,
      kind: 'regraded' as const,
      questionNumber: numberOf.get(g.questionId) ?? null,
      by: g.firstname === null ? null : nameOf(g),
      oldScore: g.oldScore,
      newScore: g.newScore,
    })),
  ]
    .map((event) => ({ ...event, at: event.at instanceof Date ? event.at : new Date(event.at) }))
    .sort((a, b) => a.at.getTime() - b.at.getTime() || EVENT_ORDER[a.kind] - EVENT_ORDER[b.kind])
    .map((event) => ({ ...event, at: event.at.toISOString() }));
}

/**
 * One student's attempt as its teacher sees it (issue 54 point 8, ADR 044): read-only, from the tables the taking
 * and the grading write; grading itself stays the grading feature's route (PUT …/answers/:questionId/grade).
 */
export function createAttemptInspection(db: Db, { clock = Date.now }: { clock?: () => number } = {}) {
  return {
    async teacherAttempt(
      user: SessionUser,
      courseId: string,
      itemId: string,
      attemptId: string,
    ): Promise<TeacherAttempt> {
      // The course first: a caller who does not teach it learns nothing about its attempts (403, never 404).
      const [course] = await db
        .select({ teacherId: courses.teacherId })
        .from(courses)
        .where(eq(courses.id, courseId))
        .limit(1);
      if (!course) throw notFound(COURSE_NOT_FOUND);
      if (course.teacherId !== user.id && user.role !== 'admin') throw forbidden(NOT_YOUR_COURSE);
      const [row] = await db
        .select({
          attempt: attempts,
          assessment: assessments,
          title: courseItems.title,
          student: {
            id: users.id,
            firstname: users.firstname,
            lastname: users.lastname,
            username: users.username,
            email: users.email,
          },
        })
        .from(attempts)
        .innerJoin(assessments, eq(assessments.itemId, attempts.assessmentId))
        .innerJoin(courseItems, eq(courseItems.id, attempts.assessmentId))
        .innerJoin(users, eq(users.id, attempts.studentId))
        .where(and(eq(attempts.id, attemptId), eq(attempts.assessmentId, itemId), eq(attempts.courseId, courseId)))
        .limit(1);
      if (!row) throw notFound(ATTEMPT_NOT_FOUND);
      const { attempt, assessment } = row;
      const ids = attempt.questionIds;
      const [questionRows, answers, rubricRows, rubricScores, grades, regrades, files] = await attemptParts(
        db,
        attempt,
        assessment.itemId,
      );

      const byId = new Map(questionRows.map((q) => [q.id, q]));
      const answerOf = new Map(answers.map((a) => [a.questionId, a]));
      const rubricOf = new Map(rubricRows.flatMap((r) => (r.questionId ? [[r.questionId, r] as const] : [])));
      // A rubric attached to the assessment (an assignment's) scores the answers a person grades without their own.
      const assessmentRubric = rubricRows.find((r) => r.questionId === null);
      const rubricScoreOf = new Map(rubricScores.map((s) => [s.questionId, s]));
      const filesOf = new Map<string, SubmissionFile[]>();
      for (const file of files) {
        const list = filesOf.get(file.questionId) ?? [];
        list.push(toSubmissionFile(file, { kind: 'course', courseId }));
        filesOf.set(file.questionId, list);
      }
      const lastGrader = new Map<string, string | null>();
      for (const grade of grades) lastGrader.set(grade.questionId, grade.firstname === null ? null : nameOf(grade));
      const submitted = attempt.status !== 'in_progress';
      const list = ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
      const numberOf = questionNumbers(list);

      const items: TeacherAttemptQuestion[] = list.map((question) => {
        const answer = answerOf.get(question.id);
        const needsGrading = Boolean(submitted && answer?.needsManual && answer.manualScore === null);
        const earned = answer ? (answer.manualScore ?? answer.autoScore ?? 0) : 0;
        const correct = !submitted || needsGrading ? null : earned >= question.points;
        const rubric =
          rubricOf.get(question.id) ??
          (question.type === 'essay' || question.type === 'task' ? assessmentRubric : undefined);
        const rubricScore = rubricScoreOf.get(question.id);
        const chosen =
          question.type === 'multiple_choice' && answer ? (answer.response as { chosen?: string[] }) : null;
        return {
          number: numberOf.get(question.id) ?? 0,
          title: question.title,
          question: questionForTaking(question, attempt.seed, assessment.shuffleChoices),
          response: answer ? answer.response : null,
          // A grade writes over the answer's time: the save time is known only while nobody graded it.
          savedAt: answer && !lastGrader.has(question.id) ? answer.updatedAt.toISOString() : null,
          files: filesOf.get(question.id) ?? [],
          score: submitted && !needsGrading ? earned : null,
          autoScore: answer?.autoScore ?? null,
          manualScore: answer?.manualScore ?? null,
          manual: Boolean(answer?.needsManual) || answer?.manualScore != null,
          needsGrading,
          correctResponse: correctResponse(question),
          blanksRight: answer ? blanksRight(question, answer.response) : null,
          feedback: {
            general: question.feedback.general,
            outcome: correct === null ? '' : correct ? question.feedback.correct : question.feedback.incorrect,
            choices: (chosen?.chosen ?? []).flatMap((choiceId) => {
              const text = (question.key as { choiceFeedback?: Record<string, string> }).choiceFeedback?.[choiceId];
              return text ? [{ choiceId, text }] : [];
            }),
          },
          comment: answer?.feedback ?? '',
          rubric: rubric
            ? { id: rubric.id, title: rubric.title, maxPoints: rubric.maxPoints, criteria: rubric.criteria }
            : null,
          rubricScore:
            rubricScore && rubric
              ? {
                  rubricId: rubricScore.rubricId,
                  selections: rubricScore.selections,
                  total: rubricScore.total,
                  maxPoints: rubric.maxPoints,
                }
              : null,
          gradedBy: lastGrader.get(question.id) ?? null,
          version: answer ? answer.version : null,
        };
      });

      const events = attemptEvents(attempt, items, grades, regrades, numberOf);

      const hidden = namesHidden(assessment, new Date(clock()));
      return {
        id: attempt.id,
        assessmentId: attempt.assessmentId,
        courseId: attempt.courseId,
        title: row.title,
        kind: assessment.kind,
        number: attempt.number,
        status: attempt.status,
        student: hidden
          ? { id: null, name: anonymousLabel(attempt.anonNumber), email: '', anonymous: true }
          : { id: row.student.id, name: nameOf(row.student), email: row.student.email, anonymous: false },
        startedAt: attempt.startedAt.toISOString(),
        deadlineAt: iso(attempt.deadlineAt),
        submittedAt: iso(attempt.submittedAt),
        autoSubmitted: attempt.autoSubmitted,
        savesCount: attempt.savesCount,
        ip: hidden ? null : attempt.ip,
        score: submitted ? attempt.score : null,
        maxScore: assessment.points,
        late: attempt.late,
        penaltyPercent: attempt.penaltyPercent,
        questions: items,
        events,
      };
    },
  };
}

export type AttemptInspection = ReturnType<typeof createAttemptInspection>;
