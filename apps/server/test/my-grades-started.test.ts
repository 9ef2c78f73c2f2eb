import type { AttemptForStudent, MyGrades } from '@lyceum/contract';
import { describe, expect, it } from 'vitest';
import { EVERY_TYPE, setUpQuiz, startAttempt, submitAttempt } from './assessment-helpers.js';
import { bearer, useTestApp } from './helper.js';

const ctx = useTestApp();

describe('My grades: started or not (issue 54 point 11)', () => {
  it('says which assessments the student never started, even while the score is held back, and not once one is started', async () => {
    // The score is held for the teacher: before the fix the page only said "Not released yet" for a quiz never begun.
    const quiz = await setUpQuiz(ctx, { releaseScore: 'manual' }, EVERY_TYPE.slice(0, 1));
    const myGrades = async () => {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/api/me/courses/${quiz.courseId}/grades`,
        headers: bearer(quiz.student.token),
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<MyGrades>().cells[0]!;
    };
    expect(await myGrades()).toMatchObject({ started: false, attempts: 0, released: false });
    // Read twice: the second read may be the page the process kept; starting must still show.
    expect(await myGrades()).toMatchObject({ started: false });

    const started = await startAttempt(ctx, quiz);
    expect(started.statusCode, started.body).toBe(201);
    expect(await myGrades()).toMatchObject({ started: true, attempts: 0 });

    expect((await submitAttempt(ctx, quiz.student, started.json<AttemptForStudent>().id)).statusCode).toBe(200);
    expect(await myGrades()).toMatchObject({ started: true, attempts: 1, released: false });
  });
});
