import type { CoursePage } from '@lyceum/contract';
import { count, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { courses } from '../src/db/schema/index.js';
import { countQueries } from './course-helpers.js';
import { createUser, useTestApp } from './helper.js';

const ctx = useTestApp();
const COURSES = 10_000;

beforeAll(async () => {
  const [teacher, student] = [await createUser(ctx, 'teacher'), await createUser(ctx, 'student')];
  // One statement: every 10th course is a draft; every 100th (g % 100 = 1) mentions "quantum".
  await ctx.database.db.execute(sql`
    insert into courses (teacher_id, title, category, about_html, tag_items, status, published_at, created_at)
    select ${teacher.user.id}::uuid,
           'Generated course ' || g,
           (array['Design','Development','Web Development','Business','Marketing','Photography','Acting'])[1 + g % 7],
           '<p>About generated course ' || g || case when g % 100 = 1 then ' on quantum computing' else '' end || '</p>',
           array['tag' || (g % 50)],
           case when g % 10 = 0 then 'draft' else 'published' end,
           case when g % 10 = 0 then null else now() - g * interval '1 minute' end,
           now() - g * interval '1 minute'
    from generate_series(1, ${COURSES}) as g`);
  // A few reviews and enrolments so rating and popularity sorts have data to aggregate.
  await ctx.database.db.execute(sql`
    insert into reviews (student_id, course_id, rating, text)
    select ${student.user.id}::uuid, id, 1 + (row_number() over (order by title)) % 5, 'generated'
    from courses where status = 'published' and title like 'Generated course 5%'`);
  await ctx.database.db.execute(sql`
    insert into enrolments (student_id, course_id)
    select ${student.user.id}::uuid, id from courses where status = 'published' and title like 'Generated course 7%'`);
}, 120_000);

describe(`the catalogue with ${COURSES.toLocaleString('en')} courses`, () => {
  const pages: [string, string, (page: CoursePage) => void][] = [
    ['the first page', '/api/courses', (p) => expect(p.total).toBe(9_000)],
    ['a search', '/api/courses?q=quantum', (p) => expect(p.total).toBe(100)],
    [
      'a prefix search in a category',
      '/api/courses?q=quant&category=Business',
      (p) => expect(p.total).toBeGreaterThan(0),
    ],
    ['a category page', '/api/courses?category=Photography&page=3', (p) => expect(p.items).toHaveLength(20)],
    ['the top rated', '/api/courses?sort=rating', (p) => expect(p.items[0]!.rating.average).toBe(5)],
    ['the most enrolled', '/api/courses?sort=popular', (p) => expect(p.items[0]!.enrolledCount).toBe(1)],
    ['a full page of 100', '/api/courses?pageSize=100&page=90', (p) => expect(p.items).toHaveLength(100)],
  ];

  it.each(pages)('serves %s with at most 3 queries', async (_name, url, check) => {
    let response: { statusCode: number; json: () => CoursePage } | undefined;
    const statements = await countQueries(ctx.database, async () => {
      response = await ctx.app.inject({ method: 'GET', url });
    });
    expect(response!.statusCode).toBe(200);
    const page = response!.json();
    check(page);
    expect(page.items.every((c) => c.status === 'published')).toBe(true);
    expect(statements.length).toBeGreaterThan(0);
    expect(statements.length).toBeLessThanOrEqual(3);
  });

  it('caps the page size at 100', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/courses?pageSize=101' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('pageSize must be at most 100');
  });

  it('keeps the search index current for rows written by plain SQL', async () => {
    const [row] = await ctx.database.db
      .select({ n: count() })
      .from(courses)
      .where(sql`${courses.searchVector} = ''::tsvector`);
    expect(row!.n).toBe(0);
  });
});
