import type { Curriculum, Lesson } from '@lyceum/contract';
import { sequenceLockedMessage } from '@lyceum/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { courseItems } from '../src/db/schema/index.js';
import { createCourse } from './course-helpers.js';
import { curriculumApi } from './curriculum-helpers.js';
import { createUser, useTestApp, type TestUser } from './helper.js';

const ctx = useTestApp();
const api = curriculumApi(ctx);

let teacher: TestUser;
let otherTeacher: TestUser;
let admin: TestUser;
let student: TestUser;

beforeAll(async () => {
  [teacher, otherTeacher, admin, student] = await Promise.all([
    createUser(ctx, 'teacher'),
    createUser(ctx, 'teacher'),
    createUser(ctx, 'admin'),
    createUser(ctx, 'student'),
  ]);
});

/** A published sequential course: [one, two (optional), three] and [four (preview)], the student enrolled. */
async function sequentialCourse() {
  const course = await createCourse(ctx, teacher.token, { status: 'published', title: 'In order' });
  const s1 = await api.section(teacher.token, course.id, 'First');
  const s2 = await api.section(teacher.token, course.id, 'Second');
  const one = await api.lesson(teacher.token, course.id, s1.id, { title: 'One' });
  const two = await api.lesson(teacher.token, course.id, s1.id, { title: 'Two' });
  const three = await api.lesson(teacher.token, course.id, s1.id, { title: 'Three' });
  const four = await api.lesson(teacher.token, course.id, s2.id, { title: 'Four', preview: true });
  const res = await api.call('PATCH', `/api/courses/${course.id}/curriculum`, teacher.token, { sequential: true });
  expect(res.statusCode).toBe(200);
  expect(res.json<Curriculum>().sequential).toBe(true);
  await api.enrol(student.token, course.id);
  return { course, one, two, three, four };
}

const openLesson = (courseId: string, itemId: string, token: string) =>
  api.call('GET', `/api/courses/${courseId}/lessons/${itemId}`, token);

describe('sequential mode', () => {
  it('opens only the next item for an enrolled student, says why the others are locked, and refuses them (403)', async () => {
    const { course, one, two, three, four } = await sequentialCourse();
    const outline = await api.outline(course.id, student.token);
    expect(outline.sequential).toBe(true);
    const locks = outline.sections.flatMap((s) => s.items).map((i) => [i.title, i.locked, i.lockReason, i.blockedBy]);
    expect(locks).toEqual([
      ['One', false, null, null],
      ['Two', true, 'sequence', one.id],
      ['Three', true, 'sequence', one.id],
      ['Four', false, null, null],
    ]);
    expect(outline.viewer.resumeItemId).toBe(one.id);

    const refused = await openLesson(course.id, two.id, student.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ message: string }>().message).toBe(sequenceLockedMessage('One'));
    const completeRefused = await api.complete(student.token, course.id, three.id);
    expect(completeRefused.statusCode).toBe(403);
    // The free-preview lesson stays open, as it is for visitors.
    expect((await openLesson(course.id, four.id, student.token)).statusCode).toBe(200);

    expect((await openLesson(course.id, one.id, student.token)).statusCode).toBe(200);
    expect((await api.complete(student.token, course.id, one.id)).statusCode).toBe(200);
    const after = await api.outline(course.id, student.token);
    expect(after.sections[0]!.items.map((i) => [i.title, i.locked, i.blockedBy])).toEqual([
      ['One', false, null],
      ['Two', false, null],
      ['Three', true, two.id],
    ]);
    expect((await openLesson(course.id, two.id, student.token)).json<Lesson>().title).toBe('Two');
  });

  it('lets an optional item be skipped: only required items hold the next ones back', async () => {
    const { course, one, two, three } = await sequentialCourse();
    await api.complete(student.token, course.id, one.id);
    expect((await openLesson(course.id, three.id, student.token)).statusCode).toBe(403);
    // No editor control sets `required` yet (every lesson is required); assessments will (ADR 017).
    await ctx.database.db.update(courseItems).set({ required: false }).where(eq(courseItems.id, two.id));
    expect((await openLesson(course.id, three.id, student.token)).statusCode).toBe(200);
  });

  it('leaves teachers and admins unaffected, and only the course’s authors may change the setting', async () => {
    const { course, three } = await sequentialCourse();
    for (const token of [teacher.token, admin.token]) {
      expect((await openLesson(course.id, three.id, token)).statusCode).toBe(200);
      const outline = await api.outline(course.id, token);
      expect(outline.sections.flatMap((s) => s.items).every((i) => !i.locked)).toBe(true);
    }
    const foreign = await api.call('PATCH', `/api/courses/${course.id}/curriculum`, otherTeacher.token, {
      sequential: false,
    });
    expect(foreign.statusCode).toBe(403);
    const byStudent = await api.call('PATCH', `/api/courses/${course.id}/curriculum`, student.token, {
      sequential: false,
    });
    expect(byStudent.statusCode).toBe(403);
    const wrongType = await api.call('PATCH', `/api/courses/${course.id}/curriculum`, teacher.token, {
      sequential: 'no',
    });
    expect(wrongType.statusCode).toBe(400);
    expect((await api.outline(course.id, student.token)).sequential).toBe(true);

    const off = await api.call('PATCH', `/api/courses/${course.id}/curriculum`, admin.token, { sequential: false });
    expect(off.statusCode).toBe(200);
    expect((await openLesson(course.id, three.id, student.token)).statusCode).toBe(200);
  });

  it('keeps the outline for visitors as before: preview open, the rest "enrol to open"', async () => {
    const { course } = await sequentialCourse();
    const outline = await api.outline(course.id);
    expect(outline.sections.flatMap((s) => s.items).map((i) => [i.title, i.lockReason])).toEqual([
      ['One', 'enrol'],
      ['Two', 'enrol'],
      ['Three', 'enrol'],
      ['Four', null],
    ]);
  });
});

describe('images in a lesson body', () => {
  it("keeps images of this site's lesson files and stored images, drops any other source", async () => {
    const course = await createCourse(ctx, teacher.token, { status: 'published', title: 'Pictures' });
    const section = await api.section(teacher.token, course.id, 'Only');
    const own = '/api/lesson-files/0123456789abcdef0123456789abcdef.png';
    const lesson = await api.lesson(teacher.token, course.id, section.id, {
      bodyHtml:
        `<p><img src="${own}" alt="Diagram"><img src="/uploads/a.png" alt="Stored">` +
        '<img src="https://tracker.example/p.gif" alt="Pixel"><img src="/api/lesson-files/x.svg" alt="Svg"></p>',
    });
    expect(lesson.bodyHtml).toContain(`<img src="${own}" alt="Diagram" /><img src="/uploads/a.png" alt="Stored" />`);
    expect(lesson.bodyHtml).not.toContain('tracker.example');
    expect(lesson.bodyHtml).not.toContain('.svg');
  });
});
