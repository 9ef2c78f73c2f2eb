import type { Curriculum, Lesson } from '@lyceum/contract';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { countQueries, createCourse } from './course-helpers.js';
import { bearer, createUser, useTestApp, type TestUser } from './helper.js';

const ctx = useTestApp();
const SECTIONS = 30;
const LESSONS_PER_SECTION = 20;

let student: TestUser;
let courseId: string;
let firstLesson: string;

beforeAll(async () => {
  const teacher = await createUser(ctx, 'teacher');
  student = await createUser(ctx, 'student');
  courseId = (await createCourse(ctx, teacher.token, { status: 'published' })).id;
  const db = ctx.database.db;
  await db.execute(sql`
    insert into course_sections (course_id, position, title)
    select ${courseId}::uuid, s - 1, 'Section ' || s from generate_series(1, ${SECTIONS}) as s`);
  await db.execute(sql`
    insert into course_items (course_id, section_id, position, kind, title, published, duration_minutes, preview)
    select ${courseId}::uuid, cs.id, l - 1, 'lesson', cs.title || ', lesson ' || l, true, 5, cs.position = 0 and l = 1
    from course_sections cs, generate_series(1, ${LESSONS_PER_SECTION}) as l
    where cs.course_id = ${courseId}::uuid`);
  await db.execute(sql`
    insert into lessons (item_id, body_html)
    select id, '<p>' || title || '</p>' from course_items where course_id = ${courseId}::uuid`);
  const enrol = await ctx.app.inject({
    method: 'POST',
    url: `/api/courses/${courseId}/enrolment`,
    headers: bearer(student.token),
  });
  expect(enrol.statusCode).toBe(200);
  // The student completed every other lesson.
  await db.execute(sql`
    insert into item_completions (student_id, item_id)
    select ${student.user.id}::uuid, id from course_items where course_id = ${courseId}::uuid and position % 2 = 0`);
  const outline = await ctx.app.inject({ method: 'GET', url: `/api/courses/${courseId}/curriculum` });
  firstLesson = outline.json<Curriculum>().sections[0]!.items[0]!.id;
}, 60_000);

describe(`the player of a curriculum of ${SECTIONS} sections × ${LESSONS_PER_SECTION} lessons`, () => {
  it("loads an enrolled student's curriculum with ticks and progress in at most 3 queries", async () => {
    let res: Awaited<ReturnType<typeof ctx.app.inject>> | undefined;
    const statements = await countQueries(ctx.database, async () => {
      res = await ctx.app.inject({
        method: 'GET',
        url: `/api/courses/${courseId}/curriculum`,
        headers: bearer(student.token),
      });
    });
    expect(res!.statusCode).toBe(200);
    const curriculum = res!.json<Curriculum>();
    expect(curriculum.sections).toHaveLength(SECTIONS);
    expect(curriculum.lessonCount).toBe(SECTIONS * LESSONS_PER_SECTION);
    expect(curriculum.sections.flatMap((s) => s.items).filter((i) => i.completed)).toHaveLength(300);
    expect(curriculum.viewer.enrolled).toBe(true);
    expect(statements.length).toBeLessThanOrEqual(3);
  });

  it('loads the public outline in at most 2 queries', async () => {
    const statements = await countQueries(ctx.database, async () => {
      const res = await ctx.app.inject({ method: 'GET', url: `/api/courses/${courseId}/curriculum` });
      expect(res.json<Curriculum>().totalMinutes).toBe(SECTIONS * LESSONS_PER_SECTION * 5);
    });
    expect(statements.length).toBeLessThanOrEqual(2);
  });

  it('opens a lesson in a constant number of queries', async () => {
    const statements = await countQueries(ctx.database, async () => {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/api/courses/${courseId}/lessons/${firstLesson}`,
        headers: bearer(student.token),
      });
      expect(res.json<Lesson>().completed).toBe(true);
    });
    // Authentication, course with enrolment, lesson with completion, attachments, the resume record.
    expect(statements.length).toBeLessThanOrEqual(5);
  });
});
