import type { APIRequestContext, Page } from '@playwright/test';
import {
  CreateAnnouncementBodySchema,
  CreateAnswerBodySchema,
  CreateAssessmentBodySchema,
  CreateBankCommentBodySchema,
  CreateBankQuestionBodySchema,
  CreateClassBodySchema,
  CreateCourseBodySchema,
  CreateLessonBodySchema,
  CreateQuestionBodySchema,
  CreateReviewBodySchema,
  CreateRubricBodySchema,
  CreateSectionBodySchema,
  GradeAnswerBodySchema,
} from '@lyceum/contract';
import { api, tokenOf } from './grading-setup';
import { HOSTILE_TEXT, OVERLAY_ID, hostileBody } from './hostile-fields';
import { expect, logIn, screenshot, test, uniqueEmail } from './support';

test.describe.configure({ timeout: 240_000 });

const PASSWORD = 'a-long-unusual-password';

async function register(request: APIRequestContext, role: 'teacher' | 'student', prefix: string) {
  const email = uniqueEmail(prefix);
  const answer = await request.post('/api/auth/register', {
    data: { email, firstname: 'Field', lastname: role, phone: '+1 555 0100', password: PASSWORD, role },
  });
  expect(answer.status(), await answer.text()).toBeLessThan(300);
  return { email, token: await tokenOf(request, email, PASSWORD) };
}

/**
 * Sends `base` with hostile HTML in every free-text field of `schema`. A field whose own rule refuses any HTML (a
 * video link, a tag: refinements the JSON schema cannot carry) is named in the 400's issues and keeps its base value.
 */
async function sendHostile(
  request: APIRequestContext,
  token: string,
  method: string,
  url: string,
  schema: Parameters<typeof hostileBody>[0],
  base: object,
  keep: string[] = [],
) {
  const kept = [...keep];
  for (let round = 0; round < 8; round += 1) {
    const answer = await request.fetch(url, {
      method,
      headers: { authorization: `Bearer ${token}` },
      data: hostileBody(schema, base, kept),
    });
    if (answer.status() < 300) return (await answer.json().catch(() => null)) as any; // eslint-disable-line @typescript-eslint/no-explicit-any
    const body = (await answer.json().catch(() => ({}))) as { issues?: { path: string }[] };
    const refused = (body.issues ?? []).map(
      (issue) =>
        issue.path
          .split('.')
          .filter((part) => !/^\d+$/.test(part))
          .at(-1) ?? issue.path,
    );
    expect(answer.status(), `${method} ${url}: ${JSON.stringify(body)}`).toBe(400);
    expect(refused.length, `${method} ${url}: ${JSON.stringify(body)}`).toBeGreaterThan(0);
    kept.push(...refused);
  }
  throw new Error(`${method} ${url}: still refused`);
}

/**
 * Every free-text field that a teacher or a student can fill, through the public API with hostile HTML in each
 * (hostileBody finds the fields from the contract's request schemas): a course, a lesson, questions with their
 * feedback and hints, a rubric, a comment, an assessment, a class and its announcement, an attempt graded with a
 * comment and released, a forum question and answer, a review.
 */
async function hostileSchool(request: APIRequestContext) {
  const teacher = await register(request, 'teacher', 'hostile-teacher');
  const student = await register(request, 'student', 'hostile-student');
  const t = (method: string, url: string, data?: object) => api<any>(request, teacher.token, method, url, data); // eslint-disable-line @typescript-eslint/no-explicit-any
  const s = (method: string, url: string, data?: object) => api<any>(request, student.token, method, url, data); // eslint-disable-line @typescript-eslint/no-explicit-any
  type Schema = Parameters<typeof hostileBody>[0];
  const th = (method: string, url: string, schema: Schema, base: object, keep?: string[]) =>
    sendHostile(request, teacher.token, method, url, schema, base, keep);
  const sh = (method: string, url: string, schema: Schema, base: object) =>
    sendHostile(request, student.token, method, url, schema, base);

  const course = await th('POST', '/api/courses', CreateCourseBodySchema, {
    title: 'Hostile fields',
    category: 'Development',
    status: 'published',
  });
  const courseUrl = `/api/courses/${course.id}`;
  const section = await th('POST', `${courseUrl}/sections`, CreateSectionBodySchema, { title: 'Week 1' });
  const lesson = await th('POST', `${courseUrl}/sections/${section.id}/lessons`, CreateLessonBodySchema, {
    title: 'Lesson',
    published: true,
  });
  const choice = await th('POST', `${courseUrl}/questions`, CreateBankQuestionBodySchema, {
    title: 'Choice',
    prompt: '<p>Pick</p>',
    points: 2,
    content: {
      type: 'multiple_choice',
      body: {
        choices: [
          { id: 'a', text: 'Right' },
          { id: 'b', text: 'Wrong' },
        ],
      },
      key: { correct: ['a'], choiceFeedback: { a: 'yes', b: 'no' } },
    },
  });
  const essay = await th('POST', `${courseUrl}/questions`, CreateBankQuestionBodySchema, {
    title: 'Essay',
    prompt: '<p>Write</p>',
    points: 4,
    content: { type: 'essay', body: {}, key: {} },
  });
  await th('POST', `${courseUrl}/rubrics`, CreateRubricBodySchema, {
    title: 'Rubric',
    attachTo: { type: 'question', id: essay.id },
    criteria: [
      {
        title: 'Argument',
        levels: [
          { title: 'Weak', points: 0 },
          { title: 'Strong', points: 4 },
        ],
      },
    ],
  });
  await th('POST', '/api/me/comment-bank', CreateBankCommentBodySchema, { title: 'Note', html: '<p>x</p>' });
  const draft = await th(
    'POST',
    `${courseUrl}/sections/${section.id}/assessments`,
    CreateAssessmentBodySchema,
    { title: 'Quiz', releaseScore: 'manual', releaseFeedback: 'manual', releaseAnswers: 'manual' },
    ['password'],
  );
  const parts = await t('PUT', `${courseUrl}/assessments/${draft.id}/parts`, {
    version: draft.version,
    parts: [{ mode: 'fixed', questionIds: [choice.id, essay.id] }],
  });
  await t('POST', `${courseUrl}/assessments/${draft.id}/publish`, { version: parts.version, published: true });
  const klass = await th('POST', '/api/classes', CreateClassBodySchema, { name: 'Period 1', courseIds: [course.id] });
  await th('POST', `/api/classes/${klass.id}/announcements`, CreateAnnouncementBodySchema, { bodyHtml: '<p>x</p>' });

  await s('POST', `${courseUrl}/enrolment`);
  await s('POST', '/api/classes/join', { code: klass.code });
  const attempt = await s('POST', `${courseUrl}/assessments/${draft.id}/attempts`, {});
  await s('PUT', `/api/attempts/${attempt.id}/answers/${choice.id}`, { response: { chosen: ['b'] } });
  const essayAnswer = hostileBody(CreateAnnouncementBodySchema, { bodyHtml: '' }).bodyHtml;
  await s('PUT', `/api/attempts/${attempt.id}/answers/${essay.id}`, { response: { html: essayAnswer } });
  await s('POST', `/api/attempts/${attempt.id}/submit`);
  const inbox = await t('GET', `/api/grading/inbox?courseId=${course.id}&status=all`);
  const item = (inbox.items as { attemptId: string; version: number }[]).find((i) => i.attemptId === attempt.id)!;
  await th('PUT', `/api/attempts/${attempt.id}/answers/${essay.id}/grade`, GradeAnswerBodySchema, {
    version: item.version,
    score: 2,
    comment: '',
  });
  await t('POST', `${courseUrl}/assessments/${draft.id}/release`, { released: true });

  const forum = await sh('POST', '/api/forum/questions', CreateQuestionBodySchema, {
    question: 'q',
    description: 'd',
    tags: ['javascript'],
  });
  await th('POST', `/api/forum/questions/${forum.id}/answers`, CreateAnswerBodySchema, { answer: 'a' });
  await sh('POST', `${courseUrl}/reviews`, CreateReviewBodySchema, { rating: 4, text: 't' });

  return {
    teacher,
    student,
    review: `/student/attempts/${attempt.id}/review`,
    pages: {
      student: [
        `/course-details/${course.id}`,
        `/forum-details/${forum.id}`,
        `/learn/${course.id}/${lesson.id}`,
        `/student/courses/${course.id}/assessments/${draft.id}`,
        `/student/attempts/${attempt.id}/review`,
        '/student/practice',
        `/student/classes/${klass.id}`,
      ],
      teacher: [
        `/teacher/grading?courseId=${course.id}`,
        `/teacher/courses/${course.id}/questions`,
        `/teacher/classes/${klass.id}`,
      ],
    },
  };
}

/** What a stored-HTML attack would have left in the page, if anything survived. */
async function survivors(page: Page) {
  return page.evaluate((overlayId) => {
    const all = Array.from(document.querySelectorAll('*'));
    return {
      overlay: document.getElementById(overlayId) !== null,
      metaRefresh: document.querySelectorAll('meta[http-equiv]').length,
      handlers: all.flatMap((el) =>
        el
          .getAttributeNames()
          .filter((name: string) => name.toLowerCase().startsWith('on'))
          .map((name: string) => `${el.tagName.toLowerCase()}[${name}]`),
      ),
      javascriptLinks: Array.from(document.querySelectorAll('a[href]')).filter((a) =>
        /^\s*javascript:/i.test(a.getAttribute('href') ?? ''),
      ).length,
      fixedContent: document.querySelectorAll('[style*="fixed"]').length,
    };
  }, OVERLAY_ID);
}

async function expectInert(page: Page, url: string) {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.goto(url);
  await page.locator('html[data-ready]').waitFor({ state: 'attached' });
  // The page has shown the hostile fields (as text, or what the sanitiser left of them).
  await expect(page.getByText(HOSTILE_TEXT).first(), url).toBeVisible();
  expect(await survivors(page), url).toEqual({
    overlay: false,
    metaRefresh: 0,
    handlers: [],
    javascriptLinks: 0,
    fixedContent: 0,
  });
  expect(page.url(), `${url}: no refresh took the page away`).toContain(url.split('?')[0]);
  expect(dialogs, url).toEqual([]);
}

test('hostile HTML in every free-text field renders inert on every page that shows it', async ({
  request,
  browser,
}) => {
  const school = await hostileSchool(request);
  for (const [who, urls] of [
    [school.student, school.pages.student],
    [school.teacher, school.pages.teacher],
  ] as const) {
    const context = await browser.newContext();
    const signedIn = await context.newPage();
    const errors: string[] = [];
    signedIn.on('console', (m) => {
      if (m.type() === 'error' && !/Failed to load resource/.test(m.text())) errors.push(m.text());
    });
    signedIn.on('pageerror', (e) => errors.push(e.message));
    await logIn(signedIn, who.email, PASSWORD);
    await signedIn.waitForURL(/\/(student|teacher)/);
    for (const url of urls) await expectInert(signedIn, url);
    if (who === school.student) {
      // The review with the question's feedback shown as text (what a reader sees of the attack: its words).
      await signedIn.goto(school.review);
      await expect(signedIn.getByText(HOSTILE_TEXT).first()).toBeVisible();
      await screenshot(signedIn, 'hostile-review-1280');
      await signedIn.setViewportSize({ width: 390, height: 844 });
      await screenshot(signedIn, 'hostile-review-390');
    }
    // A CSP report of a blocked inline handler is an error here: the wall behind the sanitiser must not be needed.
    expect(errors, 'console errors').toEqual([]);
    await context.close();
  }
});
