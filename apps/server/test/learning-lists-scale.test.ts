import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { setUpQuiz, type QuizSetup } from './assessment-helpers.js';
import { countQueries } from './course-helpers.js';
import { bearer, useTestApp, type TestUser } from './helper.js';

/**
 * Every learning-core list (issue 20, ADR 019): the queries a request costs do not change between 12 and
 * 10,000 rows, nor between page 1 and the last page (page 500 of 20), and stay at most 3 (the session's
 * read included: countQueries leaves it out, so the list's own statements are at most 2). Rows are inserted with set-based SQL.
 */
const ctx = useTestApp({ env: { JOB_RUNNER: 'off' } });
const ROWS = 10_000;
const SMALL = 12;
const PAGE_SIZE = 20;
const FAR_PAGE = ROWS / PAGE_SIZE;

let quiz: QuizSetup;
let teacher: TestUser;
let student: TestUser;
/** A class whose roster grows to 10,000 students. */
let rosterClassId: string;
/** A class of the student's whose stream and assignments grow to 10,000 each. */
let streamClassId: string;
/** The quiz, assigned to the whole roster class, due in the past (its learners are all missing but the student). */
let rosterWorkId: string;
let essayId: string;

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

async function insertClass(name: string, code: string): Promise<string> {
  const db = ctx.database.db;
  const [row] = rowsOf<{ id: string }>(
    await db.execute(sql`
      insert into classes (owner_id, name, code) values (${teacher.user.id}::uuid, ${name}, ${code}) returning id`),
  );
  await db.execute(sql`
    insert into class_teachers (class_id, teacher_id) values (${row!.id}::uuid, ${teacher.user.id}::uuid)`);
  await db.execute(sql`
    insert into class_courses (class_id, course_id) values (${row!.id}::uuid, ${quiz.courseId}::uuid)`);
  return row!.id;
}

/** Rows `from`..`to` of every list: one set-based statement per table. */
async function generate(from: number, to: number) {
  const db = ctx.database.db;
  const series = sql`generate_series(${from}::int, ${to}::int) as n`;
  const teacherId = sql`${teacher.user.id}::uuid`;
  const studentId = sql`${student.user.id}::uuid`;
  const base = sql`timestamptz '2026-01-01'`;
  // Students of the roster class, named so that the roster's name order is their number's order.
  await db.execute(sql`
    insert into users (role, email, firstname, lastname, username, password_hash)
    select 'student', 'lists-scale-' || n || '@example.test', 'Learner', 'L' || lpad(n::text, 5, '0'),
           'lists-scale-' || n, 'x'
    from ${series}`);
  await db.execute(sql`
    insert into class_members (class_id, student_id, joined_at)
    select ${rosterClassId}::uuid, u.id, ${base} + n * interval '1 minute'
    from ${series} join users u on u.username = 'lists-scale-' || n`);
  // The teacher's classes, the student a member of each.
  await db.execute(sql`
    insert into classes (owner_id, name, code, created_at)
    select ${teacherId}, 'Generated class ' || n, 'G' || lpad(n::text, 6, '0'), ${base} + n * interval '1 minute'
    from ${series}`);
  await db.execute(sql`
    insert into class_teachers (class_id, teacher_id)
    select id, ${teacherId} from classes where code like 'G%' and substr(code, 2)::int between ${from} and ${to}`);
  await db.execute(sql`
    insert into class_members (class_id, student_id, joined_at)
    select id, ${studentId}, created_at from classes where code like 'G%' and substr(code, 2)::int between ${from} and ${to}`);
  // The stream class: announcements and assignments (the quiz, to the whole class, due a minute apart).
  await db.execute(sql`
    insert into class_announcements (class_id, author_id, body_html, created_at)
    select ${streamClassId}::uuid, ${teacherId}, '<p>Announcement ' || n || '</p>', ${base} + n * interval '1 minute'
    from ${series}`);
  await db.execute(sql`
    insert into class_assignments (class_id, item_id, whole_class, due_at, created_by)
    select ${streamClassId}::uuid, ${quiz.assessment.id}::uuid, true, ${base} + n * interval '1 minute', ${teacherId}
    from ${series}`);
  // The question bank: every 50th question about "isolation", tags tag0..tag9.
  await db.execute(sql`
    insert into questions (course_id, type, title, body, key, tags, feedback, created_by, updated_at)
    select ${quiz.courseId}::uuid, 'true_false',
           'Generated question ' || n || case when n % 50 = 0 then ' on isolation' else '' end,
           '{}'::jsonb, '{"answer": true}'::jsonb, array['tag' || (n % 10)], '{}'::jsonb, ${teacherId},
           ${base} + n * interval '1 minute'
    from ${series}`);
  // The student's submitted attempts at the quiz, each with an essay answer waiting for a person.
  await db.execute(sql`
    insert into attempts (assessment_id, course_id, student_id, number, status, started_at, submitted_at,
                          question_ids, seed, raw_score, max_score, penalty_percent, score, ip)
    select ${quiz.assessment.id}::uuid, ${quiz.courseId}::uuid, ${studentId}, n, 'needs_grading',
           ${base} + n * interval '1 minute', ${base} + n * interval '1 minute' + interval '10 minutes',
           array[${essayId}::uuid], n, 0, 1, 0, 0, '10.0.0.1'
    from ${series}`);
  await db.execute(sql`
    insert into attempt_answers (attempt_id, question_id, response, needs_manual)
    select a.id, ${essayId}::uuid, jsonb_build_object('html', '<p>Answer ' || a.number || '</p>'), true
    from attempts a
    where a.assessment_id = ${quiz.assessment.id}::uuid and a.student_id = ${studentId}
      and a.number between ${from} and ${to}`);
  // The teacher's rubrics, in the quiz's course (10,000: the list of every course's rubrics, to copy one).
  await db.execute(sql`
    insert into rubrics (course_id, title, criteria, max_points, created_by, updated_at)
    select ${quiz.courseId}::uuid, 'Rubric ' || n, '[]'::jsonb, 4, ${teacherId}, ${base} + n * interval '1 minute'
    from ${series}`);
  // The teacher's comment bank: every 50th (the first among them) about "isolation".
  await db.execute(sql`
    insert into comment_bank (teacher_id, title, html, updated_at)
    select ${teacherId}, 'Comment ' || n, '<p>Well argued' || case when n % 50 = 1 then ' on isolation' else '' end || '</p>',
           ${base} + n * interval '1 minute'
    from ${series}`);
}

type Who = 'teacher' | 'student';
/** [name, url (page 1), who]; each is also asked for page 500. */
const lists: [string, string, Who][] = [
  ['the grading inbox', '/api/grading/inbox', 'teacher'],
  ['the grading inbox of a course', '/api/grading/inbox?courseId=:course', 'teacher'],
  ['the grading inbox of an assessment', '/api/grading/inbox?assessmentId=:quiz&status=all', 'teacher'],
  ['the grading inbox of a question', '/api/grading/inbox?questionId=:essay', 'teacher'],
  ['the question bank', '/api/courses/:course/questions', 'teacher'],
  ['the question bank by tag', '/api/courses/:course/questions?tag=tag3', 'teacher'],
  ['a question bank search', '/api/courses/:course/questions?q=isolation', 'teacher'],
  ["the teacher's classes", '/api/teacher/classes', 'teacher'],
  ['a roster', '/api/classes/:roster/roster', 'teacher'],
  ["a class's announcements", '/api/classes/:stream/announcements', 'teacher'],
  ["a class's assignments", '/api/classes/:stream/assignments', 'teacher'],
  ["a student's classes", '/api/student/classes', 'student'],
  ["a class's announcements for its student", '/api/student/classes/:stream/announcements', 'student'],
  ["a student's to-do in a class", '/api/student/classes/:stream/todo', 'student'],
  ['my quiz attempts', '/api/me/quiz-attempts', 'student'],
  ["an assessment's attempts log", '/api/courses/:course/assessments/:quiz/attempts', 'teacher'],
  ['the comment bank', '/api/me/comment-bank', 'teacher'],
  ["the teacher's rubrics", '/api/me/rubrics', 'teacher'],
  [
    'who turned in an assignment (a class of 10,000)',
    '/api/classes/:roster/assignments/:rosterWork/learners',
    'teacher',
  ],
  ['who is missing an assignment', '/api/classes/:roster/assignments/:rosterWork/learners?status=missing', 'teacher'],
  ['a comment bank search', '/api/me/comment-bank?q=isolation', 'teacher'],
];

/**
 * The roster's counting grades come from the shared gradebook (lib/gradebook.ts: the page's lines, a statement of its
 * own; the course columns, kept between requests, are left out), so it costs four, whatever the class's size or page
 * (ADR 019). A student's to-do and
 * quiz attempts are one statement each (the page, its count and the access check together; ADR 019 session 22).
 */
const budget = new Map([
  ['a roster', 4],
  ["a student's to-do in a class", 2],
  ['my quiz attempts', 2],
]);

function urlOf(url: string, page: number) {
  const filled = url
    .replace(':course', quiz.courseId)
    .replace(':quiz', quiz.assessment.id)
    .replace(':essay', essayId)
    .replace(':rosterWork', rosterWorkId)
    .replace(':roster', rosterClassId)
    .replace(':stream', streamClassId);
  return `${filled}${filled.includes('?') ? '&' : '?'}page=${page}&pageSize=${PAGE_SIZE}`;
}

interface Page {
  items: unknown[];
  total: number;
  lastPage: number;
  totalIsLowerBound?: boolean;
}

async function measure(url: string, who: Who, page: number) {
  let status = 0;
  let body: Page | undefined;
  const statements = await countQueries(ctx.database, async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: urlOf(url, page),
      headers: bearer((who === 'teacher' ? teacher : student).token),
    });
    status = res.statusCode;
    body = res.json<Page>();
  });
  expect(status, `${url}: ${JSON.stringify(body)}`).toBe(200);
  // The session's "last seen" write (at most once in 5 minutes, whatever the route) is not the list's cost, nor the
  // read of a course's gradebook columns, which is kept between requests until they change (lib/gradebook.ts).
  const listed = statements.filter(
    (text) => !/^update "sessions"/i.test(text.trim()) && !/gradebook_settings/.test(text),
  );
  return { queries: listed.length, statements: listed, page: body! };
}

const small = new Map<string, { queries: number; page: Page }>();
/** The student's first attempt, opened by the teacher (issue 54.8), and what that cost before the 10,000 others. */
let firstAttemptId: string;
let inspectionWhenSmall: number;
const inspection = () => `/api/courses/:course/assessments/:quiz/attempts/${firstAttemptId}`;

beforeAll(async () => {
  quiz = await setUpQuiz(ctx, { attemptsAllowed: null, releaseScore: 'manual' }, [
    { title: 'Explain isolation', content: { type: 'essay', body: { wordLimit: 300 }, key: {} } },
  ]);
  ({ teacher, student } = quiz);
  essayId = quiz.questions[0]!.id;
  rosterClassId = await insertClass('Roster class', 'RSTRCLS');
  rosterWorkId = rowsOf<{ id: string }>(
    await ctx.database.db.execute(sql`
      insert into class_assignments (class_id, item_id, whole_class, due_at, created_by)
      values (${rosterClassId}::uuid, ${quiz.assessment.id}::uuid, true, timestamptz '2026-02-01', ${teacher.user.id}::uuid)
      returning id`),
  )[0]!.id;
  streamClassId = await insertClass('Stream class', 'STRMCLS');
  await ctx.database.db.execute(sql`
    insert into class_members (class_id, student_id) values (${streamClassId}::uuid, ${student.user.id}::uuid)`);
  await generate(1, SMALL);
  for (const [name, url, who] of lists) small.set(name, await measure(url, who, 1));
  firstAttemptId = rowsOf<{ id: string }>(
    await ctx.database.db.execute(sql`
      select id from attempts where assessment_id = ${quiz.assessment.id}::uuid and number = 1`),
  )[0]!.id;
  inspectionWhenSmall = (await measure(inspection(), 'teacher', 1)).queries;
  await generate(SMALL + 1, ROWS);
}, 300_000);

describe(`every learning-core list with ${SMALL} and with ${ROWS.toLocaleString('en')} rows`, () => {
  it.each(lists)(
    'serves %s in the same number of queries (at most 3; the roster 4) at page 1 and page 500',
    async (name, url, who) => {
      const before = small.get(name)!;
      const first = await measure(url, who, 1);
      const far = await measure(url, who, FAR_PAGE);
      expect(before.queries, before.page.items.length ? name : `${name}: empty with ${SMALL} rows`).toBeGreaterThan(0);
      // The session's read (when it is not kept) is the budget's remaining statement.
      expect(first.queries, first.statements.join('\n---\n')).toBeLessThanOrEqual((budget.get(name) ?? 3) - 1);
      expect(first.queries).toBe(before.queries);
      expect(far.queries, far.statements.join('\n---\n')).toBe(first.queries);
      // Both pages are full pages of the large list.
      expect(first.page.items.length, name).toBeGreaterThan(0);
      expect(before.page.items.length, name).toBeGreaterThan(0);
      if (first.page.total >= ROWS) expect(far.page.items).toHaveLength(PAGE_SIZE);
    },
  );

  it("opens one attempt among the student's 10,000 in as many statements as among 12 (at most 9)", async () => {
    const opened = await measure(inspection(), 'teacher', 1);
    expect(opened.queries, opened.statements.join('\n---\n')).toBe(inspectionWhenSmall);
    // One keyed read per part of the page: the attempt (with its access check), files, questions, answers, rubrics,
    // rubric scores, the grade log and the regrade log; none grows with the student's other attempts.
    expect(opened.queries, opened.statements.join('\n---\n')).toBeLessThanOrEqual(9);
    expect((opened.page as unknown as { number: number; id: string }).id).toBe(firstAttemptId);
  });

  it('pages through 10,000 answers to grade: the count stops at 1,000+, the last page holds the newest submissions', async () => {
    const { page } = await measure('/api/grading/inbox', 'teacher', FAR_PAGE);
    // The inbox's count stops at its cap (INBOX_COUNT_CAP): "1,000+" answers to grade; its pages go on past it.
    expect(page).toMatchObject({ total: 1_000, totalIsLowerBound: true, lastPage: 1_000 / PAGE_SIZE });
    expect(page.items).toHaveLength(PAGE_SIZE);
    const answers = page.items as { response: { html: string } }[];
    // Oldest submission first: the last page ends with attempt 10,000's answer.
    expect(answers.at(-1)!.response).toEqual({ html: `<p>Answer ${ROWS}</p>` });
  });

  it('pages through 10,000 students of a class by name', async () => {
    const { page } = await measure('/api/classes/:roster/roster', 'teacher', FAR_PAGE);
    expect(page).toMatchObject({ total: ROWS, lastPage: FAR_PAGE });
    expect((page.items as { name: string }[]).at(-1)!.name).toBe(`Learner L${ROWS}`);
  });

  it('finds the 201 questions about isolation among 10,001 and the 1,000 of one tag', async () => {
    // The quiz's own essay ("Explain isolation") and every 50th generated question.
    expect((await measure('/api/courses/:course/questions?q=isolation', 'teacher', 1)).page.total).toBe(201);
    expect((await measure('/api/courses/:course/questions?tag=tag3', 'teacher', 1)).page.total).toBe(1_000);
    // 10,001 questions (the quiz's own and 10,000 generated): the count stops at the cap, "10,000+".
    const last = (await measure('/api/courses/:course/questions', 'teacher', FAR_PAGE)).page;
    expect(last).toMatchObject({ total: ROWS, totalIsLowerBound: true, lastPage: FAR_PAGE });
    expect(last.items).toHaveLength(PAGE_SIZE);
  });

  it("shows a student's 10,000 attempts and the teacher's log of them, newest first", async () => {
    const mine = (await measure('/api/me/quiz-attempts', 'student', FAR_PAGE)).page;
    expect(mine).toMatchObject({ total: ROWS, lastPage: FAR_PAGE });
    expect((mine.items as { number: number }[]).at(-1)!.number).toBe(1);
    const log = (await measure('/api/courses/:course/assessments/:quiz/attempts', 'teacher', 1)).page;
    expect((log.items as { number: number }[])[0]!.number).toBe(ROWS);
  });

  it('pages classes, announcements, assignments and to-dos in their orders', async () => {
    // 10,002 and 10,001 classes: counts stop at the cap.
    const classes = (await measure('/api/teacher/classes', 'teacher', 1)).page;
    expect(classes).toMatchObject({ total: ROWS, totalIsLowerBound: true });
    expect((classes.items as { name: string }[]).map((c) => c.name).slice(0, 3)).toEqual([
      'Stream class',
      'Roster class',
      `Generated class ${ROWS}`,
    ]);
    const mine = (await measure('/api/student/classes', 'student', 1)).page;
    expect(mine).toMatchObject({ total: ROWS, totalIsLowerBound: true });
    const stream = (await measure('/api/classes/:stream/announcements', 'teacher', 1)).page;
    expect((stream.items as { bodyHtml: string }[])[0]!.bodyHtml).toBe(`<p>Announcement ${ROWS}</p>`);
    const assigned = (await measure('/api/classes/:stream/assignments', 'teacher', FAR_PAGE)).page;
    expect(assigned).toMatchObject({ total: ROWS, lastPage: FAR_PAGE });
    const todo = (await measure('/api/student/classes/:stream/todo', 'student', 1)).page;
    expect(todo.total).toBe(ROWS);
  });
});
