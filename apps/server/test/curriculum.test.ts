import type { Attachment, Curriculum, Enrolment, EnrolmentPage, Lesson, Progress } from '@lyceum/contract';
import { CURRICULUM_MESSAGES } from '@lyceum/contract';
import { and, count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { enrolments, itemCompletions } from '../src/db/schema/index.js';
import { createCourse } from './course-helpers.js';
import { curriculumApi, multipart, PDF, type Part } from './curriculum-helpers.js';
import { bearer, createUser, useTestApp, type TestUser } from './helper.js';

const ctx = useTestApp();
const api = curriculumApi(ctx);

let teacher: TestUser;
let otherTeacher: TestUser;
let admin: TestUser;
let student: TestUser;
let outsider: TestUser;

beforeAll(async () => {
  [teacher, otherTeacher, admin, student, outsider] = await Promise.all([
    createUser(ctx, 'teacher'),
    createUser(ctx, 'teacher'),
    createUser(ctx, 'admin'),
    createUser(ctx, 'student'),
    createUser(ctx, 'student'),
  ]);
});

/** A published course of two sections: [intro (preview), basics] and [advanced, draft lesson]. */
async function buildCourse() {
  const course = await createCourse(ctx, teacher.token, { status: 'published', title: 'Curriculum course' });
  const s1 = await api.section(teacher.token, course.id, 'Getting started');
  const s2 = await api.section(teacher.token, course.id, 'Going further');
  const intro = await api.lesson(teacher.token, course.id, s1.id, {
    title: 'Introduction',
    preview: true,
    durationMinutes: 7,
    bodyHtml:
      '<p>Hello <script>alert(1)</script><img src="https://evil.example/x.png" onerror="alert(1)"></p><pre><code class="language-js">let a = 1;</code></pre>',
  });
  const basics = await api.lesson(teacher.token, course.id, s1.id, { title: 'Basics', durationMinutes: 10 });
  const advanced = await api.lesson(teacher.token, course.id, s2.id, { title: 'Advanced', durationMinutes: 20 });
  const draft = await api.lesson(teacher.token, course.id, s2.id, { title: 'Secret draft', published: false });
  return { course, s1, s2, intro, basics, advanced, draft };
}

describe('the curriculum outline', () => {
  it('shows visitors the published sections, lessons, durations, totals and lock state, never drafts', async () => {
    const { course, intro, basics, advanced } = await buildCourse();
    const outline = await api.outline(course.id);
    expect(outline.sections.map((s) => [s.title, s.items.map((i) => i.title)])).toEqual([
      ['Getting started', ['Introduction', 'Basics']],
      ['Going further', ['Advanced']],
    ]);
    expect(outline.lessonCount).toBe(3);
    expect(outline.totalMinutes).toBe(37);
    const items = outline.sections.flatMap((s) => s.items);
    expect(items.map((i) => [i.id, i.locked, i.preview])).toEqual([
      [intro.id, false, true],
      [basics.id, true, false],
      [advanced.id, true, false],
    ]);
    expect(outline.viewer).toEqual({ canEdit: false, enrolled: false, progress: null, resumeItemId: null });
    expect(JSON.stringify(outline)).not.toContain('Secret draft');
  });

  it('shows its teacher and admins every lesson, drafts included, and nothing locked', async () => {
    const { course } = await buildCourse();
    for (const token of [teacher.token, admin.token]) {
      const outline = await api.outline(course.id, token);
      expect(outline.viewer.canEdit).toBe(true);
      expect(outline.sections[1]!.items.map((i) => [i.title, i.published])).toEqual([
        ['Advanced', true],
        ['Secret draft', false],
      ]);
      expect(outline.sections.flatMap((s) => s.items).every((i) => !i.locked)).toBe(true);
    }
  });

  it("hides a draft course's curriculum from everyone but its authors (404)", async () => {
    const course = await createCourse(ctx, teacher.token, { status: 'draft' });
    await api.section(teacher.token, course.id);
    expect((await api.call('GET', `/api/courses/${course.id}/curriculum`, student.token)).statusCode).toBe(404);
    expect((await api.call('GET', `/api/courses/${course.id}/curriculum`)).statusCode).toBe(404);
    expect((await api.call('GET', `/api/courses/${course.id}/curriculum`, teacher.token)).statusCode).toBe(200);
  });

  it('answers a malformed id with 400 and an unknown course with 404', async () => {
    expect((await api.call('GET', '/api/courses/nope/curriculum')).statusCode).toBe(400);
    const res = await api.call('GET', '/api/courses/00000000-0000-4000-8000-000000000000/curriculum');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Course not found');
  });
});

describe('reading a lesson', () => {
  it('opens a preview lesson to visitors and any student, with a sanitised body', async () => {
    const { course, intro } = await buildCourse();
    for (const token of [null, outsider.token]) {
      const res = await api.call('GET', `/api/courses/${course.id}/lessons/${intro.id}`, token);
      expect(res.statusCode).toBe(200);
      const lesson = res.json<Lesson>();
      expect(lesson.bodyHtml).toContain('<pre><code class="language-js">let a = 1;</code></pre>');
      expect(lesson.bodyHtml).not.toMatch(/script|onerror|evil\.example/);
    }
  });

  it('refuses a non-preview lesson to a student who is not enrolled (403) and a visitor (401)', async () => {
    const { course, basics } = await buildCourse();
    const res = await api.call('GET', `/api/courses/${course.id}/lessons/${basics.id}`, outsider.token);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(CURRICULUM_MESSAGES.notEnrolled);
    expect((await api.call('GET', `/api/courses/${course.id}/lessons/${basics.id}`)).statusCode).toBe(401);
  });

  it('opens it to enrolled students, its teacher and admins; another teacher gets 403', async () => {
    const { course, basics } = await buildCourse();
    await api.enrol(student.token, course.id);
    for (const token of [student.token, teacher.token, admin.token]) {
      expect((await api.call('GET', `/api/courses/${course.id}/lessons/${basics.id}`, token)).statusCode).toBe(200);
    }
    expect(
      (await api.call('GET', `/api/courses/${course.id}/lessons/${basics.id}`, otherTeacher.token)).statusCode,
    ).toBe(403);
  });

  it('keeps draft lessons invisible to students via every route', async () => {
    const { course, draft } = await buildCourse();
    await api.enrol(student.token, course.id);
    expect((await api.call('GET', `/api/courses/${course.id}/lessons/${draft.id}`, student.token)).statusCode).toBe(
      404,
    );
    expect((await api.complete(student.token, course.id, draft.id)).statusCode).toBe(404);
    const outline = await api.outline(course.id, student.token);
    expect(JSON.stringify(outline)).not.toContain(draft.id);
    const list = await api.call('GET', '/api/student/enrolments', student.token);
    expect(list.json<EnrolmentPage>().items.find((e) => e.courseId === course.id)!.totalItems).toBe(3);
    expect((await api.call('GET', `/api/courses/${course.id}/lessons/${draft.id}`, teacher.token)).statusCode).toBe(
      200,
    );
  });

  it('answers a lesson of another course with 404', async () => {
    const a = await buildCourse();
    const b = await buildCourse();
    const res = await api.call('GET', `/api/courses/${a.course.id}/lessons/${b.intro.id}`, teacher.token);
    expect(res.statusCode).toBe(404);
  });
});

describe('completion and progress', () => {
  it('counts completed required published lessons, resumes at the last opened one, and completes the course', async () => {
    const { course, intro, basics, advanced } = await buildCourse();
    const learner = await createUser(ctx, 'student');
    await api.enrol(learner.token, course.id);

    const first = await api.complete(learner.token, course.id, intro.id);
    expect(first.statusCode).toBe(200);
    expect(first.json().progress).toMatchObject({ completedItems: 1, totalItems: 3, percent: 33, status: 'active' });

    await api.call('GET', `/api/courses/${course.id}/lessons/${basics.id}`, learner.token);
    let outline = await api.outline(course.id, learner.token);
    expect(outline.viewer.resumeItemId).toBe(basics.id);
    expect(outline.sections[0]!.items.map((i) => i.completed)).toEqual([true, false]);

    // Completing twice changes nothing.
    await api.complete(learner.token, course.id, intro.id);
    await api.complete(learner.token, course.id, basics.id);
    const last = await api.complete(learner.token, course.id, advanced.id);
    const progress = last.json().progress as Progress;
    expect(progress).toMatchObject({ completedItems: 3, totalItems: 3, percent: 100, status: 'completed' });
    expect(progress.completedAt).not.toBeNull();

    outline = await api.outline(course.id, learner.token);
    expect(outline.viewer.progress).toMatchObject({ percent: 100, status: 'completed' });
    const me = await api.call('GET', `/api/courses/${course.id}/progress`, learner.token);
    expect(me.json<Progress>()).toMatchObject({ percent: 100, status: 'completed' });
    const list = await api.call('GET', '/api/student/enrolments?status=completed', learner.token);
    expect(list.json<EnrolmentPage>().items[0]).toMatchObject({
      courseId: course.id,
      progressPercent: 100,
      completedItems: 3,
      totalItems: 3,
      lastItemId: basics.id,
    });
  });

  it('keeps one completion row for 50 concurrent requests, with the right progress', async () => {
    const { course, basics } = await buildCourse();
    const learner = await createUser(ctx, 'student');
    await api.enrol(learner.token, course.id);
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => api.complete(learner.token, course.id, basics.id)),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(50).fill(200));
    const [rows] = await ctx.database.db
      .select({ n: count() })
      .from(itemCompletions)
      .where(and(eq(itemCompletions.studentId, learner.user.id), eq(itemCompletions.itemId, basics.id)));
    expect(rows!.n).toBe(1);
    const me = await api.call('GET', `/api/courses/${course.id}/progress`, learner.token);
    expect(me.json<Progress>()).toMatchObject({ completedItems: 1, totalItems: 3, percent: 33 });
  });

  it('completes the course once when the last two lessons are completed at the same time', async () => {
    const { course, intro, basics, advanced } = await buildCourse();
    const learner = await createUser(ctx, 'student');
    await api.enrol(learner.token, course.id);
    await api.complete(learner.token, course.id, intro.id);
    await Promise.all([
      api.complete(learner.token, course.id, basics.id),
      api.complete(learner.token, course.id, advanced.id),
    ]);
    const me = await api.call('GET', `/api/courses/${course.id}/progress`, learner.token);
    expect(me.json<Progress>()).toMatchObject({ completedItems: 3, percent: 100, status: 'completed' });
  });

  it('recomputes when a lesson is added: 50 % drops, a completed course stays completed with its date', async () => {
    const { course, s2, intro, basics, advanced } = await buildCourse();
    const half = await createUser(ctx, 'student');
    const done = await createUser(ctx, 'student');
    await api.enrol(half.token, course.id);
    await api.enrol(done.token, course.id);
    // A fourth lesson makes "half" exactly 50 %.
    const fourth = await api.lesson(teacher.token, course.id, s2.id, { title: 'Fourth' });
    for (const id of [intro.id, basics.id]) await api.complete(half.token, course.id, id);
    for (const id of [intro.id, basics.id, advanced.id, fourth.id]) await api.complete(done.token, course.id, id);
    const before = (await api.call('GET', `/api/courses/${course.id}/progress`, done.token)).json<Progress>();
    expect(before.status).toBe('completed');
    expect((await api.call('GET', `/api/courses/${course.id}/progress`, half.token)).json<Progress>().percent).toBe(50);

    await api.lesson(teacher.token, course.id, s2.id, { title: 'Fifth' });

    const halfAfter = (await api.call('GET', `/api/courses/${course.id}/progress`, half.token)).json<Progress>();
    expect(halfAfter).toMatchObject({ completedItems: 2, totalItems: 5, percent: 40, status: 'active' });
    const doneAfter = (await api.call('GET', `/api/courses/${course.id}/progress`, done.token)).json<Progress>();
    expect(doneAfter).toMatchObject({
      status: 'completed',
      completedAt: before.completedAt,
      totalItems: 5,
      percent: 80,
    });
    // A draft lesson or publishing one counts only once published; deleting one raises the figure again.
    const draft = await api.lesson(teacher.token, course.id, s2.id, { title: 'Sixth', published: false });
    expect((await api.call('GET', `/api/courses/${course.id}/progress`, half.token)).json<Progress>().percent).toBe(40);
    await api.call('PATCH', `/api/courses/${course.id}/lessons/${draft.id}`, teacher.token, {
      version: draft.version,
      published: true,
    });
    expect((await api.call('GET', `/api/courses/${course.id}/progress`, half.token)).json<Progress>().percent).toBe(33);
    await api.call('DELETE', `/api/courses/${course.id}/items/${draft.id}`, teacher.token);
    expect((await api.call('GET', `/api/courses/${course.id}/progress`, half.token)).json<Progress>().percent).toBe(40);
  });

  it('refuses completion to students not enrolled (403), teachers (403) and visitors (401)', async () => {
    const { course, intro } = await buildCourse();
    expect((await api.complete(outsider.token, course.id, intro.id)).statusCode).toBe(403);
    expect((await api.complete(teacher.token, course.id, intro.id)).statusCode).toBe(403);
    expect((await api.call('POST', `/api/courses/${course.id}/items/${intro.id}/completion`)).statusCode).toBe(401);
    expect((await api.call('POST', `/api/courses/${course.id}/items/bad/completion`, student.token)).statusCode).toBe(
      400,
    );
    expect((await api.call('GET', `/api/courses/${course.id}/progress`, outsider.token)).statusCode).toBe(403);
  });

  it('keeps "mark the whole course complete" for courses without a curriculum only', async () => {
    const { course } = await buildCourse();
    const learner = await createUser(ctx, 'student');
    await api.enrol(learner.token, course.id);
    const refused = await api.call('POST', `/api/student/enrolments/${course.id}/complete`, learner.token);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(CURRICULUM_MESSAGES.hasCurriculum);

    const plain = await createCourse(ctx, teacher.token, { status: 'published' });
    await api.enrol(learner.token, plain.id);
    const marked = await api.call('POST', `/api/student/enrolments/${plain.id}/complete`, learner.token);
    expect(marked.statusCode).toBe(200);
    expect(marked.json<Enrolment>()).toMatchObject({ status: 'completed', progressPercent: 100 });
  });
});

describe('authoring', () => {
  it('refuses another teacher (403), students (403) and visitors (401); lets admins edit', async () => {
    const { course, s1, basics } = await buildCourse();
    const writes: [string, string, unknown][] = [
      ['POST', `/api/courses/${course.id}/sections`, { title: 'X' }],
      ['PATCH', `/api/courses/${course.id}/sections/${s1.id}`, { version: 1, title: 'X' }],
      ['POST', `/api/courses/${course.id}/sections/${s1.id}/lessons`, { title: 'X' }],
      ['PATCH', `/api/courses/${course.id}/lessons/${basics.id}`, { version: basics.version, title: 'X' }],
      ['POST', `/api/courses/${course.id}/items/${basics.id}/move`, { sectionId: s1.id, position: 0 }],
      ['POST', `/api/courses/${course.id}/items/${basics.id}/duplicate`, undefined],
      ['DELETE', `/api/courses/${course.id}/items/${basics.id}`, undefined],
      ['DELETE', `/api/courses/${course.id}/sections/${s1.id}`, undefined],
    ];
    for (const [method, url, payload] of writes) {
      const m = method as 'POST';
      expect((await api.call(m, url, otherTeacher.token, payload)).statusCode, `${method} ${url}`).toBe(403);
      expect((await api.call(m, url, student.token, payload)).statusCode, `${method} ${url}`).toBe(403);
      expect((await api.call(m, url, null, payload)).statusCode, `${method} ${url}`).toBe(401);
    }
    const outline = await api.outline(course.id, teacher.token);
    expect(outline.sections.flatMap((s) => s.items).map((i) => i.title)).toEqual([
      'Introduction',
      'Basics',
      'Advanced',
      'Secret draft',
    ]);
    const byAdmin = await api.call('PATCH', `/api/courses/${course.id}/sections/${s1.id}`, admin.token, {
      version: 1,
      title: 'Renamed by an admin',
    });
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.json()).toMatchObject({ title: 'Renamed by an admin', version: 2 });
  });

  it('answers a stale version with 409 and a clear message, keeping the first save', async () => {
    const { course, basics } = await buildCourse();
    const url = `/api/courses/${course.id}/lessons/${basics.id}`;
    const tabA = await api.call('PATCH', url, teacher.token, { version: basics.version, bodyHtml: '<p>Tab A</p>' });
    expect(tabA.statusCode).toBe(200);
    expect(tabA.json<Lesson>().version).toBe(basics.version + 1);
    const tabB = await api.call('PATCH', url, teacher.token, { version: basics.version, bodyHtml: '<p>Tab B</p>' });
    expect(tabB.statusCode).toBe(409);
    expect(tabB.json().message).toBe(CURRICULUM_MESSAGES.conflict);
    const stored = await api.call('GET', url, teacher.token);
    expect(stored.json<Lesson>().bodyHtml).toBe('<p>Tab A</p>');
  });

  it('validates input: 400 for missing or wrong fields, NUL bytes, unknown fields; 404 for foreign ids', async () => {
    const { course, s1, basics } = await buildCourse();
    const other = await buildCourse();
    const bad: [string, string, unknown, string][] = [
      ['POST', `/api/courses/${course.id}/sections`, {}, 'title is required'],
      ['POST', `/api/courses/${course.id}/sections`, { title: 'a\u0000b' }, 'title must not contain NUL characters'],
      [
        'POST',
        `/api/courses/${course.id}/sections`,
        { title: 'x'.repeat(201) },
        'title must be at most 200 characters',
      ],
      [
        'POST',
        `/api/courses/${course.id}/sections/${s1.id}/lessons`,
        { title: 'x', durationMinutes: -1 },
        'durationMinutes must be at least 0',
      ],
      [
        'POST',
        `/api/courses/${course.id}/sections/${s1.id}/lessons`,
        { title: 'x', videoLink: 'javascript:alert(1)' },
        '',
      ],
      ['PATCH', `/api/courses/${course.id}/lessons/${basics.id}`, { title: 'x' }, 'version is required'],
      ['PATCH', `/api/courses/${course.id}/lessons/${basics.id}`, { version: 1, sneaky: true }, ''],
      ['POST', `/api/courses/${course.id}/items/${basics.id}/move`, { sectionId: s1.id, position: 'first' }, ''],
    ];
    for (const [method, url, payload, message] of bad) {
      const res = await api.call(method as 'POST', url, teacher.token, payload);
      expect(res.statusCode, `${method} ${url} ${JSON.stringify(payload)}`).toBe(400);
      if (message) expect(res.json().message).toBe(message);
    }
    // Another course's section or lesson through this course's path.
    const foreign = [
      api.call('POST', `/api/courses/${course.id}/sections/${other.s1.id}/lessons`, teacher.token, { title: 'x' }),
      api.call('POST', `/api/courses/${course.id}/items/${basics.id}/move`, teacher.token, {
        sectionId: other.s1.id,
        position: 0,
      }),
      api.call('DELETE', `/api/courses/${course.id}/items/${other.basics.id}`, teacher.token),
    ];
    for (const res of await Promise.all(foreign)) expect(res.statusCode).toBe(404);
  });

  it('moves a lesson within and across sections, moves sections, and duplicates a lesson as a draft', async () => {
    const { course, s1, s2, intro, basics, advanced } = await buildCourse();
    const moved = await api.call('POST', `/api/courses/${course.id}/items/${advanced.id}/move`, teacher.token, {
      sectionId: s1.id,
      position: 0,
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json<Lesson>().sectionId).toBe(s1.id);
    await api.call('POST', `/api/courses/${course.id}/items/${intro.id}/move`, teacher.token, {
      sectionId: s1.id,
      position: 99,
    });
    await api.call('POST', `/api/courses/${course.id}/sections/${s2.id}/move`, teacher.token, { position: 0 });
    const copy = await api.call('POST', `/api/courses/${course.id}/items/${basics.id}/duplicate`, teacher.token);
    expect(copy.statusCode).toBe(201);
    expect(copy.json<Lesson>()).toMatchObject({ title: 'Basics (copy)', published: false });
    const outline = await api.outline(course.id, teacher.token);
    expect(outline.sections.map((s) => [s.title, s.items.map((i) => i.title)])).toEqual([
      ['Going further', ['Secret draft']],
      ['Getting started', ['Advanced', 'Basics', 'Basics (copy)', 'Introduction']],
    ]);
  });

  it('deletes a section with its lessons and their completions', async () => {
    const { course, s1, intro } = await buildCourse();
    const learner = await createUser(ctx, 'student');
    await api.enrol(learner.token, course.id);
    await api.complete(learner.token, course.id, intro.id);
    expect((await api.call('DELETE', `/api/courses/${course.id}/sections/${s1.id}`, teacher.token)).statusCode).toBe(
      204,
    );
    const outline = await api.outline(course.id, learner.token);
    expect(outline.sections.map((s) => s.title)).toEqual(['Going further']);
    expect(outline.viewer.progress).toMatchObject({ completedItems: 0, totalItems: 1, percent: 0 });
    expect((await api.call('DELETE', `/api/courses/${course.id}/sections/${s1.id}`, teacher.token)).statusCode).toBe(
      404,
    );
  });
});

describe('lesson attachments', () => {
  function upload(token: string | null, courseId: string, itemId: string, parts: Part[]) {
    const body = multipart(parts);
    return ctx.app.inject({
      method: 'POST',
      url: `/api/courses/${courseId}/lessons/${itemId}/attachments`,
      headers: { ...body.headers, ...(token ? bearer(token) : {}) },
      payload: body.payload,
    });
  }
  const file = (data: Buffer | string, filename: string, contentType = 'application/pdf'): Part => ({
    name: 'file',
    data,
    filename,
    contentType,
  });

  it('stores a PDF and serves it as a download with its type, nosniff, a sandbox CSP and byte ranges', async () => {
    const { course, intro, basics } = await buildCourse();
    const res = await upload(teacher.token, course.id, intro.id, [file(PDF, 'C:\\Users\\me\\Week 1; slides.pdf')]);
    expect(res.statusCode).toBe(201);
    const attachment = res.json<Attachment>();
    expect(attachment).toMatchObject({
      filename: 'Week 1 slides.pdf',
      contentType: 'application/pdf',
      bytes: PDF.length,
    });
    const lesson = await api.call('GET', `/api/courses/${course.id}/lessons/${intro.id}`);
    // The lesson lists it as the upload answered it (name, type, size, time), for a visitor of the preview and for
    // its teacher alike.
    expect(lesson.json<Lesson>().attachments).toEqual([attachment]);
    const asTeacher = await api.call('GET', `/api/courses/${course.id}/lessons/${intro.id}`, teacher.token);
    expect(asTeacher.json<Lesson>().attachments).toEqual([attachment]);

    const served = await ctx.app.inject({ method: 'GET', url: attachment.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('application/pdf');
    expect(served.headers['content-disposition']).toBe(
      `attachment; filename="Week 1 slides.pdf"; filename*=UTF-8''Week%201%20slides.pdf`,
    );
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(served.rawPayload.equals(PDF)).toBe(true);

    const part = await ctx.app.inject({ method: 'GET', url: attachment.url, headers: { range: 'bytes=0-3' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 0-3/${PDF.length}`);
    expect(part.payload).toBe('%PDF');
    const beyond = await ctx.app.inject({ method: 'GET', url: attachment.url, headers: { range: 'bytes=9999-' } });
    expect(beyond.statusCode).toBe(416);

    // Another teacher cannot attach to this course; a file of another lesson path is 404.
    expect((await upload(otherTeacher.token, course.id, basics.id, [file(PDF, 'a.pdf')])).statusCode).toBe(403);
    expect((await upload(null, course.id, basics.id, [file(PDF, 'a.pdf')])).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/lesson-files/../../etc/passwd' })).statusCode).toBe(404);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/lesson-files/0123456789abcdef0123456789abcdef.pdf' }))
        .statusCode,
    ).toBe(404);
  });

  it('refuses a 21 MB file with 413 and a clear message', async () => {
    const { course, intro } = await buildCourse();
    const big = Buffer.concat([PDF, Buffer.alloc(21 * 1024 * 1024)]);
    const res = await upload(teacher.token, course.id, intro.id, [file(big, 'big.pdf')]);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe(CURRICULUM_MESSAGES.attachmentTooLarge);
  });

  it.each([
    ['HTML', '<!doctype html><html><script>alert(document.cookie)</script></html>'],
    ['SVG', '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'],
    ['bare SVG', '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>'],
  ])('refuses %s disguised as a PDF with 415', async (_kind, content) => {
    const { course, intro } = await buildCourse();
    const res = await upload(teacher.token, course.id, intro.id, [file(content, 'notes.pdf')]);
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toBe(CURRICULUM_MESSAGES.attachmentType);
    const lesson = await api.call('GET', `/api/courses/${course.id}/lessons/${intro.id}`);
    expect(lesson.json<Lesson>().attachments).toEqual([]);
  });

  it('answers a JSON body with 415 and an empty upload with 400; deletes an attachment', async () => {
    const { course, intro } = await buildCourse();
    const json = await api.call('POST', `/api/courses/${course.id}/lessons/${intro.id}/attachments`, teacher.token, {});
    expect(json.statusCode).toBe(415);
    expect((await upload(teacher.token, course.id, intro.id, [file('', 'a.pdf')])).statusCode).toBe(400);
    const stored = (await upload(teacher.token, course.id, intro.id, [file(PDF, 'a.pdf')])).json<Attachment>();
    const url = `/api/courses/${course.id}/lessons/${intro.id}/attachments/${stored.id}`;
    expect((await api.call('DELETE', url, otherTeacher.token)).statusCode).toBe(403);
    expect((await api.call('DELETE', url, teacher.token)).statusCode).toBe(204);
    expect((await ctx.app.inject({ method: 'GET', url: stored.url })).statusCode).toBe(404);
    expect((await api.call('DELETE', url, teacher.token)).statusCode).toBe(404);
  });
});

describe('the enrolment lists read the computed progress', () => {
  it('shows the same figures in the enrolment list as the progress function wrote', async () => {
    const { course, intro } = await buildCourse();
    const learner = await createUser(ctx, 'student');
    await api.enrol(learner.token, course.id);
    await api.complete(learner.token, course.id, intro.id);
    const [row] = await ctx.database.db
      .select()
      .from(enrolments)
      .where(and(eq(enrolments.studentId, learner.user.id), eq(enrolments.courseId, course.id)));
    const list = (await api.call('GET', '/api/student/enrolments', learner.token)).json<EnrolmentPage>();
    expect(list.items[0]).toMatchObject({ progressPercent: row!.progressPercent, completedItems: 1, totalItems: 3 });
    const outline: Curriculum = await api.outline(course.id, learner.token);
    expect(outline.viewer.progress!.percent).toBe(33);
  });
});
