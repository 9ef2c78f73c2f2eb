import type {
  BankComment,
  BankCommentPage,
  BankQuestion,
  CreateRubricBody,
  Rubric,
  RubricPage,
} from '@lyceum/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { commentBank } from '../src/db/schema/index.js';
import { rubricScoreFor, rubricTotal } from '../src/features/grading/rubric-rules.js';
import { countQueries, createCourse } from './course-helpers.js';
import { bearer, createUser, useTestApp, type TestUser } from './helper.js';

const ctx = useTestApp();

let teacher: TestUser;
let otherTeacher: TestUser;
let student: TestUser;
let admin: TestUser;
let courseId: string;
let foreignCourseId: string;
let essay: BankQuestion;
let trueFalse: BankQuestion;

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, token: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

async function question(body: object): Promise<BankQuestion> {
  const res = await call('POST', `/api/courses/${courseId}/questions`, teacher.token, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<BankQuestion>();
}

beforeAll(async () => {
  [teacher, otherTeacher, student, admin] = await Promise.all([
    createUser(ctx, 'teacher'),
    createUser(ctx, 'teacher'),
    createUser(ctx, 'student'),
    createUser(ctx, 'admin'),
  ]);
  courseId = (await createCourse(ctx, teacher.token, { title: 'Rubric course' })).id;
  foreignCourseId = (await createCourse(ctx, otherTeacher.token, { title: 'Foreign course' })).id;
  essay = await question({
    title: 'Why indexes?',
    prompt: '<p>Explain why a database uses indexes.</p>',
    points: 5,
    content: { type: 'essay', body: {}, key: {} },
  });
  trueFalse = await question({
    title: 'Sorted keys',
    prompt: '<p>B-trees keep keys sorted.</p>',
    content: { type: 'true_false', body: {}, key: { answer: true } },
  });
});

describe('comment bank (per teacher)', () => {
  it('saves, finds, changes and deletes my comments; the text is sanitised', async () => {
    const created = await call('POST', '/api/me/comment-bank', teacher.token, {
      title: 'Cite sources',
      html: '<p>Good argument — <strong>cite</strong> your sources.</p><script>alert(1)</script>',
    });
    expect(created.statusCode, created.body).toBe(201);
    const comment = created.json<BankComment>();
    expect(comment.html).toBe('<p>Good argument — <strong>cite</strong> your sources.</p>');
    await call('POST', '/api/me/comment-bank', teacher.token, { title: 'Structure', html: '<p>Use paragraphs.</p>' });

    const found = (await call('GET', '/api/me/comment-bank?q=cite', teacher.token)).json<BankCommentPage>();
    expect(found.items.map((c) => c.title)).toEqual(['Cite sources']);
    const all = (await call('GET', '/api/me/comment-bank', teacher.token)).json<BankCommentPage>();
    expect(all.total).toBe(2);

    const changed = await call('PATCH', `/api/me/comment-bank/${comment.id}`, teacher.token, { title: 'Sources' });
    expect(changed.json<BankComment>()).toMatchObject({ title: 'Sources', html: comment.html });
    expect((await call('DELETE', `/api/me/comment-bank/${comment.id}`, teacher.token)).statusCode).toBe(204);
    expect((await call('GET', '/api/me/comment-bank', teacher.token)).json<BankCommentPage>().total).toBe(1);
  });

  it('another teacher neither sees nor changes my comments (404), and a student has no bank (403)', async () => {
    const mine = (
      await call('POST', '/api/me/comment-bank', teacher.token, { title: 'Mine', html: '<p>Private.</p>' })
    ).json<BankComment>();
    const theirs = (await call('GET', '/api/me/comment-bank', otherTeacher.token)).json<BankCommentPage>();
    expect(theirs.items.some((c) => c.id === mine.id)).toBe(false);
    expect(
      (await call('PATCH', `/api/me/comment-bank/${mine.id}`, otherTeacher.token, { title: 'x' })).statusCode,
    ).toBe(404);
    expect((await call('DELETE', `/api/me/comment-bank/${mine.id}`, otherTeacher.token)).statusCode).toBe(404);
    expect((await call('GET', '/api/me/comment-bank', student.token)).statusCode).toBe(403);
    const still = (await call('GET', '/api/me/comment-bank?q=Mine', teacher.token)).json<BankCommentPage>();
    expect(still.items[0]).toMatchObject({ id: mine.id, title: 'Mine' });
  });

  it('refuses an empty comment, one that is only markup, a NUL byte and unknown fields', async () => {
    for (const body of [
      { title: 'Empty', html: '' },
      { title: 'Markup only', html: '<p><script>x</script></p>' },
      { title: 'Nul\u0000', html: '<p>x</p>' },
      { title: 'Extra', html: '<p>x</p>', teacherId: otherTeacher.user.id },
    ]) {
      const res = await call('POST', '/api/me/comment-bank', teacher.token, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
  });

  it('lists a page of a bank of 2,000 comments with a bounded number of queries', async () => {
    await ctx.database.db.insert(commentBank).values(
      Array.from({ length: 2000 }, (_, i) => ({
        teacherId: teacher.user.id,
        title: `Saved ${i}`,
        html: `<p>${i}</p>`,
      })),
    );
    let page: BankCommentPage | undefined;
    const statements = await countQueries(ctx.database, async () => {
      page = (await call('GET', '/api/me/comment-bank?pageSize=50&page=3', teacher.token)).json<BankCommentPage>();
    });
    expect(page!.items).toHaveLength(50);
    expect(page!.total).toBeGreaterThanOrEqual(2000);
    // The session check, the page and its count: never one query per comment.
    expect(statements.length).toBeLessThanOrEqual(3);
  });
});

const rubricBody = (extra: Partial<CreateRubricBody> = {}): CreateRubricBody => ({
  title: 'Essay rubric',
  criteria: [
    {
      title: 'Argument',
      levels: [
        { title: 'Missing', points: 0 },
        { title: 'Partial', points: 2 },
        { title: 'Convincing', points: 4 },
      ],
    },
    {
      title: 'Sources',
      levels: [
        { title: 'None', points: 0 },
        { title: 'Some', points: 1.5 },
        { title: 'Well cited', points: 6 },
      ],
    },
  ],
  ...extra,
});

describe('rubrics (criteria × levels with points)', () => {
  let rubric: Rubric;

  it('creates a rubric attached to an essay: ids for every criterion and level, the maximum computed', async () => {
    const res = await call(
      'POST',
      `/api/courses/${courseId}/rubrics`,
      teacher.token,
      rubricBody({ attachTo: { type: 'question', id: essay.id } }),
    );
    expect(res.statusCode, res.body).toBe(201);
    rubric = res.json<Rubric>();
    expect(rubric.maxPoints).toBe(10);
    expect(rubric.attachedTo).toEqual({ type: 'question', id: essay.id });
    expect(rubric.criteria.flatMap((c) => [c.id, ...c.levels.map((l) => l.id)])).toHaveLength(8);
  });

  it('scores by level: the chosen levels add up, scaled to the question at two decimals', () => {
    const [argument, sources] = rubric.criteria;
    const total = rubricTotal(rubric.criteria, {
      [argument!.id]: argument!.levels[2]!.id,
      [sources!.id]: sources!.levels[1]!.id,
    });
    expect(total).toBe(5.5);
    expect(rubricScoreFor(total, rubric.maxPoints, 5)).toBe(2.75); // kept, not rounded to a half point
    expect(rubricScoreFor(2.5, 3, 1)).toBe(0.83);
    expect(rubricScoreFor(10, 10, 5)).toBe(5);
    expect(() => rubricTotal(rubric.criteria, { [argument!.id]: argument!.levels[0]!.id })).toThrow(
      /choose a level for "Sources"/,
    );
    expect(() =>
      rubricTotal(rubric.criteria, { [argument!.id]: sources!.levels[0]!.id, [sources!.id]: sources!.levels[0]!.id }),
    ).toThrow(/not a level of this criterion/);
  });

  it('one rubric per essay: a second one attached to it is a 409', async () => {
    const res = await call(
      'POST',
      `/api/courses/${courseId}/rubrics`,
      teacher.token,
      rubricBody({ title: 'Second', attachTo: { type: 'question', id: essay.id } }),
    );
    expect(res.statusCode).toBe(409);
  });

  it('attaches only to an essay of the same course', async () => {
    const tf = await call(
      'POST',
      `/api/courses/${courseId}/rubrics`,
      teacher.token,
      rubricBody({ attachTo: { type: 'question', id: trueFalse.id } }),
    );
    expect(tf.statusCode).toBe(400);
    expect(tf.body).toContain('essay');
    const foreign = await call(
      'POST',
      `/api/courses/${foreignCourseId}/rubrics`,
      otherTeacher.token,
      rubricBody({ attachTo: { type: 'question', id: essay.id } }),
    );
    expect(foreign.statusCode).toBe(400);
  });

  it('edits keep level ids that were sent; a stale version is a 409 and changes nothing', async () => {
    const criteria = rubric.criteria.map((c) => ({
      id: c.id,
      title: c.title,
      levels: c.levels.map((l) => ({ id: l.id, title: l.title, points: l.points })),
    }));
    criteria[1]!.levels[2]!.points = 4;
    const res = await call('PATCH', `/api/rubrics/${rubric.id}`, teacher.token, { version: rubric.version, criteria });
    expect(res.statusCode, res.body).toBe(200);
    const edited = res.json<Rubric>();
    expect(edited.maxPoints).toBe(8);
    expect(edited.criteria[1]!.levels[2]!.id).toBe(rubric.criteria[1]!.levels[2]!.id);
    const stale = await call('PATCH', `/api/rubrics/${rubric.id}`, teacher.token, {
      version: rubric.version,
      title: 'Lost edit',
    });
    expect(stale.statusCode).toBe(409);
    expect((await call('GET', `/api/rubrics/${rubric.id}`, teacher.token)).json<Rubric>().title).toBe('Essay rubric');
    rubric = edited;
  });

  it('detaches with attachTo null', async () => {
    const res = await call('PATCH', `/api/rubrics/${rubric.id}`, teacher.token, {
      version: rubric.version,
      attachTo: null,
    });
    expect(res.json<Rubric>().attachedTo).toBeNull();
    rubric = res.json<Rubric>();
  });

  it('refuses bad shapes with a 400 naming the field', async () => {
    const cases: object[] = [
      { title: 'No criteria', criteria: [] },
      { title: 'No levels', criteria: [{ title: 'A', levels: [] }] },
      { title: 'Negative', criteria: [{ title: 'A', levels: [{ title: 'x', points: -1 }] }] },
      { title: 'Thirds', criteria: [{ title: 'A', levels: [{ title: 'x', points: 0.3 }] }] },
      { title: 'Bad id', criteria: [{ id: 'nope', title: 'A', levels: [{ title: 'x', points: 1 }] }] },
    ];
    for (const body of cases) {
      const res = await call('POST', `/api/courses/${courseId}/rubrics`, teacher.token, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
  });

  it("another course's teacher gets 403 on every rubric route; a student 403; an admin passes", async () => {
    const urls: ['GET' | 'POST' | 'PATCH' | 'DELETE', string, object?][] = [
      ['GET', `/api/courses/${courseId}/rubrics`],
      ['POST', `/api/courses/${courseId}/rubrics`, rubricBody()],
      ['GET', `/api/rubrics/${rubric.id}`],
      ['PATCH', `/api/rubrics/${rubric.id}`, { version: rubric.version, title: 'Hijack' }],
      ['DELETE', `/api/rubrics/${rubric.id}`],
    ];
    for (const [method, url, body] of urls) {
      expect((await call(method, url, otherTeacher.token, body)).statusCode, `${method} ${url}`).toBe(403);
      expect((await call(method, url, student.token, body)).statusCode, `${method} ${url}`).toBe(403);
    }
    expect((await call('GET', `/api/rubrics/${rubric.id}`, teacher.token)).json<Rubric>().title).toBe('Essay rubric');
    const list = (await call('GET', `/api/courses/${courseId}/rubrics`, admin.token)).json<RubricPage>();
    expect(list.items.map((r) => r.id)).toContain(rubric.id);
  });

  it('deletes a rubric', async () => {
    expect((await call('DELETE', `/api/rubrics/${rubric.id}`, teacher.token)).statusCode).toBe(204);
    expect((await call('GET', `/api/rubrics/${rubric.id}`, teacher.token)).statusCode).toBe(404);
  });
});
