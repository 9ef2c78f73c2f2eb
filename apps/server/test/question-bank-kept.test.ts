import type { BankQuestionPage } from '@lyceum/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { courses, questions } from '../src/db/schema/index.js';
import { countQueries, createCourse, readUntilKept } from './course-helpers.js';
import { bearer, createUser, useTestApp } from './helper.js';

const ctx = useTestApp();

const question = (courseId: string, title: string) => ({
  courseId,
  type: 'true_false' as const,
  title,
  body: {},
  key: { answer: true },
  feedback: { general: '', correct: '', incorrect: '' },
});

describe('the question bank', () => {
  it("keeps a course's pages until the database says its questions or its teacher changed (migration 0034)", async () => {
    const [teacher, other, admin] = [
      await createUser(ctx, 'teacher'),
      await createUser(ctx, 'teacher'),
      await createUser(ctx, 'admin'),
    ];
    const courseId = (await createCourse(ctx, teacher.token, { title: 'Kept bank' })).id;
    const foreignId = (await createCourse(ctx, other.token, { title: 'Their bank' })).id;
    const db = ctx.database.db;
    const bank = async (token = teacher.token, course = courseId, query = '') =>
      ctx.app.inject({ method: 'GET', url: `/api/courses/${course}/questions${query}`, headers: bearer(token) });
    const titles = async (token = teacher.token, course = courseId, query = '') =>
      (await bank(token, course, query)).json<BankQuestionPage>().items.map((item) => item.title);

    const [first] = await db
      .insert(questions)
      .values(question(courseId, 'Is water wet?'))
      .returning({ id: questions.id });
    expect(await titles()).toEqual(['Is water wet?']);

    // Read again: answered from what the process kept, without a statement on the bank.
    let again: string[] = [];
    expect(await readUntilKept(ctx.database, async () => (again = await titles()), /questions|courses/)).toEqual([]);
    expect(again).toEqual(['Is water wet?']);

    // Who may read a kept page is checked on every request: the admin may, another teacher may not.
    expect(await titles(admin.token)).toEqual(['Is water wet?']);
    expect((await bank(other.token)).statusCode).toBe(403);

    // Every change below is made in SQL, past the app's services: the triggers tell the process.
    await db.update(questions).set({ title: 'Is ice wet?' }).where(eq(questions.id, first!.id));
    expect(await titles()).toEqual(['Is ice wet?']);
    await db.insert(questions).values(question(courseId, 'Is steam wet?'));
    expect((await bank()).json<BankQuestionPage>().total).toBe(2);
    expect(await titles(teacher.token, courseId, '?q=steam')).toEqual(['Is steam wet?']);
    await db
      .update(questions)
      .set({ tags: ['physics'] })
      .where(eq(questions.id, first!.id));
    expect(await titles(teacher.token, courseId, '?tag=physics')).toEqual(['Is ice wet?']);

    // Another teacher's bank changing leaves this one alone (no statement); theirs shows its change at once.
    expect(await titles(other.token, foreignId)).toEqual([]);
    expect(await readUntilKept(ctx.database, () => titles(), /questions/)).toEqual([]);
    await db.insert(questions).values(question(foreignId, 'Theirs'));
    const untouched = await countQueries(ctx.database, () => titles());
    expect(untouched.filter((text) => /questions/.test(text))).toEqual([]);
    expect(await titles(other.token, foreignId)).toEqual(['Theirs']);

    // A question moved to the other teacher's course leaves one bank and joins the other; deleted, it leaves.
    await db.update(questions).set({ courseId: foreignId }).where(eq(questions.id, first!.id));
    expect(await titles()).toEqual(['Is steam wet?']);
    expect((await titles(other.token, foreignId)).sort()).toEqual(['Is ice wet?', 'Theirs']);
    await db.delete(questions).where(eq(questions.id, first!.id));
    expect(await titles(other.token, foreignId)).toEqual(['Theirs']);

    // The course handed to the other teacher: its kept pages are theirs now, and no longer this teacher's.
    await db.update(courses).set({ teacherId: other.user.id }).where(eq(courses.id, courseId));
    expect((await bank()).statusCode).toBe(403);
    expect(await titles(other.token)).toEqual(['Is steam wet?']);
    await db.delete(courses).where(eq(courses.id, courseId));
    expect((await bank(other.token)).statusCode).toBe(404);
  });
});
