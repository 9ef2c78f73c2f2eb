import type { AdminUserPage } from '@lyceum/contract';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { countQueries } from './course-helpers.js';
import { bearer, createUser, useTestApp, type TestUser } from './helper.js';

const ctx = useTestApp();
const USERS = 10_000;
let admin: TestUser;

beforeAll(async () => {
  admin = await createUser(ctx, 'admin');
  const teacher = await createUser(ctx, 'teacher');
  // One statement: every 4th user is a teacher; every 100th (g % 100 = 7) is called "Zebediah".
  await ctx.database.db.execute(sql`
    insert into users (role, email, username, password_hash, firstname, lastname, created_at)
    select case when g % 4 = 0 then 'teacher' else 'student' end,
           'generated.' || g || '@example.com',
           'generated_' || g,
           'not-a-real-hash',
           case when g % 100 = 7 then 'Zebediah' else 'Person' end,
           'Number ' || g,
           now() - g * interval '1 minute'
    from generate_series(1, ${USERS}) as g`);
  // A course with enrolments for the students g = 1..50 (not multiples of 4), so activity sorts have data.
  await ctx.database.db.execute(sql`
    insert into courses (teacher_id, title, category) values (${teacher.user.id}::uuid, 'Busy course', 'Design')`);
  await ctx.database.db.execute(sql`
    insert into enrolments (student_id, course_id)
    select u.id, c.id from users u, courses c
    where c.title = 'Busy course' and u.role = 'student' and u.username ~ '^generated_([1-4]?[0-9]|50)$'`);
}, 120_000);

describe(`the admin user lists with ${USERS.toLocaleString('en')} users`, () => {
  const pages: [string, string, (page: AdminUserPage) => void][] = [
    ['the first student page', '?role=student', (p) => expect(p.total).toBe(7_500)],
    ['the teachers', '?role=teacher&sort=name', (p) => expect(p.total).toBe(2_500 + 1)],
    ['a name search', '?role=student&q=zebed', (p) => expect(p.total).toBe(100)],
    ['an e-mail search', '?role=student&q=GENERATED.4242@', (p) => expect(p.total).toBe(1)],
    ['a username search', '?role=student&q=generated_4243', (p) => expect(p.items[0]!.username).toBe('generated_4243')],
    ['the most active students', '?role=student&sort=activity', (p) => expect(p.items[0]!.enrolmentCount).toBe(1)],
    ['teachers by courses', '?role=teacher&sort=activity&order=desc', (p) => expect(p.items[0]!.courseCount).toBe(1)],
    ['a full page of 100', '?role=student&pageSize=100&page=70', (p) => expect(p.items).toHaveLength(100)],
  ];

  it.each(pages)('serves %s with at most 3 queries (token check, page, count)', async (_name, query, check) => {
    let response: { statusCode: number; json: () => AdminUserPage } | undefined;
    const statements = await countQueries(ctx.database, async () => {
      response = await ctx.app.inject({ method: 'GET', url: `/api/admin/users${query}`, headers: bearer(admin.token) });
    });
    expect(response!.statusCode).toBe(200);
    check(response!.json());
    expect(statements.length).toBeGreaterThan(0);
    expect(statements.length).toBeLessThanOrEqual(3);
  });

  it('caps the page size at 100', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/users?role=student&pageSize=101',
      headers: bearer(admin.token),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('pageSize must be at most 100');
  });

  it('exports every student in batches of 1,000 rows per query', async () => {
    let body = '';
    const statements = await countQueries(ctx.database, async () => {
      const res = await ctx.app.inject({
        method: 'GET',
        url: '/api/admin/users/export.csv?role=student',
        headers: bearer(admin.token),
      });
      expect(res.statusCode).toBe(200);
      body = res.body;
    });
    const lines = body.split('\r\n').filter(Boolean);
    expect(lines).toHaveLength(1 + 7_500);
    // The exporter's time zone (dates are written with its offset, issue 46.9), then ceil(7,500 / 1,000) = 8 batches
    // (the session's read is not counted: countQueries).
    expect(statements.filter((text) => /"time_zone"/.test(text))).toHaveLength(1);
    expect(statements.length).toBe(1 + 8);
  });
});
