import type { Badges, MyCertificatesPage, PublicCertificate, StudentDashboard } from '@lyceum/contract';
import { CERTIFICATE_CODE_PATTERN } from '@lyceum/contract';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { certificates, forumQuestions } from '../src/db/schema/index.js';
import { createCourse } from './course-helpers.js';
import { curriculumApi } from './curriculum-helpers.js';
import { bearer, createUser, useTestApp, type TestUser } from './helper.js';

const ctx = useTestApp();
const api = curriculumApi(ctx);

let teacher: TestUser;
let admin: TestUser;

beforeAll(async () => {
  teacher = await createUser(ctx, 'teacher', { firstname: 'Grace', lastname: 'Hopper' });
  admin = await createUser(ctx, 'admin');
});

/** A published course of `teacher` with `lessons` published lessons in one section. */
async function smallCourse(lessons: number, title = 'Databases 101') {
  const course = await createCourse(ctx, teacher.token, { status: 'published', title });
  const section = await api.section(teacher.token, course.id, 'Week 1');
  const ids: string[] = [];
  for (let i = 0; i < lessons; i += 1) {
    ids.push((await api.lesson(teacher.token, course.id, section.id, { title: `Lesson ${i + 1}` })).id);
  }
  return { courseId: course.id, sectionId: section.id, lessonIds: ids };
}

async function completeAll(student: TestUser, courseId: string, lessonIds: string[]) {
  for (const id of lessonIds) expect((await api.complete(student.token, courseId, id)).statusCode).toBe(200);
}

const get = (url: string, token?: string) =>
  ctx.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });

async function myCertificates(student: TestUser) {
  const res = await get('/api/student/certificates', student.token);
  expect(res.statusCode).toBe(200);
  return res.json<MyCertificatesPage>();
}

describe('certificates', () => {
  it('are issued when the last lesson is completed, with an unguessable code, and kept when lessons are added', async () => {
    const student = await createUser(ctx, 'student', { firstname: 'Ada', lastname: 'Lovelace' });
    const { courseId, sectionId, lessonIds } = await smallCourse(2);
    await api.enrol(student.token, courseId);
    await completeAll(student, courseId, lessonIds.slice(0, 1));
    expect((await myCertificates(student)).items).toEqual([]);

    await completeAll(student, courseId, lessonIds.slice(1));
    const [certificate] = (await myCertificates(student)).items;
    expect(certificate).toMatchObject({
      courseId,
      studentName: 'Ada Lovelace',
      courseTitle: 'Databases 101',
      teacherName: 'Grace Hopper',
      pdfUrl: `/api/certificates/${certificate!.code}/pdf`,
    });
    expect(certificate!.code).toMatch(CERTIFICATE_CODE_PATTERN);
    const ofCourse = await get(`/api/student/certificates?courseId=${courseId}`, student.token);
    expect(ofCourse.json<MyCertificatesPage>().items.map((c) => c.code)).toEqual([certificate!.code]);
    const other = await get(`/api/student/certificates?courseId=${crypto.randomUUID()}`, student.token);
    expect(other.json<MyCertificatesPage>().items).toEqual([]);

    // The teacher adds a lesson: the enrolment stays completed and the certificate stays the same.
    await api.lesson(teacher.token, courseId, sectionId, { title: 'Bonus lesson' });
    const after = await myCertificates(student);
    expect(after.items).toHaveLength(1);
    expect(after.items[0]!.code).toBe(certificate!.code);
  });

  it('is issued exactly once when the last lesson is completed by many concurrent requests', async () => {
    const student = await createUser(ctx, 'student');
    const { courseId, lessonIds } = await smallCourse(1, 'Race course');
    await api.enrol(student.token, courseId);
    const results = await Promise.all(
      Array.from({ length: 20 }, () => api.complete(student.token, courseId, lessonIds[0]!)),
    );
    expect(results.map((r) => r.statusCode).every((s) => s === 200)).toBe(true);
    const rows = await ctx.database.db.select().from(certificates).where(eq(certificates.studentId, student.user.id));
    expect(rows).toHaveLength(1);
  });

  it('is not issued for a course "marked completed" by the student without a curriculum', async () => {
    const student = await createUser(ctx, 'student');
    const course = await createCourse(ctx, teacher.token, { status: 'published', title: 'No lessons' });
    await api.enrol(student.token, course.id);
    const done = await ctx.app.inject({
      method: 'POST',
      url: `/api/student/enrolments/${course.id}/complete`,
      headers: bearer(student.token),
    });
    expect(done.statusCode).toBe(200);
    expect((await myCertificates(student)).total).toBe(0);
  });

  it('verification shows only name, course, teacher and date — never the e-mail — and 404s unknown codes', async () => {
    const student = await createUser(ctx, 'student', { firstname: 'Alan', lastname: 'Turing' });
    const { courseId, lessonIds } = await smallCourse(1, 'Computability');
    await api.enrol(student.token, courseId);
    await completeAll(student, courseId, lessonIds);
    const { code } = (await myCertificates(student)).items[0]!;

    const res = await get(`/api/certificates/${code}`);
    expect(res.statusCode).toBe(200);
    const body = res.json<PublicCertificate>();
    expect(Object.keys(body).sort()).toEqual(['code', 'courseTitle', 'issuedAt', 'studentName', 'teacherName']);
    expect(body).toMatchObject({
      studentName: 'Alan Turing',
      courseTitle: 'Computability',
      teacherName: 'Grace Hopper',
    });
    expect(res.body).not.toContain(student.email);
    expect(res.body).not.toContain(student.user.id);
    expect(res.body).not.toContain('@');

    // Codes are typed by people: lower case and dashes are accepted.
    const typed = `${code.slice(0, 4)}-${code.slice(4, 8)}-${code.slice(8, 12)}-${code.slice(12)}`.toLowerCase();
    expect((await get(`/api/certificates/${typed}`)).statusCode).toBe(200);

    for (const unknown of ['0000000000000000', 'not-a-code', "'; drop table certificates; --", 'A'.repeat(64)]) {
      const miss = await get(`/api/certificates/${encodeURIComponent(unknown)}`);
      expect(miss.statusCode, unknown).toBe(404);
      expect(miss.json()).toMatchObject({ message: 'Certificate not found' });
    }
  });

  it('downloads as a PDF for its student and admins only', async () => {
    const student = await createUser(ctx, 'student', { firstname: 'Emmy', lastname: 'Noether' });
    const other = await createUser(ctx, 'student');
    const { courseId, lessonIds } = await smallCourse(1, 'Algebra');
    await api.enrol(student.token, courseId);
    await completeAll(student, courseId, lessonIds);
    const { code, pdfUrl } = (await myCertificates(student)).items[0]!;

    for (const token of [student.token, admin.token]) {
      const res = await get(pdfUrl, token);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toBe(`attachment; filename="lyceum-certificate-${code}.pdf"`);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(res.rawPayload.subarray(-6).toString('latin1')).toContain('%%EOF');
      expect(res.rawPayload.byteLength).toBeGreaterThan(1000);
    }
    expect((await get(pdfUrl, other.token)).statusCode).toBe(404);
    expect((await get(pdfUrl, teacher.token)).statusCode).toBe(403);
    expect((await get(pdfUrl)).statusCode).toBe(401);
  });
});

describe('badges', () => {
  async function badges(student: TestUser) {
    const res = await get('/api/student/badges', student.token);
    expect(res.statusCode).toBe(200);
    return res.json<Badges>();
  }
  const earnedIds = (b: Badges) => b.badges.filter((x) => x.earned).map((x) => x.id);

  it('follow the rules: first lesson, first course, five courses, accepted answer, seven-day streak', async () => {
    const student = await createUser(ctx, 'student');
    expect(await badges(student)).toMatchObject({ earned: 0 });
    expect((await badges(student)).badges.map((b) => b.id)).toEqual([
      'first-lesson',
      'first-course',
      'five-courses',
      'accepted-answer',
      'week-streak',
    ]);

    const courses = [];
    for (let i = 0; i < 5; i += 1) courses.push(await smallCourse(2, `Course ${i + 1}`));
    for (const course of courses) await api.enrol(student.token, course.courseId);

    await completeAll(student, courses[0]!.courseId, courses[0]!.lessonIds.slice(0, 1));
    expect(earnedIds(await badges(student))).toEqual(['first-lesson']);

    await completeAll(student, courses[0]!.courseId, courses[0]!.lessonIds.slice(1));
    expect(earnedIds(await badges(student))).toEqual(['first-lesson', 'first-course']);

    for (const course of courses.slice(1, 4)) await completeAll(student, course.courseId, course.lessonIds);
    expect(earnedIds(await badges(student))).not.toContain('five-courses');
    await completeAll(student, courses[4]!.courseId, courses[4]!.lessonIds);
    const five = await badges(student);
    expect(earnedIds(five)).toEqual(['first-lesson', 'first-course', 'five-courses']);
    expect(five.badges.find((b) => b.id === 'five-courses')!.earnedAt).not.toBeNull();

    // Someone accepts the student's forum answer.
    const asker = await createUser(ctx, 'student');
    const question = await ctx.app.inject({
      method: 'POST',
      url: '/api/forum/questions',
      headers: bearer(asker.token),
      payload: { question: 'What is an index?', description: 'Explain please.', tags: ['sql'] },
    });
    const answer = await ctx.app.inject({
      method: 'POST',
      url: `/api/forum/questions/${question.json().id}/answers`,
      headers: bearer(student.token),
      payload: { answer: 'A sorted structure.' },
    });
    expect(answer.statusCode).toBe(201);
    expect(earnedIds(await badges(student))).not.toContain('accepted-answer');
    await ctx.database.db
      .update(forumQuestions)
      .set({ acceptedAnswerId: answer.json().id })
      .where(eq(forumQuestions.id, question.json().id));
    expect(earnedIds(await badges(student))).toContain('accepted-answer');

    // The dashboard card counts the same badges.
    const dashboard = await get('/api/student/dashboard', student.token);
    expect(dashboard.json<StudentDashboard>().badges).toBe(4);
  });

  it('award the streak for completions on seven consecutive UTC days, not six or seven scattered days', async () => {
    const student = await createUser(ctx, 'student');
    const course = await smallCourse(14, 'Streak course');
    await api.enrol(student.token, course.courseId);
    await completeAll(student, course.courseId, course.lessonIds);
    const setDays = async (days: number[]) => {
      // Lesson i was completed `days[i]` days ago (at noon UTC); the rest long ago.
      await ctx.database.db.execute(sql`
        update item_completions set completed_at = date_trunc('day', now() at time zone 'UTC') at time zone 'UTC'
          + interval '12 hours' - make_interval(days => coalesce((${JSON.stringify(days)}::jsonb ->> (ci.position))::int, 400))
        from course_items ci where ci.id = item_completions.item_id and item_completions.student_id = ${student.user.id}::uuid`);
    };
    await setDays([1, 2, 3, 4, 5, 6]);
    expect(earnedIds(await badges(student))).not.toContain('week-streak');
    await setDays([1, 2, 3, 5, 6, 7, 8, 10, 12]);
    expect(earnedIds(await badges(student))).not.toContain('week-streak');
    await setDays([20, 19, 18, 17, 17, 16, 15, 14]);
    const streak = (await badges(student)).badges.find((b) => b.id === 'week-streak')!;
    expect(streak.earned).toBe(true);
    // Earned on the seventh day of the run (14 days ago).
    const expected = new Date();
    expected.setUTCHours(0, 0, 0, 0);
    expected.setUTCDate(expected.getUTCDate() - 14);
    expect(streak.earnedAt).toBe(expected.toISOString());
  });
});
