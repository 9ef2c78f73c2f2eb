import type { APIRequestContext, Page } from '@playwright/test';
import { formatDate } from '@lyceum/contract/constants';
import { DEMO, expect, expectNoAxeViolations, logIn, screenshot, test, pickMenuItem } from './support';

type CourseRef = { id: string; title: string };

// Whole flows on a production build; generous for a busy machine, still bounded.
test.describe.configure({ timeout: 90_000 });

/** A made-up word (letters only), so a search finds exactly this test's courses whatever else the database holds. */
function uniqueWord(): string {
  return Array.from({ length: 10 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');
}

/** "5 March 2026" — how the course page writes "last updated" (the one date helper, issue 46.9). */
const longDate = (date: Date) => formatDate(date, { style: 'long' });

async function apiToken(request: APIRequestContext, account: { email: string; password: string }): Promise<string> {
  const response = await request.post('/api/auth/login', {
    data: { email: account.email, password: account.password },
  });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { token: string }).token;
}

/** Creates a course through the API as the demo teacher (setup, not what the test is about). */
async function createCourseAsTeacher(
  request: APIRequestContext,
  body: { title: string; category: string; status: 'draft' | 'published'; tagItems?: string[] },
): Promise<CourseRef> {
  const token = await apiToken(request, DEMO.teacher);
  const response = await request.post('/api/courses', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      aboutHtml: '<h2>What this course is</h2><p>A short course made by the end-to-end tests.</p>',
      learnItems: ['One thing', 'Another thing'],
      ...body,
    },
  });
  expect(response.status()).toBe(201);
  return (await response.json()) as CourseRef;
}

async function deleteCourseAsTeacher(request: APIRequestContext, id: string) {
  const token = await apiToken(request, DEMO.teacher);
  await request.delete(`/api/courses/${id}?confirm=true`, { headers: { authorization: `Bearer ${token}` } });
}

async function findPublishedCourse(request: APIRequestContext, title: string): Promise<CourseRef> {
  const page = (await (await request.get(`/api/courses?pageSize=100`)).json()) as { items: CourseRef[] };
  const course = page.items.find((item) => item.title === title);
  if (!course) throw new Error(`seed course "${title}" not found`);
  return course;
}

async function storedToken(page: Page): Promise<string> {
  return (await page.evaluate(() => localStorage.getItem('token'))) ?? '';
}

async function logInAs(page: Page, role: keyof typeof DEMO) {
  await logIn(page, DEMO[role].email, DEMO[role].password);
  await expect(page).toHaveURL(new RegExp(`/${role}/?$`));
}

test.describe('teacher authoring', () => {
  test('a draft stays private; publishing puts it in the catalogue, search and its category; edit and delete', async ({
    page,
  }) => {
    const word = uniqueWord();
    const draftTitle = `Stage presence ${word}`;
    const publishedTitle = `Stage presence for beginners ${word}`;
    await logInAs(page, 'teacher');

    // My Courses → + Add Course.
    await page.getByRole('navigation', { name: 'Teacher area' }).getByRole('link', { name: 'My Courses' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'My Courses' })).toBeVisible();
    await page.getByRole('link', { name: 'Add Course' }).click();
    await expect(page).toHaveURL(/\/teacher\/add-course$/);

    const form = page.getByRole('form', { name: 'Add course' });
    await form.getByRole('textbox', { name: 'Course Title' }).fill(draftTitle);
    await form.getByRole('combobox', { name: 'Category' }).click();
    await page.getByRole('option', { name: 'Acting' }).click();
    const about = form.getByRole('textbox', { name: 'About Course' });
    await about.click();
    await form.getByRole('button', { name: 'Heading 2' }).click();
    await page.keyboard.type('Why this course');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Standing on a stage without freezing.');
    await form.getByRole('button', { name: 'Indent' }).click();
    const learn = form.getByRole('group', { name: 'What will you learn' });
    await learn.getByRole('textbox', { name: 'What will you learn 1' }).fill('Breathing before you speak');
    await learn.getByRole('button', { name: 'Add What will you learn entry' }).click();
    await learn.getByRole('textbox', { name: 'What will you learn 2' }).fill('Finding your mark');
    await form.getByRole('group', { name: 'Tags' }).getByRole('textbox', { name: 'Tags 1' }).fill(word);
    await form.getByRole('button', { name: 'Save as Draft' }).click();

    await expect(page.getByText('Course added successfully!!')).toBeVisible();
    await expect(form.getByRole('textbox', { name: 'Course Title' })).toHaveValue('');
    await expect(page.getByRole('status').filter({ hasText: 'saved as a draft' })).toBeVisible();

    // Under Draft, not under Publish, and nowhere public.
    await page.goto('/teacher/coursesList');
    await expect(page.getByRole('tab', { name: /^Publish/ })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('article', { name: draftTitle })).toHaveCount(0);
    await page.getByRole('tab', { name: /^Draft/ }).click();
    const draftCard = page.getByRole('article', { name: draftTitle });
    await expect(draftCard).toBeVisible();
    await expect(draftCard).toContainText('Instructor: Grace');
    await expect(draftCard).toContainText('Acting');
    const search = (await (await page.request.get(`/api/courses?q=${word}`)).json()) as { total: number };
    expect(search.total).toBe(0);
    await page.goto(`/courses?q=${word}`);
    await expect(page.getByText('No course matches your search')).toBeVisible();

    // Edit it and publish.
    await page.goto('/teacher/coursesList?tab=draft');
    await page.getByRole('link', { name: `Edit ${draftTitle}` }).click();
    await expect(page).toHaveURL(/\/teacher\/edit-course\//);
    const editForm = page.getByRole('form', { name: 'Edit course' });
    await expect(editForm.getByRole('textbox', { name: 'Course Title' })).toHaveValue(draftTitle);
    await expect(editForm.getByRole('textbox', { name: 'What will you learn 2' })).toHaveValue('Finding your mark');
    await expect(editForm.locator('.tiptap h2')).toHaveText('Why this course');
    await expect(editForm.locator('.tiptap p.ql-indent-1')).toHaveText('Standing on a stage without freezing.');
    await editForm.getByRole('textbox', { name: 'Course Title' }).fill(publishedTitle);
    await editForm.getByRole('button', { name: 'Publish' }).click();
    await expect(page.getByText('Update successful!')).toBeVisible();
    await expect(page).toHaveURL(/\/teacher\/coursesList$/);
    await expect(page.getByRole('article', { name: publishedTitle })).toBeVisible();

    // Public now: search, its category (from the home page tile), and the course page.
    await page.goto('/courses');
    await page.getByRole('searchbox', { name: 'Search courses' }).fill(word);
    await expect(page).toHaveURL(new RegExp(`q=${word}`));
    const card = page.getByRole('article', { name: publishedTitle });
    await expect(card).toBeVisible();
    await expect(page.getByRole('article')).toHaveCount(1);

    await page.goto('/');
    await page.getByRole('link', { name: 'Acting', exact: true }).click();
    await expect(page).toHaveURL(/\/courses\?category=Acting$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Acting courses' })).toBeVisible();
    await expect(page.getByRole('article', { name: publishedTitle })).toBeVisible();

    await page.getByRole('link', { name: `Enroll Now: ${publishedTitle}` }).click();
    await expect(page.getByRole('heading', { level: 1, name: publishedTitle })).toBeVisible();
    const sidebar = page.getByRole('complementary', { name: 'Enrolment' });
    await expect(sidebar.locator('dt:has-text("Last updated") + dd')).toHaveText(longDate(new Date()));
    await expect(sidebar.locator('dt:has-text("Enrolled") + dd')).toHaveText('0');
    await expect(page.getByRole('main').getByRole('heading', { level: 2, name: 'Why this course' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Edit course' })).toBeVisible();

    // Delete it, after confirming.
    await page.goto('/teacher/coursesList');
    await page.getByRole('button', { name: `Manage ${publishedTitle}` }).click();
    await pickMenuItem(page, 'Delete course…');
    const dialog = page.getByRole('dialog', { name: 'Delete this course?' });
    await expect(dialog).toContainText(publishedTitle);
    await dialog.getByRole('button', { name: 'Yes, delete this course' }).click();
    await expect(page.getByText('Course deleted successfully')).toBeVisible();
    await expect(page.getByRole('article', { name: publishedTitle })).toHaveCount(0);
    const after = (await (await page.request.get(`/api/courses?q=${word}`)).json()) as { total: number };
    expect(after.total).toBe(0);
  });

  test('the form says what is missing and keeps the typed values', async ({ page }) => {
    await logInAs(page, 'teacher');
    await page.goto('/teacher/add-course');
    const form = page.getByRole('form', { name: 'Add course' });
    await form.getByRole('textbox', { name: 'Video link' }).fill('https://example.com/not-a-video');
    await form.getByRole('button', { name: 'Publish' }).click();
    await expect(form.getByText('Course Title is required')).toBeVisible();
    await expect(form.getByText('Category is required')).toBeVisible();
    await expect(form.getByText(/Video link must be a YouTube or Vimeo link/)).toBeVisible();
    await expect(form.getByRole('textbox', { name: 'Course Title' })).toBeFocused();
    await expect(form.getByRole('textbox', { name: 'Video link' })).toHaveValue('https://example.com/not-a-video');
  });
});

test.describe('admin courses', () => {
  test('an admin writes a draft for a teacher, publishes it from the table and deletes it', async ({ page }) => {
    const word = uniqueWord();
    const title = `Admin made ${word}`;
    await logInAs(page, 'admin');
    await page.goto('/admin/add-course');
    const form = page.getByRole('form', { name: 'Add course' });
    await form.getByRole('textbox', { name: 'Course Title' }).fill(title);
    await form.getByRole('combobox', { name: 'Category' }).click();
    await page.getByRole('option', { name: 'Business', exact: true }).click();
    await form.getByRole('button', { name: 'Save as Draft' }).click();
    await expect(form.getByText('Teacher is required')).toBeVisible();

    await form.getByRole('combobox', { name: 'Teacher' }).fill('Grace');
    await page.getByRole('option', { name: /Grace Hopper/ }).click();
    await form.getByRole('button', { name: 'Save as Draft' }).click();
    await expect(page.getByText('Course added successfully!!')).toBeVisible();

    await page.getByRole('navigation', { name: 'Admin area' }).getByRole('link', { name: 'Courses' }).click();
    await page.getByRole('searchbox', { name: 'Search' }).fill(word);
    const row = page.getByRole('row', { name: new RegExp(title) });
    await expect(row).toContainText('Grace Hopper');
    await expect(row).toContainText('Draft');
    await row.getByRole('button', { name: `Publish ${title}` }).click();
    await expect(row).toContainText('Published');
    await expect(page.getByText('Update successful!')).toBeVisible();
    const search = (await (await page.request.get(`/api/courses?q=${word}`)).json()) as { total: number };
    expect(search.total).toBe(1);

    await row.getByRole('button', { name: `Delete ${title}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Yes, delete this course' }).click();
    await expect(page.getByText('Course deleted successfully')).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(title) })).toHaveCount(0);
  });
});

test.describe('student learning', () => {
  test('browse → search → details → wishlist → enrol → dashboard and enrolled list', async ({ page }) => {
    const word = uniqueWord();
    const course = await createCourseAsTeacher(page.request, {
      title: `Negotiation basics ${word}`,
      category: 'Business',
      status: 'published',
      tagItems: [word],
    });
    try {
      await logInAs(page, 'student');
      const token = await storedToken(page);
      const before = (await (
        await page.request.get('/api/student/dashboard', { headers: { authorization: `Bearer ${token}` } })
      ).json()) as { enrolled: number; active: number; wishlist: number };

      // Browse and search the catalogue.
      await page.getByRole('banner').getByRole('link', { name: 'Courses' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Courses' })).toBeVisible();
      await expect(page.getByRole('article').first()).toBeVisible();
      await page.getByRole('searchbox', { name: 'Search courses' }).fill(`negotiation ${word}`);
      // The search runs after a typing pause and lands in the URL; then only this course is left.
      await expect(page).toHaveURL(new RegExp(`q=negotiation\\+${word}`));
      await expect(page.getByText('Showing 1–1 of 1 course')).toBeVisible();
      const card = page.getByRole('article', { name: course.title });
      await expect(card).toBeVisible();
      await expect(card).toContainText('Instructor: Grace Hopper');
      await expect(card).toContainText('0 enrolled');
      await expect(card.getByRole('img', { name: /Rated/ })).toHaveCount(0);
      await card.getByRole('link', { name: `Enroll Now: ${course.title}` }).click();

      // Details: wishlist, then enrol.
      await expect(page).toHaveURL(new RegExp(`/course-details/${course.id}$`));
      await expect(page.getByRole('heading', { level: 1, name: course.title })).toBeVisible();
      const sidebar = page.getByRole('complementary', { name: 'Enrolment' });
      await expect(sidebar).toContainText('Free');
      await expect(sidebar.locator('dt:has-text("Enrolled") + dd')).toHaveText('0');
      const wishlist = page.getByRole('button', { name: 'Wishlist' });
      await expect(wishlist).toHaveAttribute('aria-pressed', 'false');
      await wishlist.click();
      await expect(page.getByText('Added to wishlist')).toBeVisible();
      await expect(wishlist).toHaveAttribute('aria-pressed', 'true');

      await sidebar.getByRole('button', { name: 'Enroll now' }).click();
      await expect(page.getByText('enrolled successfully')).toBeVisible();
      await expect(sidebar.getByRole('status')).toContainText('Enrolled');
      await expect(sidebar.locator('dt:has-text("Enrolled") + dd')).toHaveText('1');
      // The pressed Wishlist toggle and the enrolled state are readable too.
      await expectNoAxeViolations(page);

      // Reload: the state comes from the server.
      await page.reload();
      await expect(page.getByRole('button', { name: 'Wishlist' })).toHaveAttribute('aria-pressed', 'true');
      await expect(sidebar.getByRole('button', { name: 'Enroll now' })).toHaveCount(0);

      // Dashboard counters and In Progress Courses.
      await page
        .getByRole('banner')
        .getByRole('link', { name: new RegExp(DEMO.student.username) })
        .click();
      await expect(page).toHaveURL(/\/student\/?$/);
      await expect(page.getByRole('group', { name: 'Enrolled Courses' })).toContainText(String(before.enrolled + 1));
      await expect(page.getByRole('group', { name: 'Active Courses' })).toContainText(String(before.active + 1));
      await expect(page.getByRole('group', { name: 'Wishlist' })).toContainText(String(before.wishlist + 1));
      const inProgress = page.getByRole('region', { name: 'In Progress Courses' });
      await expect(inProgress.getByRole('article', { name: course.title })).toBeVisible();

      // Enrolled courses: all, active, completed.
      await page.goto('/student/enrolled-courses');
      await expect(page.locator('#enrolledCourses')).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByRole('article', { name: course.title })).toContainText('Active');
      await page.locator('#activeCourses').click();
      await expect(page.getByRole('button', { name: `Mark complete: ${course.title}` })).toBeVisible();
      await expectNoAxeViolations(page);
      await page.getByRole('button', { name: `Mark complete: ${course.title}` }).click();
      await expect(page.getByText('Course marked as completed')).toBeVisible();
      await expect(page.getByRole('article', { name: course.title })).toHaveCount(0);
      await page.locator('#completedCourses').click();
      await expect(page.getByRole('article', { name: course.title })).toContainText('Completed');

      // Wishlist: there, then removed.
      await page.goto('/student/wishlist');
      await expect(page.getByRole('heading', { level: 1, name: 'Wishlist Courses' })).toBeVisible();
      await page.getByRole('button', { name: `Remove ${course.title} from the wishlist` }).click();
      await expect(page.getByText('Removed from wishlist')).toBeVisible();
      await expect(page.getByRole('article', { name: course.title })).toHaveCount(0);
      const after = (await (
        await page.request.get('/api/student/dashboard', { headers: { authorization: `Bearer ${token}` } })
      ).json()) as { enrolled: number; wishlist: number };
      expect(after).toMatchObject({ enrolled: before.enrolled + 1, wishlist: before.wishlist });
    } finally {
      await deleteCourseAsTeacher(page.request, course.id);
    }
  });

  test('a new student sees the empty messages of the spec', async ({ page }) => {
    const email = `${uniqueWord()}@example.com`;
    const register = await page.request.post('/api/auth/register', {
      data: {
        email,
        firstname: 'Nova',
        lastname: 'Empty',
        phone: '+1 555 0177',
        password: 'a-long-password',
        role: 'student',
      },
    });
    expect(register.status()).toBe(201);
    await logIn(page, email, 'a-long-password');
    await expect(page).toHaveURL(/\/student\/?$/);
    await expect(page.getByText('No course in progress')).toBeVisible();
    await page.goto('/student/wishlist');
    await expect(page.getByText('No data available in wishlist')).toBeVisible();
    await page.goto('/student/enrolled-courses');
    await expect(page.getByText('You are not enrolled in any course yet')).toBeVisible();
    await expect(page.getByText('No data available in wishlist')).toBeHidden();
  });
});

test.describe('visitors', () => {
  test('a visitor opening a course is told to log in and comes back to the course after login', async ({ page }) => {
    const course = await findPublishedCourse(page.request, 'Acting for the Camera');
    await page.goto(`/course-details/${course.id}`);
    await expect(page.getByText('please login first')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);

    const form = page.getByRole('form', { name: 'Login' });
    await form.getByLabel('Email').fill(DEMO.student.email);
    await form.getByLabel('Password').fill(DEMO.student.password);
    await form.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(new RegExp(`/course-details/${course.id}$`));
    await expect(page.getByRole('heading', { level: 1, name: course.title })).toBeVisible();
  });

  test('the home page shows the carousel, recommended and featured courses from the catalogue', async ({ page }) => {
    await page.goto('/');
    const carousel = page.getByRole('region', { name: 'New on Lyceum' });
    await expect(carousel.getByRole('article').first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Pause the courses slideshow' })).toBeVisible();
    await page.getByRole('button', { name: 'Pause the courses slideshow' }).click();
    await expect(page.getByRole('button', { name: 'Play the courses slideshow' })).toBeVisible();
    for (const heading of ['Recommended for you', 'Featured Courses']) {
      const section = page.getByRole('region', { name: heading });
      await expect(section.getByRole('article').first()).toBeVisible();
      await expect(section.getByRole('link', { name: 'See all courses' })).toHaveAttribute('href', '/courses');
    }
  });
});

test.describe('accessibility of the course pages', () => {
  test('home, catalogue and course details (visitor and student) have no axe violations', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('region', { name: 'Featured Courses' }).getByRole('article').first()).toBeVisible();
    await expect(page.getByRole('region', { name: 'New on Lyceum' }).getByRole('article').first()).toBeVisible();
    await expectNoAxeViolations(page);

    await page.goto('/courses');
    await expect(page.getByRole('article').first()).toBeVisible();
    await expectNoAxeViolations(page);

    const course = await findPublishedCourse(page.request, 'Acting for the Camera');
    await logInAs(page, 'student');
    await page.goto(`/course-details/${course.id}`);
    await expect(page.getByRole('button', { name: 'Wishlist' })).toBeVisible();
    await expectNoAxeViolations(page);
    // The Reviews tab holds the reviews feature's panel: the real summary and the seeded review.
    await page.getByRole('tab', { name: 'Reviews' }).click();
    await expect(page.getByRole('heading', { name: 'Course rating' })).toBeVisible();
    await expect(page.getByText('My self-tapes look professional now. Thank you!')).toBeVisible();
    await expectNoAxeViolations(page);

    for (const url of ['/student/wishlist', '/student/enrolled-courses', '/student']) {
      await page.goto(url);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.locator('[role="status"]:has(.mantine-Skeleton-root)')).toHaveCount(0);
      await expectNoAxeViolations(page);
    }
  });

  test('teacher and admin course pages have no axe violations', async ({ page }) => {
    await logInAs(page, 'teacher');
    for (const url of ['/teacher/add-course', '/teacher/coursesList', '/teacher']) {
      await page.goto(url);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.locator('[role="status"]:has(.mantine-Skeleton-root)')).toHaveCount(0);
      await expectNoAxeViolations(page);
    }
    await page.evaluate(() => localStorage.clear());
    await logInAs(page, 'admin');
    for (const url of ['/admin/coursesList', '/admin/add-course']) {
      await page.goto(url);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.locator('[role="status"]:has(.mantine-Skeleton-root)')).toHaveCount(0);
      await expectNoAxeViolations(page);
    }
  });
});

for (const [label, width, height] of [
  ['desktop', 1280, 800],
  ['mobile', 390, 844],
] as const) {
  test.describe(`course screenshots at ${width}px`, () => {
    test.use({ viewport: { width, height } });

    test(`home and catalogue (${label})`, async ({ page }) => {
      // A still carousel makes a steady picture (and checks that reduced motion starts it paused).
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.goto('/');
      await expect(page.getByRole('region', { name: 'New on Lyceum' }).getByRole('article').first()).toBeVisible();
      await expect(page.getByRole('button', { name: 'Play the courses slideshow' })).toBeVisible();
      await expect(page.getByRole('region', { name: 'Featured Courses' }).getByRole('article').first()).toBeVisible();
      await screenshot(page, `courses-home-${label}`);

      await page.goto('/courses');
      await expect(page.getByRole('article').first()).toBeVisible();
      await screenshot(page, `courses-catalogue-${label}`);
    });

    test(`course details and enrolled courses (${label})`, async ({ page }) => {
      const course = await findPublishedCourse(page.request, 'Acting for the Camera');
      await logInAs(page, 'student');
      await page.goto(`/course-details/${course.id}`);
      await expect(page.getByRole('button', { name: 'Wishlist' })).toBeVisible();
      await screenshot(page, `courses-details-${label}`);
      await page.goto('/student/enrolled-courses');
      await expect(page.getByRole('article').first()).toBeVisible();
      await screenshot(page, `courses-enrolled-${label}`);
    });

    test(`add course, my courses and the teacher dashboard (${label})`, async ({ page }) => {
      await logInAs(page, 'teacher');
      await page.goto('/teacher/add-course');
      await expect(page.getByRole('form', { name: 'Add course' })).toBeVisible();
      await screenshot(page, `courses-add-course-${label}`);
      await page.goto('/teacher/coursesList');
      await expect(page.getByRole('article').first()).toBeVisible();
      await screenshot(page, `courses-my-courses-${label}`);
      await page.goto('/teacher');
      await expect(page.getByRole('region', { name: 'Recent courses' }).getByRole('article').first()).toBeVisible();
      await screenshot(page, `courses-teacher-dashboard-${label}`);
    });
  });
}
