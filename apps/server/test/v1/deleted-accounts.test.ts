import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '#db/schema/index.js';
import { createUser, useTestApp, type TestUser } from '../helper.js';
import { courseDetails, fails, ok, v1, type Json } from './v1-helper.js';

const ctx = useTestApp();

/** Every user reference in a v1 answer: anything with an `_id` and a `username`. */
function userReferences(value: unknown, found: Json[] = []): Json[] {
  if (Array.isArray(value)) value.forEach((item) => userReferences(item, found));
  else if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    if (typeof record._id === 'string' && 'username' in record) found.push(record);
    Object.values(record).forEach((item) => userReferences(item, found));
  }
  return found;
}

const REFERENCES = new Set(['teacherId', 'studentId', 'student', 'course', 'forum', 'QuestionUser']);

/** No list holds null and no reference is null (v1-api.md §2.4, §2.5); `profileImage: null` is fine. */
function expectNoNullReference(value: unknown, where: string) {
  if (Array.isArray(value)) {
    expect(value, where).not.toContain(null);
    value.forEach((item) => expectNoNullReference(item, where));
  } else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (REFERENCES.has(key)) expect(item, `${where} ${key}`).not.toBeNull();
      expectNoNullReference(item, where);
    }
  }
}

describe('v1 after an account is deleted', () => {
  it('drops the account’s courses, reviews, questions and answers everywhere, leaving no null or dangling author', async () => {
    const [teacher, gone, goneTeacher, asker, reader] = await Promise.all([
      createUser(ctx, 'teacher'),
      createUser(ctx, 'student'),
      createUser(ctx, 'teacher'),
      createUser(ctx, 'student'),
      createUser(ctx, 'student'),
    ]);
    const addCourse = async (user: TestUser, title: string) =>
      ok(
        await v1(ctx, {
          url: '/add-course',
          token: user.token,
          placement: 'body',
          body: { courseDetails: courseDetails(title) },
        }),
        201,
      )._id as string;
    const kept = await addCourse(teacher, 'Kept course');
    const orphan = await addCourse(goneTeacher, 'Course of a deleted teacher');
    for (const student of [gone, reader]) {
      for (const courseId of [kept, orphan]) {
        ok(await v1(ctx, { url: '/add-wishlist', token: student.token, placement: 'body', body: { courseId } }));
        ok(await v1(ctx, { url: '/add-enrolled', token: student.token, placement: 'body', body: { courseId } }));
        const review = { courseId, reviewDetails: { rating: 3, reviewText: 'Fine' } };
        ok(await v1(ctx, { url: '/add-review', token: student.token, body: review }), 201);
      }
    }
    const ask = async (user: TestUser, question: string) =>
      ok(
        await v1(ctx, {
          url: '/add-question',
          token: user.token,
          body: { questionDetails: { question, description: 'd', tags: 'x' } },
        }),
        201,
      )._id as string;
    const keptQuestion = await ask(asker, 'Who stays?');
    const goneQuestion = await ask(gone, 'Who leaves?');
    for (const user of [gone, goneTeacher, teacher]) {
      ok(
        await v1(ctx, {
          url: '/add-forum-answer',
          token: user.token,
          body: { questionId: keptQuestion, answer: 'Me' },
        }),
      );
    }
    ok(
      await v1(ctx, {
        url: '/add-forum-answer',
        token: teacher.token,
        body: { questionId: goneQuestion, answer: 'Hi' },
      }),
    );

    // Accounts are removed by operators (the platform itself only suspends); the database cascades.
    for (const user of [gone, goneTeacher]) await ctx.database.db.delete(users).where(eq(users.id, user.user.id));
    const goneIds = new Set([gone.user.id, goneTeacher.user.id]);

    const answers: [string, Json][] = [
      ['E1', ok(await v1(ctx, { method: 'GET', url: '/view-courses' }))],
      ['E12', ok(await v1(ctx, { url: '/view-courseDetails-ById', body: { courseId: kept } }))],
      ['E16', ok(await v1(ctx, { url: '/view-Review-courseId', body: { courseId: kept } }))],
      ['E17', ok(await v1(ctx, { url: '/view-wishlist', token: reader.token, placement: 'body' }))],
      ['E18', ok(await v1(ctx, { url: '/view-enrolled-by-studentID', token: reader.token, placement: 'body' }))],
      ['E19', ok(await v1(ctx, { url: '/view-Review-list-studentId', token: reader.token, placement: 'body' }))],
      ['E23', ok(await v1(ctx, { url: '/view-Forum-QuestionList' }))],
      ['E24', ok(await v1(ctx, { url: '/view-forum-question-id', body: { questionId: keptQuestion } }))],
      ['E27', ok(await v1(ctx, { url: '/view-answerList-studentId', token: teacher.token }))],
    ];
    for (const [route, data] of answers) {
      expectNoNullReference(data, route);
      for (const user of userReferences(data)) {
        expect(goneIds.has(user._id), `${route} still names a deleted account`).toBe(false);
        expect(typeof user.username, route).toBe('string');
      }
    }
    const byRoute = Object.fromEntries(answers);
    expect(byRoute.E1.map((c: Json) => c._id)).not.toContain(orphan);
    expect(byRoute.E16).toHaveLength(1);
    expect(byRoute.E17.map((c: Json) => c._id)).toEqual([kept]);
    expect(byRoute.E18.map((c: Json) => c._id)).toEqual([kept]);
    expect(byRoute.E19.map((r: Json) => r.course._id)).toEqual([kept]);
    expect(byRoute.E23.map((q: Json) => q._id)).not.toContain(goneQuestion);
    expect(byRoute.E24.answers.map((a: Json) => a.teacherId?._id ?? a.studentId._id)).toEqual([teacher.user.id]);
    expect(byRoute.E27.map((a: Json) => a.forum._id)).toEqual([keptQuestion]);
    fails(await v1(ctx, { url: '/view-forum-question-id', body: { questionId: goneQuestion } }), 404);
    fails(await v1(ctx, { url: '/view-courseDetails-ById', body: { courseId: orphan } }), 404);
  });
});
