import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { wishlistItems } from '../src/db/schema/index.js';
import { createCourse } from './course-helpers.js';
import { bearer, createUser, useTestApp, type TestUser } from './helper.js';

// 3 authenticated writes a minute per user; the teacher's course creation below is its own user's budget.
const ctx = useTestApp({ apiWriteRateLimit: 3 });

let teacher: TestUser;
let courseIds: string[];

beforeAll(async () => {
  teacher = await createUser(ctx, 'teacher');
  courseIds = [];
  for (const title of ['Ink', 'Charcoal']) {
    courseIds.push((await createCourse(ctx, teacher.token, { title, category: 'Design', status: 'published' })).id);
  }
});

function wishlist(method: 'PUT' | 'DELETE', courseId: string, token: string) {
  return ctx.app.inject({ method, url: `/api/courses/${courseId}/wishlist`, headers: bearer(token) });
}

describe('per-user limit on authenticated /api writes (issue 13.9)', () => {
  it('answers 429 with Retry-After past the limit, changes nothing, and leaves reads and other users alone', async () => {
    const student = await createUser(ctx, 'student');
    const [first = '', second = ''] = courseIds;
    expect((await wishlist('PUT', first, student.token)).statusCode).toBe(200);
    expect((await wishlist('DELETE', first, student.token)).statusCode).toBe(200);
    expect((await wishlist('PUT', first, student.token)).statusCode).toBe(200);

    const limited = await wishlist('PUT', second, student.token);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json()).toMatchObject({ message: 'Too many requests' });
    const stored = await ctx.database.db
      .select({ courseId: wishlistItems.courseId })
      .from(wishlistItems)
      .where(eq(wishlistItems.studentId, student.user.id));
    expect(stored.map((row) => row.courseId)).toEqual([first]);

    // Reads are not writes.
    const read = await ctx.app.inject({ method: 'GET', url: '/api/me', headers: bearer(student.token) });
    expect(read.statusCode).toBe(200);
    // Another user has a budget of their own.
    const other = await createUser(ctx, 'student');
    expect((await wishlist('PUT', second, other.token)).statusCode).toBe(200);
  });

  it('does not count public writes (login has its per-client limit instead)', async () => {
    const student = await createUser(ctx, 'student');
    for (let i = 0; i < 5; i += 1) {
      const login = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: student.email, password: student.password },
      });
      expect(login.statusCode).toBe(200);
    }
  });
});
