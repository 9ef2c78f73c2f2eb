import { count } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { images } from '#db/schema/index.js';
import { createUser, useTestApp, type TestUser } from '../helper.js';
import { fails, ok, SPOILED_TOKENS, updateStudentDetails, v1 } from './v1-helper.js';

const ctx = useTestApp();
let student: TestUser;
let png: Buffer;

beforeAll(async () => {
  student = await createUser(ctx, 'student');
  png = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer();
});

type Part = Parameters<typeof updateStudentDetails>[2][number];

const update = (token: string | null, parts: Part[]) => updateStudentDetails(ctx, token, parts);

describe('v1 E5 update-student-details', () => {
  it('stores a new picture under a safe name and serves it', async () => {
    const data = ok(
      await update(student.token, [
        { name: 'firstname', data: 'Stella' },
        { name: 'city', data: 'undefined' },
        { name: 'email', data: 'ignored@example.com' },
        { name: '_id', data: 'whatever' },
        { name: 'profileImage', data: png, filename: 'me.png', contentType: 'image/png' },
      ]),
    );
    expect(data).toMatchObject({ firstname: 'Stella', city: '', email: student.email, password: '' });
    expect(data.profileImage).toMatch(/^[A-Za-z0-9._-]+$/);
    const image = await ctx.app.inject({ method: 'GET', url: `/uploads/${data.profileImage}` });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toMatch(/^image\//);
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    for (const name of ['undefined', 'null']) {
      const avatar = await ctx.app.inject({ method: 'GET', url: `/uploads/${name}` });
      expect(avatar.statusCode).toBe(200);
      expect(avatar.headers['content-type']).toBe('image/png');
    }
    expect((await ctx.app.inject({ method: 'GET', url: '/uploads/..%2fx' })).statusCode).toBe(404);

    // Without a file (the "Upload Image" button posts the form), the picture stays.
    const again = ok(
      await update(`Bearer ${student.token}`, [
        { name: 'profileImage', data: data.profileImage },
        { name: 'lastname', data: '' },
        { name: 'aboutInfo', data: 'Hello' },
      ]),
    );
    expect(again).toMatchObject({
      profileImage: data.profileImage,
      lastname: student.user.lastname,
      aboutInfo: 'Hello',
    });
  });

  it('is atomic: a taken username (409) or a non-image (400) leaves the picture, the fields and the images as they were', async () => {
    const [owner, rival] = await Promise.all([createUser(ctx, 'student'), createUser(ctx, 'student')]);
    const storedImages = async () => (await ctx.database.db.select({ n: count() }).from(images))[0]!.n;
    const before = ok(await v1(ctx, { url: '/view-student-details', token: owner.token, placement: 'body' }));
    const imagesBefore = await storedImages();

    fails(
      await update(owner.token, [
        { name: 'city', data: 'Paris' },
        { name: 'username', data: rival.user.username },
        { name: 'profileImage', data: png, filename: 'me.png', contentType: 'image/png' },
      ]),
      409,
    );
    fails(
      await update(owner.token, [
        { name: 'city', data: 'Paris' },
        { name: 'profileImage', data: Buffer.from('not an image at all'), filename: 'x.png', contentType: 'image/png' },
      ]),
      400,
    );
    const after = ok(await v1(ctx, { url: '/view-student-details', token: owner.token, placement: 'body' }));
    expect(after).toEqual(before);
    expect(await storedImages()).toBe(imagesBefore);

    // The same request with a free username changes the fields and the picture together.
    const saved = ok(
      await update(owner.token, [
        { name: 'city', data: 'Paris' },
        { name: 'username', data: `${owner.user.username} the second` },
        { name: 'profileImage', data: png, filename: 'me.png', contentType: 'image/png' },
      ]),
    );
    expect(saved).toMatchObject({ city: 'Paris', username: `${owner.user.username} the second` });
    expect(saved.profileImage).toMatch(/^[A-Za-z0-9._-]+\.webp$/);
    expect(await storedImages()).toBe(imagesBefore + 1);
  });

  it('accepts PNG, JPEG, GIF and WebP, and refuses text, HTML and SVG named .png', async () => {
    const base = sharp({ create: { width: 24, height: 24, channels: 3, background: '#aa3311' } });
    const pictures = {
      png,
      jpeg: await base.clone().jpeg().toBuffer(),
      gif: await base.clone().gif().toBuffer(),
      webp: await base.clone().webp().toBuffer(),
    };
    let previous: string | null = null;
    for (const [format, data] of Object.entries(pictures)) {
      const saved = ok(
        await update(student.token, [
          { name: 'profileImage', data, filename: `me.${format}`, contentType: `image/${format}` },
        ]),
      );
      expect(saved.profileImage, format).toMatch(/^[A-Za-z0-9._-]+$/);
      expect(saved.profileImage, format).not.toBe(previous);
      previous = saved.profileImage;
    }
    for (const data of [
      'just some text',
      '<!doctype html><html><body>hi</body></html>',
      '<svg xmlns="http://www.w3.org/2000/svg"/>',
    ]) {
      fails(
        await update(student.token, [{ name: 'profileImage', data, filename: 'x.png', contentType: 'image/png' }]),
        400,
      );
    }
    const profile = ok(await v1(ctx, { url: '/view-student-details', token: student.token, placement: 'body' }));
    expect(profile.profileImage).toBe(previous);
  });

  it('refuses non-images, other file fields, large files, JSON, other roles and missing tokens', async () => {
    const text = {
      name: 'profileImage',
      data: '<svg onload="alert(1)"/>',
      filename: 'x.png',
      contentType: 'image/png',
    };
    fails(await update(student.token, [text]), 400);
    fails(await update(student.token, [{ ...text, name: 'avatar', data: png }]), 400);
    const big = Buffer.alloc(5 * 1024 * 1024 + 1, 1);
    fails(await update(student.token, [{ ...text, data: big }]), 413);
    fails(await update(student.token, [{ name: 'personalWebsite', data: 'javascript:alert(1)' }]), 400);
    fails(await v1(ctx, { url: '/update-student-details', token: student.token, body: { firstname: 'x' } }), 415);
    const teacher = await createUser(ctx, 'teacher');
    fails(await update(teacher.token, [{ name: 'firstname', data: 'T' }]), 403);
    fails(await update(null, [{ name: 'firstname', data: 'T' }]), 401, 'Unauthorized: Token not provided');
    for (const spoil of Object.values(SPOILED_TOKENS)) {
      fails(await update(spoil(student.token), [{ name: 'firstname', data: 'T' }]), 401, 'Unauthorized: Invalid token');
    }
    const profile = ok(await v1(ctx, { url: '/view-student-details', token: student.token, placement: 'body' }));
    expect(profile.personalWebsite).toBe('');
  });
});
