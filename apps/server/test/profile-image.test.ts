import { randomBytes } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { images, users } from '../src/db/schema/index.js';
import { bearer, createUser, decodePayload, useTestApp } from './helper.js';

const ctx = useTestApp();

interface Part {
  name: string;
  data: Buffer | string;
  filename?: string;
  contentType?: string;
}

/** A multipart/form-data body, byte for byte as a browser sends it. */
function multipart(parts: Part[]) {
  const boundary = `----lyceum${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename === undefined ? '' : `; filename="${part.filename}"`}`;
    const type = part.contentType ? `\r\nContent-Type: ${part.contentType}` : '';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}${type}\r\n\r\n`));
    chunks.push(Buffer.isBuffer(part.data) ? part.data : Buffer.from(part.data));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

function upload(token: string | null, parts: Part[]) {
  const body = multipart(parts);
  return ctx.app.inject({
    method: 'PUT',
    url: '/api/me/image',
    headers: { ...body.headers, ...(token ? bearer(token) : {}) },
    payload: body.payload,
  });
}

function imagePart(data: Buffer | string, filename = 'photo.jpg', contentType = 'image/jpeg'): Part {
  return { name: 'image', data, filename, contentType };
}

async function imageCount() {
  const [row] = await ctx.database.db.select({ n: count() }).from(images);
  return row?.n ?? 0;
}

async function profileImageOf(token: string): Promise<string | null> {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/me', headers: bearer(token) });
  return res.json().profileImage;
}

let bigJpeg: Buffer;
let smallPng: Buffer;
beforeAll(async () => {
  // A real camera-sized photo: 4000×3000 JPEG with noise so it does not compress to nothing.
  const noise = randomBytes(400 * 300 * 3);
  bigJpeg = await sharp(noise, { raw: { width: 400, height: 300, channels: 3 } })
    .resize(4000, 3000, { kernel: 'nearest' })
    .jpeg({ quality: 90 })
    .withExif({ IFD0: { Copyright: 'secret-camera-owner' } })
    .toBuffer();
  smallPng = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer();
});

describe('profile image upload', () => {
  it('accepts a 4000×3000 JPEG, stores it as WebP ≤ 512 px without metadata and serves it', async () => {
    expect((await sharp(bigJpeg).metadata()).width).toBe(4000);
    const student = await createUser(ctx, 'student');
    const before = await imageCount();

    const res = await upload(student.token, [imagePart(bigJpeg)]);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.message).toBe('Profile image updated');
    expect(body.user.profileImage).toMatch(/^[A-Za-z0-9._-]+\.webp$/);
    expect(await imageCount()).toBe(before + 1);
    expect(await profileImageOf(student.token)).toBe(body.user.profileImage);

    // The fresh token's payload has the new picture (the header avatar reads it), with the same expiry.
    const payload = decodePayload(body.token);
    expect(payload.user).toMatchObject({ profileImage: body.user.profileImage });
    expect(payload.exp).toBe(decodePayload(student.token).exp);

    const served = await ctx.app.inject({ method: 'GET', url: `/uploads/${body.user.profileImage}` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 512, height: 384 });
    expect(meta.exif).toBeUndefined();
    expect(served.rawPayload.includes('secret-camera-owner')).toBe(false);
  });

  it('replaces the picture and deletes the old image', async () => {
    const teacher = await createUser(ctx, 'teacher');
    const first = (await upload(teacher.token, [imagePart(smallPng, 'a.png', 'image/png')])).json().user.profileImage;
    const before = await imageCount();
    const res = await upload(teacher.token, [imagePart(smallPng, 'b.png', 'image/png')]);
    expect(res.statusCode).toBe(200);
    const second = res.json().user.profileImage;
    expect(second).not.toBe(first);
    expect(await imageCount()).toBe(before);
    expect((await ctx.app.inject({ method: 'GET', url: `/uploads/${first}` })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: `/uploads/${second}` })).statusCode).toBe(200);
  });

  it.each(['student', 'teacher', 'admin'] as const)('works for a %s', async (role) => {
    const account = await createUser(ctx, role);
    const res = await upload(account.token, [imagePart(smallPng, 'me.png', 'image/png')]);
    expect(res.statusCode).toBe(200);
    expect(res.json().user.role).toBe(role);
  });

  it("changes only the caller's picture", async () => {
    const [owner, other] = [await createUser(ctx, 'student'), await createUser(ctx, 'student')];
    await upload(other.token, [imagePart(smallPng, 'other.png', 'image/png')]);
    const otherImage = await profileImageOf(other.token);
    await upload(owner.token, [imagePart(smallPng, 'owner.png', 'image/png')]);
    expect(await profileImageOf(other.token)).toBe(otherImage);
  });

  describe('rejects, with a clear message and nothing stored', () => {
    const cases: [string, () => Part[], number, string][] = [
      [
        'a 6 MB file',
        () => [imagePart(Buffer.concat([bigJpeg, randomBytes(6 * 1024 * 1024 - bigJpeg.length)]))],
        413,
        'Image must be 5 MB or smaller',
      ],
      [
        'a PDF renamed .png',
        () => [imagePart(Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'), 'cv.png', 'image/png')],
        400,
        'Only images are allowed!',
      ],
      [
        'an SVG',
        () => [
          imagePart(
            '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
            'logo.svg',
            'image/svg+xml',
          ),
        ],
        400,
        'Only images are allowed!',
      ],
      [
        'a GIF header followed by a script (polyglot)',
        () => [imagePart('GIF89a/*<script>alert(document.cookie)</script>*/', 'cat.gif', 'image/gif')],
        400,
        'Only images are allowed!',
      ],
      ['plain text', () => [imagePart('just some text', 'notes.jpg')], 400, 'Only images are allowed!'],
      ['an empty file part', () => [imagePart(Buffer.alloc(0), '')], 400, 'image is required'],
      ['no parts at all', () => [], 400, 'image is required'],
      [
        'the file under another part name',
        () => [{ ...imagePart(smallPng, 'x.png', 'image/png'), name: 'profileImage' }],
        400,
        'Unexpected file field',
      ],
      [
        'two files',
        () => [imagePart(smallPng, 'a.png', 'image/png'), imagePart(smallPng, 'b.png', 'image/png')],
        400,
        'Send one image only',
      ],
      [
        'a text field',
        () => [{ name: 'firstname', data: 'Eve' }, imagePart(smallPng, 'a.png', 'image/png')],
        400,
        'Send only the "image" file part',
      ],
    ];

    it.each(cases)('%s', async (_label, parts, status, message) => {
      const student = await createUser(ctx, 'student');
      await upload(student.token, [imagePart(smallPng, 'keep.png', 'image/png')]);
      const kept = await profileImageOf(student.token);
      const before = await imageCount();

      const res = await upload(student.token, parts());
      expect(res.statusCode).toBe(status);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.json().message).toBe(message);
      expect(await imageCount()).toBe(before);
      expect(await profileImageOf(student.token)).toBe(kept);
    });
  });

  it('answers a JSON body with 415', async () => {
    const student = await createUser(ctx, 'student');
    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/api/me/image',
      headers: bearer(student.token),
      payload: { image: 'data:image/png;base64,AAAA' },
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toBe('Unsupported content type');
  });

  it('answers a malformed multipart body with 400', async () => {
    const student = await createUser(ctx, 'student');
    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/api/me/image',
      headers: { ...bearer(student.token), 'content-type': 'multipart/form-data; boundary=abc' },
      payload: '--abc\r\nContent-Disposition: form-data; name="image"; filename="x.png"\r\n\r\nunterminated',
    });
    expect(res.statusCode).toBe(400);
  });

  it('answers 401 without a token and with a revoked one, storing nothing', async () => {
    const before = await imageCount();
    expect((await upload(null, [imagePart(smallPng, 'a.png', 'image/png')])).statusCode).toBe(401);
    const student = await createUser(ctx, 'student');
    await ctx.database.db.update(users).set({ tokenVersion: 99 }).where(eq(users.id, student.user.id));
    const res = await upload(student.token, [imagePart(smallPng, 'a.png', 'image/png')]);
    expect(res.statusCode).toBe(401);
    expect(await imageCount()).toBe(before);
  });

  it('is the only route that reads multipart: JSON routes answer it with 415', async () => {
    const student = await createUser(ctx, 'student');
    const body = multipart([{ name: 'city', data: 'Paris' }]);
    const res = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/me',
      headers: { ...body.headers, ...bearer(student.token) },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(415);
  });
});

describe('profile image removal', () => {
  it('goes back to the default picture and deletes the stored image', async () => {
    const student = await createUser(ctx, 'student');
    const name = (await upload(student.token, [imagePart(smallPng, 'a.png', 'image/png')])).json().user.profileImage;
    const before = await imageCount();

    const res = await ctx.app.inject({ method: 'DELETE', url: '/api/me/image', headers: bearer(student.token) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: 'Profile image removed', user: { profileImage: null } });
    expect(decodePayload(res.json().token).user).toMatchObject({ profileImage: null });
    expect(await imageCount()).toBe(before - 1);
    expect((await ctx.app.inject({ method: 'GET', url: `/uploads/${name}` })).statusCode).toBe(404);

    // Removing again is harmless.
    const again = await ctx.app.inject({ method: 'DELETE', url: '/api/me/image', headers: bearer(student.token) });
    expect(again.statusCode).toBe(200);
    expect(await imageCount()).toBe(before - 1);
  });

  it('answers 401 without a token', async () => {
    expect((await ctx.app.inject({ method: 'DELETE', url: '/api/me/image' })).statusCode).toBe(401);
  });
});
