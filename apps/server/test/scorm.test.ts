import type {
  Lesson,
  Progress,
  ScormCommitResult,
  ScormLaunch,
  ScormPackage,
  ScormReport,
  ScormState,
  ScormUploadResult,
} from '@lyceum/contract';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCourse } from './course-helpers.js';
import { curriculumApi, multipart } from './curriculum-helpers.js';
import { bearer, createUser, useTestApp, type TestUser } from './helper.js';
import { manifest12, manifest2004, scormZip } from './scorm-packages.js';

/*
 * SCORM lessons (issue 50.1, ADR 067), end to end through the API: a teacher uploads a package the test wrote, a
 * learner launches it, the package's files come from the isolated path with the sandbox, the runtime commits (as
 * a beacon too), the learner resumes, and the lesson counts for progress; the teacher's report.
 */
const ctx = useTestApp();
const api = curriculumApi(ctx);
let teacher: TestUser;
let learner: TestUser;
let other: TestUser;
let stranger: TestUser;

beforeAll(async () => {
  teacher = await createUser(ctx, 'teacher');
  learner = await createUser(ctx, 'student', { firstname: 'Ada', lastname: 'Byron' });
  other = await createUser(ctx, 'student', { firstname: 'Bea', lastname: 'Codd' });
  stranger = await createUser(ctx, 'student');
});

async function course() {
  const created = await createCourse(ctx, teacher.token, { status: 'published', title: 'SCORM course' });
  const section = await api.section(teacher.token, created.id);
  await api.enrol(learner.token, created.id);
  await api.enrol(other.token, created.id);
  return { courseId: created.id, sectionId: section.id };
}

export async function upload(url: string, zip: Buffer, token: string, method: 'POST' | 'PUT' = 'POST') {
  const body = multipart([{ name: 'file', data: zip, filename: 'package.zip', contentType: 'application/zip' }]);
  return ctx.app.inject({ method, url, headers: { ...body.headers, ...bearer(token) }, payload: body.payload });
}

async function publish(courseId: string, itemId: string) {
  const lesson = (await api.call('GET', `/api/courses/${courseId}/lessons/${itemId}`, teacher.token)).json<Lesson>();
  const res = await api.call('PATCH', `/api/courses/${courseId}/lessons/${itemId}`, teacher.token, {
    version: lesson.version,
    published: true,
  });
  expect(res.statusCode, res.body).toBe(200);
}

async function launch(user: TestUser, courseId: string, itemId: string, item?: string) {
  const res = await api.call(
    'POST',
    `/api/courses/${courseId}/lessons/${itemId}/scorm/launch`,
    user.token,
    item ? { item } : {},
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ScormLaunch>();
}

/** A commit as `navigator.sendBeacon` sends it: text/plain, no Authorization header. */
const beacon = (token: string, cmi: Record<string, unknown>) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/scorm/runtime/${token}/commit`,
    headers: { 'content-type': 'text/plain;charset=UTF-8', origin: 'null' },
    payload: JSON.stringify(cmi),
  });

const state = async (token: string) => {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/scorm/runtime/${token}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ScormState>();
};

const progressOf = async (user: TestUser, courseId: string) =>
  (await api.call('GET', `/api/courses/${courseId}/progress`, user.token)).json<Progress>();

describe('a single-SCO SCORM 1.2 package', () => {
  let courseId: string;
  let itemId: string;

  it('is uploaded as a draft lesson titled as its organization, with its table of contents', async () => {
    ({ courseId, itemId } = await (async () => {
      const c = await course();
      const zip = scormZip('1.2', manifest12([{ identifier: 'sco1', title: 'B-trees', href: 'index.html' }]), [
        'index.html',
      ]);
      const res = await upload(`/api/courses/${c.courseId}/sections/${c.sectionId}/scorm`, zip, teacher.token);
      expect(res.statusCode, res.body).toBe(201);
      const body = res.json<ScormUploadResult>();
      expect(body.title).toBe('Databases & indexes');
      expect(body.package).toMatchObject({ version: '1.2', schemaVersion: '1.2', files: 3 });
      expect(body.package.toc).toEqual([
        {
          identifier: 'sco1',
          title: 'B-trees',
          depth: 0,
          launch: 'index.html',
          sco: true,
          completion: null,
          success: null,
        },
      ]);
      return { courseId: c.courseId, itemId: body.itemId };
    })());
    const outline = await api.outline(courseId, teacher.token);
    const items = outline.sections.flatMap((s) => s.items);
    expect(items).toContainEqual(expect.objectContaining({ id: itemId, title: 'Databases & indexes', kind: 'lesson' }));
    // A draft: the learner does not see it yet.
    const hidden = await api.call('GET', `/api/courses/${courseId}/lessons/${itemId}/scorm`, learner.token);
    expect(hidden.statusCode).toBe(404);
    await publish(courseId, itemId);
  });

  it('is served at the isolated path, sandboxed, to a learner of the course only', async () => {
    const refused = await api.call(
      'POST',
      `/api/courses/${courseId}/lessons/${itemId}/scorm/launch`,
      stranger.token,
      {},
    );
    expect(refused.statusCode).toBe(403);

    const launched = await launch(learner, courseId, itemId);
    expect(launched.url).toBe(`/scorm-content/${launched.token}/index.html`);
    const page = await ctx.app.inject({ method: 'GET', url: launched.url });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body).toContain('<h1>index.html</h1>');
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain('sandbox allow-scripts allow-forms allow-popups');
    expect(csp).not.toContain('allow-same-origin');
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.headers['x-frame-options']).toBeUndefined();
    const css = await ctx.app.inject({ method: 'GET', url: `/scorm-content/${launched.token}/shared/style.css` });
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
    const range = await ctx.app.inject({
      method: 'GET',
      url: `/scorm-content/${launched.token}/shared/style.css`,
      headers: { range: 'bytes=0-3' },
    });
    expect(range.statusCode).toBe(206);
    expect(range.body).toBe('body');

    // Without a genuine token: nothing (a token altered by one character, or none).
    const forged = launched.token.slice(0, -2) + (launched.token.endsWith('AA') ? 'BB' : 'AA');
    expect((await ctx.app.inject({ method: 'GET', url: `/scorm-content/${forged}/index.html` })).statusCode).toBe(401);
    const missing = await ctx.app.inject({ method: 'GET', url: `/scorm-content/${launched.token}/nothing.html` });
    expect(missing.statusCode).toBe(404);
  });

  it('keeps what the SCO commits (a beacon too, suspend_data over 4,096 characters) and resumes from it', async () => {
    const first = await launch(learner, courseId, itemId);
    const fresh = await state(first.token);
    expect(fresh.cmi).toMatchObject({
      'cmi.core.lesson_status': 'not attempted',
      'cmi.core.entry': 'ab-initio',
      'cmi.core.student_name': 'Byron, Ada',
      'cmi.core.total_time': '0000:00:00.00',
    });
    const suspend = 'x'.repeat(10_000);
    const saved = await beacon(first.token, {
      'cmi.core.lesson_status': 'incomplete',
      'cmi.core.lesson_location': 'page-7',
      'cmi.suspend_data': suspend,
      'cmi.core.exit': 'suspend',
      'cmi.core.session_time': '0000:01:30.00',
      'cmi.interactions.0.id': 'q1',
      'cmi.interactions.0.type': 'choice',
      'cmi.interactions.0.student_response': 'b',
      'cmi.interactions.0.result': 'correct',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.headers['access-control-allow-origin']).toBe('*');
    expect(saved.json<ScormCommitResult>()).toEqual({
      saved: true,
      completion: 'incomplete',
      success: 'unknown',
      lessonCompleted: false,
    });
    // Later commits of the same session replace its time; they do not add to it.
    await beacon(first.token, { 'cmi.core.session_time': '0000:02:00.00' });

    // The tab closed; the learner comes back: a new launch, resuming.
    const second = await launch(learner, courseId, itemId);
    const resumed = await state(second.token);
    expect(resumed.cmi['cmi.suspend_data']).toBe(suspend);
    expect(resumed.cmi).toMatchObject({
      'cmi.core.lesson_status': 'incomplete',
      'cmi.core.entry': 'resume',
      'cmi.core.lesson_location': 'page-7',
      'cmi.core.total_time': '0000:02:00.00',
    });
    expect((await progressOf(learner, courseId)).percent).toBe(0);

    const passed = await ctx.app.inject({
      method: 'POST',
      url: `/api/scorm/runtime/${second.token}/commit`,
      payload: {
        'cmi.core.lesson_status': 'passed',
        'cmi.core.score.raw': '85',
        'cmi.core.score.max': '100',
        'cmi.core.score.min': '0',
        'cmi.core.session_time': '0000:00:45.5',
        'cmi.core.exit': '',
      },
    });
    expect(passed.json<ScormCommitResult>()).toMatchObject({ saved: true, success: 'passed', lessonCompleted: true });
    const progress = await progressOf(learner, courseId);
    expect(progress).toMatchObject({ percent: 100, completedItems: 1, totalItems: 1, status: 'completed' });
    const again = await state((await launch(learner, courseId, itemId)).token);
    expect(again.cmi).toMatchObject({ 'cmi.core.lesson_status': 'passed', 'cmi.core.total_time': '0000:02:45.50' });

    const report = await api.call('GET', `/api/courses/${courseId}/lessons/${itemId}/scorm/report`, teacher.token);
    expect(report.statusCode, report.body).toBe(200);
    expect(report.json<ScormReport>().rows).toEqual([
      expect.objectContaining({
        name: 'Ada Byron',
        status: 'completed',
        success: 'passed',
        scorePercent: 85,
        totalSeconds: 165.5,
        scosDone: 1,
        scos: 1,
      }),
      expect.objectContaining({ name: 'Bea Codd', status: 'not attempted', scorePercent: null, totalSeconds: 0 }),
    ]);
  });

  it('keeps the newest commit of a launch when an older one arrives late', async () => {
    const launched = await launch(learner, courseId, itemId);
    const newer = await beacon(launched.token, { 'cmi.core.lesson_location': 'page-9', commitSequence: 5 });
    expect(newer.json<ScormCommitResult>().saved).toBe(true);
    // The fetch of commit 4 was overtaken by the closing page's beacon (commit 5): it is answered, not applied.
    const older = await beacon(launched.token, { 'cmi.core.lesson_location': 'page-8', commitSequence: 4 });
    expect(older.statusCode).toBe(200);
    expect(older.json<ScormCommitResult>().saved).toBe(false);
    expect((await state(launched.token)).cmi['cmi.core.lesson_location']).toBe('page-9');
    // A new launch starts its own sequence.
    const next = await launch(learner, courseId, itemId);
    await beacon(next.token, { 'cmi.core.lesson_location': 'page-10', commitSequence: 1 });
    expect((await state(next.token)).cmi['cmi.core.lesson_location']).toBe('page-10');
  });

  it("never lets a learner write another learner's CMI", async () => {
    const mine = await launch(other, courseId, itemId);
    const theirs = await launch(learner, courseId, itemId);
    expect(mine.attemptId).not.toBe(theirs.attemptId);
    const before = await state(theirs.token);
    // Their attempt's id in my token: the signature no longer matches.
    const bytes = Buffer.from(mine.token, 'base64url');
    Buffer.from(theirs.attemptId!.replace(/-/g, ''), 'hex').copy(bytes, 16);
    const swapped = bytes.toString('base64url');
    const forged = await beacon(swapped, { 'cmi.core.lesson_status': 'failed', 'cmi.suspend_data': 'mine now' });
    expect(forged.statusCode).toBe(401);
    // My bearer token on their launch token changes nothing: the launch token alone says whose attempt it is,
    // and a learner can launch only their own.
    const relaunch = await api.call('POST', `/api/courses/${courseId}/lessons/${itemId}/scorm/launch`, other.token, {});
    expect(relaunch.json<ScormLaunch>().attemptId).toBe(mine.attemptId);
    const after = await state(theirs.token);
    expect(after.cmi).toEqual(before.cmi);
    // A learner no longer enrolled: their commits are refused.
    const res = await beacon(mine.token, { 'cmi.core.lesson_status': 'incomplete' });
    expect(res.statusCode).toBe(200);
    await ctx.database.db.execute(
      sql`delete from enrolments where course_id = ${courseId} and student_id = ${other.user.id}`,
    );
    expect((await beacon(mine.token, { 'cmi.core.lesson_status': 'passed' })).statusCode).toBe(403);
  });

  it("lets the teacher preview it without keeping the preview's commits", async () => {
    const res = await api.call('POST', `/api/courses/${courseId}/lessons/${itemId}/scorm/preview`, teacher.token, {});
    expect(res.statusCode, res.body).toBe(200);
    const preview = res.json<ScormLaunch>();
    expect(preview.attemptId).toBeNull();
    expect((await ctx.app.inject({ method: 'GET', url: preview.url })).statusCode).toBe(200);
    const commit = await beacon(preview.token, { 'cmi.core.lesson_status': 'passed' });
    expect(commit.json<ScormCommitResult>()).toMatchObject({ saved: false });
    const learnerPreview = await api.call(
      'POST',
      `/api/courses/${courseId}/lessons/${itemId}/scorm/preview`,
      learner.token,
      {},
    );
    expect(learnerPreview.statusCode).toBe(403);
  });
});

describe('a multi-SCO SCORM 2004 package', () => {
  const items = [
    {
      identifier: 'unit1',
      title: 'Unit 1',
      href: '',
      children: [
        { identifier: 'scoA', title: 'Plans', href: 'a/index.html', parameters: '?lang=en' },
        { identifier: 'glossary', title: 'Glossary', href: 'glossary.html', asset: true },
      ],
    },
    { identifier: 'scoB', title: 'Joins', href: 'b.html?mode=full', parameters: '&start=2' },
  ];
  const zip = (list = items) =>
    scormZip('2004', manifest2004(list, 'content/'), [
      'content/a/index.html',
      'content/glossary.html',
      'content/b.html',
    ]);

  it('becomes a lesson with its own table of contents (default organization, nested items, xml:base, parameters)', async () => {
    const { courseId, sectionId } = await course();
    const res = await upload(`/api/courses/${courseId}/sections/${sectionId}/scorm`, zip(), teacher.token);
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json<ScormUploadResult>();
    expect(body.title).toBe('Query planning');
    expect(body.package.version).toBe('2004');
    expect(body.package.schemaVersion).toBe('2004 4th Edition');
    expect(body.package.toc.map((e) => [e.identifier, e.depth, e.launch, e.sco])).toEqual([
      ['unit1', 0, null, false],
      ['scoA', 1, 'content/a/index.html?lang=en', true],
      ['glossary', 1, 'content/glossary.html', false],
      ['scoB', 0, 'content/b.html?mode=full&start=2', true],
    ]);
    const itemId = body.itemId;
    await publish(courseId, itemId);

    const a = await launch(learner, courseId, itemId, 'scoA');
    expect(a.url).toBe(`/scorm-content/${a.token}/content/a/index.html?lang=en`);
    expect((await ctx.app.inject({ method: 'GET', url: a.url })).statusCode).toBe(200);
    expect((await state(a.token)).cmi).toMatchObject({
      'cmi.completion_status': 'not attempted',
      'cmi.entry': 'ab-initio',
      'cmi.scaled_passing_score': '0.8',
      'cmi.total_time': 'PT0H0M0S',
    });
    const glossary = await launch(learner, courseId, itemId, 'glossary');
    expect(glossary.attemptId).toBeNull();

    const done = await beacon(a.token, {
      'cmi.completion_status': 'completed',
      'cmi.success_status': 'passed',
      'cmi.score.scaled': '0.9',
      'cmi.score.raw': '9',
      'cmi.score.max': '10',
      'cmi.session_time': 'PT2M',
      'cmi.interactions.0.id': 'join-order',
      'cmi.interactions.0.learner_response': 'hash',
    });
    // One SCO of two: the lesson is not done yet.
    expect(done.json<ScormCommitResult>()).toMatchObject({
      saved: true,
      completion: 'completed',
      lessonCompleted: false,
    });
    const b = await launch(learner, courseId, itemId, 'scoB');
    const finished = await beacon(b.token, {
      'cmi.completion_status': 'completed',
      'cmi.success_status': 'failed',
      'cmi.score.scaled': '0.5',
      'cmi.session_time': 'PT1M30S',
    });
    expect(finished.json<ScormCommitResult>().lessonCompleted).toBe(true);
    expect((await progressOf(learner, courseId)).percent).toBe(100);

    const view = (
      await api.call('GET', `/api/courses/${courseId}/lessons/${itemId}/scorm`, learner.token)
    ).json<ScormPackage>();
    expect(view.toc.map((e) => [e.identifier, e.completion, e.success])).toEqual([
      ['unit1', null, null],
      ['scoA', 'completed', 'passed'],
      ['glossary', null, null],
      ['scoB', 'completed', 'failed'],
    ]);
    expect((await state(a.token)).cmi['cmi.interactions.0.learner_response']).toBe('hash');

    // The report, one learner a page, by name.
    const page1 = (
      await api.call('GET', `/api/courses/${courseId}/lessons/${itemId}/scorm/report?limit=1`, teacher.token)
    ).json<ScormReport>();
    expect(page1.rows).toEqual([
      expect.objectContaining({
        name: 'Ada Byron',
        status: 'completed',
        success: 'failed',
        scorePercent: 70,
        totalSeconds: 210,
        scosDone: 2,
        scos: 2,
      }),
    ]);
    expect(page1.next).not.toBeNull();
    const page2 = (
      await api.call(
        'GET',
        `/api/courses/${courseId}/lessons/${itemId}/scorm/report?limit=1&after=${page1.next}`,
        teacher.token,
      )
    ).json<ScormReport>();
    expect(page2.rows.map((r) => [r.name, r.status])).toEqual([['Bea Codd', 'not attempted']]);
    expect(page2.next).toBeNull();
    const denied = await api.call('GET', `/api/courses/${courseId}/lessons/${itemId}/scorm/report`, learner.token);
    expect(denied.statusCode).toBe(403);

    // A new version without scoB: attempts at scoA are kept, at scoB dropped; old launches are stale.
    const replaced = await upload(
      `/api/courses/${courseId}/lessons/${itemId}/scorm`,
      zip([items[0]!]),
      teacher.token,
      'PUT',
    );
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json<ScormUploadResult>()).toMatchObject({ attemptsKept: 1, attemptsDropped: 1 });
    expect((await ctx.app.inject({ method: 'GET', url: a.url })).statusCode).toBe(401);
    const again = await launch(learner, courseId, itemId, 'scoA');
    expect(again.attemptId).toBe(a.attemptId);
    expect((await state(again.token)).cmi['cmi.completion_status']).toBe('completed');
  });
});
