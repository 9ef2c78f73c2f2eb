import { randomBytes } from 'node:crypto';
import type { Answer, MyAnswer, Question, QuestionDetail, QuestionPage } from '@lyceum/contract';
import { eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { forumAnswers, forumQuestions, forumVotes } from '../src/db/schema/index.js';
import { countQueries } from './course-helpers.js';
import { bearer, createUser, useTestApp, type TestUser } from './helper.js';

const ctx = useTestApp({ env: { AUTH_RATE_LIMIT_PER_MINUTE: '1000' } });

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

/** A made-up word no other test uses, so searches and tag filters see only this test's data. */
function uniqueWord(prefix = 'w'): string {
  const letters = [...randomBytes(8)].map((b) => String.fromCharCode(97 + (b % 26))).join('');
  return `${prefix}${letters}`;
}

async function ask(user: TestUser, body: Record<string, unknown> = {}): Promise<Question> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/forum/questions',
    headers: bearer(user.token),
    payload: { question: 'How do closures work?', description: 'Please explain.', tags: ['javascript'], ...body },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Question>();
}

async function reply(user: TestUser, questionId: string, answer = 'Like this.'): Promise<Answer> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/forum/questions/${questionId}/answers`,
    headers: bearer(user.token),
    payload: { answer },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Answer>();
}

async function vote(user: TestUser, target: 'questions' | 'answers', id: string, value: number) {
  const res = await ctx.app.inject({
    method: 'PUT',
    url: `/api/forum/${target}/${id}/vote`,
    headers: bearer(user.token),
    payload: { value },
  });
  expect(res.statusCode, res.body).toBe(200);
}

async function detail(id: string, user?: TestUser): Promise<QuestionDetail> {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/api/forum/questions/${id}`,
    headers: user ? bearer(user.token) : {},
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<QuestionDetail>();
}

async function list(query: Record<string, string | number>, user?: TestUser): Promise<QuestionPage> {
  const res = await ctx.app.inject({
    method: 'GET',
    url: '/api/forum/questions',
    query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
    headers: user ? bearer(user.token) : {},
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<QuestionPage>();
}

describe('asking questions', () => {
  it('lets a student and a teacher ask, recording their role, and refuses admins and visitors', async () => {
    const student = await createUser(ctx, 'student');
    const teacher = await createUser(ctx, 'teacher');
    const admin = await createUser(ctx, 'admin');

    const question = await ask(student, {
      question: '  What is a closure?  ',
      description: 'Line one\nLine two',
      tags: ['JavaScript', 'functions'],
    });
    expect(question).toMatchObject({
      question: 'What is a closure?',
      description: 'Line one\nLine two',
      tags: ['javascript', 'functions'],
      authorRole: 'student',
      voteScore: 0,
      myVote: 0,
      answerCount: 0,
      acceptedAnswerId: null,
    });
    expect(question.author).toEqual({
      id: student.user.id,
      firstname: student.user.firstname,
      lastname: student.user.lastname,
      username: student.user.username,
      profileImage: null,
      role: 'student',
    });
    expect((await ask(teacher)).authorRole).toBe('teacher');

    const asAdmin = await ctx.app.inject({
      method: 'POST',
      url: '/api/forum/questions',
      headers: bearer(admin.token),
      payload: { question: 'Q', description: 'D', tags: 'x' },
    });
    expect(asAdmin.statusCode).toBe(403);
    const anonymous = await ctx.app.inject({ method: 'POST', url: '/api/forum/questions', payload: {} });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ statusCode: 401, message: 'Unauthorized: Token not provided' });
  });

  it('normalises tags: a comma string or an array, trimmed, lower-cased, duplicates and empties dropped', async () => {
    const student = await createUser(ctx, 'student');
    expect((await ask(student, { tags: ' a, ,b,,a ' })).tags).toEqual(['a', 'b']);
    expect((await ask(student, { tags: ['React', ' react ', 'REACT', 'hooks'] })).tags).toEqual(['react', 'hooks']);
    expect((await ask(student, { tags: ['web  design'] })).tags).toEqual(['web design']);
    const ten = Array.from({ length: 10 }, (_, i) => `tag${i}`);
    expect((await ask(student, { tags: ten.join(',') })).tags).toEqual(ten);
    expect((await ask(student, { tags: ['x'.repeat(50)] })).tags).toEqual(['x'.repeat(50)]);
  });

  it.each([
    ['an empty question', { question: '   ' }, 'question is required'],
    ['a missing description', { description: undefined }, 'description is required'],
    ['a 301-character question', { question: 'q'.repeat(301) }, 'question must be at most 300 characters'],
    ['a 10,001-character description', { description: 'd'.repeat(10_001) }, 'description must be at most 10000'],
    ['11 tags', { tags: Array.from({ length: 11 }, (_, i) => `t${i}`) }, 'tags must have at most 10 tags'],
    ['11 tags in a comma string', { tags: 'a,b,c,d,e,f,g,h,i,j,k' }, 'tags must have at most 10 tags'],
    ['a 51-character tag', { tags: ['ok', 't'.repeat(51)] }, 'tags.1 must be at most 50 characters'],
    ['no tags', { tags: ' , ' }, 'tags is required'],
    ['a missing tags field', { tags: undefined }, 'tags is required'],
    ['tags of the wrong type', { tags: 5 }, 'tags must be a list of tags or a comma-separated text'],
  ])('answers 400 for %s, storing nothing', async (_name, change, message) => {
    const student = await createUser(ctx, 'student');
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/forum/questions',
      headers: bearer(student.token),
      payload: { question: 'Q?', description: 'D', tags: ['t'], ...change },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
    const stored = await ctx.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(forumQuestions)
      .where(eq(forumQuestions.authorId, student.user.id));
    expect(stored[0]?.n).toBe(0);
  });
});

describe('reading a question', () => {
  it('is public, with answers: the accepted one first, then oldest first', async () => {
    const [asker, first, second] = [
      await createUser(ctx, 'student'),
      await createUser(ctx, 'student'),
      await createUser(ctx, 'teacher'),
    ];
    const question = await ask(asker);
    const a1 = await reply(first, question.id, 'First answer');
    const a2 = await reply(second, question.id, 'Second answer');
    const a3 = await reply(first, question.id, 'Another answer by the same student');

    let read = await detail(question.id);
    expect(read.answers.map((a) => a.id)).toEqual([a1.id, a2.id, a3.id]);
    expect(read.answerCount).toBe(3);
    expect(read.answers[1]).toMatchObject({ authorRole: 'teacher', accepted: false, questionId: question.id });

    const accept = await ctx.app.inject({
      method: 'POST',
      url: `/api/forum/questions/${question.id}/accept`,
      headers: bearer(asker.token),
      payload: { answerId: a3.id },
    });
    expect(accept.statusCode).toBe(200);
    read = await detail(question.id);
    expect(read.acceptedAnswerId).toBe(a3.id);
    expect(read.answers.map((a) => [a.id, a.accepted])).toEqual([
      [a3.id, true],
      [a1.id, false],
      [a2.id, false],
    ]);
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    const unknown = await ctx.app.inject({ method: 'GET', url: `/api/forum/questions/${UNKNOWN_ID}` });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Question not found');
    const malformed = await ctx.app.inject({ method: 'GET', url: '/api/forum/questions/not-an-id' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe('id must be a valid id');
  });

  it('reads anonymously when the token is invalid', async () => {
    const student = await createUser(ctx, 'student');
    const question = await ask(student);
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/forum/questions/${question.id}`,
      headers: { authorization: 'Bearer garbage' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().myVote).toBe(0);
  });
});

describe('editing and deleting questions', () => {
  it('lets only the author edit, admins included', async () => {
    const [author, other, admin] = [
      await createUser(ctx, 'student'),
      await createUser(ctx, 'teacher'),
      await createUser(ctx, 'admin'),
    ];
    const question = await ask(author);
    const patch = (user: TestUser | null, id: string, payload: unknown) =>
      ctx.app.inject({
        method: 'PATCH',
        url: `/api/forum/questions/${id}`,
        headers: user ? bearer(user.token) : {},
        payload: payload as Record<string, unknown>,
      });

    const edited = await patch(author, question.id, { question: 'Edited?', tags: 'New, Tags' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({
      question: 'Edited?',
      description: question.description,
      tags: ['new', 'tags'],
    });
    expect(Date.parse(edited.json().updatedAt)).toBeGreaterThanOrEqual(Date.parse(question.updatedAt));

    for (const user of [other, admin]) {
      const res = await patch(user, question.id, { question: 'Hijacked' });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('Forbidden: not your question');
    }
    expect((await patch(null, question.id, { question: 'x' })).statusCode).toBe(401);
    expect((await patch(author, UNKNOWN_ID, { question: 'x' })).statusCode).toBe(404);
    expect((await patch(author, 'nope', { question: 'x' })).statusCode).toBe(400);
    expect((await patch(author, question.id, {})).statusCode).toBe(400);
    expect((await patch(author, question.id, { description: '' })).statusCode).toBe(400);
    expect((await patch(author, question.id, { tags: Array.from({ length: 11 }, (_, i) => `${i}`) })).statusCode).toBe(
      400,
    );
    expect((await detail(question.id)).question).toBe('Edited?');
  });

  it('lets the author delete a question with its answers and every vote on them', async () => {
    const [author, answerer, voter, other] = [
      await createUser(ctx, 'student'),
      await createUser(ctx, 'teacher'),
      await createUser(ctx, 'student'),
      await createUser(ctx, 'student'),
    ];
    const question = await ask(author);
    const answer = await reply(answerer, question.id);
    await vote(voter, 'questions', question.id, 1);
    await vote(voter, 'answers', answer.id, -1);
    await vote(author, 'answers', answer.id, 1);

    const del = (user: TestUser | null, id: string) =>
      ctx.app.inject({ method: 'DELETE', url: `/api/forum/questions/${id}`, headers: user ? bearer(user.token) : {} });
    expect((await del(null, question.id)).statusCode).toBe(401);
    expect((await del(answerer, question.id)).statusCode).toBe(403);
    expect((await del(other, question.id)).statusCode).toBe(403);
    expect((await detail(question.id)).answerCount).toBe(1);

    const res = await del(author, question.id);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect((await ctx.app.inject({ method: 'GET', url: `/api/forum/questions/${question.id}` })).statusCode).toBe(404);
    const db = ctx.database.db;
    expect(await db.select().from(forumAnswers).where(eq(forumAnswers.questionId, question.id))).toEqual([]);
    expect(
      await db
        .select()
        .from(forumVotes)
        .where(inArray(forumVotes.targetId, [question.id, answer.id])),
    ).toEqual([]);
    expect((await del(author, question.id)).statusCode).toBe(404);
    expect((await del(author, 'bad-id')).statusCode).toBe(400);
  });

  it('lets an admin delete any question and any answer', async () => {
    const [author, answerer, admin] = [
      await createUser(ctx, 'student'),
      await createUser(ctx, 'student'),
      await createUser(ctx, 'admin'),
    ];
    const keep = await ask(author);
    const answer = await reply(answerer, keep.id);
    const res = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/forum/answers/${answer.id}`,
      headers: bearer(admin.token),
    });
    expect(res.statusCode).toBe(204);
    expect((await detail(keep.id)).answers).toEqual([]);

    const gone = await ask(author);
    const del = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/forum/questions/${gone.id}`,
      headers: bearer(admin.token),
    });
    expect(del.statusCode).toBe(204);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/forum/questions/${gone.id}` })).statusCode).toBe(404);
  });
});

describe('answers', () => {
  it('lets students and teachers answer; not admins or visitors; 404 for an unknown question', async () => {
    const [asker, teacher, admin] = [
      await createUser(ctx, 'student'),
      await createUser(ctx, 'teacher'),
      await createUser(ctx, 'admin'),
    ];
    const question = await ask(asker);
    const answer = await reply(teacher, question.id, 'Keep\nthe breaks');
    expect(answer).toMatchObject({
      questionId: question.id,
      answer: 'Keep\nthe breaks',
      authorRole: 'teacher',
      voteScore: 0,
      myVote: 0,
      accepted: false,
    });
    expect(answer.author).toMatchObject({ id: teacher.user.id, username: teacher.user.username, role: 'teacher' });
    // Answered as the question's page reads it back, from one locking read (question and author), the insert and
    // the asker's notification, with no read-back (BEGIN and COMMIT aside).
    expect((await detail(question.id, teacher)).answers).toEqual([answer]);
    let own!: Answer;
    const statements = await countQueries(ctx.database, async () => {
      own = await reply(asker, question.id, 'Answering my own question is allowed');
    });
    expect(statements.filter((q) => !/^(begin|commit)$/i.test(q.trim()))).toHaveLength(2);
    expect((await detail(question.id, asker)).answers.find((a) => a.id === own.id)).toEqual(own);

    const post = (user: TestUser | null, id: string, payload: Record<string, unknown>) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/forum/questions/${id}/answers`,
        headers: user ? bearer(user.token) : {},
        payload,
      });
    expect((await post(admin, question.id, { answer: 'x' })).statusCode).toBe(403);
    expect((await post(null, question.id, { answer: 'x' })).statusCode).toBe(401);
    expect((await post(teacher, UNKNOWN_ID, { answer: 'x' })).statusCode).toBe(404);
    expect((await post(teacher, 'nope', { answer: 'x' })).statusCode).toBe(400);
    const empty = await post(teacher, question.id, { answer: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('answer is required');
    expect((await post(teacher, question.id, { answer: 'a'.repeat(10_001) })).statusCode).toBe(400);
    expect((await post(teacher, question.id, { answer: 'a'.repeat(10_000) })).statusCode).toBe(201);
    expect((await detail(question.id)).answerCount).toBe(3);
  });

  it('lets only the author edit an answer, and the author or an admin delete it', async () => {
    const [asker, author, other, admin] = [
      await createUser(ctx, 'student'),
      await createUser(ctx, 'student'),
      await createUser(ctx, 'teacher'),
      await createUser(ctx, 'admin'),
    ];
    const question = await ask(asker);
    const answer = await reply(author, question.id);
    const patch = (user: TestUser | null, id: string, payload: Record<string, unknown>) =>
      ctx.app.inject({
        method: 'PATCH',
        url: `/api/forum/answers/${id}`,
        headers: user ? bearer(user.token) : {},
        payload,
      });
    const del = (user: TestUser | null, id: string) =>
      ctx.app.inject({ method: 'DELETE', url: `/api/forum/answers/${id}`, headers: user ? bearer(user.token) : {} });

    const edited = await patch(author, answer.id, { answer: 'Better answer' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ id: answer.id, answer: 'Better answer' });
    for (const user of [asker, other, admin]) {
      const res = await patch(user, answer.id, { answer: 'Hijacked' });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('Forbidden: not your answer');
    }
    expect((await patch(null, answer.id, { answer: 'x' })).statusCode).toBe(401);
    expect((await patch(author, answer.id, { answer: '' })).statusCode).toBe(400);
    expect((await patch(author, UNKNOWN_ID, { answer: 'x' })).statusCode).toBe(404);
    expect((await patch(author, 'nope', { answer: 'x' })).statusCode).toBe(400);

    expect((await del(null, answer.id)).statusCode).toBe(401);
    expect((await del(asker, answer.id)).statusCode).toBe(403);
    expect((await del(other, answer.id)).statusCode).toBe(403);
    expect((await detail(question.id)).answers[0]?.answer).toBe('Better answer');
    expect((await del(author, answer.id)).statusCode).toBe(204);
    expect((await del(author, answer.id)).statusCode).toBe(404);
    expect((await detail(question.id)).answerCount).toBe(0);
  });
});

describe('accepting an answer', () => {
  it('is for the asker only, with an answer of that question; deleting it clears the mark', async () => {
    const [asker, answerer, admin] = [
      await createUser(ctx, 'student'),
      await createUser(ctx, 'teacher'),
      await createUser(ctx, 'admin'),
    ];
    const question = await ask(asker);
    const elsewhere = await ask(asker);
    const answer = await reply(answerer, question.id);
    const foreign = await reply(answerer, elsewhere.id);
    const accept = (user: TestUser | null, id: string, answerId: unknown) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/forum/questions/${id}/accept`,
        headers: user ? bearer(user.token) : {},
        payload: { answerId } as Record<string, unknown>,
      });

    for (const user of [answerer, admin]) {
      const res = await accept(user, question.id, answer.id);
      expect(res.statusCode).toBe(403);
    }
    expect((await accept(null, question.id, answer.id)).statusCode).toBe(401);
    expect((await accept(asker, question.id, foreign.id)).statusCode).toBe(404);
    expect((await accept(asker, question.id, UNKNOWN_ID)).statusCode).toBe(404);
    expect((await accept(asker, UNKNOWN_ID, answer.id)).statusCode).toBe(404);
    expect((await accept(asker, question.id, 'nope')).statusCode).toBe(400);
    expect((await accept(asker, question.id, undefined)).statusCode).toBe(400);

    const accepted = await accept(asker, question.id, answer.id);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({
      acceptedAnswerId: answer.id,
      answers: [{ id: answer.id, accepted: true }],
    });
    expect(accepted.json().updatedAt).toBe(question.updatedAt);

    const cleared = await accept(asker, question.id, null);
    expect(cleared.json()).toMatchObject({ acceptedAnswerId: null, answers: [{ id: answer.id, accepted: false }] });

    await accept(asker, question.id, answer.id);
    await ctx.app.inject({ method: 'DELETE', url: `/api/forum/answers/${answer.id}`, headers: bearer(answerer.token) });
    expect((await detail(question.id)).acceptedAnswerId).toBeNull();
  });
});

describe('the question list', () => {
  it('finds a question by a word of its description, and by a word of its title', async () => {
    const student = await createUser(ctx, 'student');
    const [inDescription, inTitle] = [uniqueWord('desc'), uniqueWord('title')];
    const match = await ask(student, { question: 'Tricky loops', description: `The ${inDescription} keeps failing` });
    const titled = await ask(student, { question: `Why ${inTitle}?`, description: 'No idea.' });
    await ask(student, { question: 'Unrelated', description: 'Nothing here' });

    expect((await list({ q: inDescription })).items.map((q) => q.id)).toEqual([match.id]);
    expect((await list({ q: `${inTitle} why` })).items.map((q) => q.id)).toEqual([titled.id]);
    expect(await list({ q: uniqueWord('none') })).toMatchObject({ items: [], total: 0 });
  });

  it('filters by tag, whatever its case', async () => {
    const student = await createUser(ctx, 'student');
    const tag = uniqueWord('tag-');
    const tagged = [await ask(student, { tags: [tag, 'x'] }), await ask(student, { tags: `y,${tag}` })];
    await ask(student, { tags: ['y'] });
    const page = await list({ tag: tag.toUpperCase() });
    expect(page.total).toBe(2);
    expect(page.items.map((q) => q.id)).toEqual([tagged[1]!.id, tagged[0]!.id]);
    expect(page.items.every((q) => q.tags.includes(tag))).toBe(true);
  });

  it('sorts by votes, and lists only unanswered questions newest first', async () => {
    const [asker, voterA, voterB] = [
      await createUser(ctx, 'student'),
      await createUser(ctx, 'student'),
      await createUser(ctx, 'teacher'),
    ];
    const tag = uniqueWord('sort-');
    const low = await ask(asker, { tags: [tag] });
    const high = await ask(asker, { tags: [tag] });
    const mid = await ask(asker, { tags: [tag] });
    await vote(voterA, 'questions', high.id, 1);
    await vote(voterB, 'questions', high.id, 1);
    await vote(voterA, 'questions', mid.id, 1);
    await vote(voterA, 'questions', low.id, -1);
    await reply(voterB, mid.id);

    const byVotes = await list({ tag, sort: 'votes' });
    expect(byVotes.items.map((q) => [q.id, q.voteScore])).toEqual([
      [high.id, 2],
      [mid.id, 1],
      [low.id, -1],
    ]);
    const newest = await list({ tag });
    expect(newest.items.map((q) => q.id)).toEqual([mid.id, high.id, low.id]);
    const unanswered = await list({ tag, sort: 'unanswered' });
    expect(unanswered.items.map((q) => q.id)).toEqual([high.id, low.id]);
    expect(unanswered.total).toBe(2);
  });

  it('shows real vote and answer counts, equal to the database, and the caller’s own vote', async () => {
    const [asker, a, b, c] = [
      await createUser(ctx, 'student'),
      await createUser(ctx, 'student'),
      await createUser(ctx, 'teacher'),
      await createUser(ctx, 'student'),
    ];
    const tag = uniqueWord('count-');
    const q1 = await ask(asker, { tags: [tag] });
    const q2 = await ask(asker, { tags: [tag] });
    await reply(a, q1.id);
    const ans = await reply(b, q1.id);
    await reply(c, q1.id);
    await vote(a, 'questions', q1.id, 1);
    await vote(b, 'questions', q1.id, 1);
    await vote(c, 'questions', q1.id, -1);
    await vote(a, 'answers', ans.id, 1); // answer votes do not count towards the question
    await vote(a, 'questions', q2.id, -1);

    const page = await list({ tag }, a);
    const db = ctx.database.db;
    for (const item of page.items) {
      const [answers] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(forumAnswers)
        .where(eq(forumAnswers.questionId, item.id));
      const [votes] = await db
        .select({ n: sql<number>`coalesce(sum(${forumVotes.value}), 0)::int` })
        .from(forumVotes)
        .where(eq(forumVotes.targetId, item.id));
      expect(item.answerCount).toBe(answers?.n);
      expect(item.voteScore).toBe(votes?.n);
    }
    expect(page.items.map((q) => [q.id, q.answerCount, q.voteScore, q.myVote])).toEqual([
      [q2.id, 0, -1, -1],
      [q1.id, 3, 1, 1],
    ]);
    expect((await list({ tag })).items.map((q) => q.myVote)).toEqual([0, 0]);
  });

  it('paginates with a total, and refuses page sizes above 100', async () => {
    const student = await createUser(ctx, 'student');
    const tag = uniqueWord('page-');
    const asked: Question[] = [];
    for (let i = 0; i < 5; i += 1) asked.push(await ask(student, { tags: [tag] }));
    const second = await list({ tag, page: 2, pageSize: 2 });
    expect(second).toMatchObject({ page: 2, pageSize: 2, total: 5, lastPage: 3 });
    expect(second.items.map((q) => q.id)).toEqual([asked[2]!.id, asked[1]!.id]);
    // A page past the end is empty and names the real last page.
    expect(await list({ tag, page: 99, pageSize: 2 })).toMatchObject({ items: [], page: 99, total: 5, lastPage: 3 });
    for (const query of ['pageSize=101', 'page=0', 'sort=oldest', `tag=${'t'.repeat(51)}`]) {
      const res = await ctx.app.inject({ method: 'GET', url: `/api/forum/questions?${query}` });
      expect(res.statusCode, query).toBe(400);
    }
  });
});

describe('similar questions', () => {
  it('suggests up to 5 questions for a draft of 3 or more words, answered ones first', async () => {
    const [asker, answerer] = [await createUser(ctx, 'student'), await createUser(ctx, 'teacher')];
    const [w1, w2] = [uniqueWord('sim'), uniqueWord('sim')];
    const answered = await ask(asker, { question: `Can ${w1} work with ${w2}?`, description: 'Asking.' });
    await reply(answerer, answered.id);
    const unanswered = await ask(asker, { question: `${w1} ${w2} together`, description: `${w1} ${w2}` });
    await ask(asker, { question: 'Something else entirely', description: 'Nothing alike.' });

    const similar = async (q: string) => {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/forum/similar', query: { q } });
      expect(res.statusCode).toBe(200);
      return res.json<{ items: { id: string; answerCount: number }[] }>().items;
    };
    expect(await similar(`${w1} ${w2}`)).toEqual([]);
    const items = await similar(`how does ${w1} combine ${w2}`);
    expect(items.map((q) => q.id)).toEqual([answered.id, unanswered.id]);
    expect(items[0]?.answerCount).toBe(1);
    expect(await similar(`a b c ${uniqueWord('zz')}`)).toEqual([]);

    for (let i = 0; i < 6; i += 1) await ask(asker, { question: `${w1} number ${i}`, description: 'More.' });
    expect(await similar(`more about ${w1} please`)).toHaveLength(5);
    const tooLong = await ctx.app.inject({ method: 'GET', url: '/api/forum/similar', query: { q: 'x'.repeat(201) } });
    expect(tooLong.statusCode).toBe(400);
  });
});

describe('my forum activity', () => {
  it('lists the caller’s own questions and answers, newest first, with the asker of each question', async () => {
    const [me, asker, stranger, admin] = [
      await createUser(ctx, 'teacher'),
      await createUser(ctx, 'student'),
      await createUser(ctx, 'student'),
      await createUser(ctx, 'admin'),
    ];
    const mine = [await ask(me), await ask(me)];
    await ask(stranger);
    const theirs = await ask(asker, { question: 'Asked by someone else', tags: 'one, two' });
    const first = await reply(me, theirs.id, 'My first answer');
    const second = await reply(me, mine[0]!.id, 'Answering myself');
    await reply(stranger, theirs.id, 'Not mine');

    const questions = await ctx.app.inject({
      method: 'GET',
      url: '/api/me/forum/questions',
      headers: bearer(me.token),
    });
    expect(questions.statusCode).toBe(200);
    expect(questions.json()).toMatchObject({ total: 2, page: 1, pageSize: 20 });
    expect(questions.json<QuestionPage>().items.map((q) => q.id)).toEqual([mine[1]!.id, mine[0]!.id]);

    const answers = await ctx.app.inject({ method: 'GET', url: '/api/me/forum/answers', headers: bearer(me.token) });
    expect(answers.statusCode).toBe(200);
    const items = answers.json<{ items: MyAnswer[]; total: number }>().items;
    expect(items.map((a) => a.id)).toEqual([second.id, first.id]);
    expect(items[1]).toMatchObject({
      answer: 'My first answer',
      question: { id: theirs.id, question: 'Asked by someone else', tags: ['one', 'two'], updatedAt: theirs.updatedAt },
      asker: { id: asker.user.id, username: asker.user.username, profileImage: null, role: 'student' },
    });

    for (const url of ['/api/me/forum/questions', '/api/me/forum/answers']) {
      expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(401);
      expect((await ctx.app.inject({ method: 'GET', url, headers: bearer(admin.token) })).statusCode).toBe(403);
      const empty = await ctx.app.inject({ method: 'GET', url, headers: bearer(asker.token) });
      expect(empty.json()).toMatchObject({ total: url.endsWith('questions') ? 1 : 0 });
      expect(
        (await ctx.app.inject({ method: 'GET', url: `${url}?pageSize=0`, headers: bearer(me.token) })).statusCode,
      ).toBe(400);
    }
  });
});

describe('forum documentation', () => {
  it('publishes every forum route in the OpenAPI document under the forum tag', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const routes = [
      ['/api/forum/questions', 'get'],
      ['/api/forum/questions', 'post'],
      ['/api/forum/hot', 'get'],
      ['/api/forum/similar', 'get'],
      ['/api/forum/questions/{id}', 'get'],
      ['/api/forum/questions/{id}', 'patch'],
      ['/api/forum/questions/{id}', 'delete'],
      ['/api/forum/questions/{id}/answers', 'post'],
      ['/api/forum/answers/{id}', 'patch'],
      ['/api/forum/answers/{id}', 'delete'],
      ['/api/forum/questions/{id}/vote', 'put'],
      ['/api/forum/answers/{id}/vote', 'put'],
      ['/api/forum/questions/{id}/accept', 'post'],
      ['/api/me/forum/questions', 'get'],
      ['/api/me/forum/answers', 'get'],
    ] as const;
    for (const [path, method] of routes) {
      expect(doc.paths[path]?.[method]?.tags, `${method} ${path}`).toEqual(['forum']);
    }
  });
});
