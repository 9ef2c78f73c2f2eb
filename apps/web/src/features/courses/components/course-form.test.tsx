import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authReducer, LOGGED_OUT } from '@/lib/auth/auth-reducer';
import { renderWithApp } from '@/test/render';
import { makeToken } from '@/test/tokens';
import { decodeSessionToken } from '@/lib/auth/token';
import { Link } from 'react-router';
import { draftKey } from '@/lib/local-draft';
import { CourseForm } from './course-form';
import { LINK_PROTOCOL_ERROR } from '@/components/rich-text-editor/link-control';

const TEACHER = {
  id: '0b8f5a52-7f3c-4d0e-9a55-3f0f8f4b6c11',
  username: 'grace',
  role: 'teacher' as const,
  profileImage: null,
  firstname: 'Grace',
  lastname: 'Hopper',
};

function teacherSession() {
  const payload = decodeSessionToken(makeToken({}, TEACHER));
  if (!payload) throw new Error('test token did not decode');
  return authReducer(LOGGED_OUT, { type: 'login-success', payload });
}

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function courseAnswer(body: Record<string, unknown>) {
  const now = new Date().toISOString();
  return {
    id: '4a1c9e3b-2d6f-4b8a-9c0e-1f2a3b4c5d6e',
    title: body.title,
    category: body.category,
    videoLink: body.videoLink ?? '',
    aboutHtml: body.aboutHtml ?? '',
    learnItems: body.learnItems ?? [],
    materialItems: body.materialItems ?? [],
    requirementItems: body.requirementItems ?? [],
    tagItems: body.tagItems ?? [],
    audienceItems: body.audienceItems ?? [],
    status: body.status,
    teacher: TEACHER,
    rating: { average: null, count: 0 },
    enrolledCount: 0,
    publishedAt: body.status === 'published' ? now : null,
    heldAt: null,
    createdAt: now,
    updatedAt: now,
  };
}

function renderForm() {
  return renderWithApp(<CourseForm listHref="/teacher/coursesList" />, {
    route: '/teacher/add-course',
    auth: teacherSession(),
  });
}

/** Pastes text into a field: one input event instead of one per key keeps the tests fast. */
async function fill(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

async function chooseCategory(user: ReturnType<typeof userEvent.setup>, name: string) {
  await user.click(screen.getByRole('combobox', { name: 'Category' }));
  await user.click(await screen.findByRole('option', { name }));
}

afterEach(() => vi.unstubAllGlobals());

// Each test mounts a whole form with a ProseMirror editor: generous on a busy machine, still bounded.
vi.setConfig({ testTimeout: 20_000 });

const MAYA = {
  id: '5d2e8c1a-3b4f-4a6e-8c9d-0e1f2a3b4c5d',
  username: 'Maya Angelou',
  role: 'teacher' as const,
  profileImage: null,
  firstname: 'Maya',
  lastname: 'Angelou',
};

describe('unsaved work in the course form', () => {
  it('asks before leaving with unsaved changes; Stay keeps them, Leave goes', async () => {
    const user = userEvent.setup();
    const { router } = renderWithApp(
      <>
        <CourseForm listHref="/teacher/coursesList" />
        <Link to="/teacher/coursesList">My Courses</Link>
      </>,
      {
        route: '/teacher/add-course',
        auth: teacherSession(),
        routes: [{ path: '/teacher/coursesList', element: <h1>My Courses</h1> }],
      },
    );

    await fill(user, screen.getByRole('textbox', { name: /^Course Title/ }), 'Half-written course');
    await user.click(screen.getByRole('link', { name: 'My Courses' }));
    const ask = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    await user.click(within(ask).getByRole('button', { name: 'Stay and keep editing' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/teacher/add-course');
    expect(screen.getByRole('textbox', { name: /^Course Title/ })).toHaveValue('Half-written course');

    await user.click(screen.getByRole('link', { name: 'My Courses' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Leave without saving?' })).getByRole('button', {
        name: 'Leave this page',
      }),
    );
    expect(await screen.findByRole('heading', { name: 'My Courses' })).toBeInTheDocument();
  });

  it('restores the About Course draft kept in this browser, and forgets it once the course is saved', async () => {
    const key = draftKey(TEACHER.id, 'course-about', 'new');
    window.localStorage.setItem(key, '<p>My unsaved about text</p>');
    const fetchMock = vi.fn<typeof fetch>(async (_url, init) =>
      jsonResponse(201, courseAnswer(JSON.parse(String(init?.body)) as Record<string, unknown>)),
    );
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderForm();

    expect(await screen.findByText('Unsaved draft restored')).toBeInTheDocument();
    expect(await screen.findByText('My unsaved about text')).toBeInTheDocument();

    await fill(user, screen.getByRole('textbox', { name: /^Course Title/ }), 'Drafted course');
    await chooseCategory(user, 'Photography');
    await user.click(screen.getByRole('button', { name: 'Save as Draft' }));
    expect(await screen.findByText('Course added successfully!!')).toBeInTheDocument();
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1]?.body))).toMatchObject({
      aboutHtml: '<p>My unsaved about text</p>',
    });
    await waitFor(() => expect(window.localStorage.getItem(key)).toBeNull());
  });
});

describe('the course form of an admin', () => {
  it('names the teacher in the picker by name and e-mail, and in the note after adding the course', async () => {
    const fetchMock = vi.fn<typeof fetch>(async (url, init) => {
      if (String(url).startsWith('/api/admin/teachers')) {
        return jsonResponse(200, {
          items: [{ ...MAYA, email: 'maya@lyceum.example' }],
          page: 1,
          pageSize: 50,
          total: 1,
        });
      }
      const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
      return jsonResponse(201, { ...courseAnswer(body), teacher: MAYA });
    });
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    const admin = decodeSessionToken(makeToken({}, { ...TEACHER, role: 'admin', username: 'admin' }));
    renderWithApp(<CourseForm listHref="/admin/courses-list" withTeacherSelect />, {
      route: '/admin/add-course',
      auth: authReducer(LOGGED_OUT, { type: 'login-success', payload: admin! }),
    });

    await fill(user, screen.getByRole('textbox', { name: /^Course Title/ }), 'Poetry Out Loud');
    await chooseCategory(user, 'Photography');
    await user.click(screen.getByRole('combobox', { name: /^Teacher/ }));
    await user.click(await screen.findByRole('option', { name: 'Maya Angelou · maya@lyceum.example' }));
    await user.click(screen.getByRole('button', { name: 'Publish' }));

    expect(await screen.findByText('Course added successfully!!')).toBeInTheDocument();
    const note = screen.getByRole('status');
    expect(note).toHaveTextContent('The course is published');
    expect(note).toHaveTextContent('“Poetry Out Loud” now belongs to Maya Angelou and is listed in all courses.');
    expect(note).not.toHaveTextContent('your courses');
  });
});

describe('the course form', () => {
  it('on a course an administrator unpublished: says why and offers no Publish to its teacher', () => {
    const held = {
      ...courseAnswer({ title: 'Held course', category: 'Development', status: 'draft' }),
      heldAt: '2026-01-12T10:00:00.000Z',
    } as Parameters<typeof CourseForm>[0]['course'];
    renderWithApp(<CourseForm course={held} listHref="/teacher/coursesList" />, {
      route: '/teacher/edit-course',
      auth: teacherSession(),
    });
    expect(screen.getByText('Held by an administrator')).toBeInTheDocument();
    expect(screen.getByText(/only an administrator can publish it again/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Publish' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Save as Draft' })).toBeEnabled();
  });

  it('starts each of the five lists with one empty entry', () => {
    vi.stubGlobal('fetch', vi.fn<typeof fetch>());
    renderForm();
    for (const list of ['What will you learn', 'Materials Include', 'Requirements', 'Tags', 'Audience']) {
      const group = screen.getByRole('group', { name: list });
      expect(within(group).getAllByRole('textbox')).toHaveLength(1);
      expect(within(group).getByRole('textbox', { name: `${list} 1` })).toHaveValue('');
    }
  });

  it('adds a blank entry with + (and moves the cursor there), and removes an entry', async () => {
    vi.stubGlobal('fetch', vi.fn<typeof fetch>());
    const user = userEvent.setup();
    renderForm();
    const group = screen.getByRole('group', { name: 'Tags' });
    await fill(user, within(group).getByRole('textbox', { name: 'Tags 1' }), 'camera');
    await user.click(within(group).getByRole('button', { name: 'Add Tags entry' }));
    const second = within(group).getByRole('textbox', { name: 'Tags 2' });
    expect(second).toHaveValue('');
    expect(second).toHaveFocus();
    await user.type(second, 'light');
    // Enter in an entry adds the next one rather than submitting the form.
    await user.keyboard('{Enter}');
    expect(within(group).getByRole('textbox', { name: 'Tags 3' })).toHaveFocus();

    await user.click(within(group).getByRole('button', { name: 'Remove Tags 1' }));
    expect(
      within(group)
        .getAllByRole('textbox')
        .map((input) => (input as HTMLInputElement).value),
    ).toEqual(['light', '']);
  });

  it('says what is missing and sends nothing', async () => {
    const fetchMock = vi.fn<typeof fetch>();
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderForm();
    await fill(user, screen.getByRole('textbox', { name: /^Video link/ }), 'https://example.com/page');
    await user.click(screen.getByRole('button', { name: 'Publish' }));

    expect(await screen.findByText('Course Title is required')).toBeInTheDocument();
    expect(screen.getByText('Category is required')).toBeInTheDocument();
    expect(
      screen.getByText('Video link must be a YouTube or Vimeo link, or a link to an .mp4, .webm or .ogg file'),
    ).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Course Title/ })).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('publishes with trimmed entries and blank ones dropped, toasts, and resets', async () => {
    const fetchMock = vi.fn<typeof fetch>(async (_url, init) => {
      const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
      return jsonResponse(201, courseAnswer(body));
    });
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderForm();

    await fill(user, screen.getByRole('textbox', { name: /^Course Title/ }), '  Photography for Beginners ');
    await chooseCategory(user, 'Photography');
    const learn = screen.getByRole('group', { name: 'What will you learn' });
    await fill(user, within(learn).getByRole('textbox', { name: 'What will you learn 1' }), '  Exposure  ');
    await user.click(within(learn).getByRole('button', { name: 'Add What will you learn entry' }));
    await user.click(within(learn).getByRole('button', { name: 'Add What will you learn entry' }));
    await fill(user, within(learn).getByRole('textbox', { name: 'What will you learn 3' }), 'Composition');
    await user.click(screen.getByRole('button', { name: 'Publish' }));

    expect(await screen.findByText('Course added successfully!!')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/courses');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({
      title: 'Photography for Beginners',
      category: 'Photography',
      level: 'all levels',
      videoLink: '',
      aboutHtml: '',
      learnItems: ['Exposure', 'Composition'],
      materialItems: [],
      requirementItems: [],
      tagItems: [],
      audienceItems: [],
      status: 'published',
    });

    // Spec §4: the form is empty again, each list back to one empty entry.
    await waitFor(() => expect(screen.getByRole('textbox', { name: /^Course Title/ })).toHaveValue(''));
    expect(within(learn).getAllByRole('textbox')).toHaveLength(1);
    expect(screen.getByRole('status')).toHaveTextContent('Your course is published');
  });

  it("saves a draft with Save as Draft, and shows the server's field problems under the right entries", async () => {
    const fetchMock = vi.fn<typeof fetch>().mockResolvedValue(
      jsonResponse(400, {
        statusCode: 400,
        error: 'Bad Request',
        message: 'learnItems.1 must be at most 500 characters',
        issues: [
          { path: 'learnItems.1', message: 'must be at most 500 characters' },
          { path: 'title', message: 'is already taken' },
        ],
      }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderForm();

    await fill(user, screen.getByRole('textbox', { name: /^Course Title/ }), 'Draft course');
    await chooseCategory(user, 'Acting');
    const learn = screen.getByRole('group', { name: 'What will you learn' });
    await fill(user, within(learn).getByRole('textbox', { name: 'What will you learn 1' }), 'One');
    await user.click(within(learn).getByRole('button', { name: 'Add What will you learn entry' }));
    await user.click(within(learn).getByRole('button', { name: 'Add What will you learn entry' }));
    await fill(user, within(learn).getByRole('textbox', { name: 'What will you learn 3' }), 'Three');
    await user.click(screen.getByRole('button', { name: 'Save as Draft' }));

    expect(await screen.findByText('Failed to add course')).toBeInTheDocument();
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1]?.body))).toMatchObject({
      status: 'draft',
      learnItems: ['One', 'Three'],
    });
    // The server's entry 1 is the form's entry 3: the blank one between was not sent.
    expect(within(learn).getByRole('textbox', { name: 'What will you learn 3' })).toHaveAccessibleDescription(
      'This entry must be at most 500 characters',
    );
    expect(screen.getByText('Course Title is already taken')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Course Title/ })).toHaveValue('Draft course');
  });

  it('refuses a link that is not http, https, mailto or tel, and says why', async () => {
    vi.stubGlobal('fetch', vi.fn<typeof fetch>());
    const user = userEvent.setup();
    renderForm();
    await user.click(screen.getByRole('button', { name: 'Link' }));
    const address = await screen.findByRole('textbox', { name: 'Link address' });
    await fill(user, address, 'javascript:alert(1)');
    await user.click(screen.getByRole('button', { name: 'Save link' }));
    expect(await screen.findByText(LINK_PROTOCOL_ERROR)).toBeInTheDocument();
    expect(document.querySelector('.tiptap a')).toBeNull();

    await user.clear(address);
    await fill(user, address, 'mailto:hello@lyceum.example');
    await user.click(screen.getByRole('button', { name: 'Save link' }));
    await waitFor(() =>
      expect(document.querySelector('.tiptap a')).toHaveAttribute('href', 'mailto:hello@lyceum.example'),
    );
  });
});
