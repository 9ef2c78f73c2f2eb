import { brotliDecompressSync } from 'node:zlib';
import type { Course, CoursePage, CourseReviewPage, Curriculum } from '@lyceum/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { courses } from '../src/db/schema/index.js';
import { createInvalidationBus } from '../src/lib/invalidation.js';
import { createResponseCache } from '../src/lib/response-cache.js';
import { countQueries, createCourse } from './course-helpers.js';
import { curriculumApi } from './curriculum-helpers.js';
import { bearer, createUser, useTestApp } from './helper.js';

/** Public reads answered from memory until a write changes what they show (issue 20, ADR 020). */
let now = Date.parse('2026-03-02T10:00:00Z');
const ctx = useTestApp({ clock: () => now, env: { RESPONSE_CACHE_MS: '5000' } });

async function get(url: string, headers: Record<string, string> = {}) {
  return ctx.app.inject({ method: 'GET', url, headers });
}

/** The statements a request sends to the database, and its answer. */
async function measured(url: string, headers: Record<string, string> = {}) {
  let res!: Awaited<ReturnType<typeof get>>;
  const statements = await countQueries(ctx.database, async () => {
    res = await get(url, headers);
  });
  return { res, queries: statements.length };
}

describe('the response cache of public reads', () => {
  it('answers a repeated anonymous read from memory: same body, same ETag, no query', async () => {
    const teacher = await createUser(ctx, 'teacher');
    const course = await createCourse(ctx, teacher.token, { title: 'Kept in memory', status: 'published' });
    for (const url of ['/api/courses?q=memory', `/api/courses/${course.id}`, `/api/courses/${course.id}/reviews`]) {
      const first = await measured(url);
      expect(first.res.statusCode, url).toBe(200);
      expect(first.queries, url).toBeGreaterThan(0);
      const second = await measured(url);
      expect(second.queries, url).toBe(0);
      expect(second.res.body, url).toBe(first.res.body);
      expect(second.res.headers.etag, url).toBe(first.res.headers.etag);
      expect(second.res.headers['content-type'], url).toMatch(/^application\/json/);
      expect(second.res.headers['cache-control'], url).toBe('public, max-age=5, stale-while-revalidate=30');
      // A repeat with the ETag is still a 304 without a body.
      const revalidated = await get(url, { 'if-none-match': first.res.headers.etag as string });
      expect(revalidated.statusCode, url).toBe(304);
      expect(revalidated.body, url).toBe('');
    }
    expect(JSON.parse((await get('/api/courses?q=memory')).body).items[0].title).toBe('Kept in memory');
  });

  it('keys on the input the route reads: unknown parameters and defaults land on the same answer', async () => {
    await get('/api/courses?category=Design');
    for (const url of ['/api/courses?category=Design&utm_source=mail', '/api/courses?page=1&category=Design']) {
      expect((await measured(url)).queries, url).toBe(0);
    }
    // Another page is another answer.
    expect((await measured('/api/courses?category=Design&page=2')).queries).toBeGreaterThan(0);
  });

  it('shows a change made through the API at once: the course, its lists, and its reviews', async () => {
    const teacher = await createUser(ctx, 'teacher');
    const student = await createUser(ctx, 'student');
    const course = await createCourse(ctx, teacher.token, { title: 'Before the change', status: 'published' });
    const search = '/api/courses?q=change';
    expect((await get(search)).json<CoursePage>().items.map((c) => c.title)).toEqual(['Before the change']);
    expect((await get(`/api/courses/${course.id}`)).json<Course>().title).toBe('Before the change');
    expect((await get(`/api/courses/${course.id}/reviews`)).json<CourseReviewPage>().total).toBe(0);

    const renamed = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/courses/${course.id}`,
      headers: bearer(teacher.token),
      payload: { title: 'After the change' },
    });
    expect(renamed.statusCode).toBe(200);
    expect((await get(search)).json<CoursePage>().items.map((c) => c.title)).toEqual(['After the change']);
    expect((await get(`/api/courses/${course.id}`)).json<Course>().title).toBe('After the change');

    const enrolled = await ctx.app.inject({
      method: 'POST',
      url: `/api/courses/${course.id}/enrolment`,
      headers: bearer(student.token),
    });
    expect(enrolled.statusCode).toBeLessThan(300);
    const reviewed = await ctx.app.inject({
      method: 'POST',
      url: `/api/courses/${course.id}/reviews`,
      headers: bearer(student.token),
      payload: { rating: 5, text: 'Clear.' },
    });
    expect(reviewed.statusCode).toBe(201);
    expect((await get(`/api/courses/${course.id}/reviews`)).json<CourseReviewPage>().total).toBe(1);
    expect((await get(search)).json<CoursePage>().items[0]).toMatchObject({
      enrolledCount: 1,
      rating: { average: 5, count: 1 },
    });

    // A teacher's new name shows on every card at once (a change to a person drops everything).
    const profile = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/me',
      headers: bearer(teacher.token),
      payload: { firstname: 'Renamed' },
    });
    expect(profile.statusCode).toBe(200);
    expect((await get(search)).json<CoursePage>().items[0]!.teacher.firstname).toBe('Renamed');
  });

  it("keeps a visitor's curriculum outline; a teacher's curriculum write shows at once, a student's tick never leaks", async () => {
    const api = curriculumApi(ctx);
    const teacher = await createUser(ctx, 'teacher');
    const student = await createUser(ctx, 'student');
    const course = await createCourse(ctx, teacher.token, { title: 'Outline kept', status: 'published' });
    const section = await api.section(teacher.token, course.id, 'Week 1');
    const first = await api.lesson(teacher.token, course.id, section.id, { title: 'Opening', preview: true });
    const url = `/api/courses/${course.id}/curriculum`;
    await get(url);
    expect((await measured(url)).queries).toBe(0);

    // A teacher's write under /courses/:id drops the copy: the next visitor sees the new lesson.
    await api.lesson(teacher.token, course.id, section.id, { title: 'Second steps' });
    const after = await measured(url);
    expect(after.queries).toBeGreaterThan(0);
    expect(after.res.json<Curriculum>().sections[0]!.items.map((i) => i.title)).toEqual(['Opening', 'Second steps']);
    expect(after.res.json<Curriculum>().lessonCount).toBe(2);

    // A student's own view is never the cached one, and their tick does not reach the visitor's copy.
    await api.enrol(student.token, course.id);
    await get(url); // an enrolment changes the course page's counts, so it drops the course's copies too
    expect((await api.complete(student.token, course.id, first.id)).statusCode).toBe(200);
    const mine = await api.outline(course.id, student.token);
    expect(mine.sections[0]!.items[0]!.completed).toBe(true);
    const visitor = await measured(url);
    expect(visitor.queries).toBe(0);
    expect(visitor.res.json<Curriculum>().sections[0]!.items[0]!.completed).toBe(false);
    expect(visitor.res.json<Curriculum>().viewer.enrolled).toBe(false);
  });

  it("keeps a visitor's outline for a minute, not 5 s (only API writes change it, and they drop it at once)", async () => {
    const api = curriculumApi(ctx);
    const teacher = await createUser(ctx, 'teacher');
    const course = await createCourse(ctx, teacher.token, { title: 'Outline for a minute', status: 'published' });
    const section = await api.section(teacher.token, course.id, 'Week 1');
    await api.lesson(teacher.token, course.id, section.id, { title: 'Opening', preview: true });
    const url = `/api/courses/${course.id}/curriculum`;
    const listUrl = '/api/courses?q=outline';
    await get(url);
    await get(listUrl);
    now += 40_000;
    // The catalogue's answer is past its 5 s and the 30 s it may be sent stale: read again. The outline is fresh.
    expect((await measured(url)).queries).toBe(0);
    expect((await measured(listUrl)).queries).toBeGreaterThan(0);

    // A write through the API still shows at once.
    await api.lesson(teacher.token, course.id, section.id, { title: 'Second steps' });
    const after = await measured(url);
    expect(after.queries).toBeGreaterThan(0);
    expect(after.res.json<Curriculum>().sections[0]!.items.map((i) => i.title)).toEqual(['Opening', 'Second steps']);

    // After its minute (and the 30 s it may be sent stale) it is read again: the time bounds a change made outside
    // the API.
    now += 59_000;
    expect((await measured(url)).queries).toBe(0);
    now += 35_000;
    expect((await measured(url)).queries).toBeGreaterThan(0);
  });

  it("keeps a course's reviews for a minute; a review, or an admin's change to a reviewer's role, shows at once", async () => {
    const teacher = await createUser(ctx, 'teacher');
    const student = await createUser(ctx, 'student');
    const admin = await createUser(ctx, 'admin');
    const course = await createCourse(ctx, teacher.token, { title: 'Reviews for a minute', status: 'published' });
    const url = `/api/courses/${course.id}/reviews`;
    const enrolled = await ctx.app.inject({
      method: 'POST',
      url: `/api/courses/${course.id}/enrolment`,
      headers: bearer(student.token),
    });
    expect(enrolled.statusCode).toBeLessThan(300);
    await get(url);
    now += 40_000;
    // Past the cache's own 5 s and the 30 s it may be sent stale, the reviews are still answered from memory.
    expect((await measured(url)).queries).toBe(0);

    const reviewed = await ctx.app.inject({
      method: 'POST',
      url,
      headers: bearer(student.token),
      payload: { rating: 4, text: 'Useful.' },
    });
    expect(reviewed.statusCode).toBe(201);
    const after = await measured(url);
    expect(after.queries).toBeGreaterThan(0);
    expect(after.res.json<CourseReviewPage>().items.map((r) => r.student.role)).toEqual(['student']);

    const promoted = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/users/${student.user.id}/role`,
      headers: bearer(admin.token),
      payload: { role: 'teacher' },
    });
    expect(promoted.statusCode).toBe(200);
    expect((await get(url)).json<CourseReviewPage>().items.map((r) => r.student.role)).toEqual(['teacher']);
  });

  it("keeps a course's page for a minute; an enrolment, a review, its teacher's new name and its own edit show at once", async () => {
    const teacher = await createUser(ctx, 'teacher');
    const student = await createUser(ctx, 'student');
    const course = await createCourse(ctx, teacher.token, { title: 'A page for a minute', status: 'published' });
    const url = `/api/courses/${course.id}`;
    await get(url);
    now += 40_000;
    // Past the cache's own 5 s and the 30 s it may be sent stale, the page is still answered from memory.
    expect((await measured(url)).queries).toBe(0);

    const enrolled = await ctx.app.inject({
      method: 'POST',
      url: `${url}/enrolment`,
      headers: bearer(student.token),
    });
    expect(enrolled.statusCode).toBeLessThan(300);
    expect((await get(url)).json<Course>().enrolledCount).toBe(1);

    const reviewed = await ctx.app.inject({
      method: 'POST',
      url: `${url}/reviews`,
      headers: bearer(student.token),
      payload: { rating: 4, text: 'Clear and useful.' },
    });
    expect(reviewed.statusCode).toBe(201);
    expect((await get(url)).json<Course>().rating).toEqual({ average: 4, count: 1 });

    const renamed = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/me',
      headers: bearer(teacher.token),
      payload: { firstname: 'Renamed' },
    });
    expect(renamed.statusCode).toBe(200);
    expect((await get(url)).json<Course>().teacher.firstname).toBe('Renamed');

    const edited = await ctx.app.inject({
      method: 'PATCH',
      url,
      headers: bearer(teacher.token),
      payload: { title: 'A page edited' },
    });
    expect(edited.statusCode).toBe(200);
    const after = await measured(url);
    expect(after.queries).toBeGreaterThan(0);
    expect(after.res.json<Course>().title).toBe('A page edited');
  });

  it('shows a change made outside the API (SQL by hand) once its 5 seconds are over, read again in the background', async () => {
    const teacher = await createUser(ctx, 'teacher');
    const course = await createCourse(ctx, teacher.token, { title: 'Edited by hand', status: 'published' });
    const url = '/api/courses?q=hand';
    const title = async () => (await get(url)).json<CoursePage>().items.find((c) => c.id === course.id)?.title;
    await get(url);
    await ctx.database.db.update(courses).set({ title: 'Edited by hand in SQL' }).where(eq(courses.id, course.id));
    expect(await title()).toBe('Edited by hand');
    now += 5_000;
    // Past its 5 s the kept answer is still sent at once while the server reads it again; the new one follows.
    expect(await title()).toBe('Edited by hand');
    await expect.poll(title).toBe('Edited by hand in SQL');

    // Past its stale-while-revalidate (30 s more) an answer is never sent again: the read waits for the database.
    await ctx.database.db
      .update(courses)
      .set({ title: 'Edited by hand in SQL again' })
      .where(eq(courses.id, course.id));
    now += 35_000;
    expect(await title()).toBe('Edited by hand in SQL again');
  });

  it('serves the catalogue to signed-in callers too (privately), but never their own view of a course', async () => {
    const teacher = await createUser(ctx, 'teacher');
    const draft = await createCourse(ctx, teacher.token, { title: 'My draft' });
    await get('/api/courses?sort=rating');
    const signedIn = await measured('/api/courses?sort=rating', bearer(teacher.token));
    expect(signedIn.queries).toBe(0);
    expect(signedIn.res.headers['cache-control']).toBe('private, no-store');
    expect(signedIn.res.headers.etag).toBeUndefined();

    // A draft is a 404 for a visitor (not kept), and its teacher's read goes to the database every time.
    expect((await get(`/api/courses/${draft.id}`)).statusCode).toBe(404);
    for (let i = 0; i < 2; i += 1) {
      const own = await measured(`/api/courses/${draft.id}`, bearer(teacher.token));
      expect(own.res.statusCode).toBe(200);
      expect(own.queries).toBeGreaterThan(0);
    }
    const published = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/courses/${draft.id}`,
      headers: bearer(teacher.token),
      payload: { status: 'published' },
    });
    expect(published.statusCode).toBe(200);
    expect((await get(`/api/courses/${draft.id}`)).statusCode).toBe(200);
  });

  it('asks the database once for many simultaneous requests of the same new answer', async () => {
    const url = '/api/courses?sort=popular&page=3';
    const alone = await measured('/api/courses?sort=popular&page=4');
    const together = await countQueries(ctx.database, async () => {
      const answers = await Promise.all(Array.from({ length: 20 }, () => get(url)));
      expect(new Set(answers.map((a) => `${a.statusCode} ${a.body}`)).size).toBe(1);
    });
    expect(together).toHaveLength(alone.queries);
  });

  it('sends a compressed copy to a browser, made once, with the same ETag', async () => {
    const teacher = await createUser(ctx, 'teacher');
    for (let i = 0; i < 8; i += 1) {
      await createCourse(ctx, teacher.token, { title: `Compressed course ${i}`, status: 'published' });
    }
    const plain = await get('/api/courses?q=compressed');
    expect(plain.body.length).toBeGreaterThan(1024);
    const br = await measured('/api/courses?q=compressed', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.queries).toBe(0);
    expect(br.res.headers['content-encoding']).toBe('br');
    expect(br.res.headers.vary).toMatch(/accept-encoding/i);
    expect(br.res.headers.vary).toMatch(/authorization/i);
    expect(br.res.headers.etag).toBe(plain.headers.etag);
    expect(brotliDecompressSync(br.res.rawPayload).toString()).toBe(plain.body);
  });
});

describe('the response cache itself', () => {
  it('stays within its bytes, dropping the least recently used first', () => {
    const cache = createResponseCache({ ttlMs: 60_000, maxEntries: 100, maxBytes: 10_000 });
    const body = 'x'.repeat(3_000);
    for (const key of ['a', 'b', 'c']) cache.keep(cache.begin(key, ['courses'])!, body, `W/"${key}"`);
    expect(cache.get('a')?.entry.etag).toBe('W/"a"'); // a is now the most recently used
    cache.keep(cache.begin('d', ['courses'])!, body, 'W/"d"');
    expect(cache.stats().bytes).toBeLessThanOrEqual(10_000);
    expect(cache.get('b')).toBeUndefined();
    expect(['a', 'c', 'd'].map((key) => Boolean(cache.get(key)))).toEqual([true, true, true]);
    // An answer larger than the whole cache is not kept.
    expect(cache.keep(cache.begin('huge', ['courses'])!, 'x'.repeat(20_000), 'W/"huge"')).toBeNull();
    expect(cache.stats().bytes).toBeLessThanOrEqual(10_000);
  });

  it('does not keep an answer read before a change that was reported while it was made', () => {
    const bus = createInvalidationBus();
    const cache = createResponseCache({ ttlMs: 60_000, maxEntries: 100, maxBytes: 100_000 }, bus);
    const miss = cache.begin('/api/courses', ['courses'])!;
    bus.publish(['forum', 'question:1']);
    expect(cache.keep(miss, '{"items":[]}', 'W/"old"')).toBeNull();
    expect(cache.get('/api/courses')).toBeUndefined();
    cache.keep(cache.begin('/api/courses', ['courses'])!, '{"items":[]}', 'W/"new"');
    cache.keep(cache.begin('/api/forum/questions', ['forum'])!, '{"items":[]}', 'W/"forum"');
    bus.publish(['courses', 'course:1']);
    expect(cache.get('/api/courses')).toBeUndefined();
    expect(cache.get('/api/forum/questions')?.entry.etag).toBe('W/"forum"');
  });
});
