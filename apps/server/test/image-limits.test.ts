import { deflateSync } from 'node:zlib';
import { LIMITS } from '@lyceum/contract';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { HttpError } from '../src/lib/errors.js';
import { createJobLimiter } from '../src/lib/job-limiter.js';
import {
  IMAGE_RETRY_AFTER_SECONDS,
  IMAGE_SERVER_BUSY,
  IMAGE_TOO_MANY_PIXELS,
} from '../src/features/uploads/service.js';
import { bearer, createUser, useTestApp, type TestContext } from './helper.js';
import { multipartBody, updateStudentDetails } from './v1/v1-helper.js';

/**
 * Issue 13.8: a 150 KB PNG decoded to 151 MB, and 32 parallel uploads doubled the server's memory. Images may
 * declare at most 25 megapixels (checked from the header, before decoding), at most IMAGE_JOB_CONCURRENCY decode
 * at once with IMAGE_JOB_QUEUE waiting (beyond: 503 + Retry-After), and each user may upload
 * IMAGE_RATE_LIMIT_PER_MINUTE pictures a minute.
 */
const ctx = useTestApp({
  env: { IMAGE_JOB_CONCURRENCY: '1', IMAGE_JOB_QUEUE: '0', IMAGE_RATE_LIMIT_PER_MINUTE: '3' },
});

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A valid PNG header declaring `width` × `height` RGB pixels, with a few rows of zeros as its only data. */
function pngDeclaring(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8 bits, truecolour, deflate, no filter, no interlace
  const rows = deflateSync(Buffer.alloc(Math.min(width * 3 + 1, 1 << 20) * 4));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', rows),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function upload(context: TestContext, token: string, image: Buffer) {
  const body = multipartBody([{ name: 'image', data: image, filename: 'me.png', contentType: 'image/png' }]);
  return context.app.inject({
    method: 'PUT',
    url: '/api/me/image',
    headers: { ...body.headers, ...bearer(token) },
    payload: body.payload,
  });
}

let smallPng: Buffer;
let busyPng: Buffer;

beforeAll(async () => {
  smallPng = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer();
  // Noise, so that decoding and resizing take real work (and time) per upload.
  const side = 1800;
  const noise = Buffer.alloc(side * side * 3);
  for (let i = 0; i < noise.length; i += 1) noise[i] = (i * 2654435761) >>> 24;
  busyPng = await sharp(noise, { raw: { width: side, height: side, channels: 3 } })
    .png({ compressionLevel: 1 })
    .toBuffer();
});

describe('decompression bombs', () => {
  it.each([
    ['30 megapixels (6000 × 5000)', 6000, 5000],
    ['10 gigapixels (100000 × 100000)', 100_000, 100_000],
  ])('a small PNG declaring %s → 400 saying the limit, picture unchanged', async (_name, width, height) => {
    const bomb = pngDeclaring(width, height);
    expect(bomb.byteLength).toBeLessThan(LIMITS.imageBytes);
    const student = await createUser(ctx, 'student');
    const res = await upload(ctx, student.token, bomb);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toBe(IMAGE_TOO_MANY_PIXELS);
    expect(res.json().message).toMatch(/25 megapixels/);
    const me = await ctx.app.inject({ method: 'GET', url: '/api/me', headers: bearer(student.token) });
    expect(me.json().profileImage).toBeNull();
  });

  it('v1 E5 refuses it the same way, in the v1 envelope', async () => {
    const student = await createUser(ctx, 'student');
    const res = await updateStudentDetails(ctx, student.token, [
      { name: 'profileImage', data: pngDeclaring(6000, 5000), filename: 'me.png', contentType: 'image/png' },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message: IMAGE_TOO_MANY_PIXELS });
  });

  it('a picture within the limit is still accepted', async () => {
    const student = await createUser(ctx, 'student');
    const res = await upload(ctx, student.token, smallPng);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user.profileImage).toMatch(/\.webp$/);
  });
});

describe('image jobs at once', () => {
  it('beyond the running jobs and the queue, an upload answers 503 with Retry-After; the others succeed', async () => {
    const students = await Promise.all(Array.from({ length: 6 }, () => createUser(ctx, 'student')));
    const answers = await Promise.all(students.map((student) => upload(ctx, student.token, busyPng)));
    const statuses = answers.map((res) => res.statusCode);
    expect(
      statuses.every((status) => status === 200 || status === 503),
      statuses.join(),
    ).toBe(true);
    expect(statuses).toContain(200);
    const refused = answers.filter((res) => res.statusCode === 503);
    expect(refused.length).toBeGreaterThan(0);
    for (const res of refused) {
      expect(res.headers['retry-after']).toBe(String(IMAGE_RETRY_AFTER_SECONDS));
      expect(res.json()).toMatchObject({ statusCode: 503, message: IMAGE_SERVER_BUSY });
    }
  });

  it('the limiter runs N jobs, queues Q, refuses the rest with 503, and hands each freed slot to the next', async () => {
    const limiter = createJobLimiter({ concurrency: 1, queue: 1, retryAfterSeconds: 7, message: 'busy' });
    let finishFirst!: () => void;
    const first = limiter.run(() => new Promise<string>((resolve) => (finishFirst = () => resolve('first'))));
    const second = limiter.run(async () => 'second');
    expect(limiter.load).toEqual({ running: 1, waiting: 1 });
    const third = await limiter.run(async () => 'third').catch((error: unknown) => error);
    expect(third).toBeInstanceOf(HttpError);
    expect(third).toMatchObject({ statusCode: 503, headers: { 'retry-after': '7' } });
    finishFirst();
    expect(await first).toBe('first');
    expect(await second).toBe('second');
    expect(limiter.load).toEqual({ running: 0, waiting: 0 });
  });
});

describe('uploads per user', () => {
  it('the 4th upload in a minute answers 429 with Retry-After; another user is not affected', async () => {
    const [student, other] = await Promise.all([createUser(ctx, 'student'), createUser(ctx, 'student')]);
    for (let i = 0; i < 3; i += 1) expect((await upload(ctx, student.token, smallPng)).statusCode).toBe(200);
    const limited = await upload(ctx, student.token, smallPng);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await upload(ctx, other.token, smallPng)).statusCode).toBe(200);
  });
});
