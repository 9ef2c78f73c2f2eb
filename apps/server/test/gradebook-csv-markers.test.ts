import type { AttemptForStudent, Gradebook } from '@lyceum/contract';
import { describe, expect, it } from 'vitest';
import { saveAnswer, setUpQuiz, startAttempt, submitAttempt } from './assessment-helpers.js';
import { bearer, createUser, useTestApp } from './helper.js';

const START = Date.parse('2026-11-24T09:00:00Z');
const MINUTE = 60_000;
let nowMs = START;
const ctx = useTestApp({ clock: () => nowMs });

describe('the gradebook CSV', () => {
  it('carries the late (with its penalty) and override markers the page shows, beside plain points', async () => {
    const quiz = await setUpQuiz(
      ctx,
      {
        points: 10,
        dueAt: new Date(START + 10 * MINUTE).toISOString(),
        closesAt: new Date(START + 3 * 24 * 60 * MINUTE).toISOString(),
        latePenaltyPercentPerDay: 10,
      },
      [{ title: 'Statement', content: { type: 'true_false', body: {}, key: { answer: true } } }],
    );
    const onTime = await createUser(ctx, 'student');
    const enrolled = await ctx.app.inject({
      method: 'POST',
      url: `/api/courses/${quiz.courseId}/enrolment`,
      headers: bearer(onTime.token),
    });
    expect(enrolled.statusCode, enrolled.body).toBe(200);
    const answerRight = async (student: typeof onTime) => {
      const attempt = (await startAttempt(ctx, quiz, student)).json<AttemptForStudent>();
      await saveAnswer(ctx, student, attempt, quiz.questions[0]!.id, { answer: true });
      expect((await submitAttempt(ctx, student, attempt.id)).statusCode).toBe(200);
    };
    await answerRight(onTime);
    // The enrolled student of the setup hands in a day late: 10 % off.
    nowMs = START + 24 * 60 * MINUTE + MINUTE;
    await answerRight(quiz.student);
    const override = await ctx.app.inject({
      method: 'POST',
      url: `/api/courses/${quiz.courseId}/gradebook/${quiz.assessment.id}/${onTime.user.id}/override`,
      headers: bearer(quiz.teacher.token),
      payload: { points: 7, reason: 'Oral re-take' },
    });
    expect(override.statusCode, override.body).toBe(201);

    const page = await ctx.app.inject({
      method: 'GET',
      url: `/api/courses/${quiz.courseId}/gradebook?pageSize=50`,
      headers: bearer(quiz.teacher.token),
    });
    const cells = new Map(page.json<Gradebook>().items.map((row) => [row.student.email, row.cells[0]!]));
    expect(cells.get(quiz.student.email)).toMatchObject({ points: 9, late: true, penaltyPoints: 1 });
    expect(cells.get(onTime.email)).toMatchObject({ points: 7, late: false, overridden: true });

    const csv = await ctx.app.inject({
      method: 'GET',
      url: `/api/courses/${quiz.courseId}/gradebook.csv`,
      headers: bearer(quiz.teacher.token),
    });
    expect(csv.statusCode).toBe(200);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Student,Email,Quiz 1 (10),Quiz 1: notes,Course total %');
    const line = (email: string) =>
      lines
        .find((l) => l.split(',')[1] === email)!
        .split(',')
        .slice(2);
    expect(line(quiz.student.email)).toEqual(['9', 'Late: −1 point', '90']);
    expect(line(onTime.email)).toEqual(['7', 'Override', '70']);
  });
});
