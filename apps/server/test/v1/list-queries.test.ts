import { describe, expect, it } from 'vitest';
import { countQueries } from '../course-helpers.js';
import { createUser, useTestApp, type TestUser } from '../helper.js';
import { courseDetails, ok, v1, type Json } from './v1-helper.js';

const ctx = useTestApp();

/** The v1 list routes, each with how to read its list's length. */
const LISTS: [
  string,
  (users: { student: TestUser; teacher: TestUser }) => Parameters<typeof v1>[1],
  (data: Json) => number,
][] = [
  ['E1', () => ({ method: 'GET', url: '/view-courses' }), (data) => data.length],
  [
    'E10',
    ({ teacher }) => ({ url: '/view-course-teacher-publish', token: teacher.token, placement: 'body' }),
    (data) => data.courses.length,
  ],
  ['E17', ({ student }) => ({ url: '/view-wishlist', token: student.token, placement: 'body' }), (data) => data.length],
  [
    'E18',
    ({ student }) => ({ url: '/view-enrolled-by-studentID', token: student.token, placement: 'body' }),
    (data) => data.length,
  ],
  [
    'E19',
    ({ student }) => ({ url: '/view-Review-list-studentId', token: student.token, placement: 'body' }),
    (data) => data.length,
  ],
  ['E23', () => ({ url: '/view-Forum-QuestionList' }), (data) => data.length],
  [
    'E26',
    ({ student }) => ({ url: '/view-Forum-QuestionList-studentId', token: student.token, placement: 'body' }),
    (data) => data.forumQuestion.length + data.forumAnswer.length,
  ],
  ['E27', ({ student }) => ({ url: '/view-answerList-studentId', token: student.token }), (data) => data.length],
];

/** Courses the student wishlists, enrols in and reviews; questions the teacher asks and the student answers. */
async function addActivity(student: TestUser, teacher: TestUser, count: number, label: string) {
  for (let i = 0; i < count; i += 1) {
    const details = courseDetails(`${label} course ${i}`);
    const add = await v1(ctx, {
      url: '/add-course',
      token: teacher.token,
      placement: 'body',
      body: { courseDetails: details },
    });
    const courseId = ok(add, 201)._id;
    ok(await v1(ctx, { url: '/add-wishlist', token: student.token, placement: 'body', body: { courseId } }));
    ok(await v1(ctx, { url: '/add-enrolled', token: student.token, placement: 'body', body: { courseId } }));
    const review = { courseId, reviewDetails: { rating: 4, reviewText: `${label} ${i}` } };
    ok(await v1(ctx, { url: '/add-review', token: student.token, body: review }), 201);
    const question = { questionDetails: { question: `${label} question ${i}?`, description: 'd', tags: 'q' } };
    const questionId = ok(await v1(ctx, { url: '/add-question', token: teacher.token, body: question }), 201)._id;
    ok(await v1(ctx, { url: '/add-question', token: student.token, body: question }), 201);
    ok(await v1(ctx, { url: '/add-forum-answer', token: student.token, body: { questionId, answer: `answer ${i}` } }));
  }
}

async function measure(users: { student: TestUser; teacher: TestUser }) {
  const result: Record<string, { statements: number; length: number }> = {};
  for (const [name, call, lengthOf] of LISTS) {
    let data: Json;
    const statements = await countQueries(ctx.database, async () => {
      data = ok(await v1(ctx, call(users)));
    });
    result[name] = { statements: statements.length, length: lengthOf(data) };
  }
  return result;
}

describe('v1 lists', () => {
  it('send the same number of SQL statements for 2 items as for 12 (no query per item)', async () => {
    const [student, teacher] = await Promise.all([createUser(ctx, 'student'), createUser(ctx, 'teacher')]);
    await addActivity(student, teacher, 2, 'first');
    const small = await measure({ student, teacher });
    await addActivity(student, teacher, 10, 'more');
    const large = await measure({ student, teacher });
    for (const [name] of LISTS) {
      expect(large[name]!.length, name).toBeGreaterThanOrEqual(small[name]!.length + 10);
      expect(large[name]!.statements, name).toBe(small[name]!.statements);
    }
  });
});
