import { randomBytes } from 'node:crypto';
import type {
  BankQuestion,
  BankQuestionPage,
  CreateBankQuestionBody,
  ImportReport,
  QuestionImport,
} from '@lyceum/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, createUser, useTestApp, type TestUser } from './helper.js';
import { countQueries, createCourse } from './course-helpers.js';

const ctx = useTestApp();

let teacher: TestUser;
let otherTeacher: TestUser;
let student: TestUser;
let admin: TestUser;
let courseId: string;
let secondCourseId: string;
let foreignCourseId: string;

beforeAll(async () => {
  [teacher, otherTeacher, student, admin] = await Promise.all([
    createUser(ctx, 'teacher'),
    createUser(ctx, 'teacher'),
    createUser(ctx, 'student'),
    createUser(ctx, 'admin'),
  ]);
  courseId = (await createCourse(ctx, teacher.token, { title: 'Bank course' })).id;
  secondCourseId = (await createCourse(ctx, teacher.token, { title: 'Second course' })).id;
  foreignCourseId = (await createCourse(ctx, otherTeacher.token, { title: 'Foreign course' })).id;
});

const MISSING_ID = '00000000-0000-4000-8000-000000000000';

function multipart(parts: { name: string; data: Buffer | string; filename?: string }[]) {
  const boundary = `----lyceum${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const filename = part.filename === undefined ? '' : `; filename="${part.filename}"`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"${filename}\r\n\r\n`));
    chunks.push(Buffer.isBuffer(part.data) ? part.data : Buffer.from(part.data));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

function importGift(token: string | null, course: string, gift: Buffer | string, dryRun = false) {
  const body = multipart([{ name: 'file', data: gift, filename: 'bank.gift' }]);
  return ctx.app.inject({
    method: 'POST',
    url: `/api/courses/${course}/questions/import${dryRun ? '?dryRun=true' : ''}`,
    headers: { ...body.headers, ...(token ? bearer(token) : {}) },
    payload: body.payload,
  });
}

/**
 * Imports for real (issue 55, ADR 040): 202 with the import queued, its job run, then the import as the teacher's
 * screen reads it once done: its report with the created ids.
 */
async function importAndWrite(token: string, course: string, gift: Buffer | string): Promise<ImportReport> {
  const started = await importGift(token, course, gift);
  expect(started.statusCode).toBe(202);
  const queued = started.json<QuestionImport>();
  await ctx.app.jobs.drain();
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/api/question-imports/${queued.id}`,
    headers: bearer(token),
  });
  expect(res.statusCode).toBe(200);
  const done = res.json<QuestionImport>();
  expect(done).toMatchObject({ status: 'done', written: done.total, error: null });
  return done.report;
}

function createQuestion(token: string, course: string, payload: unknown) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/courses/${course}/questions`,
    headers: bearer(token),
    payload: payload as object,
  });
}

function list(token: string, course: string, query = '') {
  return ctx.app.inject({ method: 'GET', url: `/api/courses/${course}/questions${query}`, headers: bearer(token) });
}

const multipleChoice: CreateBankQuestionBody = {
  title: 'Capital of France',
  prompt: '<p>Which city is the capital of <strong>France</strong>?</p><script>alert(1)</script>',
  points: 2,
  tags: ['geography', 'europe'],
  hint: 'It has a tower.',
  feedback: { general: 'Paris since 508.', correct: 'Right', incorrect: 'No' },
  content: {
    type: 'multiple_choice',
    body: {
      choices: [
        { id: 'a', text: 'Paris' },
        { id: 'b', text: 'Lyon' },
      ],
    },
    key: { correct: ['a'], choiceFeedback: { b: 'Lyon is the third city' } },
  },
};

describe('question bank', () => {
  it('lets the course teacher add a question, sanitising its prompt, and read it back with its key', async () => {
    const res = await createQuestion(teacher.token, courseId, multipleChoice);
    expect(res.statusCode).toBe(201);
    const question = res.json<BankQuestion>();
    expect(question).toMatchObject({
      courseId,
      title: 'Capital of France',
      points: 2,
      tags: ['geography', 'europe'],
      version: 1,
      createdBy: teacher.user.id,
      content: { type: 'multiple_choice', key: { correct: ['a'] } },
    });
    expect(question.prompt).toBe('<p>Which city is the capital of <strong>France</strong>?</p>');

    const got = await ctx.app.inject({
      method: 'GET',
      url: `/api/questions/${question.id}`,
      headers: bearer(teacher.token),
    });
    expect(got.statusCode).toBe(200);
    expect(got.json<BankQuestion>()).toEqual(question);
  });

  it('stores every question type', async () => {
    const contents = [
      { type: 'true_false', body: {}, key: { answer: true } },
      { type: 'fill_blank', body: { sentence: 'Water boils at [[1]] °C.' }, key: { blanks: [{ accepted: ['100'] }] } },
      { type: 'short_answer', body: {}, key: { mode: 'manual' } },
      { type: 'essay', body: { wordLimit: 250 }, key: {} },
      {
        type: 'matching',
        body: {
          prompts: [
            { id: 'p1', text: 'cat' },
            { id: 'p2', text: 'dog' },
          ],
          options: [
            { id: 'o1', text: 'meow' },
            { id: 'o2', text: 'woof' },
          ],
        },
        key: { pairs: { p1: 'o1', p2: 'o2' } },
      },
      {
        type: 'ordering',
        body: {
          items: [
            { id: 'x', text: 'one' },
            { id: 'y', text: 'two' },
          ],
        },
        key: { order: ['x', 'y'] },
      },
      { type: 'numeric', body: { unit: 'm' }, key: { answers: [{ value: 9.81, tolerance: 0.01 }] } },
    ];
    for (const content of contents) {
      const res = await createQuestion(teacher.token, secondCourseId, {
        title: `A ${content.type}`,
        prompt: '<p>Q</p>',
        content,
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json<BankQuestion>().content.type).toBe(content.type);
    }
  });

  it('lists the bank a page at a time, filtered by type, tag and title', async () => {
    for (let i = 0; i < 3; i += 1)
      await createQuestion(teacher.token, courseId, {
        title: `Listed ${i}`,
        tags: i === 0 ? ['special'] : [],
        content: { type: 'true_false', body: {}, key: { answer: false } },
      });
    const page = (await list(teacher.token, courseId, '?pageSize=2')).json<BankQuestionPage>();
    expect(page.items).toHaveLength(2);
    expect(page.total).toBeGreaterThanOrEqual(4);
    expect(page.items[0]).not.toHaveProperty('content');

    const tagged = (await list(teacher.token, courseId, '?tag=special')).json<BankQuestionPage>();
    expect(tagged.items.map((item) => item.title)).toEqual(['Listed 0']);
    const byType = (await list(teacher.token, courseId, '?type=multiple_choice')).json<BankQuestionPage>();
    expect(byType.items.every((item) => item.type === 'multiple_choice')).toBe(true);
    const searched = (await list(teacher.token, courseId, '?q=listed%202')).json<BankQuestionPage>();
    expect(searched.items.map((item) => item.title)).toEqual(['Listed 2']);
    const wildcard = (await list(teacher.token, courseId, '?q=%25')).json<BankQuestionPage>();
    expect(wildcard.total).toBe(0);
    // A page past the end has no row to carry the count: it still says how many there are, and where they end.
    const past = (await list(teacher.token, courseId, '?pageSize=2&page=999')).json<BankQuestionPage>();
    expect(past).toMatchObject({ items: [], total: page.total, lastPage: Math.ceil(page.total / 2) });
  });

  it('lists with the same few statements whatever the page size', async () => {
    const small = await countQueries(ctx.database, () => list(teacher.token, courseId, '?pageSize=1'));
    const large = await countQueries(ctx.database, () => list(teacher.token, courseId, '?pageSize=100'));
    expect(large.length).toBe(small.length);
    expect(large.length).toBeLessThanOrEqual(4);
  });

  it.each([
    [
      'a key naming an unknown choice',
      { ...multipleChoice, content: { ...multipleChoice.content, key: { correct: ['zz'] } } },
      'content',
    ],
    ['an unknown type', { title: 'T', content: { type: 'hotspot', body: {}, key: {} } }, 'content'],
    ['no title', { content: { type: 'true_false', body: {}, key: { answer: true } } }, 'title'],
    [
      'a NUL byte in the title',
      { title: 'a\u0000b', content: { type: 'true_false', body: {}, key: { answer: true } } },
      'title',
    ],
    [
      'negative points',
      { title: 'T', points: -1, content: { type: 'true_false', body: {}, key: { answer: true } } },
      'points',
    ],
    [
      'too many tags',
      {
        title: 'T',
        tags: Array.from({ length: 21 }, (_v, i) => `t${i}`),
        content: { type: 'true_false', body: {}, key: { answer: true } },
      },
      'tags',
    ],
    [
      'a key of the wrong shape',
      { title: 'T', content: { type: 'true_false', body: {}, key: { answer: 'yes' } } },
      'content',
    ],
  ])('refuses %s with 400 and saves nothing', async (_label, payload, field) => {
    const before = (await list(teacher.token, courseId)).json<BankQuestionPage>().total;
    const res = await createQuestion(teacher.token, courseId, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toContain(field);
    expect((await list(teacher.token, courseId)).json<BankQuestionPage>().total).toBe(before);
  });

  it('refuses a bad list filter with 400', async () => {
    expect((await list(teacher.token, courseId, '?type=hotspot')).statusCode).toBe(400);
    expect((await list(teacher.token, courseId, '?pageSize=101')).statusCode).toBe(400);
  });

  it('changes a question with its version and answers 409 to a stale one', async () => {
    const created = (await createQuestion(teacher.token, courseId, multipleChoice)).json<BankQuestion>();
    const patch = (payload: object) =>
      ctx.app.inject({ method: 'PATCH', url: `/api/questions/${created.id}`, headers: bearer(teacher.token), payload });
    const changed = await patch({ version: 1, title: 'Renamed', points: 3 });
    expect(changed.statusCode).toBe(200);
    expect(changed.json<BankQuestion>()).toMatchObject({ title: 'Renamed', points: 3, version: 2 });

    const stale = await patch({ version: 1, title: 'Lost update' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json<{ message: string }>().message).toContain('version 2');

    const bad = await patch({ version: 2, content: { type: 'numeric', body: {}, key: { answers: [] } } });
    expect(bad.statusCode).toBe(400);
    const unknownField = await patch({ version: 2, courseId: foreignCourseId });
    expect(unknownField.statusCode).toBe(400);
    const got = await ctx.app.inject({
      method: 'GET',
      url: `/api/questions/${created.id}`,
      headers: bearer(teacher.token),
    });
    expect(got.json<BankQuestion>()).toMatchObject({ title: 'Renamed', version: 2, courseId });
  });

  it('deletes a question', async () => {
    const created = (await createQuestion(teacher.token, courseId, multipleChoice)).json<BankQuestion>();
    const url = `/api/questions/${created.id}`;
    expect((await ctx.app.inject({ method: 'DELETE', url, headers: bearer(otherTeacher.token) })).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'DELETE', url, headers: bearer(teacher.token) })).statusCode).toBe(204);
    expect((await ctx.app.inject({ method: 'GET', url, headers: bearer(teacher.token) })).statusCode).toBe(404);
  });

  it('copies questions to another course of the same teacher, never to another teacher', async () => {
    const created = (await createQuestion(teacher.token, courseId, multipleChoice)).json<BankQuestion>();
    const copy = (token: string, source: string, payload: object) =>
      ctx.app.inject({ method: 'POST', url: `/api/courses/${source}/questions/copy`, headers: bearer(token), payload });

    const res = await copy(teacher.token, courseId, { targetCourseId: secondCourseId, questionIds: [created.id] });
    expect(res.statusCode).toBe(201);
    const { ids } = res.json<{ copied: number; ids: string[] }>();
    const copied = (
      await ctx.app.inject({ method: 'GET', url: `/api/questions/${ids[0]}`, headers: bearer(teacher.token) })
    ).json<BankQuestion>();
    expect(copied).toMatchObject({
      courseId: secondCourseId,
      title: created.title,
      content: created.content,
      version: 1,
    });
    expect(copied.id).not.toBe(created.id);

    expect(
      (await copy(teacher.token, courseId, { targetCourseId: foreignCourseId, questionIds: [created.id] })).statusCode,
    ).toBe(403);
    // An admin may use every bank, but a copy still stays within one teacher's courses.
    expect(
      (await copy(admin.token, courseId, { targetCourseId: foreignCourseId, questionIds: [created.id] })).statusCode,
    ).toBe(403);
    expect(
      (await copy(admin.token, courseId, { targetCourseId: secondCourseId, questionIds: [created.id] })).statusCode,
    ).toBe(201);
    // A question of another course is not found in this one.
    expect(
      (await copy(teacher.token, secondCourseId, { targetCourseId: courseId, questionIds: [created.id] })).statusCode,
    ).toBe(404);
    expect((await copy(teacher.token, courseId, { targetCourseId: secondCourseId, questionIds: [] })).statusCode).toBe(
      400,
    );
  });

  describe('who may use it', () => {
    let questionId: string;
    beforeAll(async () => {
      questionId = (await createQuestion(teacher.token, courseId, multipleChoice)).json<BankQuestion>().id;
    });

    const routes = () => [
      { method: 'GET' as const, url: `/api/courses/${courseId}/questions` },
      { method: 'POST' as const, url: `/api/courses/${courseId}/questions`, payload: multipleChoice },
      { method: 'GET' as const, url: `/api/questions/${questionId}` },
      { method: 'PATCH' as const, url: `/api/questions/${questionId}`, payload: { version: 1, title: 'x' } },
      { method: 'DELETE' as const, url: `/api/questions/${questionId}` },
      {
        method: 'POST' as const,
        url: `/api/courses/${courseId}/questions/copy`,
        payload: { targetCourseId: secondCourseId, questionIds: [questionId] },
      },
      { method: 'GET' as const, url: `/api/courses/${courseId}/questions/export` },
    ];

    it('answers 401 without a token', async () => {
      for (const route of routes()) expect((await ctx.app.inject(route)).statusCode, route.url).toBe(401);
      expect((await importGift(null, courseId, 'Q {T}')).statusCode).toBe(401);
    });

    it('answers 403 to a student on every bank route, and shows no question', async () => {
      for (const route of routes()) {
        const res = await ctx.app.inject({ ...route, headers: bearer(student.token) });
        expect(res.statusCode, route.url).toBe(403);
        expect(res.body).not.toContain('Paris');
      }
      expect((await importGift(student.token, courseId, 'Q {T}')).statusCode).toBe(403);
    });

    it('answers 403 to another teacher and lets an admin in', async () => {
      for (const route of routes().filter((r) => r.method === 'GET')) {
        expect((await ctx.app.inject({ ...route, headers: bearer(otherTeacher.token) })).statusCode, route.url).toBe(
          403,
        );
        expect((await ctx.app.inject({ ...route, headers: bearer(admin.token) })).statusCode, route.url).toBe(200);
      }
      expect((await importGift(otherTeacher.token, courseId, 'Q {T}')).statusCode).toBe(403);
    });

    it('answers 404 for an unknown course or question, 400 for a malformed id', async () => {
      expect((await list(teacher.token, MISSING_ID)).statusCode).toBe(404);
      expect(
        (await ctx.app.inject({ method: 'GET', url: `/api/questions/${MISSING_ID}`, headers: bearer(teacher.token) }))
          .statusCode,
      ).toBe(404);
      expect(
        (
          await ctx.app.inject({
            method: 'PATCH',
            url: `/api/questions/${MISSING_ID}`,
            headers: bearer(teacher.token),
            payload: { version: 1 },
          })
        ).statusCode,
      ).toBe(404);
      expect((await importGift(teacher.token, MISSING_ID, 'Q {T}')).statusCode).toBe(404);
      expect(
        (await ctx.app.inject({ method: 'GET', url: '/api/questions/not-an-id', headers: bearer(teacher.token) }))
          .statusCode,
      ).toBe(400);
    });
  });
});

describe('GIFT import', () => {
  it('previews a file without saving, then imports it', async () => {
    const course = (await createCourse(ctx, teacher.token)).id;
    const gift = '::One:: 1+1\\=2 {T}\n\n::Two:: Pick {=a ~b}\n';
    const preview = await importGift(teacher.token, course, gift, true);
    expect(preview.statusCode).toBe(200);
    expect(preview.json<ImportReport>()).toMatchObject({
      dryRun: true,
      questions: [
        { line: 1, type: 'true_false', title: 'One' },
        { line: 3, type: 'multiple_choice', title: 'Two' },
      ],
      refused: [],
      createdIds: [],
    });
    expect((await list(teacher.token, course)).json<BankQuestionPage>().total).toBe(0);

    const done = await importAndWrite(teacher.token, course, gift);
    expect(done.createdIds).toHaveLength(2);
    expect((await list(teacher.token, course)).json<BankQuestionPage>().total).toBe(2);
  });

  it('imports the good questions of a file with broken ones and lists each broken one with its line and reason', async () => {
    const course = (await createCourse(ctx, teacher.token)).id;
    const gift = [
      '::Good one:: The sky is blue {T}', // 1
      '',
      '::Broken:: Missing its closing brace {=a ~b', // 3
      '',
      '// a comment before a description', // 5
      'Just some text without answers', // 6
      '',
      '::Good two:: Two plus two {=4 =four}', // 8
      '',
      '::No right answer:: {~a ~b}', // 10
      '',
      '::Partial short:: Say {=%50%half =full}', // 12
    ].join('\n');
    const report = await importAndWrite(teacher.token, course, gift);
    expect(report.questions.map((q) => [q.line, q.title, q.type])).toEqual([
      [1, 'Good one', 'true_false'],
      [6, 'Just some text without answers', 'description'],
      [8, 'Good two', 'short_answer'],
      [12, 'Partial short', 'short_answer'],
    ]);
    expect(report.refused.map((r) => r.line)).toEqual([3, 10]);
    expect(report.refused[0]).toMatchObject({ text: '::Broken:: Missing its closing brace {=a ~b' });
    expect(report.refused[0]?.reason).toBe(
      'The answers open with { but never close with } (to show a brace as text, write \\{).',
    );
    expect(report.refused[1]?.reason).toMatch(/^No answer is marked right: start the right answer with =/);
    // A description is no error and no notice: it is kept as a description (ADR 051, amending ADR 045).
    expect(report.notices).toEqual([]);
    expect(report.createdIds).toHaveLength(4);
  });

  it('refuses a 5 MB file, a binary file and an empty one with a clear message, saving nothing', async () => {
    const course = (await createCourse(ctx, teacher.token)).id;
    const big = await importGift(teacher.token, course, Buffer.alloc(5 * 1024 * 1024, 'a'));
    expect(big.statusCode).toBe(413);
    expect(big.json<{ message: string }>().message).toContain('too large (at most 1 MB)');

    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
    const binary = await importGift(teacher.token, course, png);
    expect(binary.statusCode).toBe(400);
    expect(binary.json<{ message: string }>().message).toContain('not a GIFT text file');
    const latin1 = await importGift(
      teacher.token,
      course,
      Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x20, 0x7b, 0x54, 0x7d]),
    );
    expect(latin1.statusCode).toBe(400);

    expect((await importGift(teacher.token, course, '')).statusCode).toBe(400);
    const json = await ctx.app.inject({
      method: 'POST',
      url: `/api/courses/${course}/questions/import`,
      headers: bearer(teacher.token),
      payload: { file: 'Q {T}' },
    });
    expect(json.statusCode).toBe(415);
    const body = multipart([{ name: 'other', data: 'Q {T}', filename: 'x.gift' }]);
    const wrongPart = await ctx.app.inject({
      method: 'POST',
      url: `/api/courses/${course}/questions/import`,
      headers: { ...body.headers, ...bearer(teacher.token) },
      payload: body.payload,
    });
    expect(wrongPart.statusCode).toBe(400);
    expect((await list(teacher.token, course)).json<BankQuestionPage>().total).toBe(0);
  });

  it("reads Moodle's documented GIFT examples", async () => {
    const course = (await createCourse(ctx, teacher.token)).id;
    // From docs.moodle.org/en/GIFT_format, with a category, comments, escapes, titles, feedback and weights.
    const gift = `// true-false
::Q1:: 1+1\\=2 {T}

$CATEGORY: tom/arithmetic

// multiple choice with specified feedback for right and wrong answers
::Q2:: What's between orange and green in the spectrum?
{ =yellow # right; good! ~red # wrong, it's yellow ~blue # wrong, it's yellow }

// fill-in-the-blank
::Q3:: Two plus {=two =2} equals four.

// matching
::Q4:: Which animal eats which food? { =cat -> cat food =dog -> dog food }

// math range question
::Q5:: What is a number from 1 to 5? {#3:2}

// math range specified with interval end points
::Q6:: What is a number from 1 to 5? {#1..5}

// multiple numeric answers with partial credit and feedback
::Q7:: When was Ulysses S. Grant born? {#
         =1822:0      # Correct! Full credit.
         =%50%1822:2  # He was born in 1822. Half credit for being close.
}

// essay
::Q8:: How are you? {}

::Q9:: What two people are entombed in Grant's tomb? {
   ~%-100%No one
   ~%50%Grant
   ~%50%Grant's wife
   ~%-100%Grant's father
}

::Q10 \\: escapes:: Which is \\{curly\\}? {
   =a \\= b \\# c \\~ d
   ~e
}

Grant is buried in Grant's tomb.{F}
`;
    const report = await importAndWrite(teacher.token, course, gift);
    expect(report.refused).toEqual([]);
    expect(report.questions.map((q) => q.type)).toEqual([
      'true_false',
      'multiple_choice',
      'fill_blank',
      'matching',
      'numeric',
      'numeric',
      'numeric',
      'essay',
      'multiple_choice',
      'multiple_choice',
      'true_false',
    ]);
    expect(report.questions[0]?.tags).toEqual([]);
    expect(report.questions[1]?.tags).toEqual(['tom/arithmetic']);

    const byTitle = new Map<string, BankQuestion>();
    for (const id of report.createdIds) {
      const q = (
        await ctx.app.inject({ method: 'GET', url: `/api/questions/${id}`, headers: bearer(teacher.token) })
      ).json<BankQuestion>();
      byTitle.set(q.title, q);
    }
    expect(byTitle.get('Q1')).toMatchObject({ prompt: '<p>1+1=2</p>', content: { key: { answer: true } } });
    expect(byTitle.get('Q2')?.content).toMatchObject({
      body: { choices: [{ text: 'yellow' }, { text: 'red' }, { text: 'blue' }], multiple: false },
      key: { correct: ['c1'], choiceFeedback: { c1: 'right; good!', c2: "wrong, it's yellow" } },
    });
    expect(byTitle.get('Q3')).toMatchObject({
      prompt: '',
      content: { body: { sentence: 'Two plus [[1]] equals four.' }, key: { blanks: [{ accepted: ['two', '2'] }] } },
    });
    expect(byTitle.get('Q4')?.content).toMatchObject({
      body: { prompts: [{ text: 'cat' }, { text: 'dog' }], options: [{ text: 'cat food' }, { text: 'dog food' }] },
      key: { pairs: { p1: 'o1', p2: 'o2' } },
    });
    expect(byTitle.get('Q5')?.content.key).toEqual({ answers: [{ value: 3, tolerance: 2, weight: 100 }] });
    expect(byTitle.get('Q6')?.content.key).toEqual({ answers: [{ min: 1, max: 5, weight: 100 }] });
    expect(byTitle.get('Q7')?.content.key).toEqual({
      answers: [
        { value: 1822, tolerance: 0, weight: 100, feedback: 'Correct! Full credit.' },
        { value: 1822, tolerance: 2, weight: 50, feedback: 'He was born in 1822. Half credit for being close.' },
      ],
    });
    expect(byTitle.get('Q9')?.content).toMatchObject({
      body: { multiple: true },
      key: { correct: ['c2', 'c3'], weights: { c1: -100, c4: -100 } },
    });
    expect(byTitle.get('Q10 : escapes')).toMatchObject({
      prompt: '<p>Which is {curly}?</p>',
      content: { body: { choices: [{ text: 'a = b # c ~ d' }, { text: 'e' }] } },
    });
    expect(byTitle.get("Grant is buried in Grant's tomb.")?.content.key).toEqual({ answer: false });
  });
});

describe('GIFT export', () => {
  const EVERY_GIFT_TYPE = `$CATEGORY: round/trip

// [tag:alpha] [tag:beta gamma]
::MC single:: [html]<p>Who is <em>buried</em> in Grant's tomb?</p>{
  =Grant #Yes
  ~%50%His wife #Half
  ~Napoleon
####Grant and his wife.}

::MC multiple:: Which are prime? {
  ~%50%2
  ~%50%3
  ~%-100%4
}

::TF:: The sun rises in the east.{TRUE#Look again#Right####Every day}

::Short:: Who wrote Hamlet? {=Shakespeare =William Shakespeare}

::Matching:: Match the sounds. {
  =cat -> meow
  =dog -> woof
  = -> moo
}

::Numeric tolerance:: g in m/s²? {#9.81:0.01}

::Numeric range:: A number from 1 to 5? {#1..5}

::Numeric weighted:: When was Grant born? {#=1822:0 =%50%1822:2}

// [points:5]
::Essay:: Describe your day. {}

::Missing word:: Two plus {=two =2} equals four.

::Missing word choice:: Moodle costs {~lots of money =nothing ~a small amount} to download.

::Escapes \\: all:: Curly \\{ and \\} and \\= \\~ \\# {=a\\:b}
`;

  it('exports every GIFT type so that it imports back identically', async () => {
    const first = (await createCourse(ctx, teacher.token)).id;
    const second = (await createCourse(ctx, teacher.token)).id;
    const imported = await importAndWrite(teacher.token, first, EVERY_GIFT_TYPE);
    expect(imported.refused).toEqual([]);
    expect(imported.questions).toHaveLength(12);

    const exportOf = (course: string) =>
      ctx.app.inject({ method: 'GET', url: `/api/courses/${course}/questions/export`, headers: bearer(teacher.token) });
    const exported = await exportOf(first);
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toContain('text/plain');
    expect(exported.headers['content-disposition']).toContain('.gift');

    const again = await importAndWrite(teacher.token, second, exported.body);
    expect(again.refused).toEqual([]);

    const bankOf = async (ids: string[]) => {
      const questions = [];
      for (const id of ids) {
        const q = (
          await ctx.app.inject({ method: 'GET', url: `/api/questions/${id}`, headers: bearer(teacher.token) })
        ).json<BankQuestion>();
        questions.push({
          title: q.title,
          prompt: q.prompt,
          points: q.points,
          tags: q.tags,
          general: q.feedback.general,
          tf: q.content.type === 'true_false' ? q.feedback : null,
          content: q.content,
        });
      }
      return questions;
    };
    const original = await bankOf(imported.createdIds);
    expect(await bankOf(again.createdIds)).toEqual(original);
    expect(original.map((q) => q.content.type)).toEqual([
      'multiple_choice',
      'multiple_choice',
      'true_false',
      'short_answer',
      'matching',
      'numeric',
      'numeric',
      'numeric',
      'essay',
      'fill_blank',
      'multiple_choice',
      'short_answer',
    ]);
    expect(original[0]).toMatchObject({ tags: ['alpha', 'beta gamma', 'round/trip'], general: 'Grant and his wife.' });
    expect(original[8]?.points).toBe(5);
    // And the second export is the same file.
    expect((await exportOf(second)).body).toBe(exported.body);
  });

  it('exports only the named questions and lists those GIFT cannot express', async () => {
    const course = (await createCourse(ctx, teacher.token)).id;
    const ordering = (
      await createQuestion(teacher.token, course, {
        title: 'Put in order',
        content: {
          type: 'ordering',
          body: {
            items: [
              { id: 'x', text: 'one' },
              { id: 'y', text: 'two' },
            ],
          },
          key: { order: ['x', 'y'] },
        },
      })
    ).json<BankQuestion>();
    const tf = (
      await createQuestion(teacher.token, course, {
        title: 'Kept',
        content: { type: 'true_false', body: {}, key: { answer: true } },
      })
    ).json<BankQuestion>();
    await createQuestion(teacher.token, course, {
      title: 'Left out',
      content: { type: 'true_false', body: {}, key: { answer: true } },
    });
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/courses/${course}/questions/export?ids=${ordering.id},${tf.id}`,
      headers: bearer(teacher.token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('::Kept::');
    expect(res.body).not.toContain('Left out');
    expect(res.body).toContain('// Not exported: "Put in order" (GIFT has no ordering questions)');
    const bad = await ctx.app.inject({
      method: 'GET',
      url: `/api/courses/${course}/questions/export?ids=nope`,
      headers: bearer(teacher.token),
    });
    expect(bad.statusCode).toBe(400);
  });
});
