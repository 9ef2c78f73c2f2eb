import type { Gradebook } from '@lyceum/contract';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { countQueries, createCourse } from './course-helpers.js';
import { bearer, createUser, useTestApp, type TestUser } from './helper.js';

const ctx = useTestApp();
const STUDENTS = 500;
const ASSESSMENTS = 40;

let teacher: TestUser;
let courseId: string;

beforeAll(async () => {
  teacher = await createUser(ctx, 'teacher');
  courseId = (await createCourse(ctx, teacher.token, { status: 'published' })).id;
  const db = ctx.database.db;
  await db.execute(sql`
    insert into course_sections (course_id, position, title) values (${courseId}::uuid, 0, 'Assessments')`);
  await db.execute(sql`
    insert into course_items (course_id, section_id, position, kind, title, published)
    select ${courseId}::uuid, cs.id, n - 1, 'assessment', 'Quiz ' || n, true
    from course_sections cs, generate_series(1, ${ASSESSMENTS}) as n where cs.course_id = ${courseId}::uuid`);
  // Every rule and kind, some with a due date and a late penalty.
  await db.execute(sql`
    insert into assessments (item_id, course_id, kind, points, counting_rule, due_at, late_penalty_percent_per_day)
    select id, course_id,
           (array['quiz', 'exam', 'assignment'])[1 + position % 3],
           10,
           (array['highest', 'latest', 'average'])[1 + position % 3],
           case when position % 4 = 0 then timestamptz '2026-03-01 12:00Z' end,
           case when position % 4 = 0 then 10 else 0 end
    from course_items where course_id = ${courseId}::uuid`);
  await db.execute(sql`
    insert into users (role, email, firstname, lastname, username, password_hash)
    select 'student', 'scale' || n || '@example.test', 'Student', 'N' || lpad(n::text, 4, '0'), 'scale-' || n || '-' || ${courseId}, 'x'
    from generate_series(1, ${STUDENTS}) as n`);
  await db.execute(sql`
    insert into enrolments (student_id, course_id)
    select id, ${courseId}::uuid from users where username like ${`scale-%-${courseId}`}`);
  // Two graded attempts per student and assessment: 40,000 attempts.
  await db.execute(sql`
    insert into attempts (assessment_id, course_id, student_id, number, status, started_at, submitted_at,
                          question_ids, seed, raw_score, max_score, score)
    select a.item_id, a.course_id, e.student_id, k, 'graded',
           timestamptz '2026-03-01 10:00Z' + (k || ' days')::interval,
           timestamptz '2026-03-01 11:00Z' + (k || ' days')::interval,
           '{}', 1, (k * 3 + length(e.student_id::text)) % 11, 10, (k * 3) % 11
    from assessments a cross join enrolments e cross join generate_series(1, 2) as k
    where a.course_id = ${courseId}::uuid and e.course_id = ${courseId}::uuid`);
}, 120_000);

describe(`gradebook of ${STUDENTS} students × ${ASSESSMENTS} assessments`, () => {
  it('renders its first page in at most 3 queries', async () => {
    let res: Awaited<ReturnType<typeof ctx.app.inject>> | undefined;
    const statements = await countQueries(ctx.database, async () => {
      res = await ctx.app.inject({
        method: 'GET',
        url: `/api/courses/${courseId}/gradebook?pageSize=50`,
        headers: bearer(teacher.token),
      });
    });
    expect(res!.statusCode, res!.body).toBe(200);
    const book = res!.json<Gradebook>();
    expect(book.total).toBe(STUDENTS);
    expect(book.columns).toHaveLength(ASSESSMENTS);
    expect(book.items).toHaveLength(50);
    expect(book.items[0]!.student.name).toBe('Student N0001');
    expect(book.items[0]!.cells.every((cell) => cell.attempts === 2 && cell.points !== null)).toBe(true);
    expect(statements.length).toBeLessThanOrEqual(3);
  });

  it('streams the whole CSV in batches: one statement per 500 students, every student once', async () => {
    let res: Awaited<ReturnType<typeof ctx.app.inject>> | undefined;
    const before = process.memoryUsage().heapUsed;
    const statements = await countQueries(ctx.database, async () => {
      res = await ctx.app.inject({
        method: 'GET',
        url: `/api/courses/${courseId}/gradebook.csv`,
        headers: bearer(teacher.token),
      });
    });
    const grown = process.memoryUsage().heapUsed - before;
    expect(res!.statusCode).toBe(200);
    const lines = res!.body.trim().split('\r\n');
    expect(lines).toHaveLength(STUDENTS + 1);
    expect(new Set(lines.slice(1).map((line) => line.split(',')[1])).size).toBe(STUDENTS);
    // Session, columns, then ⌈500 / 500⌉ + 1 batches (the last one finds nobody after the keyset).
    expect(statements.length).toBeLessThanOrEqual(5);
    console.warn(
      `[grading-scale] CSV of ${STUDENTS} × ${ASSESSMENTS}: ${res!.body.length} bytes, heap growth ${Math.round(grown / 1024)} KiB`,
    );
  });
});
