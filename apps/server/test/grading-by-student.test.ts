import type {
  Assessment,
  AttemptForStudent,
  AttemptLogPage,
  BankQuestion,
  Gradebook,
  InboxAnswer,
  InboxPage,
  MyAttemptPage,
  MyGrades,
  Section,
  TeacherClass,
} from '@lyceum/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { attempts } from '../src/db/schema/index.js';
import { countQueries, createCourse } from './course-helpers.js';
import { bearer, createUser, useTestApp, type TestUser } from './helper.js';

/** Issue 17: grading by student, anonymous grading enforced by the API, "after the due date" release, admins. */
const HOUR = 3_600_000;
const START = Date.UTC(2026, 10, 20, 9, 0, 0);
let nowMs = START;
const ctx = useTestApp({ clock: () => nowMs });

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, token: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
async function ok<T>(res: { statusCode: number; body: string; json: <U>() => U }, status = 200): Promise<T> {
  expect(res.statusCode, res.body).toBe(status);
  return res.json<T>();
}

let teacher: TestUser;
let otherTeacher: TestUser;
let admin: TestUser;
let students: TestUser[];
let courseId: string;
let otherCourseId: string;
let section: Section;
let essays: BankQuestion[];
let choice: BankQuestion;
let anonymousQuiz: Assessment;
/** Each student's attempt of the anonymous quiz, in the order they submitted. */
const attemptOf: string[] = [];

async function publishedAssessment(body: Record<string, unknown>, questionIds: string[]): Promise<Assessment> {
  const draft = await ok<Assessment>(
    await call('POST', `/api/courses/${courseId}/sections/${section.id}/assessments`, teacher.token, body),
    201,
  );
  const parts = await ok<Assessment>(
    await call('PUT', `/api/courses/${courseId}/assessments/${draft.id}/parts`, teacher.token, {
      version: draft.version,
      parts: [{ mode: 'fixed', questionIds }],
    }),
  );
  return ok<Assessment>(
    await call('POST', `/api/courses/${courseId}/assessments/${draft.id}/publish`, teacher.token, {
      version: parts.version,
      published: true,
    }),
  );
}

beforeAll(async () => {
  [teacher, otherTeacher, admin] = await Promise.all([
    createUser(ctx, 'teacher'),
    createUser(ctx, 'teacher'),
    createUser(ctx, 'admin'),
  ]);
  students = [];
  for (const name of ['Ada', 'Boris', 'Chiara']) students.push(await createUser(ctx, 'student', { firstname: name }));
  courseId = (await createCourse(ctx, teacher.token, { status: 'published', title: 'Databases' })).id;
  otherCourseId = (await createCourse(ctx, otherTeacher.token, { status: 'published', title: 'Other' })).id;
  section = await ok<Section>(
    await call('POST', `/api/courses/${courseId}/sections`, teacher.token, { title: 'Week 1' }),
    201,
  );
  essays = [];
  for (const title of ['Why indexes?', 'When not to index?']) {
    essays.push(
      await ok<BankQuestion>(
        await call('POST', `/api/courses/${courseId}/questions`, teacher.token, {
          title,
          prompt: `<p>${title}</p>`,
          points: 4,
          content: { type: 'essay', body: {}, key: {} },
        }),
        201,
      ),
    );
  }
  choice = await ok<BankQuestion>(
    await call('POST', `/api/courses/${courseId}/questions`, teacher.token, {
      title: 'Index kind',
      prompt: '<p>Which structure keeps keys sorted?</p>',
      points: 2,
      content: {
        type: 'multiple_choice',
        body: {
          choices: [
            { id: 'a', text: 'B-tree' },
            { id: 'b', text: 'Hash' },
          ],
        },
        key: { correct: ['a'] },
      },
    }),
    201,
  );
  anonymousQuiz = await publishedAssessment(
    {
      title: 'Anonymous essays',
      points: 8,
      anonymousGrading: true,
      releaseScore: 'manual',
      releaseFeedback: 'manual',
      releaseAnswers: 'manual',
    },
    essays.map((e) => e.id),
  );
  for (const [i, student] of students.entries()) {
    await ok(await call('POST', `/api/courses/${courseId}/enrolment`, student.token));
    const attempt = await ok<AttemptForStudent>(
      await call('POST', `/api/courses/${courseId}/assessments/${anonymousQuiz.id}/attempts`, student.token, {}),
      201,
    );
    for (const essay of essays)
      await ok(
        await call('PUT', `/api/attempts/${attempt.id}/answers/${essay.id}`, student.token, {
          response: { html: `<p>Answer ${i + 1} to ${essay.title}</p>` },
        }),
      );
    await ok(await call('POST', `/api/attempts/${attempt.id}/submit`, student.token));
    await ctx.database.db
      .update(attempts)
      .set({ submittedAt: new Date(START + i * 60_000) })
      .where(eq(attempts.id, attempt.id));
    attemptOf.push(attempt.id);
  }
});

const inbox = (token: string, query = '') =>
  call('GET', `/api/grading/inbox?courseId=${courseId}&assessmentId=${anonymousQuiz.id}${query}`, token);

describe('grade by student', () => {
  it("walks one attempt's answers, then the next student's attempt, oldest submission first", async () => {
    const page = await ok<InboxPage>(await inbox(teacher.token, '&by=student&pageSize=50'));
    expect(page.items.map((i) => [i.attemptId, i.questionId])).toEqual(
      attemptOf.flatMap((attemptId) => essays.map((e) => [attemptId, e.id])),
    );
    expect(page.nextCursor).toBeNull();
    // By question: every student's answer to one question together, oldest submission first within it.
    const byQuestion = await ok<InboxPage>(await inbox(teacher.token, '&by=question&pageSize=50'));
    const first = byQuestion.items.slice(0, 3);
    expect(new Set(first.map((i) => i.questionId)).size).toBe(1);
    expect(first.map((i) => i.attemptId)).toEqual(attemptOf);
  });

  it('pages with a cursor: the next page starts where the last one ended, inside an attempt too', async () => {
    const seen: [string, string][] = [];
    let after: string | null = null;
    let pages = 0;
    do {
      const query: string = `&by=student&pageSize=4${after ? `&after=${after}` : ''}`;
      const page: InboxPage = await ok<InboxPage>(await inbox(teacher.token, query));
      seen.push(...page.items.map((i): [string, string] => [i.attemptId, i.questionId]));
      expect(page.total).toBe(6);
      after = page.nextCursor;
      pages += 1;
    } while (after && pages < 5);
    expect(pages).toBe(2);
    expect(seen).toEqual(attemptOf.flatMap((attemptId) => essays.map((e): [string, string] => [attemptId, e.id])));
  });

  it('a page costs the same few queries whatever its size', async () => {
    const small = await countQueries(ctx.database, () => inbox(teacher.token, '&by=student&pageSize=2'));
    const large = await countQueries(ctx.database, () => inbox(teacher.token, '&by=student&pageSize=100'));
    expect(large.length).toBe(small.length);
    // The session check, the course check, the page and the capped count.
    expect(large.length).toBeLessThanOrEqual(4);
  });

  it('refuses a forged cursor or one of the other order with a 400', async () => {
    const page = await ok<InboxPage>(await inbox(teacher.token, '&by=student&pageSize=2'));
    const forged = Buffer.from('s|yesterday|x|1').toString('base64url');
    for (const after of [forged, 'not*a*cursor', 'A'.repeat(201)]) {
      const res = await inbox(teacher.token, `&by=student&after=${after}`);
      expect(res.statusCode, after).toBe(400);
    }
    expect((await inbox(teacher.token, `&by=question&after=${page.nextCursor}`)).statusCode).toBe(400);
  });

  it('grading by student keeps the conflict rule: a stale version is a 409 and the first grade stays', async () => {
    const [answer] = (await ok<InboxPage>(await inbox(teacher.token, '&by=student&pageSize=1'))).items;
    const url = `/api/attempts/${answer!.attemptId}/answers/${answer!.questionId}/grade`;
    await ok(await call('PUT', url, teacher.token, { version: answer!.version, score: 3, comment: '' }));
    const stale = await call('PUT', url, teacher.token, { version: answer!.version, score: 1, comment: '' });
    expect(stale.statusCode).toBe(409);
    const after = await ok<InboxPage>(await inbox(teacher.token, '&by=student&status=graded'));
    expect(after.items.map((i) => i.score)).toEqual([3]);
  });
});

describe('anonymous grading, enforced by the server', () => {
  const identifying = () =>
    students.flatMap((s) => [s.user.id, s.email, s.user.firstname, s.user.lastname].filter(Boolean) as string[]);

  it('the assessment carries the setting; the authoring form can change it', async () => {
    expect(anonymousQuiz.anonymousGrading).toBe(true);
    const res = await call('GET', `/api/courses/${courseId}/assessments/${anonymousQuiz.id}`, teacher.token);
    expect(res.json<Assessment>().anonymousGrading).toBe(true);
    const bad = await call('PATCH', `/api/courses/${courseId}/assessments/${anonymousQuiz.id}`, teacher.token, {
      version: res.json<Assessment>().version,
      anonymousGrading: 'yes',
    });
    expect(bad.statusCode).toBe(400);
  });

  it('before release the inbox JSON carries no name, e-mail or id, only a stable label per attempt', async () => {
    for (const by of ['student', 'question']) {
      const res = await inbox(teacher.token, `&by=${by}&status=all`);
      expect(res.statusCode).toBe(200);
      for (const secret of identifying()) expect(res.body).not.toContain(secret);
      const items = res.json<InboxPage>().items;
      expect(items.every((i) => i.student.anonymous && i.student.id === null)).toBe(true);
      const labelOf = new Map<string, string>();
      for (const item of items) {
        expect(item.student.name).toMatch(/^Student \d+$/);
        // Both answers of one attempt carry the same label; two attempts never share one.
        expect(labelOf.get(item.attemptId) ?? item.student.name).toBe(item.student.name);
        labelOf.set(item.attemptId, item.student.name);
      }
      expect(new Set(labelOf.values()).size).toBe(3);
    }
    // Stable: the same label on the next call, and for admins too.
    const again = await ok<InboxPage>(await inbox(admin.token, '&by=student&status=all'));
    const first = await ok<InboxPage>(await inbox(teacher.token, '&by=student&status=all'));
    expect(again.items.map((i) => i.student.name)).toEqual(first.items.map((i) => i.student.name));
  });

  it("the grade route's answer names nobody either", async () => {
    const [answer] = (await ok<InboxPage>(await inbox(teacher.token, '&by=student'))).items;
    const res = await call(
      'PUT',
      `/api/attempts/${answer!.attemptId}/answers/${answer!.questionId}/grade`,
      teacher.token,
      {
        version: answer!.version,
        score: 2.5,
        comment: '<p>Good start.</p>',
      },
    );
    expect(res.statusCode, res.body).toBe(200);
    for (const secret of identifying()) expect(res.body).not.toContain(secret);
    expect(res.json<InboxAnswer>().student).toEqual({ id: null, name: answer!.student.name, anonymous: true });
  });

  it('the gradebook, its CSV and the attempts log hide them too until the release', async () => {
    const gradebookUrl = `/api/courses/${courseId}/gradebook`;
    const logUrl = `/api/courses/${courseId}/assessments/${anonymousQuiz.id}/attempts`;
    const column = (book: Gradebook) => book.columns.findIndex((c) => c.assessmentId === anonymousQuiz.id);

    const book = await ok<Gradebook>(await call('GET', gradebookUrl, teacher.token));
    const i = column(book);
    expect(book.columns[i]!.anonymous).toBe(true);
    // Every row's cell of the anonymous column is hidden: no score, attempts or lateness beside a name.
    expect(book.items.length).toBeGreaterThanOrEqual(3);
    for (const row of book.items) expect(row.cells[i]).toMatchObject({ hidden: true, points: null, attempts: 0 });
    const csv = await call('GET', `${gradebookUrl}.csv`, teacher.token);
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('hidden until release');

    const log = await call('GET', logUrl, teacher.token);
    expect(log.statusCode).toBe(200);
    for (const secret of identifying()) expect(log.body).not.toContain(secret);
    const rows = log.json<AttemptLogPage>().items;
    expect(rows).toHaveLength(3);
    for (const row of rows) {
      expect(row.student).toMatchObject({ id: null, email: '', anonymous: true });
      expect(row.student.name).toMatch(/^Student \d+$/);
      expect(row.ip).toBeNull();
    }
    // The log's labels are the inbox's labels.
    const inboxLabels = new Set(
      (await ok<InboxPage>(await inbox(teacher.token, '&status=all'))).items.map((a) => a.student.name),
    );
    expect(new Set(rows.map((r) => r.student.name))).toEqual(inboxLabels);

    // A hidden cell cannot be overridden (or its history read) before the release.
    const cellUrl = `${gradebookUrl}/${anonymousQuiz.id}/${students[0]!.user.id}`;
    const override = await call('POST', `${cellUrl}/override`, teacher.token, { points: 1, reason: 'Peek' });
    expect(override.statusCode).toBe(409);
    expect((await call('GET', `${cellUrl}/overrides`, teacher.token)).statusCode).toBe(409);

    // Released: the cells, the log's names and the override come back.
    await ok(
      await call('POST', `/api/courses/${courseId}/assessments/${anonymousQuiz.id}/release`, teacher.token, {
        released: true,
      }),
    );
    const after = await ok<Gradebook>(await call('GET', gradebookUrl, teacher.token));
    expect(after.items.every((row) => row.cells[i]!.hidden === false)).toBe(true);
    expect(after.items.some((row) => row.cells[i]!.attempts > 0)).toBe(true);
    const named = await ok<AttemptLogPage>(await call('GET', logUrl, teacher.token));
    expect(named.items.map((r) => r.student.id).sort()).toEqual(students.map((s) => s.user.id).sort());
    expect((await call('GET', `${cellUrl}/overrides`, teacher.token)).statusCode).toBe(200);
    await ok(
      await call('POST', `/api/courses/${courseId}/assessments/${anonymousQuiz.id}/release`, teacher.token, {
        released: false,
      }),
    );
  });

  it('once the grades are released the names are shown', async () => {
    await ok(
      await call('POST', `/api/courses/${courseId}/assessments/${anonymousQuiz.id}/release`, teacher.token, {
        released: true,
      }),
    );
    const page = await ok<InboxPage>(await inbox(teacher.token, '&by=student&status=all'));
    expect(page.items[0]!.student).toMatchObject({ id: students[0]!.user.id, anonymous: false });
    expect(page.items[0]!.student.name).toContain('Ada');
    // Taking the release back hides them again.
    await ok(
      await call('POST', `/api/courses/${courseId}/assessments/${anonymousQuiz.id}/release`, teacher.token, {
        released: false,
      }),
    );
    const hidden = await inbox(teacher.token, '&by=student&status=all');
    expect(hidden.body).not.toContain(students[0]!.user.id);
  });

  it('a quiz without the setting shows names as before', async () => {
    const open = await publishedAssessment({ title: 'Named essay', points: 4 }, [essays[0]!.id]);
    const attempt = await ok<AttemptForStudent>(
      await call('POST', `/api/courses/${courseId}/assessments/${open.id}/attempts`, students[1]!.token, {}),
      201,
    );
    await ok(
      await call('PUT', `/api/attempts/${attempt.id}/answers/${essays[0]!.id}`, students[1]!.token, {
        response: { html: '<p>Signed answer</p>' },
      }),
    );
    await ok(await call('POST', `/api/attempts/${attempt.id}/submit`, students[1]!.token));
    const page = await ok<InboxPage>(
      await call('GET', `/api/grading/inbox?assessmentId=${open.id}&status=all`, teacher.token),
    );
    expect(page.items[0]!.student).toMatchObject({ id: students[1]!.user.id, anonymous: false });
  });
});

describe('release after the due date: the learner’s own due date, by the server’s clock', () => {
  let quiz: Assessment;
  let accommodated: TestUser;
  let plain: TestUser;
  const due = START + 24 * HOUR;
  const attemptIds = new Map<string, string>();

  beforeAll(async () => {
    quiz = await publishedAssessment(
      {
        title: 'Due Friday',
        points: 10,
        dueAt: new Date(due).toISOString(),
        releaseScore: 'after_due',
        releaseFeedback: 'after_due',
        releaseAnswers: 'after_due',
      },
      [choice.id],
    );
    [accommodated, plain] = [students[0]!, students[1]!];
    const cls = await ok<TeacherClass>(
      await call('POST', '/api/classes', teacher.token, { name: 'Period 1', courseIds: [courseId] }),
      201,
    );
    await ok(await call('POST', '/api/classes/join', accommodated.token, { code: cls.code }));
    await ok(
      await call('PUT', `/api/classes/${cls.id}/members/${accommodated.user.id}/accommodation`, teacher.token, {
        dueExtensionHours: 48,
      }),
    );
    for (const student of [accommodated, plain]) {
      const attempt = await ok<AttemptForStudent>(
        await call('POST', `/api/courses/${courseId}/assessments/${quiz.id}/attempts`, student.token, {}),
        201,
      );
      await ok(
        await call('PUT', `/api/attempts/${attempt.id}/answers/${choice.id}`, student.token, {
          response: { chosen: ['a'] },
        }),
      );
      await ok(await call('POST', `/api/attempts/${attempt.id}/submit`, student.token));
      attemptIds.set(student.user.id, attempt.id);
    }
  });

  const cellOf = async (student: TestUser) => {
    const grades = await ok<MyGrades>(await call('GET', `/api/me/courses/${courseId}/grades`, student.token));
    return grades.cells[grades.columns.findIndex((c) => c.assessmentId === quiz.id)]!;
  };
  const attemptOfStudent = async (student: TestUser) =>
    ok<AttemptForStudent>(await call('GET', `/api/attempts/${attemptIds.get(student.user.id)}`, student.token));
  const myAttemptRow = async (student: TestUser) => {
    const page = await ok<MyAttemptPage>(await call('GET', '/api/me/quiz-attempts?pageSize=50', student.token));
    return page.items.find((row) => row.id === attemptIds.get(student.user.id))!;
  };

  it('before the due date: no score anywhere, and each learner is told when it will appear', async () => {
    nowMs = START + HOUR;
    const extended = new Date(due + 48 * HOUR).toISOString();
    expect(await cellOf(plain)).toMatchObject({
      released: false,
      points: null,
      releasesAt: new Date(due).toISOString(),
    });
    expect(await cellOf(accommodated)).toMatchObject({ released: false, points: null, releasesAt: extended });
    const receipt = await attemptOfStudent(accommodated);
    expect(receipt.result).toMatchObject({ score: null, releasesAt: extended });
    expect(await myAttemptRow(accommodated)).toMatchObject({ score: null, releasesAt: extended });
    expect(await myAttemptRow(plain)).toMatchObject({ score: null, releasesAt: new Date(due).toISOString() });
  });

  it('once a learner’s due date passes the score appears without a teacher action; an extension waits longer', async () => {
    nowMs = due + 60_000;
    expect(await cellOf(plain)).toMatchObject({ released: true, points: 10, releasesAt: null });
    expect((await myAttemptRow(plain)).score).toBe(10);
    expect(await cellOf(accommodated)).toMatchObject({ released: false, points: null });
    expect((await attemptOfStudent(accommodated)).result).toMatchObject({ score: null });

    nowMs = due + 48 * HOUR + 60_000;
    expect(await cellOf(accommodated)).toMatchObject({ released: true, points: 10 });
    expect((await attemptOfStudent(accommodated)).result).toMatchObject({ score: 10, releasesAt: null });
    expect((await myAttemptRow(accommodated)).score).toBe(10);
    nowMs = START;
  });
});

describe('admins see all', () => {
  it("an admin reads every course's inbox, filters by course, and opens any gradebook and item analysis", async () => {
    const all = await ok<InboxPage>(await call('GET', '/api/grading/inbox?status=all&by=student', admin.token));
    expect(all.items.some((i) => i.course.id === courseId)).toBe(true);
    const filtered = await ok<InboxPage>(
      await call('GET', `/api/grading/inbox?status=all&courseId=${courseId}`, admin.token),
    );
    expect(filtered.items.every((i) => i.course.id === courseId)).toBe(true);
    const none = await ok<InboxPage>(await call('GET', `/api/grading/inbox?courseId=${otherCourseId}`, admin.token));
    expect(none.total).toBe(0);
    expect((await call('GET', `/api/courses/${courseId}/gradebook`, admin.token)).statusCode).toBe(200);
    expect(
      (await call('GET', `/api/courses/${courseId}/assessments/${anonymousQuiz.id}/item-analysis`, admin.token))
        .statusCode,
    ).toBe(200);
  });

  it("another teacher gets 403 on the course's inbox, gradebook, item analysis and grading", async () => {
    expect((await call('GET', `/api/grading/inbox?courseId=${courseId}`, otherTeacher.token)).statusCode).toBe(403);
    expect((await call('GET', `/api/courses/${courseId}/gradebook`, otherTeacher.token)).statusCode).toBe(403);
    expect(
      (await call('GET', `/api/courses/${courseId}/assessments/${anonymousQuiz.id}/item-analysis`, otherTeacher.token))
        .statusCode,
    ).toBe(403);
    const grade = await call(
      'PUT',
      `/api/attempts/${attemptOf[2]}/answers/${essays[1]!.id}/grade`,
      otherTeacher.token,
      {
        version: 1,
        score: 1,
        comment: '',
      },
    );
    expect(grade.statusCode).toBe(403);
    // Nothing else shows up in their own inbox.
    const own = await ok<InboxPage>(await call('GET', '/api/grading/inbox?status=all', otherTeacher.token));
    expect(own.total).toBe(0);
  });
});
