import type { CoursePage } from '@lyceum/contract';
import { count, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { courses, reviews } from '../src/db/schema/index.js';
import { countQueries } from './course-helpers.js';
import { bearer, createUser, useTestApp, type TestUser } from './helper.js';

const ctx = useTestApp();
const COURSES = 10_000;
const SMALL = 12;

let teacher: TestUser;
let student: TestUser;
let reviewedCourseId: string;

/** Courses `from`..`to` (every 10th a draft, every 100th about "quantum"), their reviews, enrolments and questions. */
async function generate(from: number, to: number) {
  // One statement per table: every 10th course is a draft; every 100th (g % 100 = 1) mentions "quantum".
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
    from generate_series(${from}::int, ${to}::int) as g`);
  // A few reviews and enrolments so rating and popularity sorts have data to aggregate.
  await ctx.database.db.execute(sql`
    insert into reviews (student_id, course_id, rating, text)
    select ${student.user.id}::uuid, id, 1 + (row_number() over (order by title)) % 5, 'generated'
    from courses where status = 'published' and title like 'Generated course 5%' and id not in (select course_id from reviews)`);
  await ctx.database.db.execute(sql`
    insert into enrolments (student_id, course_id)
    select ${student.user.id}::uuid, id from courses
    where status = 'published' and title like 'Generated course 7%' and id not in (select course_id from enrolments)`);
  await ctx.database.db.execute(sql`
    insert into forum_questions (author_id, author_role, question, description, tags, created_at)
    select ${student.user.id}::uuid, 'student',
           'Generated question ' || g || case when g % 100 = 1 then ' about docker' else '' end,
           'How does generated thing ' || g || ' work?', array['tag' || (g % 20)],
           now() - g * interval '1 minute'
    from generate_series(${from}::int, ${to}::int) as g`);
}

/** Every list a visitor, student or admin pages through, as [name, url, who]. */
const lists: [string, string, 'anonymous' | 'student' | 'admin'][] = [
  ['the catalogue', '/api/courses', 'anonymous'],
  ['the catalogue, page 500', '/api/courses?page=500&pageSize=18', 'anonymous'],
  ['a search', '/api/courses?q=quantum', 'anonymous'],
  ['a search with many hits', '/api/courses?q=generated', 'anonymous'],
  ['a search with many hits, page 40', '/api/courses?q=generated&page=40', 'anonymous'],
  ['a category page', '/api/courses?category=Photography&page=3', 'anonymous'],
  ['the top rated', '/api/courses?sort=rating', 'anonymous'],
  ['the top rated, page 500', '/api/courses?sort=rating&page=500&pageSize=18', 'anonymous'],
  ['the most enrolled', '/api/courses?sort=popular', 'anonymous'],
  ['the top rated in a category', '/api/courses?sort=rating&category=Design', 'anonymous'],
  ['the featured shelf', '/api/courses/featured', 'anonymous'],
  ['the recommended shelf', '/api/courses/recommended', 'anonymous'],
  ["a student's recommended shelf", '/api/courses/recommended', 'student'],
  ['students are viewing', '/api/courses/popular', 'anonymous'],
  ["a course's reviews", '/api/courses/:reviewed/reviews', 'anonymous'],
  ['the admin course list', '/api/admin/courses', 'admin'],
  ['the admin course list, page 500', '/api/admin/courses?page=500', 'admin'],
  ['the forum', '/api/forum/questions', 'anonymous'],
  ['the forum, page 500', '/api/forum/questions?page=500', 'anonymous'],
  ['the forum by votes', '/api/forum/questions?sort=votes', 'anonymous'],
  ['a forum search', '/api/forum/questions?q=docker', 'anonymous'],
];

let admin: TestUser;

async function queriesOf(url: string, who: 'anonymous' | 'student' | 'admin') {
  const token = who === 'student' ? student.token : who === 'admin' ? admin.token : undefined;
  let status = 0;
  const statements = await countQueries(ctx.database, async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: url.replace(':reviewed', reviewedCourseId),
      headers: token ? bearer(token) : {},
    });
    status = res.statusCode;
  });
  expect(status, url).toBe(200);
  return statements.length;
}

const smallCounts = new Map<string, number>();

beforeAll(async () => {
  [teacher, student, admin] = [
    await createUser(ctx, 'teacher'),
    await createUser(ctx, 'student'),
    await createUser(ctx, 'admin'),
  ];
  await generate(1, SMALL);
  const [reviewed] = await ctx.database.db.select({ courseId: reviews.courseId }).from(reviews).limit(1);
  reviewedCourseId = reviewed!.courseId;
  for (const [name, url, who] of lists) smallCounts.set(name, await queriesOf(url, who));
  await generate(SMALL + 1, COURSES);
}, 120_000);

describe(`every list with ${SMALL} and with ${COURSES.toLocaleString('en')} rows`, () => {
  it.each(lists)('serves %s with the same number of queries (at most 3)', async (name, url, who) => {
    const large = await queriesOf(url, who);
    // At most 3 with the session's read, which countQueries leaves out (a kept session costs none).
    expect(large).toBeLessThanOrEqual(who === 'anonymous' ? 3 : 2);
    expect(large).toBe(smallCounts.get(name));
  });

  it('costs page 500 the queries page 1 costs', async () => {
    expect(await queriesOf('/api/courses?page=500&pageSize=18', 'anonymous')).toBe(
      await queriesOf('/api/courses', 'anonymous'),
    );
    expect(await queriesOf('/api/forum/questions?page=500', 'anonymous')).toBe(
      await queriesOf('/api/forum/questions', 'anonymous'),
    );
  });
});

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
    [
      'the last page, 500',
      '/api/courses?page=500&pageSize=18',
      (p) => {
        expect(p).toMatchObject({ total: 9_000, lastPage: 500 });
        // The oldest published course (g = 9,999) closes the catalogue.
        expect(p.items.at(-1)!.title).toBe('Generated course 9999');
      },
    ],
    [
      'a search with more hits than it ranks',
      '/api/courses?q=generated&page=50',
      (p) => {
        expect(p).toMatchObject({ total: 1_000, totalIsLowerBound: true, lastPage: 50 });
        expect(p.items).toHaveLength(20);
      },
    ],
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
