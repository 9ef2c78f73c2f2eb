import type { ClassGrade, TeacherClass } from '@lyceum/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTokenService } from '../src/auth/tokens.js';
import { guardianSummaryMail } from '../src/features/notifications/mail.js';
import { createWeeklySummary, isoWeek } from '../src/features/guardians/summary.js';
import { createSmtpMailer } from '../src/lib/mailer.js';
import { setUpQuiz, type QuizSetup } from './assessment-helpers.js';
import { createCourse } from './course-helpers.js';
import { bearer, createUser, TEST_SECRET, useTestApp, type TestUser } from './helper.js';
import { startSmtpServer } from './mail-helper.js';
import { createGuardian } from './security/route-table.js';

/**
 * The guardians' weekly summary (issue 52, ADR 070): per child not muted, missing work, the week's new released
 * grades (never an unreleased one) and the week's absences, in
 * the guardian's language, with a signed one-click unsubscribe; once per guardian per ISO week even when two
 * processes run the job at the same moment.
 */
const NOW = Date.parse('2030-01-10T08:00:00Z');
const smtp = await startSmtpServer();
const FROM = 'Lyceum <no-reply@lyceum.test>';
const ctx = useTestApp({ env: { JOB_RUNNER: 'off' } });
afterAll(() => smtp.close());

let teacher: TestUser;
let alice: TestUser;
let bob: TestUser;
let parent: TestUser;
let cls: TeacherClass;

const ESSAY = {
  title: 'Why indexes?',
  prompt: '<p>Explain why databases use indexes.</p>',
  points: 10,
  content: { type: 'essay' as const, body: {}, key: {} },
};

/** A graded attempt of the student at the quiz, `score` of 10, handed in and written at `at`. */
async function graded(quiz: QuizSetup, student: TestUser, score: number, at: string) {
  await ctx.database.db.execute(sql`
    insert into attempts (assessment_id, course_id, student_id, number, status, started_at, submitted_at,
      question_ids, seed, raw_score, max_score, score, created_at, updated_at)
    values (${quiz.assessment.id}, ${quiz.courseId}, ${student.user.id}, 1, 'graded', ${at}::timestamptz,
      ${at}::timestamptz, array[${quiz.questions[0]!.id}]::uuid[], 1, ${score}, 10, ${score}, ${at}::timestamptz,
      ${at}::timestamptz)`);
}

/** A process's summary job: its own SMTP connection, the same database. */
function aProcess() {
  const tokens = createTokenService(TEST_SECRET);
  return createWeeklySummary(ctx.database.db, {
    mailer: createSmtpMailer({ url: smtp.url, from: FROM }),
    clock: () => NOW,
    publicUrl: 'https://lyceum.test',
    mac: (purpose, data) => tokens.mac(purpose, data),
    missingWork: async () => ['Essay on indexes'],
    // The guardian's own read of the child's grades, as the app answers it (released ones only).
    releasedGrades: async (studentId, classId) => {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/api/guardian/children/${studentId}/classes/${classId}/grades?pageSize=100`,
        headers: bearer(parent.token),
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ items: ClassGrade[] }>().items;
    },
    summaryMail: guardianSummaryMail,
  });
}
const mailsTo = (who: TestUser) => smtp.received.filter((m) => m.to.includes(who.email.toLowerCase()));

beforeAll(async () => {
  [teacher, alice, bob] = await Promise.all([
    createUser(ctx, 'teacher'),
    createUser(ctx, 'student', { firstname: 'Alice', lastname: 'Adams' }),
    createUser(ctx, 'student', { firstname: 'Bob', lastname: 'Adams' }),
  ]);
  const course = await createCourse(ctx, teacher.token, { title: 'Biology', status: 'published' });
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/classes',
    headers: bearer(teacher.token),
    payload: { name: 'Biology', courseIds: [course.id] },
  });
  cls = res.json<TeacherClass>();
  for (const s of [alice, bob])
    await ctx.app.inject({
      method: 'POST',
      url: '/api/classes/join',
      headers: bearer(s.token),
      payload: { code: cls.code },
    });
  // Alice's quizzes in a second class: one released and graded this week, one graded this week but not released
  // (released by hand, never yet), one released but graded three weeks before (not new).
  const [released, hidden, old] = [
    await setUpQuiz(ctx, { title: 'Released quiz', releaseScore: 'immediately' }, [ESSAY], { teacher }),
    await setUpQuiz(ctx, { title: 'Hidden quiz', releaseScore: 'manual' }, [ESSAY], { teacher }),
    await setUpQuiz(ctx, { title: 'Old quiz', releaseScore: 'immediately' }, [ESSAY], { teacher }),
  ];
  const chemistry = await ctx.app.inject({
    method: 'POST',
    url: '/api/classes',
    headers: bearer(teacher.token),
    payload: { name: 'Chemistry P1', courseIds: [released.courseId, hidden.courseId, old.courseId] },
  });
  const chem = chemistry.json<TeacherClass>();
  await ctx.app.inject({
    method: 'POST',
    url: '/api/classes/join',
    headers: bearer(alice.token),
    payload: { code: chem.code },
  });
  for (const quiz of [released, hidden, old])
    await ctx.database.db.execute(sql`
      insert into class_assignments (class_id, item_id, whole_class, created_by)
      values (${chem.id}, ${quiz.assessment.id}, true, ${teacher.user.id})`);
  await graded(released, alice, 8, '2030-01-08T10:00:00Z');
  await graded(hidden, alice, 3, '2030-01-09T10:00:00Z');
  await graded(old, alice, 6, '2029-12-18T10:00:00Z');
  // One parent of both, in Spanish; Alice absent twice this week (and once the week before), Bob never.
  parent = await createGuardian(ctx, alice.user.id);
  await ctx.database.db.execute(sql`
    insert into guardian_links (guardian_id, student_id) values (${parent.user.id}, ${bob.user.id})`);
  await ctx.database.db.execute(sql`update users set language = 'es' where id = ${parent.user.id}`);
  await ctx.database.db.execute(sql`
    with s as (
      insert into attendance_sessions (class_id, on_date, start_time, time_zone, starts_at)
      select ${cls.id}, d::date, '08:00', 'UTC', d from unnest(array[
        '2030-01-08T08:00:00Z', '2030-01-09T08:00:00Z', '2030-01-01T08:00:00Z']::timestamptz[]) as d
      returning id)
    insert into attendance_records (session_id, student_id, status) select id, ${alice.user.id}, 'absent' from s`);
});

describe('the weekly summary', () => {
  it('is sent once per guardian per week when two processes run the job at the same moment', async () => {
    const [a, b] = [aProcess(), aProcess()];
    const sent = await Promise.all([a.send(), b.send()]);
    expect(sent[0] + sent[1]).toBe(1);
    expect(mailsTo(parent)).toHaveLength(1);
    // Running it again this week sends nothing; the key is the guardian and the ISO week.
    expect(await a.send()).toBe(0);
    expect(mailsTo(parent)).toHaveLength(1);
    const rows = await ctx.database.db.execute(sql`
      select iso_week from guardian_summaries where guardian_id = ${parent.user.id}`);
    expect((rows as unknown as { rows: { iso_week: string }[] }).rows).toEqual([{ iso_week: isoWeek(NOW) }]);
    expect(isoWeek(NOW)).toBe('2030-W02');
  });

  it('lists each child with missing work and the week’s absences, in the guardian’s language, with unsubscribe', () => {
    const mail = mailsTo(parent)[0]!.raw;
    expect(mail).toContain('Tu resumen semanal de Lyceum');
    expect(mail).toContain('Alice Adams');
    expect(mail).toContain('2 faltas esta semana');
    expect(mail).toContain('Bob Adams');
    expect(mail).toContain('Ninguna falta esta semana');
    expect(mail).toContain('Essay on indexes');
    // New grades: Alice's released score of this week, in her class; never the unreleased one, nor last month's.
    expect(mail).toContain('1 nota nueva esta semana');
    expect(mail).toContain('Released quiz (Chemistry P1): 80');
    expect(mail).not.toContain('Hidden quiz');
    expect(mail).not.toContain('Old quiz');
    expect(mail).toContain('Ninguna nota nueva esta semana');
    // Headers as a mail client reads them: folded lines joined (the helper's quoted-printable decoding may have
    // taken "=4f…" after "token" for an escape: the header is matched up to there).
    const headers = mail.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, '');
    expect(headers).toMatch(/List-Unsubscribe:\s*<https:\/\/lyceum\.test\/api\/guardian\/summary\/unsubscribe\?token/);
  });

  it('leaves out a muted child, sends nothing once off, and the signed link turns it off without a login', async () => {
    const read = () =>
      ctx.app.inject({ method: 'GET', url: '/api/guardian/summary-settings', headers: bearer(parent.token) });
    // What the settings screen starts from: on, no child muted.
    expect((await read()).json()).toEqual({ weeklySummary: true, mutedStudentIds: [] });
    const put = await ctx.app.inject({
      method: 'PUT',
      url: '/api/guardian/summary-settings',
      headers: bearer(parent.token),
      payload: { weeklySummary: true, mutedStudentIds: [bob.user.id, teacher.user.id] },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toEqual({ weeklySummary: true, mutedStudentIds: [bob.user.id] });
    // Read back as stored, for the guardian's settings screen.
    expect((await read()).json()).toEqual({ weeklySummary: true, mutedStudentIds: [bob.user.id] });
    // Next week: Bob is left out.
    const nextWeek = NOW + 7 * 86_400_000;
    const before = smtp.received.length;
    await aProcess().send(nextWeek);
    const mail = (await smtp.waitFor(parent.email, before)).raw;
    expect(mail).toContain('Alice Adams');
    expect(mail).not.toContain('Bob Adams');

    // The link's token, tampered with: 400; as sent: the summary is off, no session needed.
    const token = decodeURIComponent(/unsubscribe\?token=([^\s>"]+)/.exec(mail)![1]!);
    const forged = await ctx.app.inject({
      method: 'POST',
      url: `/api/guardian/summary/unsubscribe?token=${encodeURIComponent(`${bob.user.id}~${token.split('~')[1]}`)}`,
    });
    expect(forged.statusCode).toBe(400);
    const page = await ctx.app.inject({
      method: 'GET',
      url: `/api/guardian/summary/unsubscribe?token=${encodeURIComponent(token)}`,
    });
    expect(page.statusCode).toBe(200);
    const off = await ctx.app.inject({
      method: 'POST',
      url: `/api/guardian/summary/unsubscribe?token=${encodeURIComponent(token)}`,
    });
    expect(off.statusCode, off.body).toBe(200);
    expect((await read()).json()).toEqual({ weeklySummary: false, mutedStudentIds: [bob.user.id] });
    const sentBefore = smtp.received.length;
    expect(await aProcess().send(nextWeek + 7 * 86_400_000)).toBe(0);
    expect(smtp.received.length).toBe(sentBefore);
  });
});
