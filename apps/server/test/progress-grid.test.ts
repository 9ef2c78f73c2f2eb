import type { Lesson, ProgressGrid } from '@lyceum/contract';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { countQueries, createCourse } from './course-helpers.js';
import { curriculumApi } from './curriculum-helpers.js';
import { bearer, createUser, useTestApp, type TestUser } from './helper.js';

const ctx = useTestApp();
const api = curriculumApi(ctx);

let teacher: TestUser;
let otherTeacher: TestUser;
let admin: TestUser;

beforeAll(async () => {
  [teacher, otherTeacher, admin] = await Promise.all([
    createUser(ctx, 'teacher'),
    createUser(ctx, 'teacher'),
    createUser(ctx, 'admin'),
  ]);
});

const get = (url: string, token?: string) =>
  ctx.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });

/** A published course with one section of `n` published lessons. */
async function courseWithLessons(n: number, title = 'Grid course') {
  const course = await createCourse(ctx, teacher.token, { status: 'published', title });
  const section = await api.section(teacher.token, course.id, 'Week 1');
  const lessons: Lesson[] = [];
  for (let i = 0; i < n; i += 1) {
    lessons.push(await api.lesson(teacher.token, course.id, section.id, { title: `L${i + 1}` }));
  }
  return { courseId: course.id, lessons };
}

/** `count` students enrolled in the course, straight in SQL: each completed the first lesson and opened the second. */
async function enrolMany(courseId: string, count: number, prefix: string) {
  await ctx.database.db.execute(sql`
    with s as (
      insert into users (role, email, username, password_hash, firstname, lastname)
      select 'student', ${prefix} || n || '@example.test', ${prefix} || ' ' || n, 'x', 'Student', ${prefix} || lpad(n::text, 4, '0')
      from generate_series(1, ${count}) as n
      returning id
    )
    insert into enrolments (student_id, course_id) select id, ${courseId}::uuid from s`);
  await ctx.database.db.execute(sql`
    insert into item_completions (student_id, item_id)
    select e.student_id, ci.id from enrolments e join course_items ci on ci.course_id = e.course_id and ci.position = 0
    where e.course_id = ${courseId}::uuid
    on conflict do nothing`);
  await ctx.database.db.execute(sql`
    insert into item_opens (student_id, item_id)
    select e.student_id, ci.id from enrolments e join course_items ci on ci.course_id = e.course_id and ci.position = 1
    where e.course_id = ${courseId}::uuid
    on conflict do nothing`);
}

describe('the progress grid', () => {
  it('shows each student × item as completed, opened or not started, with progress and last activity', async () => {
    const { courseId, lessons } = await courseWithLessons(3, 'Small grid');
    const ada = await createUser(ctx, 'student', { firstname: 'Ada', lastname: 'Lovelace' });
    const bob = await createUser(ctx, 'student', { firstname: 'Bob', lastname: 'Byte' });
    await api.enrol(ada.token, courseId);
    await api.enrol(bob.token, courseId);
    expect((await api.complete(ada.token, courseId, lessons[0]!.id)).statusCode).toBe(200);
    expect((await get(`/api/courses/${courseId}/lessons/${lessons[1]!.id}`, ada.token)).statusCode).toBe(200);

    const res = await get(`/api/courses/${courseId}/progress-grid?sort=progress&order=desc`, teacher.token);
    expect(res.statusCode).toBe(200);
    const grid = res.json<ProgressGrid>();
    expect(grid.courseTitle).toBe('Small grid');
    expect(grid.columns.map((c) => [c.sectionTitle, c.title])).toEqual([
      ['Week 1', 'L1'],
      ['Week 1', 'L2'],
      ['Week 1', 'L3'],
    ]);
    expect(grid.total).toBe(2);
    expect(grid.items.map((r) => [r.name, r.percent, r.states])).toEqual([
      ['Ada Lovelace', 33, ['completed', 'opened', 'not_started']],
      ['Bob Byte', 0, ['not_started', 'not_started', 'not_started']],
    ]);
    const [adaRow, bobRow] = grid.items;
    expect(new Date(adaRow!.lastActivityAt).getTime()).toBeGreaterThan(new Date(bobRow!.lastActivityAt).getTime());
    expect(JSON.stringify(grid)).not.toContain(ada.email);

    // Sorted by last activity, oldest first: Bob (enrolled, nothing since) before Ada.
    const byActivity = (
      await get(`/api/courses/${courseId}/progress-grid?sort=lastActivity&order=asc`, teacher.token)
    ).json<ProgressGrid>();
    expect(byActivity.items.map((r) => r.name)).toEqual(['Bob Byte', 'Ada Lovelace']);
    const byName = (
      await get(`/api/courses/${courseId}/progress-grid?sort=name&order=desc`, admin.token)
    ).json<ProgressGrid>();
    expect(byName.items.map((r) => r.name)).toEqual(['Ada Lovelace', 'Bob Byte']);
  });

  it("is for the course's teacher and admins only, and refuses bad queries", async () => {
    const { courseId } = await courseWithLessons(1, 'Private grid');
    const student = await createUser(ctx, 'student');
    expect((await get(`/api/courses/${courseId}/progress-grid`, otherTeacher.token)).statusCode).toBe(403);
    expect((await get(`/api/courses/${courseId}/progress-grid.csv`, otherTeacher.token)).statusCode).toBe(403);
    expect((await get(`/api/courses/${courseId}/progress-grid`, student.token)).statusCode).toBe(403);
    expect((await get(`/api/courses/${courseId}/progress-grid`)).statusCode).toBe(401);
    expect((await get(`/api/courses/${courseId}/progress-grid`, admin.token)).statusCode).toBe(200);
    expect(
      (await get(`/api/courses/00000000-0000-4000-8000-000000000000/progress-grid`, teacher.token)).statusCode,
    ).toBe(404);
    for (const query of ['sort=email', 'pageSize=1000', 'page=0', 'order=sideways']) {
      expect((await get(`/api/courses/${courseId}/progress-grid?${query}`, teacher.token)).statusCode, query).toBe(400);
    }
  });

  it('reads a page of 12 or of 500 enrolled students in the same number of queries', async () => {
    const small = await courseWithLessons(4, 'Twelve students');
    const large = await courseWithLessons(4, 'Five hundred students');
    await enrolMany(small.courseId, 12, 'small');
    await enrolMany(large.courseId, 500, 'large');
    const counts: number[] = [];
    for (const { courseId } of [small, large]) {
      for (const sort of ['name', 'progress', 'lastActivity']) {
        let res: Awaited<ReturnType<typeof get>> | undefined;
        const statements = await countQueries(ctx.database, async () => {
          res = await get(`/api/courses/${courseId}/progress-grid?sort=${sort}&pageSize=100`, teacher.token);
        });
        expect(res!.statusCode).toBe(200);
        counts.push(statements.length);
      }
    }
    expect(counts, JSON.stringify(counts)).toEqual(counts.map(() => counts[0]));
    // Authentication, the course, the columns, the count, the page, the cells.
    expect(counts[0]).toBeLessThanOrEqual(6);

    const page = (
      await get(`/api/courses/${large.courseId}/progress-grid?pageSize=100&page=5`, teacher.token)
    ).json<ProgressGrid>();
    expect(page).toMatchObject({ total: 500, lastPage: 5, page: 5 });
    expect(page.items).toHaveLength(100);
    expect(page.items[99]!.name).toBe('Student large0500');
    expect(page.items.every((r) => r.states.join() === 'completed,opened,not_started,not_started')).toBe(true);
  });

  it('exports every student as formula-safe CSV', async () => {
    const { courseId, lessons } = await courseWithLessons(2, 'Export grid');
    const mallory = await createUser(ctx, 'student', { firstname: '=HYPERLINK("http://x")', lastname: 'Mallory' });
    await api.enrol(mallory.token, courseId);
    await api.complete(mallory.token, courseId, lessons[0]!.id);
    await enrolMany(courseId, 3, 'csv');
    const res = await get(`/api/courses/${courseId}/progress-grid.csv?sort=name`, teacher.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="lyceum-progress-.*\.csv"$/);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Student,Username,Status,Progress %,Completed items,Required items,Enrolled at,Last activity,Week 1: L1,Week 1: L2',
    );
    expect(lines).toHaveLength(5);
    const malloryLine = lines.find((l) => l.includes('Mallory'))!;
    expect(malloryLine.startsWith(`"'=HYPERLINK(""http://x"") Mallory"`)).toBe(true);
    // (enrolMany marked the second lesson opened for every student of the course.)
    expect(malloryLine).toMatch(/,active,50,1,2,[^,]+,[^,]+,completed,opened$/);
  });
});
