import { COURSE_HELD_MESSAGE, type Course, type CoursePage } from '@lyceum/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCourse } from './course-helpers.js';
import { bearer, createUser, useTestApp, type TestUser } from './helper.js';

/** Issue 13.7: an admin's unpublish is a moderation hold that only an admin lifts. */
const ctx = useTestApp();
let teacher: TestUser;
let admin: TestUser;

beforeAll(async () => {
  [teacher, admin] = await Promise.all([createUser(ctx, 'teacher'), createUser(ctx, 'admin')]);
});

const patch = (token: string, id: string, payload: object) =>
  ctx.app.inject({ method: 'PATCH', url: `/api/courses/${id}`, headers: bearer(token), payload });
const moderate = (id: string, action: 'publish' | 'unpublish') =>
  ctx.app.inject({ method: 'POST', url: `/api/admin/courses/${id}/${action}`, headers: bearer(admin.token) });
const read = async (id: string) =>
  (await ctx.app.inject({ method: 'GET', url: `/api/courses/${id}`, headers: bearer(teacher.token) })).json<Course>();

describe('moderation hold', () => {
  it('a teacher cannot re-publish a course an admin unpublished, and sees why in the course and the list', async () => {
    const course = await createCourse(ctx, teacher.token, { status: 'published', title: 'Held course' });
    expect(course.heldAt).toBeNull();

    const unpublished = await moderate(course.id, 'unpublish');
    expect(unpublished.statusCode).toBe(200);
    expect(unpublished.json<Course>()).toMatchObject({ status: 'draft', heldAt: expect.any(String) });

    const bypass = await patch(teacher.token, course.id, { status: 'published' });
    expect(bypass.statusCode).toBe(403);
    expect(bypass.json().message).toBe(COURSE_HELD_MESSAGE);
    expect(bypass.json().message).toMatch(/administrator/);
    // Also not with other changes riding along: nothing of the request is stored.
    const combined = await patch(teacher.token, course.id, { title: 'Sneaky', status: 'published' });
    expect(combined.statusCode).toBe(403);
    expect(await read(course.id)).toMatchObject({ status: 'draft', title: 'Held course', heldAt: expect.any(String) });

    // The teacher's list carries the hold, for the notice.
    const own = await ctx.app.inject({ method: 'GET', url: '/api/teacher/courses', headers: bearer(teacher.token) });
    const card = own.json<CoursePage>().items.find((item) => item.id === course.id);
    expect(card?.heldAt).toEqual(expect.any(String));
    // Not in the catalogue.
    const catalogue = await ctx.app.inject({ method: 'GET', url: '/api/courses?q=Held' });
    expect(catalogue.json<CoursePage>().items.map((item) => item.id)).not.toContain(course.id);

    // Editing while held is fine; it stays held.
    const edit = await patch(teacher.token, course.id, { title: 'Held course, fixed' });
    expect(edit.statusCode).toBe(200);
    expect(edit.json<Course>()).toMatchObject({ status: 'draft', heldAt: expect.any(String) });
  });

  it('an admin lifts the hold by publishing; the teacher may then unpublish and publish freely', async () => {
    const course = await createCourse(ctx, teacher.token, { status: 'published' });
    await moderate(course.id, 'unpublish');
    const published = await moderate(course.id, 'publish');
    expect(published.json<Course>()).toMatchObject({ status: 'published', heldAt: null });
    expect((await patch(teacher.token, course.id, { status: 'draft' })).json<Course>()).toMatchObject({
      status: 'draft',
      heldAt: null,
    });
    expect((await patch(teacher.token, course.id, { status: 'published' })).statusCode).toBe(200);
  });

  it("an admin's PATCH to draft holds the course too, and an admin's PATCH to published lifts it", async () => {
    const course = await createCourse(ctx, teacher.token, { status: 'published' });
    const held = await patch(admin.token, course.id, { status: 'draft' });
    expect(held.json<Course>()).toMatchObject({ status: 'draft', heldAt: expect.any(String) });
    expect((await patch(teacher.token, course.id, { status: 'published' })).statusCode).toBe(403);
    const lifted = await patch(admin.token, course.id, { status: 'published' });
    expect(lifted.json<Course>()).toMatchObject({ status: 'published', heldAt: null });
  });

  it("a teacher's own draft is no hold: publishing it works", async () => {
    const course = await createCourse(ctx, teacher.token, { status: 'draft' });
    expect(course.heldAt).toBeNull();
    const res = await patch(teacher.token, course.id, { status: 'published' });
    expect(res.statusCode).toBe(200);
    expect(res.json<Course>()).toMatchObject({ status: 'published', heldAt: null });
  });
});
