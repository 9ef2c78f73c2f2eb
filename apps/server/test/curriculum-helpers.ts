import { randomBytes } from 'node:crypto';
import type { Curriculum, Lesson, Section } from '@lyceum/contract';
import { bearer, type TestContext } from './helper.js';

/** The API calls of the curriculum tests, as the web app makes them. */
export function curriculumApi(ctx: TestContext) {
  const call = async (
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    token?: string | null,
    payload?: unknown,
  ) =>
    ctx.app.inject({
      method,
      url,
      headers: token ? bearer(token) : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  async function ok<T>(res: Awaited<ReturnType<typeof call>>, status: number): Promise<T> {
    if (res.statusCode !== status) throw new Error(`expected ${status}, got ${res.statusCode} ${res.body}`);
    return res.json<T>();
  }

  return {
    call,
    section: async (token: string, courseId: string, title = 'Section') =>
      ok<Section>(await call('POST', `/api/courses/${courseId}/sections`, token, { title }), 201),
    lesson: async (token: string, courseId: string, sectionId: string, body: Record<string, unknown> = {}) =>
      ok<Lesson>(
        await call('POST', `/api/courses/${courseId}/sections/${sectionId}/lessons`, token, {
          title: 'Lesson',
          published: true,
          durationMinutes: 5,
          ...body,
        }),
        201,
      ),
    outline: async (courseId: string, token?: string | null) =>
      ok<Curriculum>(await call('GET', `/api/courses/${courseId}/curriculum`, token), 200),
    complete: (token: string, courseId: string, itemId: string) =>
      call('POST', `/api/courses/${courseId}/items/${itemId}/completion`, token),
    enrol: async (token: string, courseId: string) =>
      ok(await call('POST', `/api/courses/${courseId}/enrolment`, token), 200),
  };
}

export interface Part {
  name: string;
  data: Buffer | string;
  filename?: string;
  contentType?: string;
}

/** A multipart/form-data body, byte for byte as a browser sends it. */
export function multipart(parts: Part[]) {
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

/** A small, valid PDF. */
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');
