import { DEMO, expect, expectNoAxeViolations, logIn, screenshot, test, transitionsEnded } from './support';

// My Courses keeps two actions per course in view and the rest in a "Manage" menu (polish, ADR 024 layout).

test('a teacher reaches every course page from My Courses, by mouse and by keyboard, at 1280 and 390 px', async ({
  page,
}) => {
  await logIn(page, DEMO.teacher.email, DEMO.teacher.password);
  await expect(page).toHaveURL(/\/teacher\/?$/);
  await page.goto('/teacher/coursesList');
  const card = page.getByRole('article').first();
  const title = (await card.getByRole('heading', { level: 2 }).textContent())!.trim();
  await expect(card.getByRole('link', { name: `Edit ${title}` })).toBeVisible();
  await expect(card.getByRole('link', { name: `Curriculum of ${title}` })).toBeVisible();
  const manage = card.getByRole('button', { name: `Manage ${title}` });

  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoAxeViolations(page);
    await screenshot(page, `teacher-courses-${width}`);
    // No label is cut off: each button's text fits its button.
    for (const button of [
      card.getByRole('link', { name: `Edit ${title}` }),
      card.getByRole('link', { name: `Curriculum of ${title}` }),
      manage,
    ]) {
      const cut = await button.evaluate((el) => {
        const label = el.querySelector('.mantine-Button-label') ?? el;
        return label.scrollWidth > label.clientWidth;
      });
      expect(cut, `${await button.textContent()} at ${width} px`).toBe(false);
    }
    await manage.click();
    const menu = page.getByRole('menu');
    await expect(menu.getByRole('menuitem')).toHaveText([
      'Question bank',
      'Assessments',
      'Grade answers',
      'Gradebook',
      'Rubrics',
      'Student progress',
      'Delete course…',
    ]);
    await page.screenshot({ path: `e2e/.artifacts/screenshots/teacher-courses-menu-${width}.png` });
    await page.keyboard.press('Escape');
    await expect(menu).toHaveCount(0);
    await expect(manage).toBeFocused();
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  // Back at the desktop width the layout moves (the sidebar comes back): the menu opens once it rests.
  await transitionsEnded(page);

  // Keyboard only: Enter opens the menu (focus moves into it), arrows move between items, Enter follows the link.
  await manage.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menu')).toBeVisible();
  // The menu takes focus a moment after it opens: an arrow pressed before that goes to the Manage button (the CI
  // flake of session 12).
  await expect.poll(() => page.evaluate(() => document.activeElement?.closest('[role="menu"]') !== null)).toBe(true);
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: 'Question bank' })).toBeFocused();
  for (let step = 0; step < 3; step += 1) await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: 'Gradebook' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/teacher\/courses\/[^/]+\/gradebook$/);
  // The course's pages keep "My Courses" marked in the sidebar.
  await expect(
    page.getByRole('navigation', { name: 'Teacher area' }).getByRole('link', { name: 'My Courses' }),
  ).toHaveAttribute('aria-current', 'page');
});

test('the teacher sidebar shows all its links, in the viewport and in a full-page capture', async ({ page }) => {
  await logIn(page, DEMO.teacher.email, DEMO.teacher.password);
  await expect(page).toHaveURL(/\/teacher\/?$/);
  await page.goto('/teacher/coursesList');
  const sidebar = page.getByRole('navigation', { name: 'Teacher area' });
  const labels = ['Dashboard', 'My Courses', 'Classes', 'My Account', 'Questions & Answer', 'Notifications'];
  for (const label of labels) await expect(sidebar.getByRole('link', { name: label })).toBeVisible();
  // Scrolled to the end, the sidebar stays in view with every link (it is fixed beside the content).
  await page.mouse.wheel(0, 5000);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  for (const label of labels) await expect(sidebar.getByRole('link', { name: label })).toBeInViewport();
  await page.screenshot({ path: 'e2e/.artifacts/screenshots/teacher-sidebar-viewport.png' });
  // A resize (as a full-page capture makes) gives the sidebar its new height at once, not after an animation that
  // a capture catches halfway with the links squeezed out.
  await page.setViewportSize({ width: 1280, height: 1100 });
  const heights = await page.evaluate(() => [document.getElementById('area-navigation')!.offsetHeight, innerHeight]);
  expect(heights[0]).toBe(heights[1]! - 72);
  // The full-page capture starts from the top, where the fixed sidebar is painted whole.
  await screenshot(page, 'teacher-sidebar-fullpage');
});
