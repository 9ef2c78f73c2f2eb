import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../src/db/schema/index.js';
import { bearer, createUser, useTestApp } from './helper.js';

const ctx = useTestApp();

const ROLE_ROUTES = [
  { url: '/api/student/dashboard', role: 'student' },
  { url: '/api/teacher/dashboard', role: 'teacher' },
  { url: '/api/admin/dashboard', role: 'admin' },
] as const;

describe('role guards', () => {
  it.each(ROLE_ROUTES)('$url answers 401 without a token', async ({ url }) => {
    const res = await ctx.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ statusCode: 401, message: 'Unauthorized: Token not provided' });
  });

  it.each(ROLE_ROUTES)('$url answers 403 to the other roles and 200 to its own', async ({ url, role }) => {
    for (const other of ['student', 'teacher', 'admin'] as const) {
      const user = await createUser(ctx, other);
      const res = await ctx.app.inject({ method: 'GET', url, headers: bearer(user.token) });
      expect(res.statusCode).toBe(other === role ? 200 : 403);
    }
  });

  it('uses the role stored in the database, not the one in the token', async () => {
    const student = await createUser(ctx, 'student');
    await ctx.database.db.update(users).set({ role: 'teacher' }).where(eq(users.id, student.user.id));
    const res = await ctx.app.inject({ method: 'GET', url: '/api/teacher/dashboard', headers: bearer(student.token) });
    expect(res.statusCode).toBe(200);
  });

  it("stops a suspended user's existing token", async () => {
    const student = await createUser(ctx, 'student');
    await ctx.database.db.update(users).set({ status: 'suspended' }).where(eq(users.id, student.user.id));
    const me = await ctx.app.inject({ method: 'GET', url: '/api/me', headers: bearer(student.token) });
    expect(me.statusCode).toBe(401);
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: student.email, password: student.password },
    });
    expect(login.statusCode).toBe(403);
    expect(login.json().message).toMatch(/suspended/i);
  });

  it('revokes tokens issued before the token version was raised', async () => {
    const teacher = await createUser(ctx, 'teacher');
    await ctx.database.db
      .update(users)
      .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
      .where(eq(users.id, teacher.user.id));
    const res = await ctx.app.inject({ method: 'GET', url: '/api/me', headers: bearer(teacher.token) });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Unauthorized: Invalid token');
  });

  it('accepts a token whose user was deleted as invalid, not as a server error', async () => {
    const student = await createUser(ctx, 'student');
    await ctx.database.db.delete(users).where(eq(users.id, student.user.id));
    const res = await ctx.app.inject({ method: 'GET', url: '/api/me', headers: bearer(student.token) });
    expect(res.statusCode).toBe(401);
  });
});
