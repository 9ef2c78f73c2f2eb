import type { BankQuestion, ImportReport, MultipleChoiceBody, QuestionImport } from '@lyceum/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { gradeMultipleChoice } from '../src/features/assessments/question-types/multiple-choice.js';
import { gradeNumeric } from '../src/features/assessments/question-types/numeric.js';
import { gradeShortAnswer } from '../src/features/assessments/question-types/short-answer.js';
import { createCourse } from './course-helpers.js';
import { multipart } from './curriculum-helpers.js';
import { bearer, createUser, useTestApp, type TestUser } from './helper.js';

/*
 * GIFT as Moodle's importer reads it (issue 46.17, issue 54.12, ADR 045). The files are Moodle's documented examples
 * (docs.moodle.org/en/GIFT_format) and the cases its importer (question/format/gift/format.php) takes that a
 * stricter grammar refused.
 */
const ctx = useTestApp();
let teacher: TestUser;

beforeAll(async () => {
  teacher = await createUser(ctx, 'teacher');
});

const newCourse = async () => (await createCourse(ctx, teacher.token, { title: 'Moodle GIFT' })).id;

function importGift(course: string, gift: string, dryRun = false) {
  const body = multipart([{ name: 'file', data: gift, filename: 'moodle.gift' }]);
  return ctx.app.inject({
    method: 'POST',
    url: `/api/courses/${course}/questions/import${dryRun ? '?dryRun=true' : ''}`,
    headers: { ...body.headers, ...bearer(teacher.token) },
    payload: body.payload,
  });
}

async function preview(course: string, gift: string): Promise<ImportReport> {
  const res = await importGift(course, gift, true);
  expect(res.statusCode).toBe(200);
  return res.json<ImportReport>();
}

/** Imports for real, runs the job, and reads back the questions written, by title. */
async function importQuestions(course: string, gift: string) {
  const started = await importGift(course, gift);
  expect(started.statusCode).toBe(202);
  await ctx.app.jobs.drain();
  const done = (
    await ctx.app.inject({
      method: 'GET',
      url: `/api/question-imports/${started.json<QuestionImport>().id}`,
      headers: bearer(teacher.token),
    })
  ).json<QuestionImport>();
  expect(done.status).toBe('done');
  const byTitle = new Map<string, BankQuestion>();
  for (const id of done.report.createdIds) {
    const q = (
      await ctx.app.inject({ method: 'GET', url: `/api/questions/${id}`, headers: bearer(teacher.token) })
    ).json<BankQuestion>();
    byTitle.set(q.title, q);
  }
  return { report: done.report, byTitle };
}

function question(byTitle: Map<string, BankQuestion>, title: string): BankQuestion {
  const found = byTitle.get(title);
  if (!found) throw new Error(`no question "${title}" in ${[...byTitle.keys()].join(', ')}`);
  return found;
}

describe('GIFT as Moodle reads it', () => {
  it("takes Moodle's own examples a stricter grammar refused: 1+1=2 {T}, {~many~=much} and a number before text", async () => {
    const course = await newCourse();
    const { report, byTitle } = await importQuestions(
      course,
      [
        '// true-false',
        '::Q1:: 1+1=2 {T}',
        '',
        '::Much:: There is not {~many~=much} milk left.',
        '',
        '::Pi:: What is the value of pi (to 3 decimal places)? {#3.1415:0.0005}.',
      ].join('\n'),
    );
    expect(report.refused).toEqual([]);
    expect(question(byTitle, 'Q1')).toMatchObject({ prompt: '<p>1+1=2</p>', content: { key: { answer: true } } });
    const much = question(byTitle, 'Much');
    expect(much.prompt).toBe('<p>There is not _____ milk left.</p>');
    expect(much.content).toMatchObject({
      type: 'multiple_choice',
      body: { choices: [{ text: 'many' }, { text: 'much' }], multiple: false },
      key: { correct: ['c2'] },
    });
    const pi = question(byTitle, 'Pi');
    expect(pi.prompt).toBe('<p>What is the value of pi (to 3 decimal places)? _____.</p>');
    expect(pi.content.key).toEqual({ answers: [{ value: 3.1415, tolerance: 0.0005, weight: 100 }] });
  });

  it('keeps a $CATEGORY path longer than a tag as a shortened tag, with a notice, and refuses nothing after it', async () => {
    const course = await newCourse();
    const path = '$course$/top/Default for Biology 101 (Autumn term)/Unit 3: Cells and membranes/Transport';
    const report = await preview(
      course,
      [`$CATEGORY: ${path}`, '', '::After:: Cells have membranes. {T}', '', '::Later:: Water is dry. {F}'].join('\n'),
    );
    expect(report.refused).toEqual([]);
    expect(report.questions.map((q) => [q.title, q.tags])).toEqual([
      ['After', ['…/Unit 3: Cells and membranes/Transport']],
      ['Later', ['…/Unit 3: Cells and membranes/Transport']],
    ]);
    expect(report.notices).toEqual([
      {
        line: 1,
        text: `$CATEGORY: ${path}`,
        message:
          "The category is longer than a tag's 50 characters: its questions are tagged “…/Unit 3: Cells and membranes/Transport”.",
      },
    ]);
    // A short path loses only Moodle's context and root.
    const short = await preview(course, '$CATEGORY: $course$/top/Algebra\n\n::Q:: x {T}');
    expect(short.questions[0]?.tags).toEqual(['Algebra']);
    expect(short.notices).toEqual([]);
  });

  it('scores any one of several = answers of a multiple choice at 100 %, one answer being chosen', async () => {
    const course = await newCourse();
    const { byTitle } = await importQuestions(
      course,
      "::Grant:: Who's buried in Grant's tomb? {=Grant =Ulysses S. Grant =Ulysses Grant ~no one}",
    );
    const content = question(byTitle, 'Grant').content;
    if (content.type !== 'multiple_choice') throw new Error(content.type);
    expect(content.body.multiple).toBe(false);
    const score = (chosen: string) => gradeMultipleChoice(content.key, { chosen: [chosen] }, 1, content.body).score;
    expect([score('c1'), score('c2'), score('c3'), score('c4')]).toEqual([1, 1, 1, 0]);
    // Two of them at once is not one answer.
    expect(
      gradeMultipleChoice(content.key, { chosen: ['c1', 'c2'] }, 1, content.body as MultipleChoiceBody).score,
    ).toBe(0);
  });

  it('imports short answers with partial credit and the feedback of each answer, numeric feedback too', async () => {
    const course = await newCourse();
    const { report, byTitle } = await importQuestions(
      course,
      [
        "::Tomb:: Who's buried in Grant's tomb? {=Grant#Yes: Ulysses S. Grant. =%50%his wife#Half: she is there too}",
        '',
        '// multiple numeric answers with partial credit and feedback',
        '::Born:: When was Ulysses S. Grant born? {#',
        '   =1822:0      # Correct! Full credit.',
        '   =%50%1822:2  # He was born in 1822. Half credit for being close.',
        '   ~#Sorry, it was 1822.',
        '}',
        '',
        '::Missing:: Grant was born in {=%50%Ohio#The state, at least =Point Pleasant}.',
      ].join('\n'),
    );
    expect(report.refused).toEqual([]);
    const tomb = question(byTitle, 'Tomb').content;
    expect(tomb).toEqual({
      type: 'short_answer',
      body: {},
      key: {
        mode: 'auto',
        accepted: ['Grant', 'his wife'],
        caseSensitive: false,
        weights: { 'his wife': 50 },
        answerFeedback: { Grant: 'Yes: Ulysses S. Grant.', 'his wife': 'Half: she is there too' },
      },
    });
    if (tomb.type !== 'short_answer') throw new Error(tomb.type);
    expect(gradeShortAnswer(tomb.key, { text: 'His Wife' }, 2).score).toBe(1);
    expect(gradeShortAnswer(tomb.key, { text: 'grant' }, 2).score).toBe(2);
    const born = question(byTitle, 'Born');
    expect(born.content.key).toEqual({
      answers: [
        { value: 1822, tolerance: 0, weight: 100, feedback: 'Correct! Full credit.' },
        { value: 1822, tolerance: 2, weight: 50, feedback: 'He was born in 1822. Half credit for being close.' },
      ],
    });
    expect(born.feedback.incorrect).toBe('Sorry, it was 1822.');
    if (born.content.type !== 'numeric') throw new Error(born.content.type);
    expect(gradeNumeric(born.content.key, { value: 1823 }, 1).score).toBe(0.5);
    // A missing word with a partly right answer stays a short answer, the blank shown as Moodle shows it.
    expect(question(byTitle, 'Missing')).toMatchObject({
      prompt: '<p>Grant was born in _____.</p>',
      content: { type: 'short_answer', key: { accepted: ['Ohio', 'Point Pleasant'], weights: { Ohio: 50 } } },
    });
  });

  it("renders Moodle's [html], [markdown], [moodle] and [plain] texts, through the sanitiser", async () => {
    const course = await newCourse();
    const { byTitle } = await importQuestions(
      course,
      [
        '::Default:: Is <b>this</b> bold?<script>alert(1)</script>{T}',
        '',
        '::Html:: [html]<p>Is <em>this</em> a <a href="javascript:alert(1)">link</a>?</p>{T}',
        '',
        '::Markdown:: [markdown]Is **this** `code`?\\nA [link](https://moodle.org){T}',
        '',
        '::Plain:: [plain]Is <b>this</b> shown as written?{T}',
        '',
        '::Moodle:: [moodle]Line one\\nline two, 1 < 2 & 3 > 2{T}',
      ].join('\n'),
    );
    expect(question(byTitle, 'Default').prompt).toBe('<p>Is <b>this</b> bold?</p>');
    expect(question(byTitle, 'Html').prompt).toBe('<p>Is <em>this</em> a <span>link</span>?</p>');
    expect(question(byTitle, 'Markdown').prompt).toBe(
      '<p>Is <strong>this</strong> <code>code</code>?<br />A <a href="https://moodle.org" rel="noopener noreferrer nofollow" target="_blank">link</a></p>',
    );
    expect(question(byTitle, 'Plain').prompt).toBe('<p>Is &lt;b&gt;this&lt;/b&gt; shown as written?</p>');
    expect(question(byTitle, 'Moodle').prompt).toBe('<p>Line one<br />line two, 1 &lt; 2 &amp; 3 &gt; 2</p>');
  });

  it('accepts an unescaped : in feedback, as Moodle does', async () => {
    const course = await newCourse();
    const { report, byTitle } = await importQuestions(
      course,
      '::Colon:: Is Paris the capital? {=yes#Note: since 508 ~no#Note: look again####Remember: Paris.}',
    );
    expect(report.refused).toEqual([]);
    const colon = question(byTitle, 'Colon');
    expect(colon.content.key).toMatchObject({ choiceFeedback: { c1: 'Note: since 508', c2: 'Note: look again' } });
    expect(colon.feedback.general).toBe('Remember: Paris.');
  });

  it('refuses a broken matching line with a reason, and keeps a description as a description (ADR 051)', async () => {
    const course = await newCourse();
    const report = await preview(
      course,
      [
        '::Food:: Which animal eats which food? { =cat -> cat food =dog dog food }',
        '',
        'You can use a description to introduce the questions after it.',
        '',
        '::Next:: Still imported {T}',
      ].join('\n'),
    );
    expect(report.questions.map((q) => [q.line, q.title, q.type, q.points])).toEqual([
      [3, 'You can use a description to introduce the questions after it.', 'description', 0],
      [5, 'Next', 'true_false', 1],
    ]);
    expect(report.refused).toEqual([
      {
        line: 1,
        text: '::Food:: Which animal eats which food? { =cat -> cat food =dog dog food }',
        reason: 'The matching pair “dog dog food” has no “->”: write each pair as =item -> match.',
      },
    ]);
    expect(report.notices).toEqual([]);
  });

  it("says why a part is refused in a teacher's words, never the parser's or a field path", async () => {
    const course = await newCourse();
    const report = await preview(
      course,
      [
        '::No close:: Pick one {=a ~b', // 1
        '',
        '::No right:: Pick {~a ~b}', // 3
        '',
        `::Long:: Pick {=${'x'.repeat(1001)} ~b}`, // 5
        '',
        '::Not a number:: How many? {#twelve}', // 7
        '',
        '::One choice:: Pick {~=only}', // 9
      ].join('\n'),
    );
    expect(report.questions).toEqual([]);
    expect(report.refused.map((r) => [r.line, r.reason])).toEqual([
      [1, 'The answers open with { but never close with } (to show a brace as text, write \\{).'],
      [
        3,
        'No answer is marked right: start the right answer with = (or give the right answers a positive weight, like ~%50%).',
      ],
      [5, 'An answer must be at most 1000 characters.'],
      [7, '“twelve” is not a number: write a numeric answer as 3.14, 3.14:0.01 (with a margin) or 1..5 (a range).'],
      [9, 'A multiple-choice question needs at least two answers.'],
    ]);
    for (const { reason } of report.refused) expect(reason).not.toMatch(/Expected|found|content\.|key\.|body\./);
  });

  it('warns in the preview about questions already in the bank (same type and text) when a file is imported again', async () => {
    const course = await newCourse();
    const file = ['::A:: 1+1=2 {T}', '', '::B:: Two plus {=two =2} equals four.', '', '::C:: Pick {=a ~b}'].join('\n');
    const first = await preview(course, file);
    expect(first.questions.map((q) => q.duplicate)).toEqual([false, false, false]);
    await importQuestions(course, file);
    const edited = file.replace('Pick {=a ~b}', 'Pick one {=a ~b}');
    const again = await preview(course, edited);
    expect(again.questions.map((q) => [q.title, q.duplicate])).toEqual([
      ['A', true],
      ['B', true],
      ['C', false],
    ]);
    // Another course's bank is not this one's.
    const other = await preview(await newCourse(), file);
    expect(other.questions.every((q) => q.duplicate === false)).toBe(true);
  });
});

describe('GIFT export as Moodle writes it', () => {
  it('keeps line breaks: code in <pre> comes back as it was, and partial credit and feedback come back too', async () => {
    const course = await newCourse();
    const created = await ctx.app.inject({
      method: 'POST',
      url: `/api/courses/${course}/questions`,
      headers: bearer(teacher.token),
      payload: {
        title: 'Code',
        prompt: '<p>What does this print?</p><pre><code>for i in range(2):\n    print(i)</code></pre>',
        content: { type: 'essay', body: {}, key: {} },
      },
    });
    expect(created.statusCode).toBe(201);
    await importQuestions(
      course,
      [
        "::Tomb:: Who's buried in Grant's tomb? {=Grant#Yes =%50%his wife#Half}",
        '',
        '::Born:: When? {#=1822:0#Right =%50%1822:2#Close ~#Sorry}',
        '',
        "::Grant:: Who's buried? {=Grant =Ulysses S. Grant ~no one}",
      ].join('\n'),
    );
    const exported = await ctx.app.inject({
      method: 'GET',
      url: `/api/courses/${course}/questions/export`,
      headers: bearer(teacher.token),
    });
    expect(exported.body).toContain('for i in range(2)\\:\\n    print(i)');
    const second = await newCourse();
    const { report, byTitle } = await importQuestions(second, exported.body);
    expect(report.refused).toEqual([]);
    expect(question(byTitle, 'Code').prompt).toBe(
      '<p>What does this print?</p><pre><code>for i in range(2):\n    print(i)</code></pre>',
    );
    expect(question(byTitle, 'Tomb').content.key).toMatchObject({
      accepted: ['Grant', 'his wife'],
      weights: { 'his wife': 50 },
      answerFeedback: { Grant: 'Yes', 'his wife': 'Half' },
    });
    expect(question(byTitle, 'Born').content.key).toEqual({
      answers: [
        { value: 1822, tolerance: 0, weight: 100, feedback: 'Right' },
        { value: 1822, tolerance: 2, weight: 50, feedback: 'Close' },
      ],
    });
    expect(question(byTitle, 'Born').feedback.incorrect).toBe('Sorry');
    expect(question(byTitle, 'Grant').content.key).toMatchObject({ correct: ['c1'], weights: { c2: 100 } });
  });
});
