import { describe, expect, it } from 'vitest';
import { createUser, useTestApp } from '../helper.js';
import { courseDetails, SPOILED_TOKENS, v1, type Placement } from './v1-helper.js';

const ctx = useTestApp();

/**
 * Runs every authenticated v1 JSON route once, in the client's order, with the token placed as given, and
 * answers the statuses in order (E5 is multipart, header only: see profile-image.test.ts).
 */
async function runAll(
  placement: Placement,
  spoil: (token: string) => string = (token) => token,
): Promise<{ statuses: Record<string, number>; messages: Set<string> }> {
  const [s, t, a] = await Promise.all([
    createUser(ctx, 'student'),
    createUser(ctx, 'teacher'),
    createUser(ctx, 'admin'),
  ]);
  const statuses: Record<string, number> = {};
  const messages = new Set<string>();
  const call = async (name: string, url: string, token: string, body: Record<string, unknown> = {}) => {
    const res = await v1(ctx, { url, token: spoil(token), placement, body });
    statuses[name] = res.statusCode;
    if (res.statusCode >= 400) messages.add(res.json().message);
    return res.statusCode < 300 ? res.json().data : undefined;
  };
  // Ids come from calls with the header token, so a 401 run still exercises the later routes.
  const setup = (url: string, token: string, body: Record<string, unknown>) =>
    v1(ctx, { url, token, placement: 'header', body }).then((res) => res.json().data);

  await call('E4', '/view-student-details', s.token);
  await call('E6', '/view-teacher-details', t.token);
  await call('E8', '/view-admin-details', a.token);
  await call('E7', '/update-teacher-details', t.token, { userDetails: { expertise: 'Testing' } });
  await call('E11', '/add-course', t.token, { courseDetails: courseDetails('Placement') });
  const course = await setup('/add-course', t.token, { courseDetails: courseDetails('Placement 2') });
  await call('E10', '/view-course-teacher-publish', t.token);
  await call('E13', '/add-wishlist', s.token, { courseId: course._id });
  await call('E14', '/add-enrolled', s.token, { courseId: course._id });
  await call('E17', '/view-wishlist', s.token);
  await call('E18', '/view-enrolled-by-studentID', s.token);
  const review = { courseId: course._id, reviewDetails: { rating: 4, reviewText: 'Good' } };
  await call('E15', '/add-review', s.token, review);
  const student2 = await createUser(ctx, 'student');
  await setup('/add-enrolled', student2.token, { courseId: course._id });
  const reviewId = (await setup('/add-review', student2.token, review))._id;
  await call('X1', '/isReviewed-studentId-courseId', student2.token, { courseId: course._id });
  await call('E19', '/view-Review-list-studentId', student2.token);
  await call('E20', '/edit-review-studentId', student2.token, { reviewId, reviewText: 'Better' });
  await call('E21', '/delete-review-studentId', student2.token, { reviewId });
  const question = { questionDetails: { question: 'Where?', description: 'Here', tags: 'a' } };
  await call('E22', '/add-question', s.token, question);
  const questionId = (await setup('/add-question', s.token, question))._id;
  await call('E25', '/add-forum-answer', t.token, { questionId, answer: 'There' });
  const answerId = (await setup('/add-forum-answer', t.token, { questionId, answer: 'Also there' })).answers[0]._id;
  await call('E26', '/view-Forum-QuestionList-studentId', s.token);
  await call('E27', '/view-answerList-studentId', t.token);
  await call('E28', '/update-question', s.token, { forumId: questionId, ...question });
  await call('E30', '/update-answer-studentId', t.token, { forumId: questionId, answerId, answerText: 'Edited' });
  await call('E31', '/delete-answer-studentId', t.token, { forumId: questionId, answerId });
  await call('E29', '/delete-question', s.token, { forumId: questionId });
  return { statuses, messages };
}

const EXPECTED: Record<string, number> = {
  E4: 200,
  E6: 200,
  E8: 200,
  E7: 200,
  E11: 201,
  E10: 200,
  E13: 200,
  E14: 200,
  E17: 200,
  E18: 200,
  E15: 201,
  X1: 200,
  E19: 200,
  E20: 200,
  E21: 200,
  E22: 201,
  E25: 200,
  E26: 200,
  E27: 200,
  E28: 200,
  E30: 200,
  E31: 200,
  E29: 200,
};

const ALL_401 = Object.fromEntries(Object.keys(EXPECTED).map((route) => [route, 401]));

describe('v1 token placement', () => {
  it.each<Placement>(['header', 'bearer-header', 'body', 'bearer-body'])(
    'accepts the token as %s on every authenticated route',
    async (placement) => {
      expect((await runAll(placement)).statuses).toEqual(EXPECTED);
    },
  );

  it('answers 401 on every authenticated route without a token', async () => {
    const { statuses, messages } = await runAll('none');
    expect(statuses).toEqual(ALL_401);
    expect(messages).toEqual(new Set(['Unauthorized: Token not provided']));
  });

  it.each(Object.keys(SPOILED_TOKENS))('answers 401 on every authenticated route for a token with %s', async (kind) => {
    const placement = kind === 'garbage' ? 'body' : 'header';
    const { statuses, messages } = await runAll(placement, SPOILED_TOKENS[kind]);
    expect(statuses).toEqual(ALL_401);
    expect(messages).toEqual(new Set(['Unauthorized: Invalid token']));
  });
});
