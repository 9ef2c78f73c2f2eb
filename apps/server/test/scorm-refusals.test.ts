import type { ScormLaunch, ScormUploadResult } from '@lyceum/contract';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { writeZip } from '../src/lib/zip.js';
import { createCourse } from './course-helpers.js';
import { curriculumApi, multipart } from './curriculum-helpers.js';
import { bearer, createUser, useTestApp, type TestUser } from './helper.js';
import { declareSize, manifest12, manifest2004, scormZip } from './scorm-packages.js';

/*
 * SCORM uploads that must be refused whole (issue 50.1, ADR 067): each answer names the file and the rule, and
 * nothing is written (no lesson, no package, no file). And a package of 10,000 entries, accepted and served.
 */
const ctx = useTestApp();
const api = curriculumApi(ctx);
let teacher: TestUser;
let otherTeacher: TestUser;
let courseId: string;
let sectionId: string;

beforeAll(async () => {
  teacher = await createUser(ctx, 'teacher');
  otherTeacher = await createUser(ctx, 'teacher');
  courseId = (await createCourse(ctx, teacher.token, { status: 'published' })).id;
  sectionId = (await api.section(teacher.token, courseId)).id;
});

const upload = (zip: Buffer, token = teacher.token) => {
  const body = multipart([{ name: 'file', data: zip, filename: 'package.zip', contentType: 'application/zip' }]);
  return ctx.app.inject({
    method: 'POST',
    url: `/api/courses/${courseId}/sections/${sectionId}/scorm`,
    headers: { ...body.headers, ...bearer(token) },
    payload: body.payload,
  });
};

const counts = async () => {
  const result = await ctx.database.db.execute(sql`
    select (select count(*)::int from course_items) as items, (select count(*)::int from scorm_packages) as packages,
           (select count(*)::int from scorm_files) as files`);
  return (result as unknown as { rows: unknown[] }).rows[0];
};

const ONE_SCO = manifest12([{ identifier: 'sco1', title: 'One', href: 'index.html' }]);

async function refused(zip: Buffer, status: number, message: RegExp, token = teacher.token) {
  const before = await counts();
  const res = await upload(zip, token);
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json<{ message: string }>().message).toMatch(message);
  expect(await counts()).toEqual(before);
}

describe('a SCORM package is refused whole, saying which file and which rule', () => {
  it('with an entry whose path leaves the archive (zip-slip)', async () => {
    const zip = scormZip('1.2', ONE_SCO, ['index.html'], [{ name: '../../etc/evil.js', data: 'alert(1)' }]);
    await refused(zip, 400, /Refused entry "\.\.\/\.\.\/etc\/evil\.js": its path leaves the archive/);
  });

  it('with an absolute path', async () => {
    const zip = scormZip('1.2', ONE_SCO, ['index.html'], [{ name: '/tmp/evil.js', data: 'alert(1)' }]);
    await refused(zip, 400, /Refused entry "\/tmp\/evil\.js": its path is absolute/);
  });

  it('with a manifest declaring an external entity (XXE)', async () => {
    const xxe = manifest12(
      [{ identifier: 'sco1', title: '&xxe;', href: 'index.html' }],
      '<!DOCTYPE manifest [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>',
    );
    await refused(
      scormZip('1.2', xxe, ['index.html']),
      400,
      /^imsmanifest\.xml: DOCTYPE and ENTITY declarations are refused/,
    );
  });

  it('without imsmanifest.xml at its root', async () => {
    const zip = writeZip([
      { name: 'course/imsmanifest.xml', data: ONE_SCO },
      { name: 'course/index.html', data: '<p>x</p>' },
    ]);
    await refused(zip, 400, /imsmanifest\.xml is not at the root of the zip/);
  });

  it('whose item launches a file the package does not hold, or names no resource', async () => {
    await refused(
      scormZip('1.2', manifest12([{ identifier: 'sco1', title: 'One', href: 'missing.html' }]), []),
      400,
      /^imsmanifest\.xml: item "sco1": its file "missing\.html" is not in the package/,
    );
    const dangling = ONE_SCO.replace('identifierref="res-sco1"', 'identifierref="nowhere"');
    await refused(
      scormZip('1.2', dangling, ['index.html']),
      400,
      /item "sco1": its identifierref "nowhere" names no resource/,
    );
    const escaping = manifest2004([{ identifier: 'up', title: 'Up', href: '../../secret.html' }], 'content/');
    await refused(
      scormZip('2004', escaping, []),
      400,
      /item "up": its href "content\/\.\.\/\.\.\/secret\.html" leaves/,
    );
  });

  it('that is not a zip, or not SCORM', async () => {
    await refused(Buffer.from('not a zip at all'), 400, /Not a readable zip file/);
    const notScorm = '<manifest identifier="m" xmlns="http://www.imsglobal.org/xsd/imscp_v1p1"></manifest>';
    await refused(writeZip([{ name: 'imsmanifest.xml', data: notScorm }]), 400, /not a SCORM package/);
  });

  it('that is a zip bomb: an entry inflating past what it declares, or past the limit', async () => {
    // 80 MB of zeros deflate to 80 KB; the entry says 1,000 bytes. It is counted as it inflates, and refused.
    const bomb = declareSize(
      scormZip('1.2', ONE_SCO, ['index.html'], [{ name: 'media/bomb.bin', data: Buffer.alloc(80 * 1024 * 1024) }]),
      'media/bomb.bin',
      1000,
    );
    await refused(bomb, 413, /media\/bomb\.bin \(unpacked\) is too large/);
  });

  it('that declares 2 GB unpacked: refused before anything inflates', async () => {
    const zip = declareSize(
      scormZip('1.2', ONE_SCO, ['index.html'], [{ name: 'media/huge.mp4', data: 'tiny' }]),
      'media/huge.mp4',
      2 * 1024 * 1024 * 1024,
    );
    await refused(zip, 413, /The zip unpacks to more than 1024 MB \(a zip bomb\?\): refused/);
  });

  it("from a teacher who does not teach the course (and a student's upload is refused by role)", async () => {
    await refused(scormZip('1.2', ONE_SCO, ['index.html']), 403, /your own courses/, otherTeacher.token);
  });
});

describe('a SCORM package of 10,000 entries', () => {
  it('is accepted, stored whole, and each file is served', async () => {
    const files = Array.from({ length: 9_997 }, (_, n) => ({
      name: `assets/${Math.floor(n / 1000)}/file-${n}.txt`,
      data: `file ${n}`,
      store: true,
    }));
    const zip = scormZip('1.2', ONE_SCO, ['index.html'], files);
    const res = await upload(zip);
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json<ScormUploadResult>();
    expect(body.package.files).toBe(10_000);
    expect(await counts()).toMatchObject({ files: 10_000 });
    const lesson = await api.call('GET', `/api/courses/${courseId}/lessons/${body.itemId}`, teacher.token);
    const version = lesson.json<{ version: number }>().version;
    await api.call('PATCH', `/api/courses/${courseId}/lessons/${body.itemId}`, teacher.token, {
      version,
      published: true,
    });
    const preview = (
      await api.call('POST', `/api/courses/${courseId}/lessons/${body.itemId}/scorm/preview`, teacher.token, {})
    ).json<ScormLaunch>();
    const file = await ctx.app.inject({
      method: 'GET',
      url: `/scorm-content/${preview.token}/assets/9/file-9996.txt`,
    });
    expect(file.statusCode).toBe(200);
    expect(file.body).toBe('file 9996');
    expect(file.headers['content-type']).toBe('text/plain; charset=utf-8');
  }, 120_000);
});
