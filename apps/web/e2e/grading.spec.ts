import { DEMO, expect, expectNoAxeViolations, logIn, test } from './support';
import { api, gradingCourse, screenshotFromTop as screenshot } from './grading-setup';
import type { APIRequestContext } from '@playwright/test';

test.describe.configure({ timeout: 180_000 });

const STUDENTS = 10;

/** A published course with an essay quiz (rubric attached) that 10 students have submitted. */
async function courseWithEssays(request: APIRequestContext, title: string) {
  const course = await gradingCourse(request, title);
  const essay = await course.essay();
  await course.rubric(essay.id);
  await api(request, course.teacher, 'POST', '/api/me/comment-bank', {
    title: `Cite sources ${Date.now()}`,
    html: '<p>Good argument: cite your sources.</p>',
  });
  const assessmentId = await course.assessment({ title: 'Essay quiz', points: 4 }, [essay.id]);
  const students: { token: string; attemptId: string }[] = [];
  for (let i = 0; i < STUDENTS; i += 1) {
    students.push(
      await course.submission({ firstname: 'Learner', lastname: `No ${i + 1}`, prefix: `grading${i}` }, assessmentId, {
        [essay.id]: { html: `<p>Answer ${i + 1}: an index avoids reading the whole table.</p>` },
      }),
    );
  }
  return { courseId: course.courseId, assessmentId, essayId: essay.id, teacher: course.teacher, students };
}

test('a teacher grades 10 essays by question with the keyboard, with the comment bank and a rubric; the gradebook and its CSV agree', async ({
  page,
  request,
}) => {
  const title = `Grading course ${Date.now()}`;
  const setup = await courseWithEssays(request, title);
  await page.setViewportSize({ width: 1280, height: 900 });
  await logIn(page, DEMO.teacher.email, DEMO.teacher.password);
  await page.waitForURL(/\/teacher/);
  await page.goto(`/teacher/courses/${setup.courseId}/grading`);
  await expect(page.getByRole('heading', { name: 'Grading', level: 1 })).toBeVisible();
  await expect(page.getByText('Answer 1 of 10 · 10 left to grade')).toBeVisible();
  // On load focus stays where the page put it, not in a field (issue 46.16).
  await expect(page.getByRole('textbox', { name: 'Score (out of 4)' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Score (out of 4)' })).not.toBeFocused();

  // The first answer: scored by the rubric, with a comment from the bank (keyboard only).
  await page.getByRole('radio', { name: 'Strong (4)' }).check();
  await page.getByRole('radio', { name: 'None (0)' }).check();
  const bank = page.getByRole('combobox', { name: 'Insert a saved comment' });
  await bank.focus();
  await page.keyboard.type('Cite');
  await expect(page.getByRole('option', { name: /Cite sources/ }).first()).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('textbox', { name: 'Comment' })).toHaveValue('Good argument: cite your sources.');
  await expect(bank).toHaveValue('');
  // 4 of 8 rubric points on a 4-point essay.
  await expect(page.getByRole('textbox', { name: 'Score (out of 4)' })).toHaveValue('2');
  await expectNoAxeViolations(page);
  await screenshot(page, 'grading-inbox-rubric-1280');
  await page.getByRole('textbox', { name: 'Comment' }).focus();
  await page.keyboard.press('Control+Enter');
  await expect(page.getByText('Answer 2 of 10 · 9 left to grade')).toBeVisible();

  // The nine others: type the score, Enter saves and opens the next one.
  for (let i = 2; i <= STUDENTS; i += 1) {
    const score = page.getByRole('textbox', { name: 'Score (out of 4)' });
    await expect(score).toBeFocused();
    await page.keyboard.type(String(i % 2 === 0 ? 3 : 2.5));
    await page.keyboard.press('Enter');
    await expect(page.getByText(`${STUDENTS - i} left to grade`)).toBeVisible();
  }
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoAxeViolations(page);
  await screenshot(page, 'grading-inbox-390');

  // The gradebook shows the counting scores; the CSV has the same numbers.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByRole('link', { name: 'Gradebook' }).click();
  await expect(page.getByRole('heading', { name: 'Gradebook', level: 1 })).toBeVisible();
  const table = page.getByRole('table');
  await expect(table.getByRole('row', { name: /Learner No 1 .* 2 50 %/ })).toBeVisible();
  await expect(table.getByRole('row', { name: /Learner No 2 .* 3 75 %/ })).toBeVisible();
  await expect(table.getByRole('row', { name: /Learner No 3 .* 2\.5 62\.5 %/ })).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshot(page, 'gradebook-1280');
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'gradebook-390');
  const csv = await request.get(`/api/courses/${setup.courseId}/gradebook.csv`, {
    headers: { authorization: `Bearer ${setup.teacher}` },
  });
  const lines = (await csv.text())
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
  expect(lines).toHaveLength(STUDENTS + 1);
  expect(lines.find((line) => line.startsWith('Learner No 1,'))).toMatch(/,2,,50$/);
  expect(lines.find((line) => line.startsWith('Learner No 2,'))).toMatch(/,3,,75$/);

  // Released: the student sees the score, the comment and the rubric levels.
  await api(
    request,
    setup.teacher,
    'POST',
    `/api/courses/${setup.courseId}/assessments/${setup.assessmentId}/release`,
    {
      released: true,
    },
  );
  const first = setup.students[0]!;
  const review = await api<{ questions: { review: { score: number; feedback: { grader: string } } }[] }>(
    request,
    first.token,
    'GET',
    `/api/attempts/${first.attemptId}`,
  );
  expect(review.questions[0]!.review).toMatchObject({
    score: 2,
    feedback: { grader: '<p>Good argument: cite your sources.</p>' },
  });
  const rubrics = await api<{ released: boolean; items: { score: { total: number } }[] }>(
    request,
    first.token,
    'GET',
    `/api/me/attempts/${first.attemptId}/rubrics`,
  );
  expect(rubrics).toMatchObject({ released: true, items: [{ score: { total: 4 } }] });
});

test('grading by student with the keyboard only: an anonymous quiz shows labels, not names; the admin grades across courses', async ({
  page,
  request,
}) => {
  const course = await gradingCourse(request, `By-student course ${Date.now()}`);
  const why = await course.essay('Why indexes?', '<p>Explain why databases use indexes.</p>');
  const when = await course.essay('When not to index?', '<p>When does an index cost more than it saves?</p>');
  const quizId = await course.assessment({ title: 'Blind essays', points: 8, anonymousGrading: true }, [
    why.id,
    when.id,
  ]);
  for (const [i, lastname] of ['Quill', 'Rowan', 'Sable'].entries())
    await course.submission({ firstname: 'Hidden', lastname, prefix: `blind${i}` }, quizId, {
      [why.id]: { html: `<p>Student answer ${i + 1}: indexes avoid full scans.</p>` },
      [when.id]: { html: `<p>Student answer ${i + 1}: on tables written far more than read.</p>` },
    });

  await page.setViewportSize({ width: 1280, height: 900 });
  await logIn(page, DEMO.teacher.email, DEMO.teacher.password);
  await page.waitForURL(/\/teacher/);
  await page.goto(`/teacher/courses/${course.courseId}/grading`);
  await expect(page.getByRole('heading', { name: 'Grading', level: 1 })).toBeVisible();
  // The first answer opens without taking focus: a page load leaves focus alone (issue 46.16).
  await expect(page.getByRole('textbox', { name: 'Score (out of 4)' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Score (out of 4)' })).not.toBeFocused();

  // Switch to "By student" from the keyboard: the order switch is a radio group.
  await page.getByRole('radio', { name: 'By question' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('radio', { name: 'By student' })).toBeChecked();
  await expect(page).toHaveURL(/by=student/);
  const students = page.getByRole('navigation', { name: 'Students to grade' });
  await expect(students.getByRole('button', { name: /^Student \d+/ })).toHaveCount(3);
  // The server sent no names: none appears anywhere on the page.
  await expect(page.getByText(/Hidden|Quill|Rowan|Sable/)).toHaveCount(0);
  await expect(page.getByText('Anonymous grading: names are shown once the grades are released.')).toBeVisible();
  // The answer's heading: "Student N · question".
  const heading = page.getByRole('heading', { level: 2, name: / · / });
  const first = (await heading.innerText()).split(' · ')[0]!;
  await expect(heading).toHaveText(`${first} · Why indexes?`);
  await expect(page.getByText('Answer 1 of 2 · 2 left to grade')).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshot(page, 'grading-by-student-1280');

  // Type the score, Enter saves and opens the same student's next answer, then the next student's first.
  const score = page.getByRole('textbox', { name: 'Score (out of 4)' });
  await expect(score).toBeFocused();
  await page.keyboard.type('3');
  await page.keyboard.press('Enter');
  await expect(heading).toHaveText(`${first} · When not to index?`);
  await expect(page.getByText('Answer 2 of 2 · 1 left to grade')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save and next student' })).toBeVisible();
  await expect(score).toBeFocused();
  await page.keyboard.type('2.5');
  await page.keyboard.press('Enter');
  const second = heading;
  await expect(second).toHaveText(/^Student \d+ · Why indexes\?$/);
  await expect(second).not.toHaveText(new RegExp(`^${first} `));
  await expect(page.getByText('Answer 1 of 2 · 2 left to grade')).toBeVisible();
  // Alt+← goes back to the previous answer (graded), Alt+→ forward again.
  await expect(score).toBeFocused();
  await page.keyboard.press('Alt+ArrowLeft');
  await expect(heading).toHaveText(`${first} · When not to index?`);
  await expect(page.getByText('Graded: 2.5')).toBeVisible();
  await page.getByRole('textbox', { name: 'Score (out of 4)' }).focus();
  await page.keyboard.press('Alt+ArrowRight');
  await expect(heading).toHaveText(/^Student \d+ · Why indexes\?$/);
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoAxeViolations(page);
  await screenshot(page, 'grading-by-student-390');

  // The admin: Grading in the admin menu, every course, narrowed to this one with the course filter.
  await page.context().clearCookies();
  await page.evaluate(() => window.localStorage.clear());
  await page.setViewportSize({ width: 1280, height: 900 });
  await logIn(page, DEMO.admin.email, DEMO.admin.password);
  await page.waitForURL(/\/admin/);
  // Every course's inbox answers only once the admin has typed in the course filter, as it can under load: its
  // first answer opening must not take the caret from the filter (that closed the list and dropped the text).
  let answerInbox!: () => void;
  const typed = new Promise<void>((resolve) => (answerInbox = resolve));
  await page.route(
    (url) => url.pathname === '/api/grading/inbox' && !url.searchParams.has('courseId'),
    async (route) => {
      await typed;
      await route.continue();
    },
  );
  await page.getByRole('link', { name: 'Grading', exact: true }).click();
  // The admin's grading pages are their own chunk, fetched on the first visit.
  await expect(page.getByRole('heading', { name: 'Grading', level: 1 })).toBeVisible({ timeout: 20_000 });
  const filter = page.getByRole('combobox', { name: 'Course' });
  await filter.fill(course.title);
  await expect(page.getByRole('option', { name: course.title })).toBeVisible();
  answerInbox();
  await expect(page.getByRole('textbox', { name: /^Score \(out of/ })).toBeVisible();
  await expect(filter).toBeFocused();
  await expect(filter).toHaveValue(course.title);
  await page.unrouteAll();
  await page.getByRole('option', { name: course.title }).click();
  await expect(page).toHaveURL(new RegExp(`courseId=${course.courseId}`));
  // Once the course is chosen, its first answer opens below; focus stays in the filter (issue 46.16).
  await expect(page.getByRole('textbox', { name: 'Score (out of 4)' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Score (out of 4)' })).not.toBeFocused();
  await expect(page.getByRole('navigation', { name: 'Questions to grade' }).getByRole('button')).toHaveCount(2);
  await expect(page.getByText(/Hidden|Quill|Rowan|Sable/)).toHaveCount(0);
  await expectNoAxeViolations(page);
  await screenshot(page, 'admin-grading-1280');
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoAxeViolations(page);
  await screenshot(page, 'admin-grading-390');

  // From the admin's course list to the course's gradebook and an item analysis.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/admin/coursesList');
  await page.getByRole('searchbox', { name: 'Search' }).fill(course.title);
  await page.getByRole('link', { name: `Gradebook of ${course.title}` }).click();
  await expect(page.getByRole('heading', { name: 'Gradebook', level: 1 })).toBeVisible();
  // Before the release the anonymous quiz's scores are hidden beside the names (and kept out of the totals).
  await expect(page.getByRole('columnheader', { name: /Blind essays/ }).getByText('Anonymous')).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Hidden until release' })).toHaveCount(3);
  await expectNoAxeViolations(page);
  await screenshot(page, 'gradebook-anonymous-1280');
  await page.getByRole('link', { name: 'Item analysis of Blind essays' }).click();
  await expect(page.getByRole('heading', { name: 'Item analysis', level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/courses\/.+\/analysis$/);
});
