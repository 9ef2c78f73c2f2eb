import type { Page } from '@playwright/test';
import { checkBothWidths, DEMO, expect, logIn, test } from './support';
import { untranslatedText } from './i18n-support';

/*
 * The student flow in the student's language (issue 47, docs/i18n.md): dashboard → lesson → quiz → My grades →
 * notifications, in Arabic (right to left) and Spanish, with axe and screenshots at 1280 and 390 px
 * (e2e/.artifacts/screenshots/i18n-student-*), and in the pseudo-locale: the converted regions of those pages hold no
 * text that did not come from a catalogue.
 */

type Lang = 'ar' | 'es';

const TEXT = {
  ar: {
    dashboard: 'لوحة المتابعة',
    outline: 'فهرس الدورة',
    next: 'التالي',
    beforeYouStart: 'قبل أن تبدأ',
    myGrades: 'درجاتي',
    notifications: 'الإشعارات',
  },
  es: {
    dashboard: 'Panel',
    outline: 'Índice del curso',
    next: 'Siguiente',
    beforeYouStart: 'Antes de empezar',
    myGrades: 'Mis calificaciones',
    notifications: 'Notificaciones',
  },
} as const;

interface Flow {
  courseId: string;
  lessonId: string;
  quizId: string;
}

/** The demo student's first course with a quiz in its curriculum (the seed's demo quiz), a lesson and the quiz. */
async function demoFlow(page: Page): Promise<Flow> {
  // The session is a bearer token the app keeps in localStorage (spec §3).
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const headers = { authorization: `Bearer ${token}` };
  const enrolments = await page.request.get('/api/student/enrolments?status=all&page=1&pageSize=12', { headers });
  expect(enrolments.ok()).toBe(true);
  const { items } = (await enrolments.json()) as { items: { courseId: string }[] };
  for (const { courseId } of items) {
    const response = await page.request.get(`/api/courses/${courseId}/curriculum`, { headers });
    const curriculum = (await response.json()) as {
      sections: { items: { id: string; kind: string; locked: boolean }[] }[];
    };
    const outline = curriculum.sections.flatMap((section) => section.items);
    const quiz = outline.find((item) => item.kind === 'assessment');
    const lesson = outline.find((item) => item.kind === 'lesson' && !item.locked);
    if (quiz && lesson) return { courseId, lessonId: lesson.id, quizId: quiz.id };
  }
  throw new Error('the demo student has no course with a quiz');
}

async function logInAs(page: Page, lang: string, baseURL: string): Promise<Flow> {
  await logIn(page, DEMO.student.email, DEMO.student.password);
  await expect(page).toHaveURL(/\/student\/?$/);
  // The student's language choice (what My Account's Language setting applies at sign-in).
  await page.context().addCookies([{ name: 'lyceum-lang', value: lang, url: baseURL }]);
  return demoFlow(page);
}

async function expectDocumentLanguage(page: Page, lang: string, dir: 'ltr' | 'rtl') {
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
  await expect(page.locator('html')).toHaveAttribute('dir', dir);
}

async function walkTheFlow(page: Page, lang: Lang, flow: Flow) {
  const text = TEXT[lang];
  const dir = lang === 'ar' ? 'rtl' : 'ltr';

  await page.goto('/student');
  await expectDocumentLanguage(page, lang, dir);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text.dashboard);
  await expect(page.locator('main [role="group"]').first()).toBeVisible();
  await checkBothWidths(page, `i18n-student-dashboard-${lang}`);

  await page.goto(`/learn/${flow.courseId}/${flow.lessonId}`);
  await expectDocumentLanguage(page, lang, dir);
  await expect(page.getByRole('navigation', { name: text.outline })).toBeVisible();
  await expect(page.getByRole('link', { name: text.next, exact: true })).toBeVisible();
  await checkBothWidths(page, `i18n-student-lesson-${lang}`);

  await page.goto(`/student/courses/${flow.courseId}/assessments/${flow.quizId}`);
  await expectDocumentLanguage(page, lang, dir);
  await expect(page.getByRole('heading', { level: 2, name: text.beforeYouStart })).toBeVisible();
  await checkBothWidths(page, `i18n-student-quiz-${lang}`);

  await page.goto(`/student/courses/${flow.courseId}/grades`);
  await expectDocumentLanguage(page, lang, dir);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text.myGrades);
  await expect(page.getByRole('table')).toBeVisible();
  await checkBothWidths(page, `i18n-student-grades-${lang}`);

  await page.goto('/notifications');
  await expectDocumentLanguage(page, lang, dir);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text.notifications);
  await checkBothWidths(page, `i18n-student-notifications-${lang}`);
}

for (const lang of ['ar', 'es'] as const) {
  test(`a student who chose ${lang === 'ar' ? 'Arabic' : 'Spanish'} goes through dashboard, lesson, quiz, My grades and notifications in it`, async ({
    page,
    baseURL,
  }) => {
    // axe on five pages at two widths.
    test.setTimeout(240_000);
    const flow = await logInAs(page, lang, baseURL!);
    await walkTheFlow(page, lang, flow);
  });
}

test('in the pseudo-locale, the converted parts of the student flow come from catalogues', async ({
  page,
  baseURL,
}) => {
  const flow = await logInAs(page, 'en-XA', baseURL!);

  await page.goto('/student');
  await expectDocumentLanguage(page, 'en-XA', 'ltr');
  await expect(page.locator('main [role="group"]').first()).toBeVisible();
  expect(
    await untranslatedText(page, ['main h1', 'main h1 + p', '#in-progress-heading', 'main [role="group"]']),
  ).toEqual([]);

  await page.goto(`/learn/${flow.courseId}/${flow.lessonId}`);
  await expect(page.locator('#lesson-title')).toBeVisible();
  expect(await untranslatedText(page, ['main nav', 'main article > div:first-child > p'])).toEqual([]);

  await page.goto(`/student/courses/${flow.courseId}/assessments/${flow.quizId}`);
  await expect(page.locator('main ul').first()).toBeVisible();
  expect(await untranslatedText(page, ['main ul', 'main h2'])).toEqual([]);

  await page.goto(`/student/courses/${flow.courseId}/grades`);
  await expect(page.getByRole('table')).toBeVisible();
  expect(await untranslatedText(page, ['main h1', 'main h1 + p', 'main [role="group"]', 'main table'])).toEqual([]);

  await page.goto('/notifications');
  await expect(page.getByRole('switch')).toBeVisible();
  expect(await untranslatedText(page, ['main h1', 'main h1 + p', 'main .mantine-Paper-root'])).toEqual([]);
});
