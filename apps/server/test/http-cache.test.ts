import { describe, expect, it } from 'vitest';
import { createCourse } from './course-helpers.js';
import { bearer, createUser, useTestApp } from './helper.js';

/** HTTP caching of anonymous public reads (issue 20 point 5): ETag / If-None-Match, Cache-Control. */
const ctx = useTestApp();

describe('HTTP caching of public reads', () => {
  it('gives an anonymous read an ETag, and answers the same request with it by 304 without a body', async () => {
    const teacher = await createUser(ctx, 'teacher');
    const course = await createCourse(ctx, teacher.token, { title: 'Cached course', status: 'published' });
    for (const url of [
      '/api/courses',
      '/api/courses?category=Development&page=1',
      '/api/courses/popular',
      `/api/courses/${course.id}`,
      `/api/courses/${course.id}/reviews`,
      '/api/forum/questions',
    ]) {
      const first = await ctx.app.inject({ method: 'GET', url });
      expect(first.statusCode, url).toBe(200);
      expect(first.headers['cache-control'], url).toBe('public, max-age=5, stale-while-revalidate=30');
      expect(first.headers.vary, url).toMatch(/authorization/i);
      const etag = first.headers.etag as string;
      expect(etag, url).toMatch(/^W\/"[\w-]+"$/);

      const second = await ctx.app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
      expect(second.statusCode, url).toBe(304);
      expect(second.body, url).toBe('');
      expect(second.headers.etag, url).toBe(etag);
    }
  });

  it('keeps the ETag when the answer is compressed, and answers 304 to a compressed request too', async () => {
    const plain = await ctx.app.inject({ method: 'GET', url: '/api/courses' });
    const brotli = await ctx.app.inject({ method: 'GET', url: '/api/courses', headers: { 'accept-encoding': 'br' } });
    expect(brotli.headers.etag).toBe(plain.headers.etag);
    const again = await ctx.app.inject({
      method: 'GET',
      url: '/api/courses',
      headers: { 'accept-encoding': 'br', 'if-none-match': plain.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
  });

  it('answers 200 with a new ETag once the data has changed', async () => {
    const teacher = await createUser(ctx, 'teacher');
    const student = await createUser(ctx, 'student');
    const course = await createCourse(ctx, teacher.token, { title: 'Reviewed', status: 'published' });
    // Only a student enrolled in the course may review it.
    await ctx.app.inject({
      method: 'POST',
      url: `/api/courses/${course.id}/enrolment`,
      headers: bearer(student.token),
    });
    const url = `/api/courses/${course.id}/reviews`;
    const before = await ctx.app.inject({ method: 'GET', url });
    const review = await ctx.app.inject({
      method: 'POST',
      url,
      headers: bearer(student.token),
      payload: { rating: 4, text: 'Good.' },
    });
    expect(review.statusCode).toBe(201);
    const after = await ctx.app.inject({
      method: 'GET',
      url,
      headers: { 'if-none-match': before.headers.etag as string },
    });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(after.json<{ total: number }>().total).toBe(1);
  });

  it('never marks an authenticated read public: private, no-store, no ETag, no 304', async () => {
    const teacher = await createUser(ctx, 'teacher');
    const course = await createCourse(ctx, teacher.token, { title: 'Draft of mine' });
    const anonymous = await ctx.app.inject({ method: 'GET', url: '/api/courses' });
    for (const url of ['/api/courses', `/api/courses/${course.id}`, '/api/forum/questions']) {
      const res = await ctx.app.inject({
        method: 'GET',
        url,
        headers: { ...bearer(teacher.token), 'if-none-match': anonymous.headers.etag as string },
      });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('private, no-store');
      expect(res.headers.etag, url).toBeUndefined();
    }
    // The draft is the teacher's answer only; a visitor gets a 404 that no cache keeps as public.
    const visitor = await ctx.app.inject({ method: 'GET', url: `/api/courses/${course.id}` });
    expect(visitor.statusCode).toBe(404);
    expect(visitor.headers['cache-control']).toBeUndefined();
  });

  it('leaves routes that are not public reads alone', async () => {
    const student = await createUser(ctx, 'student');
    for (const url of ['/api/health', '/api/student/wishlist']) {
      const res = await ctx.app.inject({ method: 'GET', url, headers: bearer(student.token) });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers.etag, url).toBeUndefined();
      expect(res.headers['cache-control'] ?? '', url).not.toMatch(/public/);
    }
  });
});
