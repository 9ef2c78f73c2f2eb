import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Gradebook, MyGrades } from '@lyceum/contract';
import { assessments, courseItems, courses, gradebookSettings } from '../src/db/schema/index.js';
import { setUpQuiz } from './assessment-helpers.js';
import { readUntilKept } from './course-helpers.js';
import { bearer, createUser, useTestApp, type TestUser } from './helper.js';

const ctx = useTestApp();

/** The frame's statement: the only one of a gradebook read that joins the weights. */
const FRAME_STATEMENT = /gradebook_settings/;

describe("a course's gradebook frame", () => {
  it('is kept until the database says an assessment, the weights, the course title or its teacher changed (migrations 0038, 0039)', async () => {
    const quiz = await setUpQuiz(ctx, { points: 10 });
    const { teacher, student, courseId } = quiz;
    const db = ctx.database.db;
    const myGrades = async () => {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/api/me/courses/${courseId}/grades`,
        headers: bearer(student.token),
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<MyGrades>();
    };
    const gradebook = async (who: TestUser = teacher) =>
      ctx.app.inject({ method: 'GET', url: `/api/courses/${courseId}/gradebook`, headers: bearer(who.token) });
    const shown = (grades: MyGrades) => ({
      course: grades.course.title,
      columns: grades.columns.map((c) => `${c.title} (${c.points})`),
      weights: grades.weights,
    });
    expect(shown(await myGrades())).toEqual({ course: 'Databases', columns: ['Quiz 1 (10)'], weights: {} });

    // Read again: the learner's page and the teacher's gradebook come from the frame the process kept.
    expect(await readUntilKept(ctx.database, myGrades, FRAME_STATEMENT)).toEqual([]);
    expect(await readUntilKept(ctx.database, () => gradebook(), FRAME_STATEMENT)).toEqual([]);

    // Every change below is made in SQL, past the app's services: the triggers tell the process.
    await db.update(assessments).set({ points: 25 }).where(eq(assessments.itemId, quiz.assessment.id));
    expect(shown(await myGrades()).columns).toEqual(['Quiz 1 (25)']);
    expect((await gradebook()).json<Gradebook>().columns.map((c) => c.points)).toEqual([25]);
    await db.update(courseItems).set({ title: 'Quiz one' }).where(eq(courseItems.id, quiz.assessment.id));
    expect(shown(await myGrades()).columns).toEqual(['Quiz one (25)']);
    await db.insert(gradebookSettings).values({ courseId, weights: { quiz: 60, exam: 40 } });
    expect(shown(await myGrades()).weights).toEqual({ quiz: 60, exam: 40 });
    await db
      .update(gradebookSettings)
      .set({ weights: { quiz: 100 } })
      .where(eq(gradebookSettings.courseId, courseId));
    expect(shown(await myGrades()).weights).toEqual({ quiz: 100 });
    await db.update(courses).set({ title: 'Databases II' }).where(eq(courses.id, courseId));
    expect(shown(await myGrades()).course).toBe('Databases II');

    // The frame says who teaches the course: handed to another teacher, the first one no longer reads it.
    expect((await gradebook()).statusCode).toBe(200);
    const next = await createUser(ctx, 'teacher');
    await db.update(courses).set({ teacherId: next.user.id }).where(eq(courses.id, courseId));
    expect((await gradebook()).statusCode).toBe(403);
    expect((await gradebook(next)).statusCode).toBe(200);

    // An assessment deleted leaves the columns.
    await db.delete(assessments).where(eq(assessments.itemId, quiz.assessment.id));
    expect(shown(await myGrades()).columns).toEqual([]);
  });
});
