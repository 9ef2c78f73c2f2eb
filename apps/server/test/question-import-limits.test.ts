import type { AddressInfo } from 'node:net';
import { QUESTION_LIMITS, type BankQuestionPage, type ImportReport, type QuestionImport } from '@lyceum/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCourse } from './course-helpers.js';
import { multipart } from './curriculum-helpers.js';
import { bearer, createUser, useTestApp, type TestUser } from './helper.js';

/*
 * Issue 55 §3: a GIFT import is bounded (bytes, questions and $CATEGORY lines per file, characters per question) and
 * does not hold the server while it parses: 1 MB of $CATEGORY lines took 51 s, 50,000 tiny questions held health
 * probes for 11 s.
 */
const ctx = useTestApp();
let teacher: TestUser;
let otherTeacher: TestUser;

let port = 0;

beforeAll(async () => {
  [teacher, otherTeacher] = await Promise.all([createUser(ctx, 'teacher'), createUser(ctx, 'teacher')]);
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  port = (ctx.app.server.address() as AddressInfo).port;
});

function importGift(course: string, gift: string, dryRun = false) {
  const body = multipart([{ name: 'file', data: gift, filename: 'bank.gift' }]);
  return ctx.app.inject({
    method: 'POST',
    url: `/api/courses/${course}/questions/import${dryRun ? '?dryRun=true' : ''}`,
    headers: { ...body.headers, ...bearer(teacher.token) },
    payload: body.payload,
  });
}

async function bankSize(course: string): Promise<number> {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/api/courses/${course}/questions`,
    headers: bearer(teacher.token),
  });
  return res.json<BankQuestionPage>().total;
}

const newCourse = async () => (await createCourse(ctx, teacher.token, { title: 'Import limits' })).id;

/** `count` true/false questions, each in its own block; the titles make the file close to 1 MB at 2,000. */
function questions(count: number, padding = 0): string {
  return Array.from(
    { length: count },
    (_v, i) => `::Question ${i + 1}:: Is ${i + 1} a number? ${'x'.repeat(padding)} {T}\n`,
  ).join('\n');
}

describe('the bounds of one GIFT import', () => {
  it('refuses a file of more questions than one import takes, naming the limit and the count, and writes nothing', async () => {
    const course = await newCourse();
    const over = QUESTION_LIMITS.giftQuestions + 1;
    for (const dryRun of [true, false]) {
      const res = await importGift(course, questions(over), dryRun);
      expect(res.statusCode).toBe(413);
      expect(res.json<{ message: string }>().message).toBe(
        'The GIFT file holds 2,001 questions; one import takes at most 2,000: split the file into smaller ones',
      );
    }
    expect(await bankSize(course)).toBe(0);
  });

  it('refuses 1 MB of $CATEGORY lines at once (the split was quadratic in them), writing nothing', async () => {
    const course = await newCourse();
    const lines = Array.from({ length: 50_000 }, (_v, i) => `$CATEGORY: c${i}`).join('\n');
    const res = await importGift(course, `${lines}\n\nQ {T}\n`);
    expect(res.statusCode).toBe(413);
    expect(res.json<{ message: string }>().message).toBe(
      'The GIFT file holds 50,000 $CATEGORY lines; one import takes at most 2,000',
    );
    expect(await bankSize(course)).toBe(0);
  });

  it('keeps importing a file at the bounds: 2,000 $CATEGORY lines in one block tag the question after them', async () => {
    const course = await newCourse();
    const lines = Array.from({ length: QUESTION_LIMITS.giftCategories }, (_v, i) => `$CATEGORY: c${i}`).join('\n');
    const report = (await importGift(course, `${lines}\n::Tagged:: Q {T}\n`, true)).json<ImportReport>();
    expect(report.questions).toEqual([expect.objectContaining({ title: 'Tagged', tags: ['c1999'], line: 2001 })]);
  });

  it('refuses one question longer than the bank could hold, with its line, and imports the others', async () => {
    const course = await newCourse();
    const long = `::Long:: ${'a'.repeat(QUESTION_LIMITS.giftQuestionChars)} {T}`;
    const res = await importGift(course, `::Short:: Q {T}\n\n${long}\n\n::After:: Q {F}\n`, true);
    expect(res.statusCode).toBe(200);
    const report = res.json<ImportReport>();
    expect(report.questions.map((q) => q.title)).toEqual(['Short', 'After']);
    expect(report.refused).toEqual([
      { line: 3, text: long.slice(0, 200), reason: 'The question is longer than 100,000 characters.' },
    ]);
  });
});

describe('a maximal import does not hold the server', () => {
  it('health requests are answered while 2,000 questions (about 1 MB) are parsed', async () => {
    const course = await newCourse();
    const file = questions(QUESTION_LIMITS.giftQuestions, 460);
    expect(Buffer.byteLength(file)).toBeGreaterThan(0.9 * QUESTION_LIMITS.giftBytes);
    expect(Buffer.byteLength(file)).toBeLessThan(QUESTION_LIMITS.giftBytes - 1024);
    let pending = true;
    const imported = importGift(course, file, true).finally(() => (pending = false));
    // Health probes over a real socket, one after another while the import runs: each is answered in a turn the
    // import gives back.
    let answeredDuring = 0;
    while (pending) {
      const health = await fetch(`http://127.0.0.1:${port}/api/health`);
      expect(health.status).toBe(200);
      await health.arrayBuffer();
      if (pending) answeredDuring += 1;
    }
    const report = (await imported).json<ImportReport>();
    expect(report.questions).toHaveLength(QUESTION_LIMITS.giftQuestions);
    // In slices the probes keep being answered through the parse; a parse that holds the loop answers none of them.
    // Measured (7 Dec, pglite): 7 to 9 probes in slices on a quiet machine, 19 to 38 under load (a slower parse gives
    // more turns); 0 with the slices turned off (SLICE_MS = 1e9), twice. The bar was 8 and failed on a quiet CI run
    // with exactly 8. It now sits between a held loop's 0 and the 7 of the fastest run seen in slices.
    expect(answeredDuring).toBeGreaterThan(2);
  });
});

function readImport(id: string, token = teacher.token) {
  return ctx.app.inject({ method: 'GET', url: `/api/question-imports/${id}`, headers: bearer(token) });
}

describe('the write step is a job with progress', () => {
  it('answers 202 with the import queued, the job writes it in file order, and the import gives progress and report', async () => {
    const course = await newCourse();
    const file = `${questions(250)}\n::Broken:: {=a ~b\n`;
    const started = await importGift(course, file);
    expect(started.statusCode).toBe(202);
    const queued = started.json<QuestionImport>();
    expect(queued).toMatchObject({ courseId: course, status: 'queued', total: 250, written: 0, error: null });
    expect(queued.report.questions).toHaveLength(250);
    expect(queued.report.refused).toEqual([expect.objectContaining({ line: 501 })]);
    expect(queued.report.createdIds).toEqual([]);
    // Meanwhile the job may have begun (the answer wakes the runner): the progress moves a batch at a time, and
    // the created ids are the ones written so far.
    const meanwhile = (await readImport(queued.id)).json<QuestionImport>();
    expect(meanwhile.written % 50 === 0 || meanwhile.written === 250).toBe(true);
    expect(meanwhile.report.createdIds).toHaveLength(meanwhile.written);

    await ctx.app.jobs.drain();
    const done = (await readImport(queued.id)).json<QuestionImport>();
    expect(done).toMatchObject({ status: 'done', total: 250, written: 250, error: null });
    expect(done.finishedAt).not.toBeNull();
    expect(done.report.createdIds).toHaveLength(250);
    expect(new Set(done.report.createdIds).size).toBe(250);
    expect(await bankSize(course)).toBe(250);
    // File order: the bank's oldest question is the file's first.
    const first = await ctx.app.inject({
      method: 'GET',
      url: `/api/questions/${done.report.createdIds[0]}`,
      headers: bearer(teacher.token),
    });
    expect(first.json<{ title: string }>().title).toBe('Question 1');
    // A second run of the job (a retry) writes nothing more.
    await ctx.app.jobs.drain();
    expect(await bankSize(course)).toBe(250);
  });

  it("an import is its course teacher's: another teacher gets 403, an unknown id 404", async () => {
    const course = await newCourse();
    const id = (await importGift(course, questions(1))).json<QuestionImport>().id;
    expect((await readImport(id, otherTeacher.token)).statusCode).toBe(403);
    expect((await readImport('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    await ctx.app.jobs.drain();
  });

  it('health requests are answered while the job writes 2,000 questions', async () => {
    const course = await newCourse();
    const id = (await importGift(course, questions(QUESTION_LIMITS.giftQuestions, 200))).json<QuestionImport>().id;
    let pending = true;
    const writing = ctx.app.jobs.drain().finally(() => (pending = false));
    let answeredDuring = 0;
    while (pending) {
      const health = await fetch(`http://127.0.0.1:${port}/api/health`);
      expect(health.status).toBe(200);
      await health.arrayBuffer();
      if (pending) answeredDuring += 1;
    }
    await writing;
    expect((await readImport(id)).json<QuestionImport>()).toMatchObject({ status: 'done', written: 2000 });
    // One transaction for the whole file lets through only a probe sent before it begins; 40 batches of 50, each
    // its own transaction with a turn of the event loop after it, let the probes through between them.
    expect(answeredDuring).toBeGreaterThan(5);
  });
});
