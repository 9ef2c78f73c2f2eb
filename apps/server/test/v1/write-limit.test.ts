import { describe, expect, it } from 'vitest';
import { createUser, useTestApp } from '../helper.js';
import { courseDetails, fails, ok, updateStudentDetails, v1 } from './v1-helper.js';

const LIMIT = 3;
const ctx = useTestApp({ writeRateLimit: LIMIT });

describe('v1 per-user limit on write routes', () => {
  it('answers a user’s writes past the limit with 429 on any write route, changing nothing, while reads go on', async () => {
    const [student, other, teacher] = await Promise.all([
      createUser(ctx, 'student'),
      createUser(ctx, 'student'),
      createUser(ctx, 'teacher'),
    ]);
    const courseId = ok(
      await v1(ctx, {
        url: '/add-course',
        token: teacher.token,
        placement: 'body',
        body: { courseDetails: courseDetails('Limited') },
      }),
      201,
    )._id;

    // Three writes on three different routes use up the student's minute.
    ok(await v1(ctx, { url: '/add-wishlist', token: student.token, placement: 'body', body: { courseId } }));
    ok(await v1(ctx, { url: '/add-enrolled', token: student.token, placement: 'body', body: { courseId } }));
    const question = { questionDetails: { question: 'Limits?', description: 'How many?', tags: 'x' } };
    ok(await v1(ctx, { url: '/add-question', token: student.token, body: question }), 201);

    const review = { courseId, reviewDetails: { rating: 4, reviewText: 'Good' } };
    const limited = fails(await v1(ctx, { url: '/add-review', token: student.token, body: review }), 429);
    expect(limited.message).toBe('Too many requests');
    // Per user, not per address: another address does not help.
    const elsewhere = await ctx.app.inject({
      method: 'POST',
      url: '/add-question',
      remoteAddress: '198.51.100.7',
      headers: { authorization: student.token },
      payload: question,
    });
    fails(elsewhere, 429, 'Too many requests');
    const upload = await updateStudentDetails(ctx, student.token, [{ name: 'city', data: 'Leeds' }]);
    fails(upload, 429, 'Too many requests');

    // Nothing changed, and reads are not limited.
    expect(
      ok(await v1(ctx, { url: '/isReviewed-studentId-courseId', token: student.token, body: { courseId } })),
    ).toBeNull();
    const mine = ok(await v1(ctx, { url: '/view-Forum-QuestionList-studentId', token: student.token }));
    expect(mine.forumQuestion).toHaveLength(1);
    expect(ok(await v1(ctx, { url: '/view-student-details', token: student.token })).city).toBe('');

    // Another user and an anonymous caller are not affected by this user's count.
    ok(await v1(ctx, { url: '/add-enrolled', token: other.token, placement: 'body', body: { courseId } }));
    ok(await v1(ctx, { url: '/add-review', token: other.token, body: review }), 201);
    fails(await v1(ctx, { url: '/add-review', body: review }), 401, 'Unauthorized: Token not provided');
  });
});
