import type { APIRequestContext, Page } from '@playwright/test';
import { DEMO, expect, screenshot as capture, uniqueEmail } from './support';

/**
 * The set-up the grading specs share (grading.spec.ts, grading-student.spec.ts): API calls as the demo teacher,
 * a course with questions, a rubric, a published assessment, students who submit. Everything goes through the
 * public API, as a client would.
 */

/** A full-page screenshot from the top of the page (a scrolled page draws its sticky header mid-picture). */
export async function screenshotFromTop(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await capture(page, name);
}

export async function tokenOf(request: APIRequestContext, email: string, password: string) {
  const login = await request.post('/api/auth/login', { data: { email, password } });
  expect(login.status()).toBe(200);
  return ((await login.json()) as { token: string }).token;
}

export async function api<T>(request: APIRequestContext, token: string, method: string, url: string, data?: object) {
  const response = await request.fetch(url, {
    method,
    headers: { authorization: `Bearer ${token}` },
    ...(data ? { data } : {}),
  });
  expect(response.status(), `${method} ${url}: ${await response.text()}`).toBeLessThan(300);
  return (await response.json().catch(() => null)) as T;
}

export interface Rubric {
  id: string;
  criteria: { id: string; levels: { id: string }[] }[];
}

/** The two-criterion rubric both specs grade with: Argument (Weak 0 / Strong 4), Sources (None 0 / Cited 4). */
const ESSAY_RUBRIC = [
  {
    title: 'Argument',
    levels: [
      { title: 'Weak', points: 0 },
      { title: 'Strong', points: 4 },
    ],
  },
  {
    title: 'Sources',
    levels: [
      { title: 'None', points: 0 },
      { title: 'Cited', points: 4 },
    ],
  },
];

/** A published course with one section, owned by the demo teacher, and helpers to fill it. */
export async function gradingCourse(request: APIRequestContext, title: string) {
  const teacher = await tokenOf(request, DEMO.teacher.email, DEMO.teacher.password);
  const course = await api<{ id: string }>(request, teacher, 'POST', '/api/courses', {
    title,
    category: 'Development',
    status: 'published',
  });
  const section = await api<{ id: string }>(request, teacher, 'POST', `/api/courses/${course.id}/sections`, {
    title: 'Week 1',
  });
  const courseUrl = `/api/courses/${course.id}`;

  return {
    teacher,
    courseId: course.id,
    title,

    /** A 4-point essay question. */
    essay: (questionTitle = 'Why indexes?', prompt = '<p>Explain why databases use indexes.</p>') =>
      api<{ id: string }>(request, teacher, 'POST', `${courseUrl}/questions`, {
        title: questionTitle,
        prompt,
        points: 4,
        content: { type: 'essay', body: {}, key: {} },
      }),

    /** A 2-point multiple-choice question; 'a' (B-tree) is right. */
    choice: () =>
      api<{ id: string }>(request, teacher, 'POST', `${courseUrl}/questions`, {
        title: 'Sorted keys',
        prompt: '<p>Which structure keeps keys sorted?</p>',
        points: 2,
        content: {
          type: 'multiple_choice',
          body: {
            choices: [
              { id: 'a', text: 'B-tree' },
              { id: 'b', text: 'Hash table' },
              { id: 'c', text: 'Heap' },
            ],
          },
          key: { correct: ['a'] },
        },
      }),

    /** The essay rubric, attached to a question. */
    rubric: (questionId: string) =>
      api<Rubric>(request, teacher, 'POST', `${courseUrl}/rubrics`, {
        title: 'Essay rubric',
        attachTo: { type: 'question', id: questionId },
        criteria: ESSAY_RUBRIC,
      }),

    /** An assessment of these questions, published; released by hand unless `settings` say otherwise. */
    async assessment(settings: Record<string, unknown>, questionIds: string[]) {
      const draft = await api<{ id: string; version: number }>(
        request,
        teacher,
        'POST',
        `${courseUrl}/sections/${section.id}/assessments`,
        { releaseScore: 'manual', releaseFeedback: 'manual', releaseAnswers: 'manual', ...settings },
      );
      const parts = await api<{ version: number }>(
        request,
        teacher,
        'PUT',
        `${courseUrl}/assessments/${draft.id}/parts`,
        {
          version: draft.version,
          parts: [{ mode: 'fixed', questionIds }],
        },
      );
      await api(request, teacher, 'POST', `${courseUrl}/assessments/${draft.id}/publish`, {
        version: parts.version,
        published: true,
      });
      return draft.id;
    },

    release: (assessmentId: string) =>
      api(request, teacher, 'POST', `${courseUrl}/assessments/${assessmentId}/release`, { released: true }),

    /** A new student, enrolled, who submits one attempt with these responses (question id → response). */
    async submission(
      student: { firstname: string; lastname: string; prefix: string },
      assessmentId: string,
      responses: Record<string, unknown>,
    ) {
      const email = uniqueEmail(student.prefix);
      const password = 'a-long-unusual-password';
      const registered = await request.post('/api/auth/register', {
        data: {
          email,
          firstname: student.firstname,
          lastname: student.lastname,
          phone: '+1 555 0102',
          password,
          role: 'student',
        },
      });
      expect(registered.status()).toBeLessThan(300);
      const token = await tokenOf(request, email, password);
      await api(request, token, 'POST', `${courseUrl}/enrolment`);
      const attempt = await api<{ id: string }>(
        request,
        token,
        'POST',
        `${courseUrl}/assessments/${assessmentId}/attempts`,
        {},
      );
      for (const [questionId, response] of Object.entries(responses))
        await api(request, token, 'PUT', `/api/attempts/${attempt.id}/answers/${questionId}`, { response });
      await api(request, token, 'POST', `/api/attempts/${attempt.id}/submit`);
      return { email, password, token, attemptId: attempt.id };
    },
  };
}
