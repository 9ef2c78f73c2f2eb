import { ASSESSMENT_LIMITS, ASSESSMENT_MESSAGES } from '@lyceum/contract';
import { describe, expect, it } from 'vitest';
import { EVERY_TYPE, setUpQuiz, startAttempt } from './assessment-helpers.js';
import { bearer, createUser, useTestApp } from './helper.js';

let nowMs = Date.parse('2026-11-24T09:00:00Z');
const ctx = useTestApp({ clock: () => nowMs });
const ONE_QUESTION = EVERY_TYPE.filter((q) => q.content.type === 'true_false');

describe("an assessment's access password (issue 46.8)", () => {
  it('allows the stated number of wrong passwords per student and assessment, then 429 with Retry-After, even for the right one, until the window ends', async () => {
    const quiz = await setUpQuiz(ctx, { password: 'open sesame' }, ONE_QUESTION);
    const statuses: number[] = [];
    for (let i = 0; i < 200; i += 1)
      statuses.push((await startAttempt(ctx, quiz, quiz.student, { password: `guess ${i}` })).statusCode);
    const allowed = ASSESSMENT_LIMITS.wrongPasswordsPerWindow;
    expect(statuses.slice(0, allowed)).toEqual(Array(allowed).fill(403));
    expect(statuses.slice(allowed)).toEqual(Array(200 - allowed).fill(429));

    const locked = await startAttempt(ctx, quiz, quiz.student, { password: 'open sesame' });
    expect(locked.statusCode).toBe(429);
    expect(locked.json<{ message: string }>().message).toBe(ASSESSMENT_MESSAGES.tooManyPasswords);
    expect(Number(locked.headers['retry-after'])).toBe(ASSESSMENT_LIMITS.wrongPasswordWindowMinutes * 60);

    // Another student of the same assessment is not affected, nor is this student on another assessment.
    const classmate = await createUser(ctx, 'student');
    const enrolled = await ctx.app.inject({
      method: 'POST',
      url: `/api/courses/${quiz.courseId}/enrolment`,
      headers: bearer(classmate.token),
    });
    expect(enrolled.statusCode, enrolled.body).toBe(200);
    expect((await startAttempt(ctx, quiz, classmate, { password: 'open sesame' })).statusCode).toBe(201);
    const other = await setUpQuiz(ctx, { password: 'other door' }, ONE_QUESTION, { student: quiz.student });
    expect((await startAttempt(ctx, other, quiz.student, { password: 'other door' })).statusCode).toBe(201);

    nowMs += ASSESSMENT_LIMITS.wrongPasswordWindowMinutes * 60_000 + 1000;
    expect((await startAttempt(ctx, quiz, quiz.student, { password: 'open sesame' })).statusCode).toBe(201);
  });
});
