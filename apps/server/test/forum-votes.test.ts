import { randomUUID } from 'node:crypto';
import type { Answer, HotQuestion, Question, QuestionDetail } from '@lyceum/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { forumAnswers, forumQuestions, forumVotes, users } from '../src/db/schema/index.js';
import { bearer, createUser, issueToken, useTestApp, type TestUser } from './helper.js';

const ctx = useTestApp({ env: { AUTH_RATE_LIMIT_PER_MINUTE: '1000' } });

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

async function ask(user: TestUser): Promise<Question> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/forum/questions',
    headers: bearer(user.token),
    payload: { question: 'Which is faster?', description: 'Benchmarks welcome.', tags: 'performance' },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Question>();
}

async function reply(user: TestUser, questionId: string): Promise<Answer> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/forum/questions/${questionId}/answers`,
    headers: bearer(user.token),
    payload: { answer: 'The second one.' },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Answer>();
}

function putVote(token: string | null, target: 'questions' | 'answers', id: string, value: unknown) {
  return ctx.app.inject({
    method: 'PUT',
    url: `/api/forum/${target}/${id}/vote`,
    headers: token ? bearer(token) : {},
    payload: { value } as Record<string, unknown>,
  });
}

async function detail(id: string, user?: TestUser): Promise<QuestionDetail> {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/api/forum/questions/${id}`,
    headers: user ? bearer(user.token) : {},
  });
  return res.json<QuestionDetail>();
}

/** Many voters quickly: inserted directly and given tokens, skipping password hashing. */
async function insertVoters(count: number): Promise<string[]> {
  const rows = await ctx.database.db
    .insert(users)
    .values(
      Array.from({ length: count }, (_, i) => ({
        role: 'student' as const,
        email: `voter.${i}.${randomUUID()}@example.com`,
        username: `voter ${randomUUID()}`,
        firstname: 'Voter',
        lastname: String(i),
        passwordHash: 'not-a-real-hash',
      })),
    )
    .returning({ id: users.id, username: users.username, firstname: users.firstname, lastname: users.lastname });
  return Promise.all(rows.map((row) => issueToken(ctx, { ...row, role: 'student', profileImage: null })));
}

describe('votes', () => {
  it('counts one vote per user: up, up again, down, withdraw', async () => {
    const [asker, voter] = [await createUser(ctx, 'student'), await createUser(ctx, 'teacher')];
    const question = await ask(asker);

    const up = await putVote(voter.token, 'questions', question.id, 1);
    expect(up.statusCode).toBe(200);
    expect(up.json()).toEqual({ voteScore: 1, myVote: 1 });
    expect((await putVote(voter.token, 'questions', question.id, 1)).json()).toEqual({ voteScore: 1, myVote: 1 });
    expect(await detail(question.id, voter)).toMatchObject({ voteScore: 1, myVote: 1 });
    expect(await detail(question.id)).toMatchObject({ voteScore: 1, myVote: 0 });

    expect((await putVote(voter.token, 'questions', question.id, -1)).json()).toEqual({ voteScore: -1, myVote: -1 });
    expect((await putVote(voter.token, 'questions', question.id, 0)).json()).toEqual({ voteScore: 0, myVote: 0 });
    expect((await putVote(voter.token, 'questions', question.id, 0)).json()).toEqual({ voteScore: 0, myVote: 0 });
  });

  it('votes on answers separately from their question', async () => {
    const [asker, answerer, voter] = [
      await createUser(ctx, 'student'),
      await createUser(ctx, 'teacher'),
      await createUser(ctx, 'student'),
    ];
    const question = await ask(asker);
    const answer = await reply(answerer, question.id);
    expect((await putVote(voter.token, 'answers', answer.id, -1)).json()).toEqual({ voteScore: -1, myVote: -1 });
    expect((await putVote(asker.token, 'answers', answer.id, -1)).json()).toEqual({ voteScore: -2, myVote: -1 });
    const read = await detail(question.id, voter);
    expect(read.voteScore).toBe(0);
    expect(read.answers[0]).toMatchObject({ id: answer.id, voteScore: -2, myVote: -1 });
  });

  it('refuses votes on one’s own question or answer', async () => {
    const [asker, answerer] = [await createUser(ctx, 'student'), await createUser(ctx, 'teacher')];
    const question = await ask(asker);
    const answer = await reply(answerer, question.id);
    const own = await putVote(asker.token, 'questions', question.id, 1);
    expect(own.statusCode).toBe(400);
    expect(own.json().message).toBe('You cannot vote on your own post');
    expect((await putVote(answerer.token, 'answers', answer.id, -1)).statusCode).toBe(400);
    expect((await detail(question.id)).voteScore).toBe(0);
  });

  it('lets any signed-in role vote, and answers 401, 400 and 404 for bad requests', async () => {
    const [asker, admin] = [await createUser(ctx, 'student'), await createUser(ctx, 'admin')];
    const question = await ask(asker);
    expect((await putVote(admin.token, 'questions', question.id, 1)).statusCode).toBe(200);
    expect((await putVote(null, 'questions', question.id, 1)).statusCode).toBe(401);
    for (const value of [2, '1', null, 0.5]) {
      const res = await putVote(admin.token, 'questions', question.id, value);
      expect(res.statusCode, String(value)).toBe(400);
    }
    expect((await putVote(admin.token, 'questions', 'not-an-id', 1)).statusCode).toBe(400);
    const missing = await putVote(admin.token, 'questions', UNKNOWN_ID, 1);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Question not found');
    expect((await putVote(admin.token, 'answers', UNKNOWN_ID, 1)).json().message).toBe('Answer not found');
    expect((await putVote(admin.token, 'answers', question.id, 1)).statusCode).toBe(404);
  });

  it('keeps 20 concurrent identical votes by one user as a single vote', async () => {
    const [asker, voter] = [await createUser(ctx, 'student'), await createUser(ctx, 'student')];
    const question = await ask(asker);
    const results = await Promise.all(
      Array.from({ length: 20 }, () => putVote(voter.token, 'questions', question.id, 1)),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect((await detail(question.id)).voteScore).toBe(1);
  });

  it('counts 50 concurrent votes by 50 users on one answer as exactly 50', async () => {
    const [asker, answerer] = [await createUser(ctx, 'student'), await createUser(ctx, 'teacher')];
    const question = await ask(asker);
    const answer = await reply(answerer, question.id);
    const voters = await insertVoters(50);
    const results = await Promise.all(voters.map((token) => putVote(token, 'answers', answer.id, 1)));
    expect(results.map((r) => r.statusCode)).toEqual(Array(50).fill(200));
    expect((await detail(question.id)).answers[0]?.voteScore).toBe(50);
  });
});

describe('hot today', () => {
  it('ranks questions by answers and votes of the last 24 hours, at most 5', async () => {
    const db = ctx.database.db;
    // This test reads the whole forum, so it starts from an empty one.
    await db.delete(forumVotes);
    await db.delete(forumQuestions);
    const [asker, answerer] = [await createUser(ctx, 'student'), await createUser(ctx, 'teacher')];
    const voters = await db
      .insert(users)
      .values(
        Array.from({ length: 3 }, (_, i) => ({
          role: 'student' as const,
          email: `hot.${i}.${randomUUID()}@example.com`,
          username: `hot ${randomUUID()}`,
          firstname: 'Hot',
          lastname: String(i),
          passwordHash: 'not-a-real-hash',
        })),
      )
      .returning({ id: users.id });
    const hoursAgo = (h: number) => new Date(Date.now() - h * 60 * 60 * 1000);
    const insertQuestion = async (title: string, createdAt: Date) => {
      const [row] = await db
        .insert(forumQuestions)
        .values({
          authorId: asker.user.id,
          authorRole: 'student',
          question: title,
          description: 'd',
          tags: ['hot'],
          createdAt,
          updatedAt: createdAt,
        })
        .returning({ id: forumQuestions.id });
      return row!.id;
    };
    const insertAnswer = async (questionId: string, createdAt: Date) => {
      const [row] = await db
        .insert(forumAnswers)
        .values({
          questionId,
          authorId: answerer.user.id,
          authorRole: 'teacher',
          answer: 'a',
          createdAt,
          updatedAt: createdAt,
        })
        .returning({ id: forumAnswers.id });
      return row!.id;
    };
    const insertVote = (userIndex: number, targetId: string, targetType: 'question' | 'answer', at: Date) =>
      db
        .insert(forumVotes)
        .values({ userId: voters[userIndex]!.id, targetId, targetType, value: 1, createdAt: at, updatedAt: at });

    // Busy two days ago, quiet today: not hot.
    const stale = await insertQuestion('stale', hoursAgo(72));
    const staleAnswer = await insertAnswer(stale, hoursAgo(48));
    await insertAnswer(stale, hoursAgo(25));
    await insertVote(0, stale, 'question', hoursAgo(30));
    await insertVote(1, staleAnswer, 'answer', hoursAgo(26));
    // Old question, lively today: 1 answer + 1 question vote + 2 answer votes = 4.
    const revived = await insertQuestion('revived', hoursAgo(100));
    const revivedAnswer = await insertAnswer(revived, hoursAgo(2));
    await insertAnswer(revived, hoursAgo(50));
    await insertVote(0, revived, 'question', hoursAgo(1));
    await insertVote(1, revivedAnswer, 'answer', hoursAgo(3));
    await insertVote(2, revivedAnswer, 'answer', hoursAgo(23));
    // New question with two answers today = 2.
    const fresh = await insertQuestion('fresh', hoursAgo(5));
    await insertAnswer(fresh, hoursAgo(4));
    await insertAnswer(fresh, hoursAgo(1));
    // Four questions with one answer today each = 1; the newest three of them fill the list.
    const single: string[] = [];
    for (let i = 0; i < 4; i += 1) {
      const id = await insertQuestion(`single ${i}`, hoursAgo(20 - i));
      await insertAnswer(id, hoursAgo(1));
      single.push(id);
    }
    // Asked today without any activity: not hot.
    await insertQuestion('silent', hoursAgo(0.5));

    const res = await ctx.app.inject({ method: 'GET', url: '/api/forum/hot' });
    expect(res.statusCode).toBe(200);
    const items = res.json<{ items: HotQuestion[] }>().items;
    expect(items.map((q) => [q.question, q.activity])).toEqual([
      ['revived', 4],
      ['fresh', 2],
      ['single 3', 1],
      ['single 2', 1],
      ['single 1', 1],
    ]);
    expect(items[0]).toMatchObject({ id: revived, answerCount: 2, voteScore: 1, tags: ['hot'] });

    const [{ n } = { n: -1 }] = await db.select({ n: sql<number>`count(*)::int` }).from(forumQuestions);
    expect(n).toBe(8);
  });
});
