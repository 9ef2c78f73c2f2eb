import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Curriculum } from '@lyceum/contract';
import { courseItems, courseSections, itemCompletions } from '../src/db/schema/index.js';
import { completeItem, countQueries, courseWithLessons, createCourse, readUntilKept } from './course-helpers.js';
import { bearer, createUser, useTestApp } from './helper.js';

const ctx = useTestApp();

/** The statements that read (or write) the outline's tables or a student's completions. */
const OUTLINE_TABLES = /course_sections|course_items|item_completions/;

describe("a course's outline and a student's ticks", () => {
  it('are kept until the database says a section, an item or a completion changed, whoever changes it (migrations 0038, 0031)', async () => {
    const teacher = await createUser(ctx, 'teacher');
    const student = await createUser(ctx, 'student');
    const db = ctx.database.db;
    const courseId = (await createCourse(ctx, teacher.token, { status: 'published' })).id;
    const otherId = (await createCourse(ctx, teacher.token, { status: 'published' })).id;
    const sectionOf = async (course: string, title: string, position: number) =>
      (
        await db
          .insert(courseSections)
          .values({ courseId: course, title, position })
          .returning({ id: courseSections.id })
      )[0]!.id;
    const itemOf = async (course: string, section: string, title: string, position: number, required = true) =>
      (
        await db
          .insert(courseItems)
          .values({ courseId: course, sectionId: section, kind: 'lesson', title, position, published: true, required })
          .returning({ id: courseItems.id })
      )[0]!.id;
    const first = await sectionOf(courseId, 'Basics', 0);
    const one = await itemOf(courseId, first, 'One', 0);
    const two = await itemOf(courseId, first, 'Two', 1);
    const otherSection = await sectionOf(otherId, 'Elsewhere', 0);
    await itemOf(otherId, otherSection, 'Theirs', 0);
    const enrol = await ctx.app.inject({
      method: 'POST',
      url: `/api/courses/${courseId}/enrolment`,
      headers: bearer(student.token),
    });
    expect(enrol.statusCode).toBe(200);

    const outline = async (token: string | null = student.token, course = courseId) =>
      (
        await ctx.app.inject({
          method: 'GET',
          url: `/api/courses/${course}/curriculum`,
          headers: token ? bearer(token) : {},
        })
      ).json<Curriculum>();
    const shown = (curriculum: Curriculum) =>
      curriculum.sections.map((section) => ({
        title: section.title,
        items: section.items.map((item) => `${item.title}${item.completed ? ' ✓' : ''}${item.locked ? ' 🔒' : ''}`),
      }));
    expect(shown(await outline())).toEqual([{ title: 'Basics', items: ['One', 'Two'] }]);

    // Read again: the outline and the ticks come from what the process kept, without a statement on their tables.
    let again: Curriculum | undefined;
    expect(await readUntilKept(ctx.database, async () => (again = await outline()), OUTLINE_TABLES)).toEqual([]);
    expect(shown(again!)).toEqual([{ title: 'Basics', items: ['One', 'Two'] }]);
    // A visitor reads the same kept outline.
    expect(await readUntilKept(ctx.database, () => outline(null), OUTLINE_TABLES)).toEqual([]);

    // Every change below is made in SQL, past the app's services: the triggers tell the process.
    await db.insert(itemCompletions).values({ studentId: student.user.id, itemId: one });
    expect(shown(await outline())).toEqual([{ title: 'Basics', items: ['One ✓', 'Two'] }]);
    await db.update(courseItems).set({ title: 'Two, renamed' }).where(eq(courseItems.id, two));
    expect(shown(await outline())).toEqual([{ title: 'Basics', items: ['One ✓', 'Two, renamed'] }]);
    const later = await sectionOf(courseId, 'Later', 1);
    const three = await itemOf(courseId, later, 'Three', 0);
    expect(shown(await outline())).toEqual([
      { title: 'Basics', items: ['One ✓', 'Two, renamed'] },
      { title: 'Later', items: ['Three'] },
    ]);
    await db.update(courseItems).set({ published: false }).where(eq(courseItems.id, two));
    expect(shown(await outline())).toEqual([
      { title: 'Basics', items: ['One ✓'] },
      { title: 'Later', items: ['Three'] },
    ]);
    await db.update(courseSections).set({ title: 'First steps' }).where(eq(courseSections.id, first));
    await db.update(courseItems).set({ sectionId: later, position: 1 }).where(eq(courseItems.id, one));
    expect(shown(await outline())).toEqual([{ title: 'Later', items: ['Three', 'One ✓'] }]);
    // Sequential mode (read with the course every time) locks what follows the first required item not completed.
    await db.execute(sql`update courses set sequential = true where id = ${courseId}`);
    expect(shown(await outline())).toEqual([{ title: 'Later', items: ['Three', 'One ✓ 🔒'] }]);
    await db.insert(itemCompletions).values({ studentId: student.user.id, itemId: three });
    expect(shown(await outline())).toEqual([{ title: 'Later', items: ['Three ✓', 'One ✓'] }]);
    await db
      .delete(itemCompletions)
      .where(and(eq(itemCompletions.studentId, student.user.id), eq(itemCompletions.itemId, three)));
    expect(shown(await outline())).toEqual([{ title: 'Later', items: ['Three', 'One ✓ 🔒'] }]);
    await db.delete(courseItems).where(eq(courseItems.id, three));
    expect(shown(await outline())).toEqual([{ title: 'Later', items: ['One ✓'] }]);
    await db.delete(courseSections).where(eq(courseSections.id, later));
    expect(shown(await outline())).toEqual([]);

    // Another course's change leaves this course's kept outline alone, and shows in that course's at once.
    expect(shown(await outline(null, otherId))).toEqual([{ title: 'Elsewhere', items: ['Theirs 🔒'] }]);
    await db.update(courseSections).set({ title: 'Basics again' }).where(eq(courseSections.id, first));
    await db.update(courseItems).set({ published: true }).where(eq(courseItems.id, two));
    expect(await readUntilKept(ctx.database, () => outline(), OUTLINE_TABLES)).toEqual([]);
    await db.update(courseSections).set({ title: 'Elsewhere, renamed' }).where(eq(courseSections.id, otherSection));
    const untouched = await countQueries(ctx.database, () => outline());
    expect(untouched.filter((text) => OUTLINE_TABLES.test(text))).toEqual([]);
    expect(shown(await outline(null, otherId))).toEqual([{ title: 'Elsewhere, renamed', items: ['Theirs 🔒'] }]);
  });

  it("shows the teacher's edit and the student's completion made through the app at once", async () => {
    const teacher = await createUser(ctx, 'teacher');
    const student = await createUser(ctx, 'student');
    const { courseId, addLesson } = await courseWithLessons(ctx, teacher, []);
    const first = await addLesson('Hello');
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: `/api/courses/${courseId}/enrolment`,
          headers: bearer(student.token),
        })
      ).statusCode,
    ).toBe(200);
    const titles = async () =>
      (
        await ctx.app.inject({
          method: 'GET',
          url: `/api/courses/${courseId}/curriculum`,
          headers: bearer(student.token),
        })
      )
        .json<Curriculum>()
        .sections.flatMap((s) => s.items.map((item) => `${item.title}${item.completed ? ' ✓' : ''}`));
    expect(await titles()).toEqual(['Hello']);
    await readUntilKept(ctx.database, titles, OUTLINE_TABLES);
    await addLesson('World');
    expect(await titles()).toEqual(['Hello', 'World']);
    const done = await completeItem(ctx, student, courseId, first);
    expect(done.statusCode, done.body).toBe(200);
    expect(await titles()).toEqual(['Hello ✓', 'World']);
  });

  it("sends an enrolled student's outline as kept while its inputs are the same, never a stale place to resume or progress", async () => {
    const teacher = await createUser(ctx, 'teacher');
    const student = await createUser(ctx, 'student');
    const db = ctx.database.db;
    const { courseId, lessonIds } = await courseWithLessons(ctx, teacher);
    const [one, two] = lessonIds as [string, string, string];
    const as = bearer(student.token);
    expect(
      (await ctx.app.inject({ method: 'POST', url: `/api/courses/${courseId}/enrolment`, headers: as })).statusCode,
    ).toBe(200);
    const read = async () => {
      const res = await ctx.app.inject({ method: 'GET', url: `/api/courses/${courseId}/curriculum`, headers: as });
      expect(res.statusCode, res.body).toBe(200);
      const { viewer, sections } = res.json<Curriculum>();
      return {
        enrolled: viewer.enrolled,
        resume: viewer.resumeItemId,
        percent: viewer.progress?.percent ?? null,
        ticks: sections.flatMap((s) => s.items.map((item) => `${item.completed ? '✓' : ''}${item.locked ? '🔒' : ''}`)),
      };
    };
    expect(await read()).toEqual({ enrolled: true, resume: one, percent: 0, ticks: ['', '', ''] });
    // The same bytes again, compressed once.
    const brotli = () =>
      ctx.app.inject({
        method: 'GET',
        url: `/api/courses/${courseId}/curriculum`,
        headers: { ...as, 'accept-encoding': 'br' },
      });
    const sent = await brotli();
    expect(sent.headers['content-encoding']).toBe('br');
    expect((await brotli()).rawPayload.equals(sent.rawPayload)).toBe(true);

    // Opening a lesson moves the place to resume (no notice: the access statement reads it for every request).
    expect(
      (await ctx.app.inject({ method: 'GET', url: `/api/courses/${courseId}/lessons/${two}`, headers: as })).statusCode,
    ).toBe(200);
    expect((await read()).resume).toBe(two);
    // Completing one ticks it and moves the progress.
    const done = await completeItem(ctx, student, courseId, one);
    expect(done.statusCode, done.body).toBe(200);
    expect(await read()).toEqual({ enrolled: true, resume: two, percent: 33, ticks: ['✓', '', ''] });
    // Changed in SQL, past the services: the progress and place to resume kept on the enrolment, the course's order.
    await db.execute(
      sql`update enrolments set progress_percent = 50, last_item_id = ${one} where course_id = ${courseId}`,
    );
    expect(await read()).toMatchObject({ resume: one, percent: 50 });
    await db.execute(sql`update courses set sequential = true where id = ${courseId}`);
    expect((await read()).ticks).toEqual(['✓', '', '🔒']);
    // Unenrolled: the visitor's outline, every item locked.
    await db.execute(sql`delete from enrolments where course_id = ${courseId}`);
    expect(await read()).toEqual({ enrolled: false, resume: null, percent: null, ticks: ['🔒', '🔒', '🔒'] });
  });

  it('writes the lessons many students open at once in fewer statements, each student resuming where they were', async () => {
    const teacher = await createUser(ctx, 'teacher');
    const { courseId, lessonIds } = await courseWithLessons(ctx, teacher);
    const students = await Promise.all(Array.from({ length: 12 }, () => createUser(ctx, 'student')));
    for (const student of students) {
      const enrol = await ctx.app.inject({
        method: 'POST',
        url: `/api/courses/${courseId}/enrolment`,
        headers: bearer(student.token),
      });
      expect(enrol.statusCode).toBe(200);
    }
    const lessonOf = (i: number) => lessonIds[1 + (i % 2)]!;
    const statements = await countQueries(ctx.database, () =>
      Promise.all(
        students.map(async (student, i) => {
          const res = await ctx.app.inject({
            method: 'GET',
            url: `/api/courses/${courseId}/lessons/${lessonOf(i)}`,
            headers: bearer(student.token),
          });
          expect(res.statusCode, res.body).toBe(200);
        }),
      ),
    );
    // Twelve opens, twelve new places to resume: written in fewer statements than opens.
    const writes = statements.filter((text) => /update "enrolments" set last_item_id/i.test(text));
    expect(writes.length).toBeGreaterThan(0);
    expect(writes.length).toBeLessThan(students.length);
    const resumes = await ctx.database.db.execute(
      sql`select student_id, last_item_id from enrolments where course_id = ${courseId}`,
    );
    const resumeOf = new Map(
      (resumes as unknown as { rows: { student_id: string; last_item_id: string }[] }).rows.map((row) => [
        row.student_id,
        row.last_item_id,
      ]),
    );
    expect(students.map((student) => resumeOf.get(student.user.id))).toEqual(students.map((_, i) => lessonOf(i)));
    // Read back at once: the outline resumes at the lesson just opened.
    const outline = await ctx.app.inject({
      method: 'GET',
      url: `/api/courses/${courseId}/curriculum`,
      headers: bearer(students[0]!.token),
    });
    expect(outline.json<Curriculum>().viewer.resumeItemId).toBe(lessonOf(0));

    // One student opening two lessons at once (two tabs): both are recorded as opened, one is where they resume.
    const [tabs] = students;
    const [first, second] = await Promise.all(
      [lessonIds[0]!, lessonIds[1]!].map((lesson) =>
        ctx.app.inject({
          method: 'GET',
          url: `/api/courses/${courseId}/lessons/${lesson}`,
          headers: bearer(tabs!.token),
        }),
      ),
    );
    expect([first!.statusCode, second!.statusCode]).toEqual([200, 200]);
    const opens = await ctx.database.db.execute(
      sql`select item_id from item_opens where student_id = ${tabs!.user.id} order by item_id`,
    );
    const opened = (opens as unknown as { rows: { item_id: string }[] }).rows.map((row) => row.item_id);
    expect(opened).toEqual(expect.arrayContaining([lessonIds[0], lessonIds[1]]));
    const again = await ctx.app.inject({
      method: 'GET',
      url: `/api/courses/${courseId}/curriculum`,
      headers: bearer(tabs!.token),
    });
    expect([lessonIds[0], lessonIds[1]]).toContain(again.json<Curriculum>().viewer.resumeItemId);
  });
});
