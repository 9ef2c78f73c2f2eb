import type { APIRequestContext } from '@playwright/test';
import { DEMO, expect, expectNoAxeViolations, logIn, test } from './support';
import { api, gradingCourse, screenshotFromTop as screenshot } from './grading-setup';

test.describe.configure({ timeout: 180_000 });

/**
 * A course with a quiz (a multiple-choice question and an essay with a rubric, released manually) that one student
 * submitted with the choice wrong; the teacher graded the essay by rubric and released, then regraded it.
 */
async function gradedAttempt(request: APIRequestContext, title: string) {
  const course = await gradingCourse(request, title);
  const teacher = course.teacher;
  const choice = await course.choice();
  const essay = await course.essay();
  const rubric = await course.rubric(essay.id);
  const assessmentId = await course.assessment({ title: 'Index quiz', points: 6 }, [choice.id, essay.id]);
  const submitted = await course.submission(
    { firstname: 'Rita', lastname: 'Reviewer', prefix: 'review' },
    assessmentId,
    {
      [choice.id]: { chosen: ['b'] },
      [essay.id]: { html: '<p>An index avoids reading the whole table.</p>' },
    },
  );
  const { email, password, token: student } = submitted;
  const attempt = { id: submitted.attemptId };

  // Before release the attempt holds no key.
  const early = await api<{ questions: { review: { correctResponse: unknown } | null }[] }>(
    request,
    student,
    'GET',
    `/api/attempts/${attempt.id}`,
  );
  expect(early.questions.every((q) => q.review === null || q.review.correctResponse === null)).toBe(true);

  const inbox = async () =>
    (
      await api<{ items: { attemptId: string; version: number }[] }>(
        request,
        teacher,
        'GET',
        `/api/grading/inbox?courseId=${course.courseId}&status=all`,
      )
    ).items.find((i) => i.attemptId === attempt.id)!;
  await api(request, teacher, 'PUT', `/api/attempts/${attempt.id}/answers/${essay.id}/grade`, {
    version: (await inbox()).version,
    rubric: {
      selections: {
        [rubric.criteria[0]!.id]: rubric.criteria[0]!.levels[1]!.id,
        [rubric.criteria[1]!.id]: rubric.criteria[1]!.levels[0]!.id,
      },
    },
    comment: '<p>Clear argument; cite a source next time.</p>',
  });
  await course.release(assessmentId);
  // A regrade after release: the student is shown the change.
  await api(request, teacher, 'PUT', `/api/attempts/${attempt.id}/answers/${essay.id}/grade`, {
    version: (await inbox()).version,
    rubric: {
      selections: {
        [rubric.criteria[0]!.id]: rubric.criteria[0]!.levels[1]!.id,
        [rubric.criteria[1]!.id]: rubric.criteria[1]!.levels[1]!.id,
      },
    },
    comment: '<p>Clear argument; regraded after our talk.</p>',
  });
  return { courseId: course.courseId, assessmentId, attemptId: attempt.id, email, password, title };
}

test('the student reviews a released attempt, sees My grades and practises a mistake; the teacher reads the item analysis and overrides a grade', async ({
  page,
  request,
}) => {
  const setup = await gradedAttempt(request, `Review course ${Date.now()}`);
  await page.setViewportSize({ width: 1280, height: 900 });
  await logIn(page, setup.email, setup.password);
  await page.waitForURL(/\/student/);

  // 4: the dashboard counts the wrong choice as one to review today.
  await expect(page.getByRole('heading', { name: '1 to review today' })).toBeVisible();
  await expectNoAxeViolations(page);

  // 1: from My Quiz Attempts to the review.
  await page.goto('/student/quizAttempt');
  await page.getByRole('link', { name: /^Review Index quiz/ }).click();
  await expect(page.getByRole('heading', { name: 'Review: Index quiz', level: 1 })).toBeVisible();
  // Headed "Question N": the bank's titles are the teacher's.
  const choiceQuestion = page.getByRole('region', { name: /^Question 1\b/ });
  await expect(choiceQuestion.getByText('Incorrect')).toBeVisible();
  await expect(choiceQuestion.getByText('0 / 2 points')).toBeVisible();
  await expect(choiceQuestion.getByText('Correct answer')).toBeVisible();
  const essayQuestion = page.getByRole('region', { name: /^Question 2\b/ });
  await expect(essayQuestion.getByText('4 / 4 points', { exact: true })).toBeVisible();
  await expect(essayQuestion.getByText('regraded after our talk')).toBeVisible();
  await expect(essayQuestion.getByText(/changed this grade .* from 2 to 4 points/)).toBeVisible();
  await expect(essayQuestion.getByRole('row', { name: /Argument Strong 4 \/ 4/ })).toBeVisible();
  await expect(essayQuestion.getByRole('row', { name: /Sources Cited 4 \/ 4/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Print' })).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshot(page, 'attempt-review-1280');
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'attempt-review-390');
  // The receipt links to the review too.
  await page.getByRole('link', { name: 'Receipt' }).click();
  await expect(page.getByRole('link', { name: 'Review answers' })).toBeVisible();
  await page.setViewportSize({ width: 1280, height: 900 });

  // 2: My grades from the enrolled courses.
  await page.goto('/student/enrolled-courses');
  await page.getByRole('link', { name: `My grades: ${setup.title}` }).click();
  await expect(page.getByRole('heading', { name: 'My grades', level: 1 })).toBeVisible();
  // 0 + 4 of 6 points.
  await expect(page.getByRole('group', { name: /Course total/ })).toContainText('66.67 %');
  await expect(page.getByRole('row', { name: /Index quiz .* 4 \/ 6 \(66\.67 %\)/ })).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshot(page, 'my-grades-1280');
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'my-grades-390');
  await page.setViewportSize({ width: 1280, height: 900 });

  // 4: practice re-asks the missed question, ungraded.
  await page.goto('/student/dashboard');
  await page.getByRole('link', { name: 'Practise now' }).click();
  await expect(page.getByRole('heading', { name: 'Question 1 of 1' })).toBeVisible();
  await expect(page.getByText('Sorted keys')).toHaveCount(0);
  await page.getByRole('radio', { name: 'B-tree' }).check();
  await expectNoAxeViolations(page);
  await screenshot(page, 'practice-1280');
  await page.getByRole('button', { name: 'Check answer' }).click();
  await expect(page.getByText('Well remembered')).toBeVisible();
  await page.getByRole('button', { name: 'Finish' }).click();
  await expect(page.getByText('1 of 1 right')).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'practice-done-390');
  // Practice never touched the grade.
  await page.goto(`/student/courses/${setup.courseId}/grades`);
  await expect(page.getByRole('group', { name: /Course total/ })).toContainText('66.67 %');

  // 3 and 5: the teacher's item analysis and an override with its history.
  await page.context().clearCookies();
  await page.evaluate(() => window.localStorage.clear());
  await page.setViewportSize({ width: 1280, height: 900 });
  await logIn(page, DEMO.teacher.email, DEMO.teacher.password);
  await page.waitForURL(/\/teacher/);
  await page.goto(`/teacher/courses/${setup.courseId}/gradebook`);
  await page.getByRole('link', { name: 'Item analysis of Index quiz' }).click();
  await expect(page.getByRole('heading', { name: 'Item analysis', level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: /Q1\. Sorted keys/ })).toContainText('Hash table');
  await expect(page.locator('svg[viewBox]').first()).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshot(page, 'item-analysis-1280');
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'item-analysis-390');
  await page.setViewportSize({ width: 1280, height: 900 });

  await page.goto(`/teacher/courses/${setup.courseId}/gradebook`);
  await page.getByRole('button', { name: 'Override Index quiz for Rita Reviewer: 4' }).click();
  const dialog = page.getByRole('dialog', { name: 'Override grade' });
  await dialog.getByRole('textbox', { name: 'Points' }).fill('5');
  await dialog.getByRole('textbox', { name: 'Reason' }).fill('Oral exam made up for the missed question');
  await dialog.getByRole('button', { name: 'Save override' }).click();
  await expect(dialog.getByRole('row', { name: /5 Oral exam made up/ })).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshot(page, 'gradebook-override-1280');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'Override Index quiz for Rita Reviewer: 5' })).toBeVisible();
  await page.getByRole('button', { name: 'Weights' }).click();
  await page.getByRole('textbox', { name: 'Quizzes (%)' }).fill('100');
  await page.getByRole('button', { name: 'Save weights' }).click();
  await expect(page.getByText(/weights quiz 100 %/)).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'gradebook-weights-390');
});
