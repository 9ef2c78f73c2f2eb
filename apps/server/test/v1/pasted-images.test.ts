import { count } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { courses, images } from '#db/schema/index.js';
import { createUser, useTestApp, type TestUser } from '../helper.js';
import { courseDetails, fails, ok, v1 } from './v1-helper.js';

/**
 * E11 with a picture pasted into About Course (issue 46.19): the v1 editor sends it as a data: URL, which the
 * allowlist dropped while the client said the course was added. It is now stored as an upload and linked.
 */
const ctx = useTestApp();
let teacher: TestUser;

beforeAll(async () => {
  teacher = await createUser(ctx, 'teacher');
});

const png = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: '#3b5bdb' } })
    .png()
    .toBuffer();
const dataUrl = (bytes: Buffer, type = 'image/png') => `data:${type};base64,${bytes.toString('base64')}`;

function addCourse(title: string, aboutCourse: string) {
  return v1(ctx, {
    url: '/add-course',
    token: teacher.token,
    placement: 'body',
    headers: { host: 'lyceum.school.example' },
    body: { courseDetails: { ...courseDetails(title), aboutCourse } },
  });
}

const counts = async () => ({
  courses: (await ctx.database.db.select({ n: count() }).from(courses))[0]!.n,
  images: (await ctx.database.db.select({ n: count() }).from(images))[0]!.n,
});

describe('v1 add-course with a pasted picture', () => {
  it('stores the picture as an upload and shows it in About Course; the answer is unchanged', async () => {
    const picture = dataUrl(await png());
    const res = await addCourse('Colours', `<p>Look:</p><p><img src="${picture}" alt="blue"></p><p>${'x'}</p>`);
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe('Course added!!');
    const about: string = ok(res, 201).aboutCourse;
    const src = /<img src="([^"]+)"/.exec(about)?.[1];
    expect(src).toMatch(/^http:\/\/lyceum\.school\.example\/uploads\/[a-f0-9]{20}\.webp$/);
    expect(about).toContain('alt="blue"');

    const file = await ctx.app.inject({ method: 'GET', url: new URL(src!).pathname });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/webp');
    expect((await sharp(file.rawPayload).metadata()).width).toBe(40);

    // The course page reads the same HTML.
    const view = ok(await v1(ctx, { url: '/view-courseDetails-ById', body: { courseId: ok(res, 201)._id } }));
    expect(view.aboutCourse).toBe(about);
  });

  it('refuses what is not a picture, or hides a page in one, and stores nothing', async () => {
    const before = await counts();
    const polyglot = Buffer.concat([await png(), Buffer.from('<script>alert(document.cookie)</script>')]);
    const cases: [string, string][] = [
      ['a PNG with a script after it', dataUrl(polyglot)],
      ['SVG (can run scripts)', dataUrl(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'image/svg+xml')],
      ['an HTML page labelled as PNG', dataUrl(Buffer.from('<html><body>hi</body></html>'))],
      ['text labelled as PNG', dataUrl(Buffer.from('just some text, not a picture at all'))],
      ['a data: URL that is not base64', 'data:image/png,not-base64-at-all'],
    ];
    for (const [what, source] of cases) {
      const res = await addCourse(
        `Refused: ${what}`,
        `<p><img src="${dataUrl(await png())}"><img src="${source}"></p>`,
      );
      fails(res, 400, 'Only images are allowed!');
    }
    // The other answers stay byte for byte, and a refused course leaves no picture behind.
    const untitled = { ...courseDetails('x'), courseTitle: '', aboutCourse: `<img src="${dataUrl(await png())}">` };
    const res = await v1(ctx, {
      url: '/add-course',
      token: teacher.token,
      placement: 'body',
      body: { courseDetails: untitled },
    });
    fails(res, 400, 'courseTitle is required');
    expect(await counts()).toEqual(before);
  });
});
