import { connect } from 'node:net';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createImageService } from '#features/uploads/service.js';
import { useTestApp } from '../helper.js';
import { fails } from './v1-helper.js';

const ctx = useTestApp();

describe('v1 X2 /uploads', () => {
  it('serves a stored picture with its image type, nosniff and a long cache life', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#804020' } })
      .png()
      .toBuffer();
    const stored = await createImageService(ctx.database.db).store(png);
    const res = await ctx.app.inject({ method: 'GET', url: `/uploads/${stored.name}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\//);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toMatch(/max-age=\d{6,}/);
  });

  it('answers a missing file, a bad name, a traversal and a listing with the v1 404 "File not found"', async () => {
    const urls = [
      '/uploads/missing.webp',
      '/uploads/..%2fx',
      '/uploads/..%2F..%2Fetc%2Fpasswd',
      '/uploads/%2e%2e%2fetc%2fpasswd',
      '/uploads/a/b.webp',
      '/uploads/',
      '/uploads/%3Cscript%3E.png',
      `/uploads/${'a'.repeat(300)}.webp`,
    ];
    for (const url of urls) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.headers['content-type'], url).toMatch(/^application\/json/);
      expect(res.json(), url).toEqual({ success: false, message: 'File not found' });
      fails(res, 404, 'File not found');
    }
    expect((await ctx.app.inject({ method: 'HEAD', url: '/uploads/missing.webp' })).statusCode).toBe(404);
  });

  it('answers an unencoded traversal sent byte for byte (no client normalising it) with the same 404', async () => {
    const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1', () => {
        socket.end('GET /uploads/../../package.json HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n');
      });
      let text = '';
      socket.on('data', (chunk) => (text += chunk.toString('utf8')));
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
    expect(raw).toMatch(/^HTTP\/1\.1 404 /);
    expect(raw).toMatch(/content-type: application\/json/i);
    expect(raw).toContain('{"success":false,"message":"File not found"}');
  });
});
