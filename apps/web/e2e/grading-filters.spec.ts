import { DEMO, expect, expectNoAxeViolations, logIn, test } from './support';
import type { Page } from '@playwright/test';
import { api, gradingCourse, screenshotFromTop as screenshot } from './grading-setup';

test.describe.configure({ timeout: 180_000 });

/**
 * Issue 54.9: the grading inbox filters by assessment and status (the API's filters), kept in the address; shown at
 * 1280 and 390 px.
 */
/** A Mantine Select's input (its listbox carries the same label). */
const selectField = (page: Page, name: string) => page.locator('input').and(page.getByLabel(name, { exact: true }));

test('a teacher narrows the grading inbox to one assessment and to what is left to grade', async ({
  page,
  request,
}) => {
  const course = await gradingCourse(request, `Filtered grading ${Date.now()}`);
  const essay = await course.essay();
  const project = await course.essay('Project report', '<p>Describe your project.</p>');
  const quizId = await course.assessment({ title: 'Essay quiz', points: 4 }, [essay.id]);
  const reportId = await course.assessment({ title: 'Project report', points: 4 }, [project.id]);
  const quizAttempts: string[] = [];
  for (let i = 0; i < 3; i += 1) {
    const student = { firstname: 'Filter', lastname: `Learner ${i + 1}`, prefix: `filter${i}` };
    const quiz = await course.submission(student, quizId, {
      [essay.id]: { html: `<p>Essay ${i + 1}: indexes avoid full scans.</p>` },
    });
    quizAttempts.push(quiz.attemptId);
    await course.submission({ ...student, prefix: `filter-report${i}` }, reportId, {
      [project.id]: { html: `<p>Report ${i + 1}: a small web shop.</p>` },
    });
  }
  // The first quiz answer is graded already.
  const inbox = await api<{ items: { attemptId: string; version: number }[] }>(
    request,
    course.teacher,
    'GET',
    `/api/grading/inbox?courseId=${course.courseId}&assessmentId=${quizId}`,
  );
  const first = inbox.items.find((i) => i.attemptId === quizAttempts[0])!;
  await api(request, course.teacher, 'PUT', `/api/attempts/${first.attemptId}/answers/${essay.id}/grade`, {
    version: first.version,
    score: 3,
  });

  await page.setViewportSize({ width: 1280, height: 900 });
  await logIn(page, DEMO.teacher.email, DEMO.teacher.password);
  await page.waitForURL(/\/teacher/);
  await page.goto(`/teacher/courses/${course.courseId}/grading`);
  const questions = page.getByRole('navigation', { name: 'Questions to grade' });
  await expect(questions.getByRole('button')).toHaveCount(2);

  // One assessment: only its question is listed.
  await selectField(page, 'Assessment').click();
  await page.getByRole('option', { name: 'Essay quiz' }).click();
  await expect(page).toHaveURL(new RegExp(`assessment=${quizId}`));
  await expect(questions.getByRole('button')).toHaveCount(1);
  await expect(page.getByText('Answer 2 of 3 · 2 left to grade')).toBeVisible();

  // What is left to grade: the graded answer drops out.
  await selectField(page, 'Status').click();
  await page.getByRole('option', { name: 'To grade' }).click();
  await expect(page).toHaveURL(/status=needs_grading/);
  await expect(page.getByText('Answer 1 of 2 · 2 left to grade')).toBeVisible();
  await expect(page.getByRole('listbox')).toBeHidden();
  // The chosen option lay over the question list: the pointer leaves it, so the list is seen (and measured) unhovered.
  await page.mouse.move(0, 0);
  await screenshot(page, 'grading-inbox-filters-1280');
  await expectNoAxeViolations(page);

  // Graded only, on a phone; the filters came back from the address.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/teacher/courses/${course.courseId}/grading?assessment=${quizId}&status=graded`);
  await expect(selectField(page, 'Status')).toHaveValue('Graded');
  await expect(page.getByText('Answer 1 of 1 · 0 left to grade')).toBeVisible();
  await expect(page.getByText('Graded: 3')).toBeVisible();
  await screenshot(page, 'grading-inbox-filters-390');
  await expectNoAxeViolations(page);
});
