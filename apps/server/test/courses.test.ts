import { LIMITS, type Course, type CoursePage } from '@lyceum/contract';
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { courses, enrolments, reviews, wishlistItems } from '../src/db/schema/index.js';
import { createCourse } from './course-helpers.js';
import { bearer, createUser, useTestApp, type TestUser } from './helper.js';

const ctx = useTestApp({ env: { AUTH_RATE_LIMIT_PER_MINUTE: '10000' } });

async function get<T = unknown>(url: string, token?: string) {
  const res = await ctx.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
  return { status: res.statusCode, body: res.json<T>() };
}

async function send(method: 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, token: string, payload?: object) {
  const res = await ctx.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  return { status: res.statusCode, body: res.body ? res.json() : null };
}

/** A unique word, so each test finds its own courses whatever else the database holds. */
const word = () => `w${randomUUID().replaceAll('-', '').slice(0, 10)}`;

const fullCourse = {
  title: 'Photography for Beginners',
  category: 'Photography',
  videoLink: 'https://vimeo.com/76979871',
  aboutHtml: '<h2>Light</h2><p class="ql-indent-2">Exposure, <strong>aperture</strong> and shutter.</p>',
  learnItems: ['  Exposure  ', '', 'Composition'],
  materialItems: ['Slides'],
  requirementItems: [],
  tagItems: ['camera', ' '],
  audienceItems: ['Beginners'],
  status: 'draft',
} as const;

describe('course authoring', () => {
  it('lets a teacher create a draft that is stored trimmed and sanitised and appears under Draft only', async () => {
    const teacher = await createUser(ctx, 'teacher');
    const res = await send('POST', '/api/courses', teacher.token, fullCourse);
    expect(res.status).toBe(201);
    const course = res.body as Course;
    expect(course).toMatchObject({
      title: 'Photography for Beginners',
      category: 'Photography',
      videoLink: 'https://vimeo.com/76979871',
      aboutHtml: '<h2>Light</h2><p class="ql-indent-2">Exposure, <strong>aperture</strong> and shutter.</p>',
      learnItems: ['Exposure', 'Composition'],
      materialItems: ['Slides'],
      requirementItems: [],
      tagItems: ['camera'],
      audienceItems: ['Beginners'],
      status: 'draft',
      publishedAt: null,
      rating: { average: null, count: 0 },
      enrolledCount: 0,
      teacher: { id: teacher.user.id, firstname: teacher.user.firstname, role: 'teacher' },
    });
    expect(course.teacher).not.toHaveProperty('email');

    const drafts = await get<CoursePage>('/api/teacher/courses?status=draft', teacher.token);
    expect(drafts.body.items.map((c) => c.id)).toEqual([course.id]);
    const published = await get<CoursePage>('/api/teacher/courses?status=published', teacher.token);
    expect(published.body).toMatchObject({ items: [], total: 0, page: 1, pageSize: 20 });
  });

  it('keeps drafts out of public view: catalogue, search, category, details and home', async () => {
    const teacher = await createUser(ctx, 'teacher');
    const otherTeacher = await createUser(ctx, 'teacher');
    const student = await createUser(ctx, 'student');
    const admin = await createUser(ctx, 'admin');
    const secret = word();
    const draft = await createCourse(ctx, teacher.token, {
      title: `Draft ${secret}`,
      category: 'Acting',
      tagItems: [secret],
    });

    const catalogue = await get<CoursePage>(`/api/courses?pageSize=100`);
    expect(catalogue.body.items.map((c) => c.id)).not.toContain(draft.id);
    expect((await get<CoursePage>(`/api/courses?q=${secret}`)).body.total).toBe(0);
    expect(
      (await get<CoursePage>(`/api/courses?category=Acting&pageSize=100`)).body.items.map((c) => c.id),
    ).not.toContain(draft.id);
    const home = await get<{ items: { id: string }[] }>('/api/courses/recommended?limit=24');
    expect(home.body.items.map((c) => c.id)).not.toContain(draft.id);

    expect((await get(`/api/courses/${draft.id}`)).status).toBe(404);
    expect((await get(`/api/courses/${draft.id}`, student.token)).status).toBe(404);
    expect((await get(`/api/courses/${draft.id}`, otherTeacher.token)).status).toBe(404);
    expect((await get(`/api/courses/${draft.id}/me`, student.token)).status).toBe(404);
    expect((await get(`/api/courses/${draft.id}`, teacher.token)).status).toBe(200);
    expect((await get(`/api/courses/${draft.id}`, admin.token)).status).toBe(200);
    expect((await send('PUT', `/api/courses/${draft.id}/wishlist`, student.token)).status).toBe(404);
    expect((await send('POST', `/api/courses/${draft.id}/enrolment`, student.token)).status).toBe(404);
  });

  it('publishing makes a course appear in the catalogue, search, its category and home; editing moves "last updated"', async () => {
    const teacher = await createUser(ctx, 'teacher');
    const marker = word();
    const draft = await createCourse(ctx, teacher.token, {
      title: `Stage presence ${marker}`,
      category: 'Acting',
      aboutHtml: '<p>Voice, posture and improvisation.</p>',
    });
    const published = await send('PATCH', `/api/courses/${draft.id}`, teacher.token, { status: 'published' });
    expect(published.status).toBe(200);
    expect(published.body.publishedAt).not.toBeNull();

    const first = await get<CoursePage>('/api/courses');
    expect(first.body.items[0]!.id).toBe(draft.id);
    const search = await get<CoursePage>(`/api/courses?q=${marker}`);
    expect(search.body.items.map((c) => c.id)).toEqual([draft.id]);
    expect(search.body.items[0]).toMatchObject({ excerpt: 'Voice, posture and improvisation.', status: 'published' });
    const byWordInAbout = await get<CoursePage>(`/api/courses?q=improvis+${marker}`);
    expect(byWordInAbout.body.total).toBe(1);
    const category = await get<CoursePage>('/api/courses?category=Acting');
    expect(category.body.items.map((c) => c.id)).toContain(draft.id);
    expect(category.body.items.every((c) => c.category === 'Acting')).toBe(true);
    const home = await get<{ items: { id: string }[] }>('/api/courses/recommended');
    expect(home.body.items.map((c) => c.id)).toContain(draft.id);
    expect((await get(`/api/courses/${draft.id}`)).status).toBe(200);

    const before = (await get<Course>(`/api/courses/${draft.id}`)).body.updatedAt;
    await new Promise((resolve) => setTimeout(resolve, 5));
    const edited = await send('PATCH', `/api/courses/${draft.id}`, teacher.token, { title: `Renamed ${marker}` });
    expect(edited.body.title).toBe(`Renamed ${marker}`);
    expect(Date.parse(edited.body.updatedAt)).toBeGreaterThan(Date.parse(before));
    expect((await get<CoursePage>(`/api/courses?q=renamed+${marker}`)).body.total).toBe(1);
    expect((await get<CoursePage>(`/api/courses?q=stage+${marker}`)).body.total).toBe(0);

    const firstPublished = edited.body.publishedAt;
    expect(firstPublished).not.toBeNull();
    const unpublished = await send('PATCH', `/api/courses/${draft.id}`, teacher.token, { status: 'draft' });
    expect(unpublished.body).toMatchObject({ status: 'draft', publishedAt: firstPublished });
    expect((await get<CoursePage>(`/api/courses?q=${marker}`)).body.total).toBe(0);
    // Publishing again keeps the first publish date (it used to be reset to now).
    await new Promise((resolve) => setTimeout(resolve, 5));
    const republished = await send('PATCH', `/api/courses/${draft.id}`, teacher.token, { status: 'published' });
    expect(republished.body).toMatchObject({ status: 'published', publishedAt: firstPublished });
  });

  it('searches title, tags and about text with prefixes, and ranks title matches first', async () => {
    const teacher = await createUser(ctx, 'teacher');
    const marker = word();
    const inTitle = await createCourse(ctx, teacher.token, {
      title: `Negotiation masterclass ${marker}`,
      status: 'published',
    });
    const inTags = await createCourse(ctx, teacher.token, {
      title: `Sales ${marker}`,
      tagItems: ['negotiation'],
      status: 'published',
    });
    const inAbout = await createCourse(ctx, teacher.token, {
      title: `Business basics ${marker}`,
      aboutHtml: '<p>Includes a chapter on <em>negotiation</em>.</p>',
      status: 'published',
    });
    const found = await get<CoursePage>(`/api/courses?q=negotiat%20${marker}`);
    expect(found.body.items.map((c) => c.id)).toEqual([inTitle.id, inTags.id, inAbout.id]);
    // An explicit sort wins over relevance.
    const newest = await get<CoursePage>(`/api/courses?q=negotiation%20${marker}&sort=newest`);
    expect(newest.body.items.map((c) => c.id)).toEqual([inAbout.id, inTags.id, inTitle.id]);
    // Markup is not text: searching a tag name or attribute finds nothing.
    expect((await get<CoursePage>(`/api/courses?q=em%20${marker}`)).body.total).toBe(0);
    // Punctuation-only queries are no filter; odd characters never reach the query parser.
    expect((await get(`/api/courses?q=${encodeURIComponent("'&|!:*()")}`)).status).toBe(200);
  });

  it('sorts by rating and by enrolments with real aggregates', async () => {
    const teacher = await createUser(ctx, 'teacher');
    const [alice, bob] = [await createUser(ctx, 'student'), await createUser(ctx, 'student')];
    const marker = word();
    const make = (title: string) =>
      createCourse(ctx, teacher.token, { title: `${title} ${marker}`, category: 'Marketing', status: 'published' });
    const [low, high, none] = [await make('Low'), await make('High'), await make('None')];
    const db = ctx.database.db;
    await db.insert(reviews).values([
      { studentId: alice.user.id, courseId: low.id, rating: 2, text: 'ok' },
      { studentId: bob.user.id, courseId: low.id, rating: 3, text: 'ok' },
      { studentId: alice.user.id, courseId: high.id, rating: 5, text: 'great' },
      { studentId: bob.user.id, courseId: high.id, rating: 4, text: 'good' },
    ]);
    await db.insert(enrolments).values([
      { studentId: alice.user.id, courseId: none.id },
      { studentId: bob.user.id, courseId: none.id },
      { studentId: alice.user.id, courseId: low.id },
    ]);
    const byRating = await get<CoursePage>(`/api/courses?q=${marker}&sort=rating`);
    expect(byRating.body.items.map((c) => [c.title.split(' ')[0], c.rating])).toEqual([
      ['High', { average: 4.5, count: 2 }],
      ['Low', { average: 2.5, count: 2 }],
      ['None', { average: null, count: 0 }],
    ]);
    const byPopularity = await get<CoursePage>(`/api/courses?q=${marker}&sort=popular`);
    expect(byPopularity.body.items.map((c) => [c.title.split(' ')[0], c.enrolledCount])).toEqual([
      ['None', 2],
      ['Low', 1],
      ['High', 0],
    ]);
    const details = await get<Course>(`/api/courses/${high.id}`);
    expect(details.body).toMatchObject({ rating: { average: 4.5, count: 2 }, enrolledCount: 0 });
    const featured = await get<{ items: { id: string }[] }>('/api/courses/featured?limit=24');
    const ids = featured.body.items.map((c) => c.id);
    expect(ids.indexOf(high.id)).toBeLessThan(ids.indexOf(low.id));
  });

  it('lets an admin author a course on behalf of a chosen teacher, and only a teacher', async () => {
    const admin = await createUser(ctx, 'admin');
    const teacher = await createUser(ctx, 'teacher');
    const student = await createUser(ctx, 'student');
    const course = await createCourse(ctx, admin.token, { teacherId: teacher.user.id, status: 'published' });
    expect(course.teacher.id).toBe(teacher.user.id);
    const own = await get<CoursePage>('/api/teacher/courses', teacher.token);
    expect(own.body.items.map((c) => c.id)).toEqual([course.id]);

    const withoutTeacher = await send('POST', '/api/courses', admin.token, { title: 'X', category: 'Design' });
    expect(withoutTeacher).toMatchObject({ status: 400, body: { message: 'teacherId is required' } });
    const notATeacher = await send('POST', '/api/courses', admin.token, {
      title: 'X',
      category: 'Design',
      teacherId: student.user.id,
    });
    expect(notATeacher).toMatchObject({ status: 400, body: { message: 'teacherId must be a teacher' } });
    const unknown = await send('POST', '/api/courses', admin.token, {
      title: 'X',
      category: 'Design',
      teacherId: randomUUID(),
    });
    expect(unknown).toMatchObject({ status: 404, body: { message: 'Teacher not found' } });
    const teacherChoosing = await send('POST', '/api/courses', teacher.token, {
      title: 'X',
      category: 'Design',
      teacherId: admin.user.id,
    });
    expect(teacherChoosing.status).toBe(403);
  });

  it('refuses students and visitors as authors', async () => {
    const student = await createUser(ctx, 'student');
    expect((await send('POST', '/api/courses', student.token, { title: 'X', category: 'Design' })).body).toMatchObject({
      statusCode: 403,
      message: 'Forbidden: teachers, admins only',
    });
    const visitor = await ctx.app.inject({ method: 'POST', url: '/api/courses', payload: { title: 'X' } });
    expect(visitor.statusCode).toBe(401);
    expect((await get('/api/teacher/courses', student.token)).status).toBe(403);
    expect((await get('/api/admin/courses', student.token)).status).toBe(403);
  });
});

describe('course level', () => {
  it('defaults to all levels, takes beginner/intermediate/advanced, and refuses anything else', async () => {
    const teacher = await createUser(ctx, 'teacher');
    const plain = await send('POST', '/api/courses', teacher.token, { title: 'Levels', category: 'Design' });
    expect(plain).toMatchObject({ status: 201, body: { level: 'all levels' } });
    const advanced = await send('POST', '/api/courses', teacher.token, {
      title: 'Deep',
      category: 'Design',
      level: 'advanced',
      status: 'published',
    });
    expect(advanced).toMatchObject({ status: 201, body: { level: 'advanced' } });
    expect((await get(`/api/courses/${advanced.body.id}`)).body).toMatchObject({ level: 'advanced' });

    const changed = await send('PATCH', `/api/courses/${plain.body.id}`, teacher.token, { level: 'beginner' });
    expect(changed).toMatchObject({ status: 200, body: { level: 'beginner' } });
    for (const level of ['expert', '', 3, null, 'Beginner']) {
      const refused = await send('PATCH', `/api/courses/${plain.body.id}`, teacher.token, { level });
      expect(refused.status, String(level)).toBe(400);
      expect(refused.body.message).toMatch(/^level /);
    }
    expect((await get(`/api/courses/${plain.body.id}`, teacher.token)).body).toMatchObject({ level: 'beginner' });
  });
});

describe('course ownership', () => {
  let owner: TestUser;
  let intruder: TestUser;
  let admin: TestUser;

  it("answers 403 when a teacher edits or deletes another teacher's course, and lets admins do both", async () => {
    owner = await createUser(ctx, 'teacher');
    intruder = await createUser(ctx, 'teacher');
    admin = await createUser(ctx, 'admin');
    const course = await createCourse(ctx, owner.token, { title: 'Mine', status: 'published' });

    const edit = await send('PATCH', `/api/courses/${course.id}`, intruder.token, { title: 'Yours now' });
    expect(edit).toMatchObject({ status: 403, body: { message: 'You can only change your own courses' } });
    expect((await send('DELETE', `/api/courses/${course.id}`, intruder.token)).status).toBe(403);
    expect((await get<Course>(`/api/courses/${course.id}`)).body.title).toBe('Mine');

    const adminEdit = await send('PATCH', `/api/courses/${course.id}`, admin.token, { title: 'Moderated' });
    expect(adminEdit).toMatchObject({ status: 200, body: { title: 'Moderated', teacher: { id: owner.user.id } } });
    const removed = await send('DELETE', `/api/courses/${course.id}`, admin.token);
    expect(removed.status).toBe(204);
    expect((await get(`/api/courses/${course.id}`)).status).toBe(404);
  });

  it('lets the owner delete a course with its wishlist entries and enrolments', async () => {
    const student = await createUser(ctx, 'student');
    const course = await createCourse(ctx, owner.token, { status: 'published' });
    await send('PUT', `/api/courses/${course.id}/wishlist`, student.token);
    await send('POST', `/api/courses/${course.id}/enrolment`, student.token);
    // An enrolled student: the delete needs confirming (course-unpublish-delete.test.ts).
    expect((await send('DELETE', `/api/courses/${course.id}?confirm=true`, owner.token)).status).toBe(204);
    const db = ctx.database.db;
    expect(await db.select().from(courses).where(eq(courses.id, course.id))).toEqual([]);
    expect(await db.select().from(enrolments).where(eq(enrolments.courseId, course.id))).toEqual([]);
    expect(await db.select().from(wishlistItems).where(eq(wishlistItems.courseId, course.id))).toEqual([]);
    expect((await send('DELETE', `/api/courses/${course.id}`, owner.token)).status).toBe(404);
  });

  it('answers 404 for unknown ids and 400 for malformed ones', async () => {
    const unknown = randomUUID();
    expect((await get(`/api/courses/${unknown}`)).body).toMatchObject({ statusCode: 404, message: 'Course not found' });
    expect((await send('PATCH', `/api/courses/${unknown}`, owner.token, { title: 'x' })).status).toBe(404);
    expect((await send('DELETE', `/api/courses/${unknown}`, owner.token)).status).toBe(404);
    expect((await send('POST', `/api/admin/courses/${unknown}/publish`, admin.token)).status).toBe(404);
    const malformed = await get('/api/courses/not-an-id');
    expect(malformed).toMatchObject({ status: 400, body: { message: 'id must be a valid id' } });
    expect((await send('PATCH', '/api/courses/123', owner.token, { title: 'x' })).status).toBe(400);
    expect((await send('PUT', '/api/courses/123/wishlist', owner.token)).status).toBe(403);
  });
});

describe('course validation', () => {
  const cases: [string, object, string][] = [
    ['a missing title', { category: 'Design' }, 'title is required'],
    ['a blank title', { title: '   ', category: 'Design' }, 'title is required'],
    ['a long title', { title: 'x'.repeat(201), category: 'Design' }, 'title must be at most 200 characters'],
    ['a missing category', { title: 'T' }, 'category is required'],
    ['an unknown category', { title: 'T', category: 'Cooking' }, 'category must be one of the course categories'],
    [
      'a javascript: video link',
      { title: 'T', category: 'Design', videoLink: 'javascript:alert(1)' },
      'videoLink must be a YouTube or Vimeo link, or a link to an .mp4, .webm or .ogg file',
    ],
    [
      'a video link to another site',
      { title: 'T', category: 'Design', videoLink: 'https://example.com/page' },
      'videoLink must be a YouTube or Vimeo link, or a link to an .mp4, .webm or .ogg file',
    ],
    [
      'too many list entries',
      { title: 'T', category: 'Design', learnItems: Array.from({ length: 51 }, (_, i) => `item ${i}`) },
      'learnItems must have at most 50 items',
    ],
    [
      'a long list entry',
      { title: 'T', category: 'Design', tagItems: ['ok', 'x'.repeat(501)] },
      'tagItems.1 must be at most 500 characters',
    ],
    ['a list that is not a list', { title: 'T', category: 'Design', audienceItems: 'all' }, 'audienceItems is invalid'],
    ['an unknown status', { title: 'T', category: 'Design', status: 'live' }, 'status must be draft or published'],
    ['a malformed teacherId', { title: 'T', category: 'Design', teacherId: 'me' }, 'teacherId must be a valid id'],
    [
      'about text that is too long after sanitising',
      { title: 'T', category: 'Design', aboutHtml: `<p>${'a'.repeat(LIMITS.aboutCourse)}</p>` },
      `aboutHtml must be at most ${LIMITS.aboutCourse} characters`,
    ],
  ];

  it.each(cases)('answers 400 naming the field for %s', async (_name, payload, message) => {
    const teacher = await createUser(ctx, 'teacher');
    const res = await send('POST', '/api/courses', teacher.token, payload);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect(res.body.issues?.[0]?.path).toBe(message.split(' ')[0]);
    const [row] = await ctx.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(courses)
      .where(eq(courses.teacherId, teacher.user.id));
    expect(row!.n).toBe(0);
  });

  it('accepts 50 entries per list, YouTube, Vimeo and video-file links, and about text that shrinks under the limit', async () => {
    const teacher = await createUser(ctx, 'teacher');
    for (const videoLink of [
      '',
      'https://www.youtube.com/watch?v=W6NZfCO5SIk',
      'https://youtu.be/W6NZfCO5SIk',
      'https://vimeo.com/76979871',
      'https://cdn.example.com/intro.mp4',
      'http://cdn.example.com/intro.webm?x=1',
    ]) {
      expect((await createCourse(ctx, teacher.token, { videoLink })).videoLink).toBe(videoLink);
    }
    const course = await createCourse(ctx, teacher.token, {
      learnItems: [...Array.from({ length: 50 }, (_, i) => `item ${i}`), '', '  '],
      aboutHtml: `<p>short</p>${'<script>x</script>'.repeat(10_000)}`,
    });
    expect(course.learnItems).toHaveLength(50);
    expect(course.aboutHtml).toBe('<p>short</p>');
  });

  it('validates a PATCH the same way and leaves the course unchanged', async () => {
    const teacher = await createUser(ctx, 'teacher');
    const course = await createCourse(ctx, teacher.token, { title: 'Original' });
    const res = await send('PATCH', `/api/courses/${course.id}`, teacher.token, { title: '', category: 'Nope' });
    expect(res.status).toBe(400);
    expect(res.body.issues.map((i: { path: string }) => i.path).sort()).toEqual(['category', 'title']);
    expect((await get<Course>(`/api/courses/${course.id}`, teacher.token)).body.title).toBe('Original');
  });
});

describe('course lists', () => {
  it('paginates with a default of 20 and a cap of 100', async () => {
    const teacher = await createUser(ctx, 'teacher');
    const admin = await createUser(ctx, 'admin');
    for (const url of ['/api/courses?pageSize=101', '/api/courses?pageSize=0', '/api/courses?page=0']) {
      expect((await get(url)).status).toBe(400);
    }
    expect((await get('/api/courses?pageSize=101')).body).toMatchObject({
      message: 'pageSize must be at most 100',
    });
    expect((await get('/api/teacher/courses?pageSize=101', teacher.token)).status).toBe(400);
    expect((await get('/api/admin/courses?pageSize=101', admin.token)).status).toBe(400);
    expect((await get('/api/courses?sort=cheapest')).body).toMatchObject({
      message: 'sort must be newest, rating or popular',
    });
    expect((await get('/api/courses?category=Cooking')).status).toBe(400);

    for (let i = 0; i < 23; i += 1) await createCourse(ctx, teacher.token, { title: `Paged ${i}` });
    const first = await get<CoursePage>('/api/teacher/courses', teacher.token);
    expect(first.body).toMatchObject({ page: 1, pageSize: 20, total: 23 });
    expect(first.body.items).toHaveLength(20);
    expect(first.body.items[0]!.title).toBe('Paged 22');
    const second = await get<CoursePage>('/api/teacher/courses?page=2', teacher.token);
    expect(second.body.items.map((c) => c.title)).toEqual(['Paged 2', 'Paged 1', 'Paged 0']);
    expect(second.body.lastPage).toBe(2);
    // A page past the end is empty and names the real last page, for the client to offer it.
    const past = await get<CoursePage>('/api/teacher/courses?page=99', teacher.token);
    expect(past.body).toMatchObject({ items: [], page: 99, total: 23, lastPage: 2 });
  });

  it('answers a catalogue page past the end with no items and the real last page', async () => {
    const catalogue = await get<CoursePage>('/api/courses');
    const past = await get<CoursePage>('/api/courses?page=99');
    expect(past.status).toBe(200);
    expect(past.body).toMatchObject({
      items: [],
      page: 99,
      total: catalogue.body.total,
      lastPage: Math.max(1, Math.ceil(catalogue.body.total / 20)),
    });
    expect(past.body.totalIsLowerBound).toBeUndefined();
  });

  it('gives admins every course with status filter, search and publish/unpublish', async () => {
    const admin = await createUser(ctx, 'admin');
    const teacher = await createUser(ctx, 'teacher');
    const marker = word();
    const draft = await createCourse(ctx, teacher.token, { title: `Moderated ${marker}` });
    const live = await createCourse(ctx, teacher.token, { title: `Live ${marker}`, status: 'published' });

    const all = await get<CoursePage>(`/api/admin/courses?q=${marker}`, admin.token);
    expect(all.body.items.map((c) => c.id).sort()).toEqual([draft.id, live.id].sort());
    const drafts = await get<CoursePage>(`/api/admin/courses?q=${marker}&status=draft`, admin.token);
    expect(drafts.body.items.map((c) => [c.id, c.status])).toEqual([[draft.id, 'draft']]);
    const byTeacher = await get<CoursePage>(`/api/admin/courses?teacherId=${teacher.user.id}`, admin.token);
    expect(byTeacher.body.total).toBe(2);

    const published = await send('POST', `/api/admin/courses/${draft.id}/publish`, admin.token);
    expect(published.body).toMatchObject({ status: 'published' });
    expect((await get(`/api/courses/${draft.id}`)).status).toBe(200);
    const unpublished = await send('POST', `/api/admin/courses/${live.id}/unpublish`, admin.token);
    expect(unpublished.body).toMatchObject({ status: 'draft', publishedAt: live.publishedAt });
    expect((await get(`/api/courses/${live.id}`)).status).toBe(404);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const republished = await send('POST', `/api/admin/courses/${live.id}/publish`, admin.token);
    expect(republished.body).toMatchObject({ status: 'published', publishedAt: live.publishedAt });
    expect((await send('POST', `/api/admin/courses/${live.id}/publish`, teacher.token)).status).toBe(403);
  });

  it('lists teachers for the admin\'s "on behalf of" select: searchable, paginated, public fields only', async () => {
    const admin = await createUser(ctx, 'admin');
    const marker = word();
    const ada = await createUser(ctx, 'teacher', { firstname: 'Ada', lastname: `Zed${marker}` });
    const bob = await createUser(ctx, 'teacher', { firstname: 'bob', lastname: `Zed${marker}` });
    await createUser(ctx, 'student', { firstname: 'Cy', lastname: `Zed${marker}` });

    const found = await get<{ items: Array<Record<string, unknown>>; total: number }>(
      `/api/admin/teachers?q=${marker.toUpperCase()}`,
      admin.token,
    );
    expect(found.status).toBe(200);
    expect(found.body.total).toBe(2);
    expect(found.body.items.map((t) => t.id)).toEqual([ada.user.id, bob.user.id]);
    expect(found.body.items[0]).toEqual({
      id: ada.user.id,
      firstname: 'Ada',
      lastname: `Zed${marker}`,
      username: expect.any(String),
      profileImage: null,
      role: 'teacher',
      email: ada.email,
    });

    const paged = await get<{ items: unknown[]; page: number; total: number }>(
      `/api/admin/teachers?q=${marker}&pageSize=1&page=2`,
      admin.token,
    );
    expect(paged.body).toMatchObject({ page: 2, total: 2, items: [{ id: bob.user.id }] });
    // LIKE wildcards in the search are plain characters.
    expect((await get<{ total: number }>('/api/admin/teachers?q=%25_%25', admin.token)).body.total).toBe(0);

    const teacher = await createUser(ctx, 'teacher');
    expect((await get('/api/admin/teachers', teacher.token)).status).toBe(403);
    expect((await get('/api/admin/teachers')).status).toBe(401);
    expect((await get('/api/admin/teachers?pageSize=101', admin.token)).status).toBe(400);
  });
});
