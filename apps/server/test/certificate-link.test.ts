import type { MyCertificatesPage } from '@lyceum/contract';
import { describe, expect, it } from 'vitest';
import { loadConfig, serverConfigWarnings } from '../src/config.js';
import { createCourse } from './course-helpers.js';
import { curriculumApi } from './curriculum-helpers.js';
import { bearer, createUser, useTestApp } from './helper.js';

/**
 * The verification link on a certificate (issue 46.18): without PUBLIC_URL a school's server printed
 * "http://localhost:3000/certificates/…" on every certificate. It now prints the address the PDF was asked from.
 */
const ctx = useTestApp();
const api = curriculumApi(ctx);

/** The link annotation's target in a pdfkit PDF (annotations are not compressed). */
const linkOf = (pdf: Buffer) => /\/URI \(([^)]*)\)/.exec(pdf.toString('latin1'))?.[1];

describe('the verification link without PUBLIC_URL', () => {
  it("uses the host the PDF was downloaded from, and refuses a malformed one (falls back to PUBLIC_URL's default)", async () => {
    const teacher = await createUser(ctx, 'teacher');
    const student = await createUser(ctx, 'student');
    const course = await createCourse(ctx, teacher.token, { status: 'published', title: 'Optics' });
    const section = await api.section(teacher.token, course.id, 'Week 1');
    const lesson = await api.lesson(teacher.token, course.id, section.id, { title: 'Light' });
    await api.enrol(student.token, course.id);
    expect((await api.complete(student.token, course.id, lesson.id)).statusCode).toBe(200);
    const mine = await ctx.app.inject({
      method: 'GET',
      url: '/api/student/certificates',
      headers: bearer(student.token),
    });
    const { code, pdfUrl } = (mine.json() as MyCertificatesPage).items[0]!;

    const download = (host: string) =>
      ctx.app.inject({ method: 'GET', url: pdfUrl, headers: { ...bearer(student.token), host } });
    const res = await download('lyceum.school.example:8443');
    expect(res.statusCode).toBe(200);
    expect(linkOf(res.rawPayload)).toBe(`http://lyceum.school.example:8443/certificates/${code}`);
    expect(res.rawPayload.toString('latin1')).not.toContain('localhost');

    const odd = await download('evil.example/phish?x=');
    expect(linkOf(odd.rawPayload)).toBe(`${ctx.config.publicUrl}/certificates/${code}`);
  });

  it('is announced at the start of a production server', () => {
    const [warning] = serverConfigWarnings(loadConfig({ NODE_ENV: 'production' }));
    expect(warning).toMatch(/^PUBLIC_URL is not set/);
    expect(serverConfigWarnings(loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://school.example' }))).toEqual(
      [],
    );
  });
});
