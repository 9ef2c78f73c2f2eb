import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, useTestApp, type TestUser } from '../helper.js';
import { fails, multipartBody, ok, v1 } from './v1-helper.js';

const ctx = useTestApp();
let student: TestUser;
let png: Buffer;

beforeAll(async () => {
  student = await createUser(ctx, 'student');
  png = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer();
});

type Part = Parameters<typeof multipartBody>[0][number];

function update(token: string | null, parts: Part[]) {
  const body = multipartBody(parts);
  return ctx.app.inject({
    method: 'POST',
    url: '/update-student-details',
    headers: { ...body.headers, ...(token ? { authorization: token } : {}) },
    payload: body.payload,
  });
}

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
    const profile = ok(await v1(ctx, { url: '/view-student-details', token: student.token, placement: 'body' }));
    expect(profile.personalWebsite).toBe('');
  });
});
