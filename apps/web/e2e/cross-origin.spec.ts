import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test as base } from '@playwright/test';
// Playwright's own page: the second origin's page is not the app, so support.ts's wait for the app does not apply.
import { DEMO, workerServer } from './support';

const test = base.extend(workerServer);

/** A 1×1 PNG, the smallest real picture the server's image pipeline accepts. */
const PNG_1PX = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

/**
 * A v1 client's page on a second origin (its port is in the server's CORS_ORIGINS, see start-server.mjs): it shows
 * pictures from the app's /uploads with plain <img> tags, as the v1 client does (v1-api.md X2).
 */
function startSecondOrigin(port: number, pictures: string[]): Promise<Server> {
  const html = `<!doctype html><title>v1 client</title>${pictures.map((src, i) => `<img id="p${i}" src="${src}" alt="picture ${i}">`).join('')}`;
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

test('a page on another allowed origin shows pictures from /uploads (CORP cross-origin)', async ({ page, baseURL }) => {
  const app = new URL(baseURL!);
  const login = await page.request.post('/api/auth/login', {
    data: { email: DEMO.student.email, password: DEMO.student.password },
  });
  expect(login.status()).toBe(200);
  const { token } = (await login.json()) as { token: string };
  const upload = await page.request.put('/api/me/image', {
    headers: { authorization: `Bearer ${token}` },
    multipart: { image: { name: 'me.png', mimeType: 'image/png', buffer: Buffer.from(PNG_1PX, 'base64') } },
  });
  expect(upload.status()).toBe(200);
  const { user } = (await upload.json()) as { user: { profileImage: string } };
  const uploaded = new URL(`/uploads/${user.profileImage}`, app).href;
  // The default avatar the v1 client asks for when a user has no picture.
  const fallback = new URL('/uploads/undefined', app).href;

  const server = await startSecondOrigin(Number(app.port) + 1000, [uploaded, fallback]);
  try {
    const blocked: string[] = [];
    page.on('requestfailed', (request) => blocked.push(`${request.url()} ${request.failure()?.errorText}`));
    page.on('console', (message) => {
      if (message.type() === 'error') blocked.push(message.text());
    });
    await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    for (const id of ['#p0', '#p1']) {
      // A picture the browser refused (ERR_BLOCKED_BY_RESPONSE) is complete with no natural size.
      await expect
        .poll(() => page.locator(id).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
        .toBeGreaterThan(0);
    }
    expect(blocked).toEqual([]);
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
});
