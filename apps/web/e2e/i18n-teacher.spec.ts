import type { Page } from '@playwright/test';
import { checkBothWidths, DEMO, expect, logIn, test } from './support';
import { gradingCourse } from './grading-setup';

/*
 * Grading in the reader's language (issue 47, docs/i18n.md): a student reads the review of a submitted quiz, and the
 * teacher grades its essay in the grading inbox, in Arabic (right to left) and in Spanish. Axe and screenshots at
 * 1280 and 390 px (e2e/.artifacts/screenshots/i18n-review-ar-*, i18n-inbox-es-*).
 */

type Lang = 'ar' | 'es';

const TEXT = {
  ar: {
    review: 'مراجعة:',
    yourAnswer: 'إجابتك',
    correctAnswer: 'الإجابة الصحيحة',
    right: 'صحيحة',
    grading: 'التصحيح',
    byQuestion: 'حسب السؤال',
    comment: 'تعليق',
    previous: 'السابق',
  },
  es: {
    review: 'Revisión:',
    yourAnswer: 'Tu respuesta',
    correctAnswer: 'Respuesta correcta',
    right: 'Correcta',
    grading: 'Calificación',
    byQuestion: 'Por pregunta',
    comment: 'Comentario',
    previous: 'Anterior',
  },
} as const;

async function expectDocumentLanguage(page: Page, lang: Lang) {
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
  await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
}

for (const lang of ['ar', 'es'] as const) {
  test(`the quiz review and the grading inbox speak ${lang === 'ar' ? 'Arabic' : 'Spanish'}`, async ({
    page,
    request,
    baseURL,
  }) => {
    // axe at two widths on one page per language.
    test.setTimeout(240_000);
    const text = TEXT[lang];
    const course = await gradingCourse(request, `Índices ${lang} ${Date.now()}`);
    const choice = await course.choice();
    const essay = await course.essay();
    const assessmentId = await course.assessment(
      {
        title: 'Index quiz',
        points: 6,
        releaseScore: 'immediately',
        releaseFeedback: 'immediately',
        releaseAnswers: 'immediately',
      },
      [choice.id, essay.id],
    );
    const student = await course.submission(
      { firstname: 'Layla', lastname: 'Haddad', prefix: `i18n-${lang}` },
      assessmentId,
      {
        [choice.id]: { chosen: ['a'] },
        [essay.id]: { html: '<p>An index avoids reading the whole table.</p>' },
      },
    );

    // The student's review of the attempt.
    await logIn(page, student.email, student.password);
    await expect(page).toHaveURL(/\/student\/?$/);
    await page.context().addCookies([{ name: 'lyceum-lang', value: lang, url: baseURL! }]);
    await page.goto(`/student/attempts/${student.attemptId}/review`);
    await expectDocumentLanguage(page, lang);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(text.review);
    await expect(page.getByText(text.yourAnswer, { exact: true }).first()).toBeVisible();
    await expect(page.getByText(text.correctAnswer, { exact: true }).first()).toBeVisible();
    await expect(page.getByText(text.right, { exact: true }).first()).toBeVisible();
    if (lang === 'ar') await checkBothWidths(page, 'i18n-review-ar');

    // The teacher's grading inbox of the course: the essay waits for a person.
    await page.evaluate(() => localStorage.clear());
    await page.context().clearCookies();
    await logIn(page, DEMO.teacher.email, DEMO.teacher.password);
    await expect(page).toHaveURL(/\/teacher\/?$/);
    await page.context().addCookies([{ name: 'lyceum-lang', value: lang, url: baseURL! }]);
    await page.goto(`/teacher/courses/${course.courseId}/grading`);
    await expectDocumentLanguage(page, lang);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text.grading);
    await expect(page.getByText(text.byQuestion, { exact: true })).toBeVisible();
    await expect(page.getByLabel(text.comment, { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: text.previous })).toBeVisible();
    if (lang === 'es') await checkBothWidths(page, 'i18n-inbox-es');
  });
}
