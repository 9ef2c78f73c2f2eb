import type { APIRequestContext } from '@playwright/test';
import { expect } from './support';

/** Set-up through the API, as a client would: a fast way to the state a browser test starts from. */

/** The bearer token of an account that signs in with `email` and `password`. */
export async function tokenOf(request: APIRequestContext, email: string, password: string): Promise<string> {
  const login = await request.post('/api/auth/login', { data: { email, password } });
  expect(login.status()).toBe(200);
  return ((await login.json()) as { token: string }).token;
}

/** One call as the token's user; fails the test on any answer but a success, with the body in the message. */
export async function api<T>(
  request: APIRequestContext,
  token: string,
  method: string,
  url: string,
  data?: object,
): Promise<T> {
  const response = await request.fetch(url, {
    method,
    headers: { authorization: `Bearer ${token}` },
    ...(data ? { data } : {}),
  });
  expect(response.status(), `${method} ${url}: ${await response.text()}`).toBeLessThan(300);
  return (await response.json().catch(() => null)) as T;
}

/**
 * A published course of the teacher's with one published lesson, and a class of that course: what a spec about
 * assigned work starts from. Returns the ids and the class's join code.
 */
export async function classWithLesson(
  request: APIRequestContext,
  teacher: string,
  names: { course: string; lesson: string; className: string },
): Promise<{ courseId: string; lessonId: string; classId: string; code: string }> {
  const course = await api<{ id: string }>(request, teacher, 'POST', '/api/courses', {
    title: names.course,
    category: 'Development',
    status: 'published',
  });
  const section = await api<{ id: string }>(request, teacher, 'POST', `/api/courses/${course.id}/sections`, {
    title: 'Week 1',
  });
  const lesson = await api<{ id: string }>(
    request,
    teacher,
    'POST',
    `/api/courses/${course.id}/sections/${section.id}/lessons`,
    { title: names.lesson, published: true, durationMinutes: 5, bodyHtml: '<p>Read this.</p>' },
  );
  const cls = await api<{ id: string; code: string }>(request, teacher, 'POST', '/api/classes', {
    name: names.className,
    courseIds: [course.id],
  });
  return { courseId: course.id, lessonId: lesson.id, classId: cls.id, code: cls.code };
}
