import type { APIRequestContext, Locator } from '@playwright/test';
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
  await expect(choiceQuestion.getByText('Wrong', { exact: true })).toBeVisible();
  await expect(choiceQuestion.getByText('0 / 2 points')).toBeVisible();
  await expect(choiceQuestion.getByText('Correct answer')).toBeVisible();
  // The answers read as content, not as disabled controls: the choice given marked wrong, the right one missed.
  await expect(choiceQuestion.locator('input, select, textarea, [disabled]')).toHaveCount(0);
  await expect(choiceQuestion.getByRole('listitem').filter({ hasText: 'Hash table' }).first()).toContainText(
    'Chosen: Hash table✗ Wrong',
  );
  await expect(choiceQuestion.getByRole('listitem').filter({ hasText: 'B-tree' }).first()).toContainText('✗ Missed');
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
  await page.getByRole('radio', { name: 'Heap' }).check();
  await expectNoAxeViolations(page);
  await screenshot(page, 'practice-1280');
  await page.getByRole('button', { name: 'Check answer' }).click();
  // A wrong try teaches: the try marked, the correct answer shown (released, or the question would not be here).
  await expect(page.getByText('Not quite')).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: 'Chosen: Heap' }).first()).toContainText(
    'Chosen: Heap✗ Wrong',
  );
  await expect(page.getByText('Correct answer')).toBeVisible();
  await expect(page.getByRole('radio')).toHaveCount(0);
  await expectNoAxeViolations(page);
  await screenshot(page, 'practice-wrong-try-1280');
  await page.getByRole('button', { name: 'Finish' }).click();
  await expect(page.getByText('0 of 1 right')).toBeVisible();
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

/** The contrast ratio of an element's text on the first opaque background behind it (WCAG's formula). */
async function contrastOf(locator: Locator) {
  return locator.evaluate((element) => {
    const rgb = (value: string) => (value.match(/[\d.]+/g) ?? []).map(Number);
    const luminance = ([r = 0, g = 0, b = 0]: number[]) => {
      const [lr, lg, lb] = [r, g, b].map((c) => {
        const s = c / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * lr! + 0.7152 * lg! + 0.0722 * lb!;
    };
    let background: number[] = [255, 255, 255];
    for (let node: Element | null = element; node; node = node.parentElement) {
      const value = rgb(getComputedStyle(node).backgroundColor);
      if (value.length === 3 || (value.length === 4 && value[3] === 1)) {
        background = value.slice(0, 3);
        break;
      }
    }
    const [a, b] = [luminance(rgb(getComputedStyle(element).color)), luminance(background)];
    return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
  });
}

test('the review teaches: answers as readable content, a mark per item and per blank, partial credit as "Partly right"', async ({
  page,
  request,
}) => {
  const course = await gradingCourse(request, `Teaching review ${Date.now()}`);
  const question = (body: object) =>
    api<{ id: string }>(request, course.teacher, 'POST', `/api/courses/${course.courseId}/questions`, body);
  const several = await question({
    title: 'Q01 MC several',
    prompt: '<p>Which keep keys sorted?</p>',
    points: 2,
    content: {
      type: 'multiple_choice',
      body: {
        multiple: true,
        choices: [
          { id: 'a', text: 'B-tree' },
          { id: 'b', text: 'Skip list' },
          { id: 'c', text: 'Sorted array' },
          { id: 'd', text: 'Hash table' },
        ],
      },
      key: { correct: ['a', 'b', 'c'], choiceFeedback: { a: 'Pages of sorted keys.' } },
    },
    feedback: { general: 'Sorted structures answer range queries.', correct: '', incorrect: '' },
  });
  const blanks = await question({
    title: 'Q02 capitals',
    points: 2,
    content: {
      type: 'fill_blank',
      body: { sentence: 'The capital of France is [[1]] and of Spain [[2]].' },
      key: { blanks: [{ accepted: ['Paris'] }, { accepted: ['Madrid'] }] },
    },
  });
  const pairs = await question({
    title: 'Q03 matching',
    points: 2,
    content: {
      type: 'matching',
      body: {
        prompts: [
          { id: 'p1', text: 'Read committed' },
          { id: 'p2', text: 'Serializable' },
        ],
        options: [
          { id: 'o1', text: 'Sees committed rows per statement' },
          { id: 'o2', text: 'As if one at a time' },
        ],
      },
      key: { pairs: { p1: 'o1', p2: 'o2' } },
    },
  });
  const steps = await question({
    title: 'Q04 ordering',
    points: 3,
    content: {
      type: 'ordering',
      body: {
        items: [
          { id: 'i1', text: 'Parse' },
          { id: 'i2', text: 'Plan' },
          { id: 'i3', text: 'Execute' },
        ],
      },
      key: { order: ['i1', 'i2', 'i3'] },
    },
  });
  const pi = await question({
    title: 'Q05 numeric',
    content: { type: 'numeric', body: { unit: '' }, key: { answers: [{ value: 3.14, tolerance: 0.01 }] } },
  });
  const title = 'Teaching quiz';
  const assessmentId = await course.assessment(
    {
      title,
      attemptsAllowed: 1,
      releaseScore: 'immediately',
      releaseAnswers: 'immediately',
      releaseFeedback: 'immediately',
    },
    [several.id, blanks.id, pairs.id, steps.id, pi.id],
  );
  const student = await course.submission({ firstname: 'Tess', lastname: 'Teach', prefix: 'teach' }, assessmentId, {
    [several.id]: { chosen: ['a', 'b'] }, // two of three right: 1.33 / 2
    [blanks.id]: { blanks: ['paris', 'Barcelona'] }, // one of two: 1 / 2
    [pairs.id]: { pairs: { p1: 'o1', p2: 'o1' } },
    [steps.id]: { order: ['i1', 'i3', 'i2'] },
    [pi.id]: { value: 3.2 },
  });

  await page.setViewportSize({ width: 1280, height: 900 });
  await logIn(page, student.email, student.password);
  await page.waitForURL(/\/student/);
  await page.goto('/student/quizAttempt');
  await page.getByRole('link', { name: `Review ${title}` }).click();
  await expect(page.getByRole('heading', { name: `Review: ${title}`, level: 1 })).toBeVisible();
  await expect(page.getByText('Your score is shown now.')).toBeVisible();
  // Nothing on the page is a form control standing for an answer.
  await expect(page.locator('main').locator('input, select, textarea, [disabled]')).toHaveCount(0);

  const first = page.getByRole('region', { name: /^Question 1\b/ });
  await expect(first.getByText('1.33 / 2 points')).toBeVisible();
  await expect(first.getByText('Partly right', { exact: true })).toBeVisible();
  await expect(first.getByText(/incorrect/i)).toHaveCount(0);
  const choice = (text: string) => first.getByRole('listitem').filter({ hasText: text }).first();
  await expect(choice('B-tree')).toContainText('Chosen: B-tree✓ Right');
  // The chosen choice's feedback beside it.
  await expect(choice('B-tree')).toContainText('Pages of sorted keys.');
  await expect(choice('Sorted array')).toContainText('Not chosen: Sorted array✗ Missed');
  await expect(choice('Hash table')).not.toContainText('Right');
  await expect(first.getByText('Sorted structures answer range queries.')).toBeVisible();

  const second = page.getByRole('region', { name: /^Question 2\b/ });
  await expect(second.getByText('Partly right', { exact: true })).toBeVisible();
  await expect(second).toContainText('Blank 1: paris ✓ Right: blank 1');
  await expect(second).toContainText('Blank 2: Barcelona ✗ Wrong: blank 2');
  await expect(second).toContainText('Madrid');

  const third = page.getByRole('region', { name: /^Question 3\b/ });
  await expect(third.getByRole('listitem').filter({ hasText: 'Serializable' }).first()).toContainText('✗ Wrong');
  const fourth = page.getByRole('region', { name: /^Question 4\b/ });
  await expect(fourth.getByRole('listitem').first()).toContainText('Position 1: Parse✓ Right');
  const fifth = page.getByRole('region', { name: /^Question 5\b/ });
  await expect(fifth.getByText('Wrong', { exact: true }).first()).toBeVisible();
  await expect(fifth).toContainText('3.2✗ Wrong');

  // The answers' text and marks measured: AA (4.5:1) at least.
  for (const mark of await page.locator('[data-mark]').all())
    expect(await contrastOf(mark)).toBeGreaterThanOrEqual(4.5);
  expect(await contrastOf(second.getByText('Barcelona'))).toBeGreaterThanOrEqual(4.5);
  await expectNoAxeViolations(page);
  await screenshot(page, 'review-teaches-1280');
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoAxeViolations(page);
  await screenshot(page, 'review-teaches-390');

  // The receipt says so too.
  await page.getByRole('link', { name: 'Receipt' }).click();
  await expect(page.getByText('Your score is shown now.')).toBeVisible();
});
