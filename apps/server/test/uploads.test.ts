import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createImageService } from '../src/features/uploads/service.js';
import { useTestApp } from './helper.js';

const ctx = useTestApp();

async function png(width: number, height: number) {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 90 } } })
    .png()
    .toBuffer();
}

describe('images', () => {
  it('re-encodes an upload to WebP at most 512 px and serves it at /uploads/<name>', async () => {
    const images = createImageService(ctx.database.db);
    const stored = await images.store(await png(1200, 600));
    expect(stored.name).toMatch(/^[A-Za-z0-9._-]+\.webp$/);
    const res = await ctx.app.inject({ method: 'GET', url: `/uploads/${stored.name}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toMatch(/immutable/);
    const meta = await sharp(res.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 512, height: 256 });
  });

  it('lets pictures load on other origins (CORP cross-origin) while every other response stays same-origin', async () => {
    const images = createImageService(ctx.database.db);
    const stored = await images.store(await png(40, 40));
    for (const url of [`/uploads/${stored.name}`, '/uploads/undefined', '/uploads/null']) {
      const res = await ctx.app.inject({ method: 'GET', url, headers: { origin: 'https://v1.example.com' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cross-origin-resource-policy'], url).toBe('cross-origin');
    }
    for (const url of ['/api/health', '/api/courses', '/view-courses']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.headers['cross-origin-resource-policy'], url).toBe('same-origin');
    }
  });

  it('refuses bytes that are not an allowed image, whatever their name', async () => {
    const images = createImageService(ctx.database.db);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    await expect(images.store(svg)).rejects.toMatchObject({ statusCode: 400, message: 'Only images are allowed!' });
    await expect(images.store(Buffer.from('GIF89a-not-really'))).rejects.toMatchObject({ statusCode: 400 });
    await expect(images.store(Buffer.alloc(5 * 1024 * 1024 + 1))).rejects.toMatchObject({ statusCode: 413 });
  });

  it('answers unknown and malformed names with a JSON 404 (the v1 envelope: /uploads is also v1 X2)', async () => {
    for (const url of ['/uploads/missing.webp', '/uploads/..%2F..%2Fetc%2Fpasswd']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ success: false, message: 'File not found' });
    }
  });
});
